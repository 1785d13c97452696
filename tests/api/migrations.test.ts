import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { backends, createTestSchema } from './setup/app';

const MIGRATIONS = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((name) => name.endsWith('.sql'));

describe.each(backends)('migrations on %s', (backend) => {
  it('apply each file once, even when two processes start together', async () => {
    const schema = backend === 'postgres' ? await createTestSchema() : undefined;
    const dbs: Db[] = [];
    try {
      if (schema) {
        // Two pools stand for two server processes sharing one database.
        dbs.push(await openDb({ databaseUrl: schema.databaseUrl, pgliteDataDir: '' }));
        dbs.push(await openDb({ databaseUrl: schema.databaseUrl, pgliteDataDir: '' }));
      } else {
        const db = await openDb({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
        dbs.push(db, db);
      }
      const [first, second] = await Promise.all(dbs.map((db) => migrate(db)));
      expect([...first!, ...second!].sort()).toEqual(MIGRATIONS.sort());
      expect(await migrate(dbs[0]!)).toEqual([]);
      const rows = await dbs[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.sort());
    } finally {
      for (const db of new Set(dbs)) await db.close();
      await schema?.drop();
    }
  });

  it('number the invoices of orders paid before the yearly series in the series of the year each was paid in', async () => {
    const schema = backend === 'postgres' ? await createTestSchema() : undefined;
    const db = await openDb(schema ? { databaseUrl: schema.databaseUrl, pgliteDataDir: '' } : { databaseUrl: undefined, pgliteDataDir: 'memory://' });
    try {
      await migrate(db, { through: '0024_data_rights.sql' });
      const [user] = await db.query<{ id: string }>(`INSERT INTO users (email, fullname) VALUES ('old@example.test', 'Old Buyer') RETURNING id`);
      // Paid in India on 31 March 2026, 1 April 2026 and 2 April 2026, and one never paid.
      for (const [key, paidAt] of [['a', '2026-03-31T18:00:00Z'], ['b', '2026-03-31T19:00:00Z'], ['c', '2026-04-02T06:00:00Z'], ['d', null]] as const) {
        await db.query(
          `INSERT INTO orders (user_id, idempotency_key, status, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state,
                               ship_pincode, paid_at, invoice_number)
           VALUES ($1, $2, $3, 100, 100, 'Old Buyer', '9876543210', '1 Road', 'Bengaluru', 'Karnataka', '560001', $4,
                   CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE nextval('invoice_numbers') END)`,
          [user!.id, `key-${key}-0000`, paidAt ? 'paid' : 'pending', paidAt],
        );
      }
      await migrate(db);
      const orders = await db.query<{ idempotency_key: string; invoice_number: string | null }>('SELECT idempotency_key, invoice_number FROM orders ORDER BY idempotency_key');
      expect(orders.map((order) => order.invoice_number)).toEqual(['INV/25-26/000001', 'INV/26-27/000001', 'INV/26-27/000002', null]);
      const series = await db.query('SELECT kind, financial_year, last_serial FROM document_series ORDER BY financial_year');
      expect(series).toEqual([
        { kind: 'invoice', financial_year: '25-26', last_serial: 1 },
        { kind: 'invoice', financial_year: '26-27', last_serial: 2 },
      ]);
    } finally {
      await db.close();
      await schema?.drop();
    }
  });
});
