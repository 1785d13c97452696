-- The shop's kit pictures are SVG illustrations; databases seeded before point at WebP files that were never shipped.
UPDATE products SET image = regexp_replace(image, '\.webp$', '.svg')
 WHERE image LIKE '/images/products/%.webp';
