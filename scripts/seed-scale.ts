/**
 * The scale data set for the staff lists' budgets (DESIGN §9): 100,000 customers, 250,000 orders, about 250,000 kits
 * with their events, payments and registry codes, and a few batches of free codes.
 *
 *   npm run seed:scale                              the database DATABASE_URL names, or PGLITE_DATA_DIR's
 *   npm run seed:scale -- --customers=20000         a smaller set (orders are 2.5 per customer)
 *
 * Every row is computed in SQL from its row number (`INSERT … SELECT … FROM generate_series`), with hashes of that
 * number standing in for chance, so the same command gives the same data on every run and on both databases. The
 * whole set is written in one transaction: a database holds all of it or none. Run twice, it finds its first customer
 * and leaves the database as it is.
 */
import { pathToFileURL } from 'node:url';
import { parseKitCode } from '../machines/kit-codes';
import { openDb, type Db, type Queryable } from '../server/db';
import { migrate } from '../server/db/migrate';
import { DEMO_PRODUCTS, seedDemoData } from '../server/db/seed';

export const DEFAULT_CUSTOMERS = 100_000;
export const ORDERS_PER_CUSTOMER = 2.5;

/** "Now" for the data set: a fixed instant, so that dates are the same whenever it is made. */
const ANCHOR = `timestamptz '2026-11-20 18:00:00+05:30'`;
const HISTORY_DAYS = 730;

/**
 * Triggers that keep figures derived from many rows, paused during the load and replaced by one update each:
 * customers' purchases (migration 0030) and, where the schema has it, each order's declined payment.
 */
const UPKEEP_TRIGGERS = ['orders_customer_purchases', 'payments_note_attempt'];

/** The first customer's id: its presence means the set is there. */
const FIRST_CUSTOMER = `md5('scale-user-1')::uuid::text`;

const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anil', 'Anjali', 'Arjun', 'Asha', 'Bhavna', 'Chetan', 'Deepa',
  'Deepak', 'Divya', 'Farhan', 'Gaurav', 'Geeta', 'Harish', 'Ishaan', 'Jaya', 'Karan', 'Kavya', 'Kiran', 'Lakshmi',
  'Manish', 'Meera', 'Mohan', 'Nandini', 'Neha', 'Nikhil', 'Pooja', 'Pradeep', 'Priya', 'Rahul', 'Rajesh', 'Ramesh',
  'Ravi', 'Rekha', 'Rohan', 'Sakshi', 'Sanjay', 'Sara', 'Shreya', 'Simran', 'Sneha', 'Sunil', 'Suresh', 'Tanvi',
  'Uday', 'Varun', 'Vidya', 'Vijay', 'Vikram', 'Yash', 'Zoya', 'Imran', 'Fatima', 'Gurpreet', 'Harpreet', 'Joseph',
  'Mary', 'Thomas', 'Anita', 'Sunita', 'Venkatesh', 'Lalitha', 'Arvind', 'Swati', 'Kunal',
];
const LAST_NAMES = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Iyer', 'Iyengar', 'Nair', 'Menon', 'Pillai',
  'Reddy', 'Rao', 'Naidu', 'Chowdhury', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Bose', 'Ghosh', 'Sen', 'Joshi',
  'Kulkarni', 'Deshpande', 'Patil', 'Jadhav', 'Pawar', 'Khan', 'Qureshi', 'Siddiqui', 'Ansari', 'Gill', 'Sandhu',
  'Dhillon', 'Malhotra', 'Kapoor', 'Khanna', 'Agarwal', 'Jain', 'Bansal', 'Mishra', 'Pandey', 'Tiwari', 'Dubey',
  'Fernandes', "D'Souza", 'Krishnan', 'Subramanian', 'Hegde', 'Shetty', 'Kamath', 'Bhat',
];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com', 'icloud.com'];
/** City, state as invoices write it, and the first three digits of its PIN codes. */
const CITIES: ReadonlyArray<readonly [string, string, string]> = [
  ['Bengaluru', 'Karnataka', '560'],
  ['Mysuru', 'Karnataka', '570'],
  ['Mumbai', 'Maharashtra', '400'],
  ['Pune', 'Maharashtra', '411'],
  ['New Delhi', 'Delhi', '110'],
  ['Chennai', 'Tamil Nadu', '600'],
  ['Coimbatore', 'Tamil Nadu', '641'],
  ['Hyderabad', 'Telangana', '500'],
  ['Kolkata', 'West Bengal', '700'],
  ['Ahmedabad', 'Gujarat', '380'],
  ['Jaipur', 'Rajasthan', '302'],
  ['Lucknow', 'Uttar Pradesh', '226'],
  ['Noida', 'Uttar Pradesh', '201'],
  ['Gurugram', 'Haryana', '122'],
  ['Kochi', 'Kerala', '682'],
  ['Thiruvananthapuram', 'Kerala', '695'],
  ['Chandigarh', 'Chandigarh', '160'],
  ['Bhopal', 'Madhya Pradesh', '462'],
  ['Bhubaneswar', 'Odisha', '751'],
  ['Guwahati', 'Assam', '781'],
];
const STREETS = ['MG Road', 'Station Road', 'Park Street', 'Anna Salai', 'Linking Road', 'Residency Road', 'Civil Lines', 'Gandhi Nagar', 'Nehru Street', 'Lake View Road'];

/** Free codes handed to clinics and events, beside the codes of online orders. */
const BATCHES = 40;
const BATCH_SIZE = 500;
const BATCH_CODES_FROM = 10_000_001;

const KIT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789';
const CODE_SPACE = 29 ** 7;

/** When a kit of `scale_kits` reached its present state: its paid event, or the later one. */
const LAST_EVENT_AT = 'greatest(paid_at, coalesce(activated_at, reached_at))';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(literal).join(', ')}]::text[]`;

/** A whole number from 0 to 2^31 − 1 that looks random but is a function of `expr` and `salt` alone. */
const h = (expr: string, salt: number) => `(hashint8((${expr})::bigint * 1000003 + ${salt}) & 2147483647)`;
/** One of `values`, chosen by `expr` and `salt`. */
const pick = (values: readonly string[], expr: string, salt: number) => `(${textArray(values)})[1 + ${h(expr, salt)} % ${values.length}]`;
/** A fraction from 0 to 1. */
const fraction = (expr: string, salt: number) => `(${h(expr, salt)}::float8 / 2147483647)`;

/**
 * The kit code numbered `n`: n times a unit modulo 29^7, read as seven characters of the alphabet, is a different
 * code for every n, and the check character follows machines/kit-codes.ts.
 */
function kitCodeSql(n: string): string {
  const x = `((${n})::bigint * 2654435761 + 987654321) % ${CODE_SPACE}`;
  const digit = (i: number) => `((${x}) / ${29 ** (6 - i)} % 29)`;
  const char = (value: string) => `substr('${KIT_CODE_ALPHABET}', (${value})::int + 1, 1)`;
  const sum = Array.from({ length: 7 }, (_, i) => `${8 - i} * ${digit(i)}`).join(' + ');
  const characters = Array.from({ length: 7 }, (_, i) => char(digit(i)));
  const check = char(`(29 - (${sum}) % 29) % 29`);
  return `('GUT-' || ${characters.slice(0, 4).join(' || ')} || '-' || ${characters.slice(4).join(' || ')} || ${check})`;
}

/** The Indian financial year ('26-27') of an instant, as migration 0025 computes it. */
const financialYear = (at: string) =>
  `to_char((${at} AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' - interval '3 months', 'YY') || '-' || ` +
  `to_char((${at} AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' + interval '9 months', 'YY')`;

export interface ScaleCounts {
  customers: number;
  orders: number;
  orderItems: number;
  kits: number;
  kitEvents: number;
  payments: number;
  kitCodes: number;
}

export async function isScaleSeeded(db: Queryable): Promise<boolean> {
  const [row] = await db.query(`SELECT 1 FROM users WHERE id = ${FIRST_CUSTOMER}`);
  return row !== undefined;
}

export async function scaleCounts(db: Queryable): Promise<ScaleCounts> {
  const [row] = await db.query<{ [K in keyof ScaleCounts]: number }>(`SELECT
      (SELECT count(*)::int FROM users WHERE role = 'customer') AS "customers",
      (SELECT count(*)::int FROM orders) AS "orders",
      (SELECT count(*)::int FROM order_items) AS "orderItems",
      (SELECT count(*)::int FROM kits) AS "kits",
      (SELECT count(*)::int FROM kit_events) AS "kitEvents",
      (SELECT count(*)::int FROM payments) AS "payments",
      (SELECT count(*)::int FROM kit_codes) AS "kitCodes"`);
  return row!;
}

type Log = (line: string) => void;

async function step(log: Log, what: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  log(`  ${what.padEnd(58, '.')} ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Writes the scale set into a migrated database holding the demo products and accounts. Returns false, changing
 * nothing, when the set is already there.
 */
export async function seedScale(db: Db, { customers = DEFAULT_CUSTOMERS, log = console.log as Log } = {}): Promise<boolean> {
  if (await isScaleSeeded(db)) return false;
  const orders = Math.round(customers * ORDERS_PER_CUSTOMER);
  const codes = DEMO_PRODUCTS.map((product) => product.code);

  await db.transaction(async (tx) => {
    const run = (sql: string) => tx.query(sql);
    // Row-by-row upkeep (each customer's purchases, each order's latest payment attempt) would cost one update per
    // row written; one set-based UPDATE after the load gives the same figures (checked below). The ALTERs are part of
    // the transaction, so a failure restores the triggers.
    const upkeep = await tx.query<{ tgname: string; table: string }>(
      `SELECT tgname, tgrelid::regclass::text AS table FROM pg_trigger
        WHERE NOT tgisinternal AND tgname = ANY($1) AND tgrelid = ANY(ARRAY['orders'::regclass, 'payments'::regclass])`,
      [UPKEEP_TRIGGERS],
    );
    for (const { tgname, table } of upkeep) await run(`ALTER TABLE ${table} DISABLE TRIGGER ${tgname}`);

    await step(log, 'products and the admin', async () => {
      await run(`CREATE TEMP TABLE scale_products ON COMMIT DROP AS
        SELECT (array_position(${textArray(codes)}, code) - 1) AS idx, id, code, name, price, actual_price
          FROM products WHERE code = ANY(${textArray(codes)})`);
      const [found] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM scale_products');
      if (found?.n !== codes.length) throw new Error(`The demo products are missing (${found?.n ?? 0} of ${codes.length}).`);
    });

    await step(log, `${customers.toLocaleString('en-IN')} customers`, () =>
      run(`INSERT INTO users (id, firebase_uid, email, phone, fullname, role, created_at, email_verified)
        SELECT md5('scale-user-' || n)::uuid::text,
               'scale-' || n,
               lower(replace(first, ' ', '')) || CASE ${h('n', 3)} % 3 WHEN 0 THEN '.' WHEN 1 THEN '_' ELSE '' END
                 || lower(replace(replace(last, ' ', ''), '''', '')) || n || '@' || ${pick(MAIL_DOMAINS, 'n', 4)},
               -- A distinct number for everyone: n times a unit modulo 10^9 behind a first digit of 6 to 9.
               '+91' || (6 + ${h('n', 5)} % 4) || lpad(((n::bigint * 7654321 + 13579) % 1000000000)::text, 9, '0'),
               first || ' ' || last,
               'customer',
               ${ANCHOR} - make_interval(secs => ${h('n', 6)} % (${HISTORY_DAYS} * 86400)),
               ${h('n', 7)} % 10 <> 0
          FROM (SELECT n, ${pick(FIRST_NAMES, 'n', 1)} AS first, ${pick(LAST_NAMES, 'n', 2)} AS last
                  FROM generate_series(1, ${customers}) AS n) AS people`),
    );

    await step(log, `${orders.toLocaleString('en-IN')} orders planned`, async () => {
      // Each order's customer, kits, fate and times, once, for the orders, items, payments and kits made from it.
      await run(`CREATE TEMP TABLE scale_orders ON COMMIT DROP AS
        WITH planned AS (
          SELECT o,
                 1 + ${h('o', 11)} % ${customers} AS customer,
                 ${h('o', 12)} % 1000 AS fate,
                 ${h('o', 13)} % 4 AS p1,
                 CASE WHEN ${h('o', 14)} % 100 < 17 THEN (${h('o', 13)} % 4 + 1 + ${h('o', 15)} % 3) % 4 END AS p2
            FROM generate_series(1, ${orders}) AS o
        ), timed AS (
          SELECT p.*, u.id AS user_id, u.fullname, substr(u.phone, 4) AS phone,
                 CASE WHEN p.fate >= 860 AND p.fate < 940
                      -- Waiting for payment: only the last day's orders, as older ones expire.
                      THEN greatest(u.created_at, ${ANCHOR} - make_interval(secs => ${h('p.o', 16)} % 72000))
                      ELSE u.created_at + (${ANCHOR} - u.created_at) * ${fraction('p.o', 17)} END AS created_at
            FROM planned p JOIN users u ON u.id = md5('scale-user-' || p.customer)::uuid::text
        )
        SELECT t.o, md5('scale-order-' || t.o)::uuid::text AS id, t.user_id, t.fullname, t.phone, t.p1, t.p2, t.created_at,
               CASE WHEN t.fate < 860 THEN 'paid' WHEN t.fate < 940 THEN 'pending' ELSE 'cancelled' END AS status,
               CASE WHEN t.fate < 860 THEN t.created_at + make_interval(secs => 60 + ${h('t.o', 18)} % 1800) END AS paid_at,
               CASE WHEN t.fate >= 940 THEN t.created_at + interval '1 day' END AS cancelled_at,
               CASE WHEN t.fate >= 940 THEN CASE WHEN t.fate < 980 THEN 'expired' ELSE 'customer' END END AS cancel_reason,
               a.price + coalesce(b.price, 0) AS price,
               a.actual_price + coalesce(b.actual_price, 0) AS actual_price,
               row_number() OVER (ORDER BY t.created_at, t.o) AS seq
          FROM timed t
          JOIN scale_products a ON a.idx = t.p1
          LEFT JOIN scale_products b ON b.idx = t.p2`);
      // Invoice numbers continue each financial year's series, in the order of payment, as the payment path does.
      await run(`CREATE TEMP TABLE scale_invoices ON COMMIT DROP AS
        WITH years AS (SELECT o, paid_at, ${financialYear('paid_at')} AS financial_year FROM scale_orders WHERE paid_at IS NOT NULL)
        SELECT y.o, y.financial_year,
               coalesce(s.last_serial, 0) + row_number() OVER (PARTITION BY y.financial_year ORDER BY y.paid_at, y.o) AS serial
          FROM years y LEFT JOIN document_series s ON s.kind = 'invoice' AND s.financial_year = y.financial_year`);
      await run('CREATE INDEX ON scale_invoices (o)');
      await run('ANALYZE scale_orders, scale_invoices');
    });

    await step(log, 'orders', () =>
      run(`INSERT INTO orders (id, number, user_id, idempotency_key, status, actual_price, price, ship_name, ship_phone,
                               ship_line1, ship_line2, ship_city, ship_state, ship_pincode, invoice_number, created_at,
                               paid_at, cancelled_at, cancel_reason)
        SELECT s.id, (SELECT coalesce(max(number), 0) FROM orders) + s.seq, s.user_id, 'scale-' || s.o, s.status,
               s.actual_price, s.price, s.fullname, s.phone,
               (1 + ${h('hashtext(s.user_id)', 21)} % 250) || ', ' || ${pick(STREETS, 'hashtext(s.user_id)', 22)},
               CASE WHEN ${h('hashtext(s.user_id)', 23)} % 3 = 0 THEN 'Flat ' || (100 + ${h('hashtext(s.user_id)', 24)} % 900) END,
               (${textArray(CITIES.map((c) => c[0]))})[c.idx], (${textArray(CITIES.map((c) => c[1]))})[c.idx],
               (${textArray(CITIES.map((c) => c[2]))})[c.idx] || lpad((${h('hashtext(s.user_id)', 26)} % 1000)::text, 3, '0'),
               CASE WHEN i.o IS NOT NULL THEN 'INV/' || i.financial_year || '/' || lpad(i.serial::text, 6, '0') END,
               s.created_at, s.paid_at, s.cancelled_at, s.cancel_reason
          FROM scale_orders s
          LEFT JOIN scale_invoices i ON i.o = s.o
          -- A customer's orders go to the same city.
          CROSS JOIN LATERAL (SELECT 1 + ${h('hashtext(s.user_id)', 25)} % ${CITIES.length} AS idx) AS c`),
    );
    await run(`SELECT setval('order_numbers', (SELECT max(number) FROM orders))`);
    await run(`INSERT INTO document_series (kind, financial_year, last_serial)
      SELECT 'invoice', financial_year, max(serial) FROM scale_invoices GROUP BY financial_year
      ON CONFLICT (kind, financial_year) DO UPDATE SET last_serial = GREATEST(document_series.last_serial, EXCLUDED.last_serial)`);

    await step(log, 'order items', () =>
      run(`INSERT INTO order_items (id, order_id, product_id, code, name, price, actual_price, position)
        SELECT md5('scale-item-' || s.o || '-' || line.position)::uuid::text, s.id, p.id, p.code, p.name, p.price, p.actual_price, line.position
          FROM scale_orders s
          CROSS JOIN LATERAL (VALUES (1, s.p1), (2, s.p2)) AS line(position, idx)
          JOIN scale_products p ON p.idx = line.idx`),
    );

    await step(log, 'payments', () =>
      run(`INSERT INTO payments (id, order_id, provider, gateway_order_id, gateway_payment_id, amount, status, created_at, failed_at, paid_at)
        SELECT md5('scale-payment-' || s.o)::uuid::text, s.id, 'test', 'order_scale' || s.o,
               CASE WHEN s.status = 'paid' THEN 'pay_scale' || s.o END, s.price,
               CASE WHEN s.status = 'paid' THEN 'paid' ELSE 'failed' END,
               s.created_at + interval '30 seconds',
               CASE WHEN s.status <> 'paid' THEN s.created_at + interval '2 minutes' END,
               s.paid_at
          FROM scale_orders s
         -- Paid orders, and a declined attempt on a third of the others.
         WHERE s.status = 'paid' OR ${h('s.o', 31)} % 3 = 0`),
    );

    await step(log, 'kits (one per paid item) and their codes', async () => {
      await run(`CREATE TEMP TABLE scale_kits ON COMMIT DROP AS
        WITH lines AS (
          SELECT s.o, s.user_id, s.paid_at, line.position, line.idx,
                 row_number() OVER (ORDER BY s.o, line.position) AS k,
                 extract(epoch FROM ${ANCHOR} - s.paid_at) / 86400 AS age_days
            FROM scale_orders s
            CROSS JOIN LATERAL (VALUES (1, s.p1), (2, s.p2)) AS line(position, idx)
           WHERE s.status = 'paid' AND line.idx IS NOT NULL
        ), staged AS (
          -- Older kits are further along the journey; a few stop on the way (never activated, failed at the lab).
          SELECT l.*, ${h('l.k', 41)} % 100 AS roll,
                 CASE
                   WHEN l.age_days < 2 THEN CASE WHEN ${h('l.k', 41)} % 100 < 60 THEN 'paid' ELSE 'shipped' END
                   WHEN l.age_days < 6 THEN CASE WHEN ${h('l.k', 41)} % 100 < 50 THEN 'shipped' ELSE 'delivered' END
                   WHEN l.age_days < 25 THEN (ARRAY['delivered', 'activated', 'sampleReceived'])[1 + ${h('l.k', 41)} % 3]
                   ELSE CASE WHEN ${h('l.k', 41)} % 100 < 80 THEN 'reportReady'
                             WHEN ${h('l.k', 41)} % 100 < 88 THEN 'activated'
                             WHEN ${h('l.k', 41)} % 100 < 94 THEN 'delivered'
                             WHEN ${h('l.k', 41)} % 100 < 97 THEN 'sampleReceived'
                             ELSE 'qcFailed' END
                 END AS state
            FROM lines l
        )
        SELECT st.k, md5('scale-kit-' || st.o || '-' || st.position)::uuid::text AS id, md5('scale-order-' || st.o)::uuid::text AS order_id,
               md5('scale-item-' || st.o || '-' || st.position)::uuid::text AS order_item_id, st.user_id, p.id AS product_id,
               ${kitCodeSql('st.k')} AS box_code, st.state, st.paid_at,
               CASE WHEN st.state IN ('activated', 'sampleReceived', 'reportReady', 'qcFailed')
                    THEN least(${ANCHOR}, st.paid_at + make_interval(secs => 4 * 86400 + ${h('st.k', 42)} % (6 * 86400))) END AS activated_at,
               CASE WHEN st.state = 'paid' THEN NULL
                    ELSE least(${ANCHOR}, st.paid_at + make_interval(secs => 86400 + ${h('st.k', 43)} % (20 * 86400))) END AS reached_at
          FROM staged st JOIN scale_products p ON p.idx = st.idx`);
      await run('ANALYZE scale_kits');
      // A kit entered its present state at its latest event (migration 0032).
      await run(`INSERT INTO kits (id, order_id, order_item_id, user_id, product_id, box_code, state, activated_at, created_at, state_changed_at)
        SELECT id, order_id, order_item_id, user_id, product_id, box_code, state, activated_at, paid_at, ${LAST_EVENT_AT} FROM scale_kits`);
      await run(`INSERT INTO kit_codes (code, product_id, kit_id, created_at) SELECT box_code, product_id, id, paid_at FROM scale_kits`);
    });

    await step(log, 'kit events (paid, then where each kit is)', () =>
      run(`INSERT INTO kit_events (id, kit_id, state, at)
        SELECT md5('scale-event-' || k.k || '-' || e.n)::uuid::text, k.id, e.state, e.at
          FROM scale_kits k
          CROSS JOIN LATERAL (VALUES (1, 'paid', k.paid_at), (2, k.state, ${LAST_EVENT_AT})) AS e(n, state, at)
         WHERE e.n = 1 OR k.state <> 'paid'
         ORDER BY k.k, e.n`),
    );

    await step(log, `${BATCHES} batches of ${BATCH_SIZE} free codes`, async () => {
      await run(`INSERT INTO kit_batches (id, product_id, size, created_by, note, created_at)
        SELECT md5('scale-batch-' || b)::uuid::text, p.id, ${BATCH_SIZE},
               (SELECT id FROM users WHERE email = 'admin@demo.test'),
               ${pick(['Camp at a clinic', 'Corporate wellness day', 'Pharmacy counter', 'Health fair'], 'b', 51)},
               ${ANCHOR} - make_interval(days => ${BATCHES} * 7 - b * 7)
          FROM generate_series(1, ${BATCHES}) AS b JOIN scale_products p ON p.idx = b % 4
         ORDER BY b`);
      await run(`INSERT INTO kit_codes (code, batch_id, product_id, created_at)
        SELECT ${kitCodeSql(`${BATCH_CODES_FROM} + (b - 1) * ${BATCH_SIZE} + c`)}, md5('scale-batch-' || b)::uuid::text, p.id,
               ${ANCHOR} - make_interval(days => ${BATCHES} * 7 - b * 7)
          FROM generate_series(1, ${BATCHES}) AS b
          CROSS JOIN generate_series(1, ${BATCH_SIZE}) AS c
          JOIN scale_products p ON p.idx = b % 4`);
    });

    // The planner knows nothing yet of the rows written in this transaction: without statistics it would read the
    // new tables once per customer.
    await step(log, 'statistics for the update (ANALYZE)', () => run('ANALYZE users, orders, order_items, kits'));
    await step(log, "each customer's purchases, in one update", () =>
      run(`UPDATE users u SET paid_orders = s.paid_orders, last_paid_at = s.last_paid_at, products_bought = s.products_bought
        FROM (
          -- Every paid order has at least one item, so the join loses no order.
          SELECT o.user_id, count(DISTINCT o.id)::int AS paid_orders, max(o.paid_at) AS last_paid_at,
                 array_agg(DISTINCT i.code ORDER BY i.code) AS products_bought
            FROM orders o JOIN order_items i ON i.order_id = o.id
           WHERE o.status = 'paid'
           GROUP BY o.user_id
        ) s
        WHERE u.id = s.user_id
          AND (u.paid_orders, u.last_paid_at, u.products_bought) IS DISTINCT FROM (s.paid_orders, s.last_paid_at, s.products_bought)`),
    );
    if (upkeep.some((trigger) => trigger.tgname === 'payments_note_attempt')) {
      await step(log, "each order's declined payment, in one update", () =>
        run(`UPDATE orders o SET payment_failed = true
               FROM (SELECT DISTINCT ON (p.order_id) p.order_id, p.status FROM payments p ORDER BY p.order_id, p.created_at DESC, p.id DESC) latest
              WHERE latest.order_id = o.id AND latest.status = 'failed' AND NOT o.payment_failed`),
      );
    }
    for (const { tgname, table } of upkeep) await run(`ALTER TABLE ${table} ENABLE TRIGGER ${tgname}`);

    // The trigger's own figures for a sample of customers must be those of the update.
    const [differing] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n
      FROM users u
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS paid_orders, max(o.paid_at) AS last_paid_at,
               coalesce((SELECT array_agg(DISTINCT i.code ORDER BY i.code) FROM order_items i JOIN orders po ON po.id = i.order_id
                          WHERE po.user_id = u.id AND po.status = 'paid'), '{}') AS products_bought
          FROM orders o WHERE o.user_id = u.id AND o.status = 'paid'
      ) s
      WHERE u.id IN (SELECT md5('scale-user-' || (1 + n * 97 % ${customers}))::uuid::text FROM generate_series(1, 1000) AS n)
        AND (u.paid_orders, u.last_paid_at, u.products_bought) IS DISTINCT FROM (s.paid_orders, s.last_paid_at, s.products_bought)`);
    if (differing?.n !== 0) throw new Error(`${differing?.n} of 1,000 sampled customers have purchase figures that differ from their orders.`);

    const sample = await tx.query<{ code: string }>(`SELECT code FROM kit_codes ORDER BY code LIMIT 2000`);
    const malformed = sample.filter((row) => !parseKitCode(row.code).ok);
    if (malformed.length > 0) throw new Error(`Malformed kit codes, e.g. ${malformed[0]!.code}.`);
  });

  // Every customer's row was written twice (inserted, then its purchases): rewritten once, the table holds no dead
  // half, as a table whose space autovacuum reuses day after day would not.
  await step(log, 'customers compacted (VACUUM FULL users)', () => db.exec('VACUUM FULL users'));
  await step(log, 'statistics for the planner (VACUUM ANALYZE)', () => db.exec('VACUUM ANALYZE'));
  return true;
}

/** The database the server would use: DATABASE_URL, or the embedded one in PGLITE_DATA_DIR. */
export function databaseFromEnv(env = process.env) {
  return { databaseUrl: env.DATABASE_URL?.trim() || undefined, pgliteDataDir: env.PGLITE_DATA_DIR?.trim() || '.data/pglite' };
}

async function main(): Promise<void> {
  const customersArg = process.argv.find((arg) => arg.startsWith('--customers='))?.split('=')[1];
  const customers = customersArg ? Number(customersArg) : DEFAULT_CUSTOMERS;
  if (!Number.isInteger(customers) || customers < 100) throw new Error(`--customers must be a whole number of at least 100, got "${customersArg}".`);
  const target = databaseFromEnv();
  const db = await openDb(target);
  try {
    const where = target.databaseUrl ? target.databaseUrl.replace(/\/\/[^@/]*@/, '//') : `PGlite in ${target.pgliteDataDir}`;
    console.log(`Scale data set in ${where}`);
    const started = performance.now();
    await migrate(db);
    await seedDemoData(db, null);
    const made = await seedScale(db, { customers });
    const counts = await scaleCounts(db);
    if (!made) console.log('The scale data set is already there; nothing was changed.');
    else console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    console.log(Object.entries(counts).map(([what, n]) => `  ${what}: ${n.toLocaleString('en-IN')}`).join('\n'));
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
