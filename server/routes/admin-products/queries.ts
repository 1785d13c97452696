import type { components } from '../../../openapi/schema';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db';
import { HttpError, notFound, type FieldErrors } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { GST_RATE_PERCENT, GST_RATES, HSN_SAC_PATTERN, KIT_SAC } from '../../services/invoice/gst';
import type { EncodedImage } from '../../services/images';
import { productImageUrl } from '../../services/product-images';

type StaffProduct = components['schemas']['StaffProduct'];
type StaffProductSort = components['schemas']['StaffProductSort'];
type ProductInput = components['schemas']['ProductInput'];
type ProductPatch = components['schemas']['ProductPatch'];
type ProductImage = components['schemas']['ProductImage'];

export const PRODUCT_NOT_FOUND = 'There is no such product.';
const FOREIGN_KEY_VIOLATION = '23503';

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,39}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface StaffProductQuery {
  q?: string | undefined;
  status?: 'active' | 'hidden' | undefined;
  sort: StaffProductSort;
  limit: number;
  offset: number;
}

/** Each sort ends in the id, so that pages never repeat or skip a product. */
const SORTS: Record<StaffProductSort, string> = {
  sort: 'p.sort, p.name, p.id',
  '-sort': 'p.sort DESC, p.name DESC, p.id',
  name: 'lower(p.name), p.id',
  '-name': 'lower(p.name) DESC, p.id',
  code: 'p.code, p.id',
  '-code': 'p.code DESC, p.id',
  price: 'p.price, p.id',
  '-price': 'p.price DESC, p.id',
  updatedAt: 'p.updated_at, p.id',
  '-updatedAt': 'p.updated_at DESC, p.id',
};

interface ProductRow extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  slug: string;
  summary: string;
  description: string;
  box: string[];
  images: string[];
  image_rows: Array<{ _id: string; width: number; height: number }>;
  price: number;
  actual_price: number;
  hsn_sac: string;
  gst_rate: number;
  image: string;
  active: boolean;
  sort: number;
  ordered: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const PRODUCT_COLUMNS = `
  p.id, p.code, p.name, p.slug, p.summary, p.description, p.box, p.images, p.price, p.actual_price, p.hsn_sac, p.gst_rate, p.image,
  p.active,
  p.sort, p.created_at, p.updated_at,
  EXISTS (SELECT 1 FROM order_items oi WHERE oi.product_id = p.id) AS ordered,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('_id', i.id, 'width', i.width, 'height', i.height) ORDER BY e.position), '[]'::jsonb)
     FROM jsonb_array_elements_text(p.images) WITH ORDINALITY AS e(id, position)
     JOIN product_images i ON i.id = e.id) AS image_rows`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function imageOf(row: { _id: string; width: number; height: number }): ProductImage {
  return { _id: row._id, url: productImageUrl(row._id), width: row.width, height: row.height };
}

function toStaffProduct(row: ProductRow): StaffProduct {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    description: row.description,
    box: row.box,
    images: row.image_rows.map(imageOf),
    price: row.price,
    actual_price: row.actual_price,
    hsn_sac: row.hsn_sac,
    gst_rate: row.gst_rate,
    image: row.image,
    active: row.active,
    sort: row.sort,
    ordered: row.ordered,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** `text` inside a LIKE pattern: its own % and _ match themselves. */
const likeEscaped = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listStaffProducts(db: Queryable, query: StaffProductQuery): Promise<{ items: StaffProduct[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.status) where.push(query.status === 'active' ? 'p.active' : 'NOT p.active');
  const q = query.q?.trim();
  if (q) {
    const text = likeEscaped(q);
    // The start of any word of the name, or any part of the code.
    where.push(`(lower(p.name) LIKE ${param(`${text}%`)} OR lower(p.name) LIKE ${param(`% ${text}%`)} OR lower(p.code) LIKE ${param(`%${text}%`)})`);
  }
  const condition = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const [counted] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${condition}`, params);
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p ${condition} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
    params,
  );
  return { items: rows.map(toStaffProduct), total: counted?.total ?? 0 };
}

export async function staffProduct(db: Queryable, id: string, lock = false): Promise<StaffProduct | undefined> {
  const [row] = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return row && toStaffProduct(row);
}

/** A slug made from a name: `Gut Start (Lite)` → `gut-start-lite`. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The product's fields as they would be saved, checked; `fields` holds what is wrong with each. */
interface Checked {
  name: string;
  code: string;
  slug: string;
  summary: string;
  description: string;
  box: string[];
  images: string[];
  price: number;
  actual_price: number;
  hsn_sac: string;
  gst_rate: number;
  active: boolean;
  sort: number;
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

function checkProduct(product: Checked): FieldErrors {
  const fields: FieldErrors = {};
  if (product.name.trim() === '') fields.name = 'Enter the product name.';
  if (!CODE_PATTERN.test(product.code)) {
    fields.code = 'Use 3 to 40 capital letters, digits or dashes, starting with a letter or digit (e.g. PROD-G3G-LITE).';
  }
  if (!SLUG_PATTERN.test(product.slug)) fields.slug = 'Use lower-case letters and digits, with single dashes between words (e.g. gut-start).';
  if (product.price <= 0) fields.price = 'Enter a price above ₹0.';
  if (product.actual_price <= 0) fields.actual_price = 'Enter a struck-through price above ₹0.';
  else if (product.price > product.actual_price) {
    fields.price = `The price cannot be above the struck-through price (${rupees(product.actual_price)}).`;
  }
  if (!HSN_SAC_PATTERN.test(product.hsn_sac)) fields.hsn_sac = 'Enter the HSN or SAC code: 4, 6 or 8 digits (e.g. 999316).';
  if (!(GST_RATES as readonly number[]).includes(product.gst_rate)) {
    fields.gst_rate = `Choose a GST rate the law has: ${GST_RATES.join('%, ')}%.`;
  }
  const box = product.box.findIndex((line) => line.trim() === '');
  if (box >= 0) fields[`box.${box}`] = 'Enter what is in the box, or remove the empty line.';
  return fields;
}

function refuseIfInvalid(fields: FieldErrors): void {
  const [first] = Object.values(fields);
  if (first) throw new HttpError(400, first, 'VALIDATION_FAILED', fields);
}

/** The product's images must be pictures uploaded here. */
async function checkImages(tx: Queryable, images: string[]): Promise<void> {
  if (images.length === 0) return;
  const [found] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM product_images WHERE id = ANY ($1::text[])', [images]);
  if ((found?.count ?? 0) !== images.length) {
    throw new HttpError(400, 'One of the pictures is no longer there. Upload it again.', 'VALIDATION_FAILED', { images: 'holds a picture that was not uploaded' });
  }
}

/** The main picture's address: the first uploaded picture, else the illustration the product had. */
function mainImage(images: string[], previous: string): string {
  if (images[0]) return productImageUrl(images[0]);
  return previous.startsWith('/api/product-images/') ? '' : previous;
}

/** 409 with a field message for a code or slug another product has. */
async function refuseDuplicates(tx: Queryable, product: Checked, id: string | null): Promise<void> {
  const rows = await tx.query<{ code: string; slug: string }>('SELECT code, slug FROM products WHERE (code = $1 OR slug = $2) AND id IS DISTINCT FROM $3', [
    product.code,
    product.slug,
    id,
  ]);
  const fields: FieldErrors = {};
  if (rows.some((row) => row.code === product.code)) fields.code = `Another product has the code ${product.code}.`;
  if (rows.some((row) => row.slug === product.slug)) fields.slug = `Another product's page is already at /products/${product.slug}.`;
  const [first] = Object.values(fields);
  if (first) throw new HttpError(409, first, 'CONFLICT', fields);
}

/** A unique violation that slipped past the check above (two staff saving at once) is still a 409. */
async function uniquely<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new HttpError(409, 'Another product has this code or page address.', 'CONFLICT', {
        code: 'may already be taken',
        slug: 'may already be taken',
      });
    }
    throw error;
  }
}

const normaliseCode = (code: string) => code.trim().toUpperCase();

export async function createProduct(tx: Queryable, actor: AuditActor, input: ProductInput): Promise<string> {
  const name = input.name.trim();
  const product: Checked = {
    name,
    code: normaliseCode(input.code),
    slug: input.slug === undefined ? slugOf(name) : input.slug.trim(),
    summary: (input.summary ?? '').trim(),
    description: (input.description ?? '').trim(),
    box: (input.box ?? []).map((line) => line.trim()),
    images: input.images ?? [],
    price: input.price,
    actual_price: input.actual_price,
    hsn_sac: input.hsn_sac === undefined ? KIT_SAC : input.hsn_sac.trim(),
    gst_rate: input.gst_rate ?? GST_RATE_PERCENT,
    active: input.active ?? true,
    sort: input.sort ?? 0,
  };
  const fields = checkProduct(product);
  if (input.slug === undefined && fields.slug) fields.slug = 'Enter the page address: the name gives none (use letters or digits).';
  refuseIfInvalid(fields);
  await checkImages(tx, product.images);
  await refuseDuplicates(tx, product, null);
  const [row] = await uniquely(() =>
    tx.query<{ id: string }>(
      `INSERT INTO products (code, name, slug, summary, description, box, images, price, actual_price, image, active, sort, hsn_sac, gst_rate)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        product.code,
        product.name,
        product.slug,
        product.summary,
        product.description,
        JSON.stringify(product.box),
        JSON.stringify(product.images),
        product.price,
        product.actual_price,
        mainImage(product.images, ''),
        product.active,
        product.sort,
        product.hsn_sac,
        product.gst_rate,
      ],
    ),
  );
  if (!row) throw new Error('product was not inserted');
  await writeAudit(tx, { actor, action: 'product.created', entity: 'product', entityId: row.id, after: { ...product } });
  return row.id;
}

const EDITABLE = ['name', 'code', 'slug', 'summary', 'description', 'box', 'images', 'price', 'actual_price', 'hsn_sac', 'gst_rate', 'active', 'sort'] as const;
type Editable = (typeof EDITABLE)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updateProduct(tx: Queryable, actor: AuditActor, id: string, patch: ProductPatch): Promise<void> {
  const current = await staffProduct(tx, id, true);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  const before: Checked = {
    name: current.name,
    code: current.code,
    slug: current.slug,
    summary: current.summary,
    description: current.description,
    box: current.box,
    images: current.images.map((image) => image._id),
    price: current.price,
    actual_price: current.actual_price,
    hsn_sac: current.hsn_sac,
    gst_rate: current.gst_rate,
    active: current.active,
    sort: current.sort,
  };
  const after: Checked = {
    ...before,
    ...(patch.name !== undefined && { name: patch.name.trim() }),
    ...(patch.code !== undefined && { code: normaliseCode(patch.code) }),
    ...(patch.slug !== undefined && { slug: patch.slug.trim() }),
    ...(patch.summary !== undefined && { summary: patch.summary.trim() }),
    ...(patch.description !== undefined && { description: patch.description.trim() }),
    ...(patch.box !== undefined && { box: patch.box.map((line) => line.trim()) }),
    ...(patch.images !== undefined && { images: patch.images }),
    ...(patch.price !== undefined && { price: patch.price }),
    ...(patch.actual_price !== undefined && { actual_price: patch.actual_price }),
    ...(patch.hsn_sac !== undefined && { hsn_sac: patch.hsn_sac.trim() }),
    ...(patch.gst_rate !== undefined && { gst_rate: patch.gst_rate }),
    ...(patch.active !== undefined && { active: patch.active }),
    ...(patch.sort !== undefined && { sort: patch.sort }),
  };
  // Only the fields sent are judged: a value kept from before (a code older than today's rule) does not stop a
  // product from being hidden. The two prices are judged together.
  const sent = new Set<string>(Object.keys(patch));
  if (sent.has('price') || sent.has('actual_price')) ['price', 'actual_price'].forEach((key) => sent.add(key));
  refuseIfInvalid(Object.fromEntries(Object.entries(checkProduct(after)).filter(([field]) => sent.has(field.split('.')[0]!))));
  const changed = EDITABLE.filter((key) => !same(before[key], after[key]));
  if (changed.length === 0) return;
  if (changed.includes('images')) await checkImages(tx, after.images);
  if (changed.includes('code') || changed.includes('slug')) await refuseDuplicates(tx, after, id);
  await uniquely(() =>
    tx.query(
      `UPDATE products SET code = $2, name = $3, slug = $4, summary = $5, description = $6, box = $7::jsonb, images = $8::jsonb,
              price = $9, actual_price = $10, image = $11, active = $12, sort = $13, hsn_sac = $14, gst_rate = $15, updated_at = now()
        WHERE id = $1`,
      [
        id,
        after.code,
        after.name,
        after.slug,
        after.summary,
        after.description,
        JSON.stringify(after.box),
        JSON.stringify(after.images),
        after.price,
        after.actual_price,
        mainImage(after.images, current.image),
        after.active,
        after.sort,
        after.hsn_sac,
        after.gst_rate,
      ],
    ),
  );
  const pick = (product: Checked, keys: readonly Editable[]) => Object.fromEntries(keys.map((key) => [key, product[key]]));
  const edited = changed.filter((key) => key !== 'active');
  if (edited.length > 0) {
    await writeAudit(tx, { actor, action: 'product.updated', entity: 'product', entityId: id, before: pick(before, edited), after: pick(after, edited) });
  }
  if (changed.includes('active')) {
    await writeAudit(tx, {
      actor,
      action: after.active ? 'product.shown' : 'product.hidden',
      entity: 'product',
      entityId: id,
      before: { active: before.active },
      after: { active: after.active },
    });
  }
}

export async function deleteProduct(tx: Queryable, actor: AuditActor, id: string): Promise<void> {
  const current = await staffProduct(tx, id, true);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  if (current.ordered) {
    throw new HttpError(409, `${current.name} has been ordered, so it stays in the records. Hide it to take it off sale.`, 'PRODUCT_ORDERED');
  }
  // Carts holding it lose the line: it was never bought. Their versions go up first, the cart rows locked before
  // their items as placing an order locks them, so that an order being placed from such a cart is refused as changed.
  await tx.query('UPDATE carts SET version = version + 1, updated_at = now() WHERE id IN (SELECT cart_id FROM cart_items WHERE product_id = $1)', [id]);
  await tx.query('DELETE FROM cart_items WHERE product_id = $1', [id]);
  try {
    await tx.query('DELETE FROM products WHERE id = $1', [id]);
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) {
      throw new HttpError(409, `${current.name} has kits or coupons made for it, so it stays in the records. Hide it to take it off sale.`, 'PRODUCT_IN_USE');
    }
    throw error;
  }
  await writeAudit(tx, {
    actor,
    action: 'product.deleted',
    entity: 'product',
    entityId: id,
    before: { code: current.code, name: current.name, slug: current.slug, price: current.price, actual_price: current.actual_price },
  });
}

export async function insertProductImage(tx: Queryable, actor: AuditActor, image: EncodedImage): Promise<ProductImage> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO product_images (bytes, width, height, uploaded_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [image.bytes, image.width, image.height, actor.userId],
  );
  if (!row) throw new Error('image was not inserted');
  await writeAudit(tx, {
    actor,
    action: 'product.image_uploaded',
    entity: 'product_image',
    entityId: row.id,
    after: { kind: image.kind, width: image.width, height: image.height, bytes: image.bytes.length },
  });
  return imageOf({ _id: row.id, width: image.width, height: image.height });
}
