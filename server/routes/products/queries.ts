import type { components } from '../../../openapi/schema';
import type { Db } from '../../db';
import { productImageUrl } from '../../services/product-images';

type Product = components['schemas']['Product'];
type ProductDetail = components['schemas']['ProductDetail'];

export async function listActiveProducts(db: Db): Promise<Product[]> {
  return db.query<Product & Record<string, unknown>>(
    `SELECT id AS "_id", code, name, slug, summary, price, actual_price, image
       FROM products WHERE active ORDER BY sort, name`,
  );
}

/** A product's page by its slug, hidden or not (a hidden one says it is not available). */
export async function productBySlug(db: Db, slug: string): Promise<ProductDetail | undefined> {
  const [row] = await db.query<Omit<ProductDetail, 'images'> & { images: string[] } & Record<string, unknown>>(
    `SELECT id AS "_id", code, name, slug, summary, description, box, images, price, actual_price, image, active
       FROM products WHERE slug = $1`,
    [slug],
  );
  return row && { ...row, images: row.images.map(productImageUrl) };
}

/** A stored picture's WebP bytes. */
export async function productImageBytes(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM product_images WHERE id = $1', [id]);
  return row && Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
}
