import type { components } from '../../../openapi/schema';
import type { Db } from '../../db';

type Product = components['schemas']['Product'];

export async function listActiveProducts(db: Db): Promise<Product[]> {
  return db.query<Product & Record<string, unknown>>(
    `SELECT id AS "_id", code, name, slug, summary, price, actual_price, image
       FROM products WHERE active ORDER BY sort, name`,
  );
}
