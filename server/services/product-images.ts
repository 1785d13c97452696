/** Where an uploaded product picture (`product_images`, re-encoded by `images.ts`) is served. */
export const productImageUrl = (id: string) => `/api/product-images/${id}`;
