/**
 * A kit bought at a counter counts among the customer's products the moment the buyer is onboarded: the per-product
 * lists, the Bought filter, the Products column and the customer CSV, as an order paid online does. And a database
 * whose counter buyers lagged is repaired by its migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { openDb, type Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { expectContract } from './contract';
import { codesOf, createBatch, onboard, onboardingRequest } from './kit-batches-fixtures';
import { newCustomer, paidCustomer, productIds, type Customer } from './orders-fixtures';
import { backends, createTestSchema, startTestApp, type TestApp } from './setup/app';

type StaffCustomer = components['schemas']['StaffCustomer'];
type ExportJob = components['schemas']['ExportJob'];

interface Onboarding {
  customer: { _id: string; email: string | null };
  order: { _id: string };
}

describe.each(backends)('counter buyers in the customer lists on %s', (backend) => {
  let testApp: TestApp;
  let admin: Customer;
  let products: Record<string, { id: string; price: number }>;
  /** Free kit codes of a batch of each product, by product code. */
  const free: Record<string, string[]> = {};
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    products = await productIds(app());
    for (const code of ['PROD-G360', 'PROD-GSENS']) {
      free[code] = await codesOf(app(), (await createBatch(app(), admin, products[code]!.id, 5))._id);
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** Onboards a buyer of `product` at the counter, as the admin's form does. */
  const sellAtCounter = async (product: string, overrides: Record<string, unknown> = {}): Promise<Onboarding> => {
    const request = onboardingRequest(products[product]!.id, free[product]!.shift()!, { payment: { method: 'cash', amount: products[product]!.price }, ...overrides });
    return expectContract<{ onboarding: Onboarding }>(await onboard(app(), admin, request), 'onboardOfflineCustomer', 201).onboarding;
  };

  const list = async (query: string) =>
    expectContract<{ items: StaffCustomer[]; total: number }>(
      await app().inject({ method: 'GET', url: `/api/admin/customers?${query}`, headers: admin.auth }),
      'listCustomers',
      200,
    );
  /** The ids a list holds among the customers found by `email`. */
  const listed = async (email: string, products: string[] = []) =>
    (await list([`q=${encodeURIComponent(email)}`, ...products.map((code) => `product=${code}`)].join('&'))).items.map((item) => item._id);

  /** The rows of the customer CSV of a filter, each split at its commas, header first. */
  const csv = async (filter: Record<string, unknown>): Promise<string[][]> => {
    const started = await app().inject({ method: 'POST', url: '/api/admin/exports/customers', headers: admin.auth, payload: filter });
    const { export: job } = expectContract<{ export: ExportJob }>(started, 'startCustomerExport', 202);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { export: now } = expectContract<{ export: ExportJob }>(
        await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}`, headers: admin.auth }),
        'getExport',
        200,
      );
      expect(now.status).not.toBe('failed');
      if (now.status === 'done') {
        const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
        expect(file.statusCode).toBe(200);
        return file.body.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the export did not finish');
  };
  const PRODUCTS_COLUMN = 6;

  it('lists a counter buyer in the per-product lists, the Bought filter, the Products column and the CSV at once', async () => {
    const { customer } = await sellAtCounter('PROD-G360');
    const email = customer.email!;

    // Gut 360 Customers, and the Bought filter of the list of every customer, ask for the same products.
    expect(await listed(email, ['PROD-G360'])).toEqual([customer._id]);
    expect(await listed(email, ['PROD-GSENS'])).toEqual([]);
    const [row] = (await list(`q=${encodeURIComponent(email)}`)).items;
    expect(row).toMatchObject({ _id: customer._id, orders: 1, lastOrderAt: expect.any(String), products: ['Gut 360'] });

    const rows = await csv({ product: ['PROD-G360'], q: email });
    expect(rows[0]![PRODUCTS_COLUMN]).toBe('Products');
    expect(rows).toHaveLength(2);
    expect(rows[1]![PRODUCTS_COLUMN]).toBe('Gut 360');
  });

  it('adds the kit of a second counter sale to the same buyer', async () => {
    const first = await sellAtCounter('PROD-G360');
    const email = first.customer.email!;
    const second = await sellAtCounter('PROD-GSENS', { email, fullname: 'Meena Pillai' });
    expect(second.customer._id).toBe(first.customer._id);

    expect(await listed(email, ['PROD-GSENS'])).toEqual([first.customer._id]);
    expect(await listed(email, ['PROD-GSENS', 'PROD-G360'])).toEqual([first.customer._id]);
    const [row] = (await list(`q=${encodeURIComponent(email)}`)).items;
    expect(row).toMatchObject({ orders: 2, products: ['Gut 360', 'Gut SEnS'] });
    const rows = await csv({ product: ['PROD-GSENS', 'PROD-G360'], q: email });
    expect(rows.slice(1).map((line) => line[PRODUCTS_COLUMN])).toEqual(['Gut 360; Gut SEnS']);
  });

  it('counts a buyer who paid online, and their later counter sale as well', async () => {
    const { customer } = await paidCustomer(app(), ['PROD-G3G-LITE']);
    const [{ email }] = (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId])) as [{ email: string }];
    expect(await listed(email, ['PROD-G3G-LITE'])).toEqual([customer.userId]);
    expect((await list(`q=${encodeURIComponent(email)}`)).items[0]).toMatchObject({ orders: 1, products: ['Gut Start'] });

    await sellAtCounter('PROD-G360', { email });
    expect(await listed(email, ['PROD-G3G-LITE', 'PROD-G360'])).toEqual([customer.userId]);
    expect((await list(`q=${encodeURIComponent(email)}`)).items[0]).toMatchObject({ orders: 2, products: ['Gut Start', 'Gut 360'] });
  });

  it('leaves an order not yet paid out, and takes a cancelled or deleted one out again', async () => {
    const { customer } = await paidCustomer(app(), ['PROD-GSENS']);
    const [{ email }] = (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId])) as [{ email: string }];
    // An order written paid with its items added after it, then cancelled: the products follow each step.
    const [order] = await app().db.query<{ id: string }>(
      `INSERT INTO orders (user_id, idempotency_key, status, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_pincode, paid_at)
       VALUES ($1, 'later-items', 'paid', 100, 100, 'Test Buyer', '9876543210', '1 Road', 'Bengaluru', 'Karnataka', '560001', now()) RETURNING id`,
      [customer.userId],
    );
    await app().db.query(
      `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) SELECT $1, id, code, name, 100, 100, 0 FROM products WHERE code = 'PROD-IBS-HEAL'`,
      [order!.id],
    );
    expect(await listed(email, ['PROD-IBS-HEAL'])).toEqual([customer.userId]);
    await app().db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order!.id]);
    expect(await listed(email, ['PROD-IBS-HEAL'])).toEqual([]);
    expect((await list(`q=${encodeURIComponent(email)}`)).items[0]).toMatchObject({ orders: 1, products: ['Gut SEnS'] });

    // An item added to an order not paid counts once the order is paid.
    const [pending] = await app().db.query<{ id: string }>(
      `INSERT INTO orders (user_id, idempotency_key, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_pincode)
       VALUES ($1, 'pending-items', 100, 100, 'Test Buyer', '9876543210', '1 Road', 'Bengaluru', 'Karnataka', '560001') RETURNING id`,
      [customer.userId],
    );
    await app().db.query(
      `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) SELECT $1, id, code, name, 100, 100, 0 FROM products WHERE code = 'PROD-G360'`,
      [pending!.id],
    );
    expect(await listed(email, ['PROD-G360'])).toEqual([]);
    await app().db.query(`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1`, [pending!.id]);
    expect(await listed(email, ['PROD-G360'])).toEqual([customer.userId]);

    // A paid order deleted leaves its products.
    await app().db.query('DELETE FROM orders WHERE id = $1', [pending!.id]);
    expect(await listed(email, ['PROD-G360'])).toEqual([]);
    expect((await list(`q=${encodeURIComponent(email)}`)).items[0]).toMatchObject({ orders: 1, products: ['Gut SEnS'] });
  });

  it('repairs the products of buyers who lagged one counter order behind when migrated', async () => {
    const schema = backend === 'postgres' ? await createTestSchema() : undefined;
    const db: Db = await openDb(schema ? { databaseUrl: schema.databaseUrl, pgliteDataDir: '' } : { databaseUrl: undefined, pgliteDataDir: 'memory://' });
    try {
      await migrate(db, { through: '0046_scheduled_tasks.sql' });
      const [product] = await db.query<{ id: string }>(
        `INSERT INTO products (code, name, slug, price, actual_price) VALUES ('PROD-G360', 'Gut 360', 'gut-360', 100, 100) RETURNING id`,
      );
      const [other] = await db.query<{ id: string }>(
        `INSERT INTO products (code, name, slug, price, actual_price) VALUES ('PROD-GSENS', 'Gut SEnS', 'gut-sens', 100, 100) RETURNING id`,
      );
      const buyer = async (email: string) => (await db.query<{ id: string }>(`INSERT INTO users (email, fullname) VALUES ($1, 'Counter Buyer') RETURNING id`, [email]))[0]!.id;
      /** An order written as the counter wrote it: paid when inserted, its item after it. */
      const order = async (userId: string, key: string, productId: string, status = 'paid') => {
        const [row] = await db.query<{ id: string }>(
          `INSERT INTO orders (user_id, idempotency_key, channel, status, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_pincode, paid_at)
           VALUES ($1, $2, 'offline', $3, 100, 100, 'Counter Buyer', '9876543210', 'Camp', 'Bengaluru', 'Karnataka', '560001',
                   CASE WHEN $3 = 'paid' THEN now() END) RETURNING id`,
          [userId, key, status],
        );
        await db.query(`INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) SELECT $1, id, code, name, 100, 100, 0 FROM products WHERE id = $2`, [
          row!.id,
          productId,
        ]);
      };
      const once = await buyer('once@example.test');
      await order(once, 'counter-1', product!.id);
      const twice = await buyer('twice@example.test');
      await order(twice, 'counter-1', product!.id);
      await order(twice, 'counter-2', other!.id);
      const unpaid = await buyer('unpaid@example.test');
      await order(unpaid, 'counter-1', product!.id, 'pending');
      const bought = async () =>
        Object.fromEntries(
          (await db.query<{ email: string; paid_orders: number; products_bought: string[] }>('SELECT email, paid_orders, products_bought FROM users ORDER BY email')).map(
            (row) => [row.email, [row.paid_orders, row.products_bought]],
          ),
        );
      // As the trigger of 0030 left them: each buyer one counter order behind.
      expect(await bought()).toEqual({
        'once@example.test': [1, []],
        'twice@example.test': [2, ['PROD-G360']],
        'unpaid@example.test': [0, []],
      });

      expect(await migrate(db)).toContain('0047_customer_products_items.sql');
      expect(await bought()).toEqual({
        'once@example.test': [1, ['PROD-G360']],
        'twice@example.test': [2, ['PROD-G360', 'PROD-GSENS']],
        'unpaid@example.test': [0, []],
      });
    } finally {
      await db.close();
      await schema?.drop();
    }
  });
});
