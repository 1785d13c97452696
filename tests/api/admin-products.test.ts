/**
 * The catalogue run by staff: products created, edited, hidden and deleted under the server's rules, pictures
 * uploaded and checked by their content, every change audited; and what a hidden product or a new price does to the
 * shop, to carts and to orders.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { addToCart, newCustomer, orderedCustomer, placeOrder, productIds, saveAddress, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type Product = {
  _id: string;
  code: string;
  name: string;
  slug: string;
  summary: string;
  description: string;
  box: string[];
  images: Array<{ _id: string; url: string; width: number; height: number }>;
  price: number;
  actual_price: number;
  hsn_sac: string;
  gst_rate: number;
  image: string;
  active: boolean;
  sort: number;
  ordered: boolean;
};
type Catalogue = { data: Array<{ _id: string; code: string; price: number; image: string }> };
type Cart = { cart: { price: number; actual_price: number; kits: string[] }; kits: Array<{ _id: string; product: string; price: number; available?: boolean }> };
type ErrorBody = { message: string; code?: string; fields?: Record<string, string> };

const picture = (format: 'png' | 'jpeg' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

let counter = 0;
const uniqueCode = () => `PROD-TEST-${Date.now().toString(36).toUpperCase()}-${++counter}`;

describe.each(backends)('catalogue administration on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let customer: Customer;
  let doctor: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    customer = await newCustomer(app());
    doctor = await newCustomer(app(), 'doctor');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const create = (payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'POST', url: '/api/admin/products', headers: who.auth, payload });
  const patch = (id: string, payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: who.auth, payload });
  const upload = (body: Buffer | string, contentType: string, who: Customer = admin) =>
    app().inject({ method: 'POST', url: '/api/admin/product-images', headers: { ...who.auth, 'content-type': contentType }, payload: body });
  const catalogue = async () => expectContract<Catalogue>(await app().inject({ method: 'GET', url: '/api/products' }), 'listProducts', 200);
  const cartOf = async (who: Customer) => expectContract<Cart>(await app().inject({ method: 'GET', url: '/api/cart', headers: who.auth }), 'getCart', 200);
  const audit = async (id: string) =>
    app().db.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_user_id: string }>(
      'SELECT action, before, after, actor_user_id FROM audit_log WHERE entity_id = $1 ORDER BY id',
      [id],
    );
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Gut Test Kit',
    code: uniqueCode(),
    price: 249900,
    actual_price: 299900,
    summary: 'A short summary.',
    ...overrides,
  });
  const created = async (overrides: Record<string, unknown> = {}) =>
    expectContract<{ product: Product }>(await create(valid({ slug: `kit-${++counter}-${Date.now()}`, ...overrides })), 'createProduct', 201).product;

  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/products' }), 'listStaffProducts', 401);
    for (const who of [customer, doctor]) {
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/products', headers: who.auth }), 'listStaffProducts', 403);
      expectContract(await create(valid(), who), 'createProduct', 403);
      expectContract(await upload(await picture('png'), 'image/png', who), 'uploadProductImage', 403);
    }
    const [some] = (await catalogue()).data;
    expectContract(await patch(some!._id, { active: false }, customer), 'updateProduct', 403);
    expectContract(await app().inject({ method: 'DELETE', url: `/api/admin/products/${some!._id}`, headers: doctor.auth }), 'deleteProduct', 403);
    expectContract(await app().inject({ method: 'POST', url: '/api/admin/product-images', headers: { 'content-type': 'image/png' }, payload: await picture('png') }), 'uploadProductImage', 401);
  });

  it('creates a product with its code in capitals and a slug from its name, audited, and shows it in the shop', async () => {
    const code = uniqueCode();
    const response = await create({ name: 'Gut Fibre Plus', code: code.toLowerCase(), price: 199950, actual_price: 249900, box: ['Sample tube', ' Return envelope '], sort: 7 });
    const { product } = expectContract<{ product: Product }>(response, 'createProduct', 201);
    expect(product).toMatchObject({ code, slug: 'gut-fibre-plus', price: 199950, actual_price: 249900, box: ['Sample tube', 'Return envelope'], active: true, sort: 7, ordered: false });
    expect((await catalogue()).data.map((item) => item.code)).toContain(code);
    const page = expectContract<{ product: { name: string; active: boolean } }>(await app().inject({ method: 'GET', url: '/api/products/gut-fibre-plus' }), 'getProduct', 200);
    expect(page.product).toMatchObject({ name: 'Gut Fibre Plus', active: true });
    const rows = await audit(product._id);
    expect(rows.map((row) => row.action)).toEqual(['product.created']);
    expect(rows[0]).toMatchObject({ actor_user_id: admin.userId, after: { code, price: 199950 } });
  });

  describe('HSN/SAC code and GST rate', () => {
    it('answers 401 without a session and 403 to anyone but an admin when setting them', async () => {
      const [some] = (await catalogue()).data;
      expectContract(await app().inject({ method: 'POST', url: '/api/admin/products', payload: valid({ hsn_sac: '2106', gst_rate: 5 }) }), 'createProduct', 401);
      expectContract(await app().inject({ method: 'PATCH', url: `/api/admin/products/${some!._id}`, payload: { gst_rate: 5 } }), 'updateProduct', 401);
      for (const who of [customer, doctor]) {
        expectContract(await create(valid({ hsn_sac: '2106', gst_rate: 5 }), who), 'createProduct', 403);
        expectContract(await patch(some!._id, { hsn_sac: '2106', gst_rate: 5 }, who), 'updateProduct', 403);
      }
    });

    it('gives a new product SAC 999316 at 18% unless told otherwise, and keeps the code and rate it is given', async () => {
      expect(await created()).toMatchObject({ hsn_sac: '999316', gst_rate: 18 });
      expect(await created({ hsn_sac: ' 21069099 ', gst_rate: 5 })).toMatchObject({ hsn_sac: '21069099', gst_rate: 5 });
      expect(await created({ hsn_sac: '3822', gst_rate: 0 })).toMatchObject({ hsn_sac: '3822', gst_rate: 0 });
      expect(await created({ hsn_sac: '220210', gst_rate: 40 })).toMatchObject({ hsn_sac: '220210', gst_rate: 40 });
      const listed = expectContract<{ items: Product[] }>(await app().inject({ method: 'GET', url: '/api/admin/products?limit=100', headers: admin.auth }), 'listStaffProducts', 200);
      expect(listed.items.every((item) => /^\d{4,8}$/.test(item.hsn_sac) && [0, 5, 18, 40].includes(item.gst_rate))).toBe(true);
    });

    it('refuses a code that is not 4, 6 or 8 digits and a rate that is not a GST slab, with the reason', async () => {
      for (const hsn_sac of ['999', '99931', '9993161', '999316999', 'SAC999', '9993-16', '']) {
        const body = expectContract<ErrorBody>(await create(valid({ hsn_sac })), 'createProduct', 400);
        expect(body.fields?.hsn_sac ?? body.message, hsn_sac).toMatch(/HSN|hsn_sac/);
      }
      // 12% and 28% were folded into 5% and 18% on 22 September 2025.
      for (const gst_rate of [12, 28, 7, 100]) {
        const body = expectContract<ErrorBody>(await create(valid({ gst_rate })), 'createProduct', 400);
        expect(body.fields?.gst_rate, String(gst_rate)).toBe('Choose a GST rate the law has: 0%, 5%, 18%, 40%.');
        expect(body.message).toBe(body.fields!.gst_rate);
      }
      for (const gst_rate of [-5, 2.5, '18', 101]) expectContract(await create(valid({ gst_rate })), 'createProduct', 400);
      const product = await created();
      const code = expectContract<ErrorBody>(await patch(product._id, { hsn_sac: '12345' }), 'updateProduct', 400);
      expect(code.fields?.hsn_sac).toBe('Enter the HSN or SAC code: 4, 6 or 8 digits (e.g. 999316).');
      expectContract<ErrorBody>(await patch(product._id, { gst_rate: 12 }), 'updateProduct', 400);
      expect(await app().db.query('SELECT hsn_sac, gst_rate FROM products WHERE id = $1', [product._id])).toEqual([{ hsn_sac: '999316', gst_rate: 18 }]);
    });

    it('the database itself refuses a code or rate outside the rules', async () => {
      const product = await created();
      await expect(app().db.query("UPDATE products SET gst_rate = 12 WHERE id = $1", [product._id])).rejects.toThrow(/products_gst_rate_check/);
      await expect(app().db.query("UPDATE products SET hsn_sac = '12a4' WHERE id = $1", [product._id])).rejects.toThrow(/products_hsn_sac_check/);
    });

    it('audits a change of code or rate with before and after, like any other edit', async () => {
      const product = await created();
      const { product: edited } = expectContract<{ product: Product }>(await patch(product._id, { hsn_sac: '2106', gst_rate: 5 }), 'updateProduct', 200);
      expect(edited).toMatchObject({ hsn_sac: '2106', gst_rate: 5 });
      const rows = await audit(product._id);
      expect(rows.at(-1)).toMatchObject({ action: 'product.updated', actor_user_id: admin.userId, before: { hsn_sac: '999316', gst_rate: 18 }, after: { hsn_sac: '2106', gst_rate: 5 } });
      expect(Object.keys(rows.at(-1)!.after!).sort()).toEqual(['gst_rate', 'hsn_sac']);
      // The same values again change nothing and write nothing.
      expectContract(await patch(product._id, { hsn_sac: '2106', gst_rate: 5 }), 'updateProduct', 200);
      expect(await audit(product._id)).toHaveLength(rows.length);
      expect(rows[0]).toMatchObject({ action: 'product.created', after: { hsn_sac: '999316', gst_rate: 18 } });
    });
  });

  it('refuses bad prices, a price above the struck price, bad codes and unknown fields with field messages', async () => {
    const refused = async (payload: Record<string, unknown>, field: string) => {
      const body = expectContract<ErrorBody>(await create(payload), 'createProduct', 400);
      expect(body.fields?.[field], JSON.stringify(body)).toBeTruthy();
      return body;
    };
    await refused(valid({ price: 0 }), 'price');
    await refused(valid({ actual_price: 0 }), 'actual_price');
    await refused(valid({ price: -5 }), 'price');
    await refused(valid({ price: 12.5 }), 'price');
    await refused(valid({ price: '100' }), 'price');
    const above = await refused(valid({ price: 300000, actual_price: 299900 }), 'price');
    expect(above.fields!.price).toMatch(/struck-through/);
    await refused(valid({ code: 'A!' }), 'code');
    await refused(valid({ code: '-ABC' }), 'code');
    await refused(valid({ slug: 'Not A Slug' }), 'slug');
    await refused(valid({ name: '   ' }), 'name');
    await refused(valid({ colour: 'red' }), 'colour');
    await refused(valid({ images: ['no-such-picture'] }), 'images');
    const { product } = expectContract<{ product: Product }>(await create(valid()), 'createProduct', 201);
    const body = expectContract<ErrorBody>(await patch(product._id, { price: 400000 }), 'updateProduct', 400);
    expect(body.fields?.price).toBeTruthy();
    expectContract(await patch(product._id, { shade: 'blue' }), 'updateProduct', 400);
    expectContract(await patch(product._id, {}), 'updateProduct', 400);
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/products?sort=colour', headers: admin.auth }), 'listStaffProducts', 400);
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/products?limit=500', headers: admin.auth }), 'listStaffProducts', 400);
  });

  it('answers 409 with a field message for a code or slug another product has, in any case', async () => {
    const first = await created();
    const byCode = expectContract<ErrorBody>(await create(valid({ code: first.code.toLowerCase() })), 'createProduct', 409);
    expect(byCode.fields?.code).toMatch(/Another product/);
    const bySlug = expectContract<ErrorBody>(await create(valid({ slug: first.slug })), 'createProduct', 409);
    expect(bySlug.fields?.slug).toMatch(/Another product/);
    const second = await created();
    const edited = expectContract<ErrorBody>(await patch(second._id, { code: first.code }), 'updateProduct', 409);
    expect(edited.fields?.code).toBeTruthy();
  });

  it('lists products for staff, hidden ones too, searched, filtered, sorted and paged on the server', async () => {
    const hidden = await created({ name: 'Zeta Hidden Kit', active: false });
    type Page = { items: Product[]; total: number };
    const list = async (query: string) =>
      expectContract<Page>(await app().inject({ method: 'GET', url: `/api/admin/products${query}`, headers: admin.auth }), 'listStaffProducts', 200);
    expect((await list('?q=zeta')).items.map((item) => item._id)).toEqual([hidden._id]);
    expect((await list('?q=hidden%20kit')).items.map((item) => item._id)).toEqual([hidden._id]);
    expect((await list(`?q=${hidden.code.slice(5, 12).toLowerCase()}`)).items.map((item) => item._id)).toContain(hidden._id);
    const hiddenOnes = await list('?status=hidden');
    expect(hiddenOnes.items.every((item) => !item.active)).toBe(true);
    expect(hiddenOnes.items.map((item) => item._id)).toContain(hidden._id);
    expect((await list('?status=active')).items.every((item) => item.active)).toBe(true);
    const byPrice = await list('?sort=-price&limit=3');
    expect(byPrice.items).toHaveLength(3);
    expect(byPrice.items.map((item) => item.price)).toEqual([...byPrice.items.map((item) => item.price)].sort((a, b) => b - a));
    const all = await list('?limit=100');
    const paged = [...(await list('?limit=2')).items, ...(await list('?limit=2&offset=2')).items];
    expect(paged.map((item) => item._id)).toEqual(all.items.slice(0, 4).map((item) => item._id));
    expect(all.total).toBe(all.items.length);
  });

  describe('pictures', () => {
    it('takes a PNG named and declared as a JPEG as the PNG it is, re-encoded as WebP, served with nosniff and a long cache', async () => {
      const png = await picture('png', 2400, 1200);
      const response = await upload(png, 'image/jpeg');
      const { image } = expectContract<{ image: { _id: string; url: string; width: number; height: number } }>(response, 'uploadProductImage', 201);
      expect(image).toMatchObject({ width: 1600, height: 800, url: `/api/product-images/${image._id}` });
      const served = await app().inject({ method: 'GET', url: image.url });
      const bytes = expectContractFile(served, 'getProductImage', 200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(metadata.exif).toBeUndefined();
      const [row] = await audit(image._id);
      expect(row).toMatchObject({ action: 'product.image_uploaded', after: { kind: 'png' } });
    });

    it('takes JPEG and WebP, and keeps small pictures at their size', async () => {
      for (const format of ['jpeg', 'webp'] as const) {
        const { image } = expectContract<{ image: { width: number } }>(await upload(await picture(format), 'application/octet-stream'), 'uploadProductImage', 201);
        expect(image.width).toBe(40);
      }
    });

    it('refuses text or HTML declared as a JPEG, an SVG, a GIF and a truncated picture with 415', async () => {
      const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).gif().toBuffer();
      const truncated = (await picture('png', 200, 200)).subarray(0, 60);
      for (const [body, type] of [
        [html, 'image/jpeg'],
        [html, 'text/html'],
        [svg, 'image/png'],
        [gif, 'image/webp'],
        [truncated, 'image/png'],
        [Buffer.alloc(0), 'image/png'],
        ['{"a":1}', 'application/json'],
      ] as const) {
        const response = await upload(body as Buffer | string, type);
        const error = expectContract<ErrorBody>(response, 'uploadProductImage', 415);
        expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('refuses a 5 MB upload with 413', async () => {
      const big = Buffer.alloc(5 * 1024 * 1024, 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const error = expectContract<ErrorBody>(await upload(big, 'image/png'), 'uploadProductImage', 413);
      expect(error.message).toMatch(/2 MB/);
    });

    it('keeps the pictures in order, the first as the catalogue image, and refuses unknown ones', async () => {
      const ids: string[] = [];
      for (const format of ['png', 'jpeg'] as const) {
        ids.push(expectContract<{ image: { _id: string } }>(await upload(await picture(format), `image/${format}`), 'uploadProductImage', 201).image._id);
      }
      const product = await created({ images: ids });
      expect(product.images.map((image) => image._id)).toEqual(ids);
      expect(product.image).toBe(`/api/product-images/${ids[0]}`);
      const reordered = expectContract<{ product: Product }>(await patch(product._id, { images: [ids[1]!] }), 'updateProduct', 200).product;
      expect(reordered.image).toBe(`/api/product-images/${ids[1]}`);
      expect((await catalogue()).data.find((item) => item._id === product._id)?.image).toBe(`/api/product-images/${ids[1]}`);
      const none = expectContract<{ product: Product }>(await patch(product._id, { images: [] }), 'updateProduct', 200).product;
      expect(none.image).toBe('');
      expectContract(await app().inject({ method: 'GET', url: '/api/product-images/no-such-picture' }), 'getProductImage', 404);
    });
  });

  describe('in the shop', () => {
    it('a price change shows in carts at once, and the edit is audited with before and after', async () => {
      const product = await created({ price: 100000, actual_price: 150000 });
      const buyer = await newCustomer(app());
      await addToCart(app(), buyer, product._id);
      expect((await cartOf(buyer)).cart.price).toBe(100000);
      expectContract(await patch(product._id, { price: 120000, summary: 'Now better.' }), 'updateProduct', 200);
      expect((await cartOf(buyer)).cart.price).toBe(120000);
      expect((await catalogue()).data.find((item) => item._id === product._id)?.price).toBe(120000);
      const rows = await audit(product._id);
      expect(rows.at(-1)).toMatchObject({
        action: 'product.updated',
        before: { price: 100000, summary: 'A short summary.' },
        after: { price: 120000, summary: 'Now better.' },
      });
      expect(Object.keys(rows.at(-1)!.after!).sort()).toEqual(['price', 'summary']);
    });

    it('a hidden product leaves the catalogue, is refused in carts, is flagged and left out of totals and orders', async () => {
      const product = await created({ price: 100000, actual_price: 100000 });
      const { 'PROD-G360': gut360 } = await productIds(app());
      const buyer = await newCustomer(app());
      await addToCart(app(), buyer, product._id);
      await addToCart(app(), buyer, gut360!.id);
      const hidden = expectContract<{ product: Product }>(await patch(product._id, { active: false }), 'updateProduct', 200).product;
      expect(hidden.active).toBe(false);
      expect((await audit(product._id)).at(-1)).toMatchObject({ action: 'product.hidden', before: { active: true }, after: { active: false } });

      expect((await catalogue()).data.map((item) => item._id)).not.toContain(product._id);
      const page = expectContract<{ product: { active: boolean } }>(await app().inject({ method: 'GET', url: `/api/products/${product.slug}` }), 'getProduct', 200);
      expect(page.product.active).toBe(false);

      const refused = expectContract<ErrorBody>(
        await app().inject({ method: 'POST', url: '/api/cart/items', headers: customer.auth, payload: { productId: product._id } }),
        'addCartItem',
        409,
      );
      expect(refused.code).toBe('PRODUCT_UNAVAILABLE');
      expect(refused.message).toMatch(/not available/);

      const cart = await cartOf(buyer);
      expect(cart.kits.find((kit) => kit.product === product._id)?.available).toBe(false);
      expect(cart.kits.find((kit) => kit.product === gut360!.id)?.available).toBe(true);
      expect(cart.cart.actual_price).toBe(gut360!.price);

      await saveAddress(app(), buyer);
      const { order } = expectContract<{ order: { items: Array<{ product: string }>; actual_price: number } }>(await placeOrder(app(), buyer), 'createOrder', 201);
      expect(order.items.map((item) => item.product)).toEqual([gut360!.id]);
      expect(order.actual_price).toBe(gut360!.price);

      const onlyHidden = await newCustomer(app());
      expectContract(await patch(product._id, { active: true }), 'updateProduct', 200);
      expect((await audit(product._id)).at(-1)?.action).toBe('product.shown');
      await addToCart(app(), onlyHidden, product._id);
      expectContract(await patch(product._id, { active: false }), 'updateProduct', 200);
      await saveAddress(app(), onlyHidden);
      const none = expectContract<ErrorBody>(await placeOrder(app(), onlyHidden), 'createOrder', 409);
      expect(none.code).toBe('PRODUCT_UNAVAILABLE');
    });

    it('hiding Gut Start takes it out of the catalogue the promotion reads, and showing it brings it back', async () => {
      const { 'PROD-G3G-LITE': start } = await productIds(app());
      expectContract(await patch(start!.id, { active: false }), 'updateProduct', 200);
      expect((await catalogue()).data.map((item) => item.code)).not.toContain('PROD-G3G-LITE');
      expectContract(await patch(start!.id, { active: true }), 'updateProduct', 200);
      expect((await catalogue()).data.map((item) => item.code)).toContain('PROD-G3G-LITE');
    });
  });

  describe('deleting', () => {
    it('deletes a product never ordered, audited, and takes it out of carts', async () => {
      const product = await created();
      const buyer = await newCustomer(app());
      await addToCart(app(), buyer, product._id);
      expectContract(await app().inject({ method: 'DELETE', url: `/api/admin/products/${product._id}`, headers: admin.auth }), 'deleteProduct', 200);
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/products/${product._id}`, headers: admin.auth }), 'getStaffProduct', 404);
      expect((await cartOf(buyer)).kits).toHaveLength(0);
      expect((await audit(product._id)).at(-1)).toMatchObject({ action: 'product.deleted', before: { code: product.code } });
    });

    it('refuses to delete a product with orders, with the reason, and it can still be hidden', async () => {
      const product = await created();
      const codeOf = await productIds(app());
      expect(codeOf[product.code]).toBeDefined();
      await orderedCustomer(app(), [product.code]);
      const staff = expectContract<{ product: Product }>(await app().inject({ method: 'GET', url: `/api/admin/products/${product._id}`, headers: admin.auth }), 'getStaffProduct', 200);
      expect(staff.product.ordered).toBe(true);
      const refused = expectContract<ErrorBody>(await app().inject({ method: 'DELETE', url: `/api/admin/products/${product._id}`, headers: admin.auth }), 'deleteProduct', 409);
      expect(refused.message).toMatch(/Hide it/);
      expect(refused.code).toBe('PRODUCT_ORDERED');
      expectContract(await patch(product._id, { active: false }), 'updateProduct', 200);
    });

    it('judges only the fields sent, so a product with a code older than the rule can still be hidden', async () => {
      const product = await created();
      await app().db.query(`UPDATE products SET code = 'old code' WHERE id = $1`, [product._id]);
      expectContract(await patch(product._id, { active: false }), 'updateProduct', 200);
      const body = expectContract<ErrorBody>(await patch(product._id, { name: 'Renamed', code: 'old code' }), 'updateProduct', 400);
      expect(Object.keys(body.fields!)).toEqual(['code']);
    });

    it('answers 404 for a product that does not exist', async () => {
      expectContract(await app().inject({ method: 'DELETE', url: '/api/admin/products/no-such-id', headers: admin.auth }), 'deleteProduct', 404);
      expectContract(await patch('no-such-id', { active: false }), 'updateProduct', 404);
      expectContract(await app().inject({ method: 'GET', url: '/api/products/no-such-slug' }), 'getProduct', 404);
    });
  });
});
