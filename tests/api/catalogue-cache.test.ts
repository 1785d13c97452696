/**
 * The catalogue cache follows every write at once, whichever API process made it: two API apps on one Postgres
 * database (one schema), a cache that would otherwise keep its answer for ten minutes, and a write through one app
 * seen by the other's GET /api/products. On the embedded database, one process: its own write empties its cache.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, prepareData } from '../../server/app';
import { LISTENER_APPLICATION_NAME } from '../../server/routes/products/listener';
import { expectContract } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, createTestSchema, startTestApp, testConfig, type TestApp } from './setup/app';

type Catalogue = { data: Array<{ _id: string; code: string; price: number; name: string }> };

const TEN_MINUTES = 600_000;

const catalogueOf = async (app: FastifyInstance) =>
  expectContract<Catalogue>(await app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } }), 'listProducts', 200);

const priceIn = async (app: FastifyInstance, code: string) => (await catalogueOf(app)).data.find((item) => item.code === code)?.price;

describe('the catalogue cache on the embedded database', () => {
  let testApp: TestApp;
  let admin: Customer;
  beforeAll(async () => {
    testApp = await startTestApp('pglite', { productsCacheTtlMs: TEN_MINUTES });
    admin = await newCustomer(testApp.app, 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers a write at once, although the cache would keep its answer for ten minutes', async () => {
    const app = testApp.app;
    const before = await catalogueOf(app);
    const gut360 = before.data.find((item) => item.code === 'PROD-G360')!;
    const patched = await app.inject({ method: 'PATCH', url: `/api/admin/products/${gut360._id}`, headers: admin.auth, payload: { price: gut360.price - 100 } });
    expectContract(patched, 'updateProduct', 200);
    expect(await priceIn(app, 'PROD-G360')).toBe(gut360.price - 100);
  });
});

describe.runIf(backends.includes('postgres'))('the catalogue cache with two API processes on one Postgres database', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let admin: Customer;

  beforeAll(async () => {
    schema = await createTestSchema();
    const config = testConfig({ databaseUrl: schema.databaseUrl, productsCacheTtlMs: TEN_MINUTES });
    config.messages.queueSchema = schema.queueSchema;
    writer = await buildApp(config);
    await prepareData(writer);
    reader = await buildApp(config);
    await prepareData(reader);
    await Promise.all([writer.ready(), reader.ready()]);
    admin = await newCustomer(writer, 'admin');
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await schema?.drop();
  });

  it('a price changed through one process is in the other process catalogue at once', async () => {
    const gut360 = (await catalogueOf(reader)).data.find((item) => item.code === 'PROD-G360')!;
    // Both caches are full now.
    expect(await priceIn(writer, 'PROD-G360')).toBe(gut360.price);
    const patched = await writer.inject({ method: 'PATCH', url: `/api/admin/products/${gut360._id}`, headers: admin.auth, payload: { price: gut360.price - 500 } });
    expectContract(patched, 'updateProduct', 200);
    expect(await priceIn(writer, 'PROD-G360')).toBe(gut360.price - 500);
    // The notification travels through the database when the write commits: well within a second, not ten minutes.
    await expect.poll(() => priceIn(reader, 'PROD-G360'), { timeout: 2_000, interval: 20 }).toBe(gut360.price - 500);
  });

  it('a product hidden or created through one process leaves or joins the other process catalogue', async () => {
    const start = (await catalogueOf(reader)).data.find((item) => item.code === 'PROD-G3G-LITE')!;
    expectContract(
      await writer.inject({ method: 'PATCH', url: `/api/admin/products/${start._id}`, headers: admin.auth, payload: { active: false } }),
      'updateProduct',
      200,
    );
    await expect.poll(async () => (await catalogueOf(reader)).data.map((item) => item.code), { timeout: 2_000, interval: 20 }).not.toContain('PROD-G3G-LITE');
    const created = await writer.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Cache Kit', code: 'PROD-CACHE-KIT', price: 1000, actual_price: 2000 },
    });
    expectContract(created, 'createProduct', 201);
    await expect.poll(async () => (await catalogueOf(reader)).data.map((item) => item.code), { timeout: 2_000, interval: 20 }).toContain('PROD-CACHE-KIT');
  });

  it('a listener whose connection drops comes back, and hears the next write', async () => {
    // The listening connections, each once it has run its LISTEN.
    const listening = async () =>
      (
        await reader.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND query LIKE 'LISTEN %'`,
          [LISTENER_APPLICATION_NAME],
        )
      ).map((row) => row.pid);
    const before = await listening();
    expect(before.length).toBeGreaterThanOrEqual(2);
    await reader.db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    // Both come back on new connections (at least as many as before, none of the old ones).
    await expect
      .poll(async () => {
        const now = await listening();
        return now.length >= before.length && now.every((pid) => !before.includes(pid));
      }, { timeout: 10_000, interval: 100 })
      .toBe(true);
    // Coming back empties the cache once (a change may have been missed); the write below must be heard to show.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const gut360 = (await catalogueOf(reader)).data.find((item) => item.code === 'PROD-GSENS')!;
    const patched = await writer.inject({ method: 'PATCH', url: `/api/admin/products/${gut360._id}`, headers: admin.auth, payload: { price: gut360.price - 700 } });
    expectContract(patched, 'updateProduct', 200);
    await expect.poll(() => priceIn(reader, 'PROD-GSENS'), { timeout: 2_000, interval: 20 }).toBe(gut360.price - 700);
  });

  it('a write made straight in the database, by no API process, reaches both caches too', async () => {
    await reader.db.query(`UPDATE products SET name = 'Gut 360 Plus' WHERE code = 'PROD-G360'`);
    for (const app of [writer, reader]) {
      await expect.poll(async () => (await catalogueOf(app)).data.find((item) => item.code === 'PROD-G360')?.name, { timeout: 2_000, interval: 20 }).toBe('Gut 360 Plus');
    }
  });
});
