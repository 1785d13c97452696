import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { create as createQrCode } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKitCode } from '../../machines/kit-codes';
import { expectContract, expectContractFile } from './contract';
import { codesOf, createBatch, onboard, onboardingRequest, sessionOfUser, type KitBatch } from './kit-batches-fixtures';
import { newCustomer, paidCustomer, productIds, type Customer } from './orders-fixtures';
import { openDb } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { backends, createTestSchema, startTestApp, type TestApp } from './setup/app';

const SITE = 'https://shop.example.test';
const STANDARD_FONTS = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

/** The text of each page of a PDF, its items joined by spaces. */
async function pdfPages(pdf: Buffer, only?: (page: number, pages: number) => boolean): Promise<{ pages: number; text: Map<number, string> }> {
  // The labels use PDF's standard fonts (Courier, Helvetica), which pdf.js reads from its own copies.
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS }).promise;
  const text = new Map<number, string>();
  for (let number = 1; number <= document.numPages; number += 1) {
    if (only && !only(number, document.numPages)) continue;
    const content = await (await document.getPage(number)).getTextContent();
    text.set(number, content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, text };
}

/**
 * The QR codes drawn on each page, in drawing order, as matrices of dark modules. The labels draw each QR code as
 * one filled path of rectangles (a row's run of dark modules each), which pdf.js hands over as move, line and close
 * steps.
 */
async function qrMatrices(pdf: Buffer): Promise<boolean[][][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS }).promise;
  const matrices: boolean[][][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const operators = await (await document.getPage(number)).getOperatorList();
    operators.fnArray.forEach((fn, index) => {
      if (fn !== OPS.constructPath) return;
      const [, [path]] = operators.argsArray[index] as [number, [ArrayLike<number>]];
      const rects: Array<{ x: number; y: number; w: number; h: number }> = [];
      // Each rectangle: move (0) x y, line (1) ×3, close (4).
      for (let i = 0; i + 13 <= path.length; i += 13) {
        rects.push({ x: path[i + 1]!, y: path[i + 2]!, w: path[i + 4]! - path[i + 1]!, h: path[i + 8]! - path[i + 2]! });
      }
      const module = rects[0]!.h - 0.05;
      const left = Math.min(...rects.map((rect) => rect.x));
      const top = Math.min(...rects.map((rect) => rect.y));
      const size = Math.round((Math.max(...rects.map((rect) => rect.x + rect.w)) - left) / module);
      const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
      for (const rect of rects) {
        const row = Math.round((rect.y - top) / module);
        const start = Math.round((rect.x - left) / module);
        for (let column = start; column < start + Math.round((rect.w - 0.05) / module); column += 1) matrix[row]![column] = true;
      }
      matrices.push(matrix);
    });
  }
  await document.destroy();
  return matrices;
}

/** The QR code of `text` as the labels encode it. */
function qrMatrix(text: string): boolean[][] {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))));
}

function csvRows(body: string): string[][] {
  return body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe.each(backends)('kit batches on %s', (backend) => {
  let testApp: TestApp;
  let admin: Customer;
  let products: Record<string, { id: string; price: number }>;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { publicSiteUrl: SITE });
    admin = await newCustomer(app(), 'admin');
    products = await productIds(app());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const gut360 = () => products['PROD-G360']!.id;
  const list = async (query = '') =>
    expectContract<{ items: KitBatch[]; total: number }>(
      await app().inject({ method: 'GET', url: `/api/admin/kit-batches${query}`, headers: admin.auth }),
      'listKitBatches',
      200,
    );

  it('is for admins only', async () => {
    const customer = await newCustomer(app());
    const doctor = await newCustomer(app(), 'doctor');
    const create = (headers: Record<string, string>) =>
      app().inject({ method: 'POST', url: '/api/admin/kit-batches', headers, payload: { productId: gut360(), size: 1 } });
    expectContract(await create({}), 'createKitBatch', 401);
    expectContract(await create(customer.auth), 'createKitBatch', 403);
    expectContract(await create(doctor.auth), 'createKitBatch', 403);
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/kit-batches', headers: customer.auth }), 'listKitBatches', 403);
    const batch = await createBatch(app(), admin, gut360(), 1);
    for (const file of ['codes.csv', 'labels.pdf']) {
      const operation = file === 'codes.csv' ? 'getKitBatchCodesCsv' : 'getKitBatchLabels';
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${batch._id}/${file}` }), operation, 401);
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${batch._id}/${file}`, headers: customer.auth }), operation, 403);
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/kit-batches/no-such-batch/${file}`, headers: admin.auth }), operation, 404);
    }
  });

  it('issues one code with a check character, and refuses 0, 5,001, a fraction, unknown fields, an unknown product and pages over 100', async () => {
    const batch = await createBatch(app(), admin, gut360(), 1, 'Apollo Clinic, Indiranagar');
    expect(batch).toMatchObject({ size: 1, note: 'Apollo Clinic, Indiranagar', counts: { free: 1, assigned: 0, activated: 0, closed: 0 } });
    expect(batch.product.code).toBe('PROD-G360');
    const [code] = await codesOf(app(), batch._id);
    expect(parseKitCode(code!)).toEqual({ ok: true, code });

    const create = (payload: Record<string, unknown>) => app().inject({ method: 'POST', url: '/api/admin/kit-batches', headers: admin.auth, payload });
    for (const size of [0, 5_001, 2.5, -1]) expectContract(await create({ productId: gut360(), size }), 'createKitBatch', 400);
    expectContract(await create({ productId: gut360(), size: 1, extra: true }), 'createKitBatch', 400);
    expectContract(await create({ productId: 'no-such-product', size: 1 }), 'createKitBatch', 404);
    for (const query of ['?limit=101', '?limit=0', '?offset=-1', '?limit=ten']) {
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/kit-batches${query}`, headers: admin.auth }), 'listKitBatches', 400);
    }
  });

  it('issues 5,000 unique codes at once, lists them as CSV and prints them on 239 A4 pages of labels', async () => {
    const started = performance.now();
    const batch = await createBatch(app(), admin, gut360(), 5_000);
    const issueMs = performance.now() - started;
    expect(batch.counts).toEqual({ free: 5_000, assigned: 0, activated: 0, closed: 0 });
    const codes = await codesOf(app(), batch._id);
    expect(codes).toHaveLength(5_000);
    expect(new Set(codes).size).toBe(5_000);
    for (const code of codes) expect(parseKitCode(code).ok, code).toBe(true);
    const [registry] = await app().db.query<{ codes: number; distinct: number }>('SELECT count(*)::int AS codes, count(DISTINCT code)::int AS distinct FROM kit_codes');
    expect(registry!.distinct).toBe(registry!.codes);

    const csv = await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${batch._id}/codes.csv`, headers: admin.auth });
    expectContractFile(csv, 'getKitBatchCodesCsv', 200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="kit-batch-${batch.number}-PROD-G360.csv"`);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['code', 'product', 'activation_url', 'status']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(codes);
    expect(rows[1]).toEqual([codes[0], 'Gut 360', `${SITE}/user/dashboard?code=${codes[0]}`, 'free']);

    const pdfStarted = performance.now();
    const labels = await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${batch._id}/labels.pdf`, headers: admin.auth });
    const pdfMs = performance.now() - pdfStarted;
    const pdf = expectContractFile(labels, 'getKitBatchLabels', 200);
    const { pages, text } = await pdfPages(pdf, (page, count) => page === 1 || page === count);
    expect(pages).toBe(Math.ceil(5_000 / 21));
    for (const code of codes.slice(0, 21)) expect(text.get(1)).toContain(code);
    for (const code of codes.slice(21 * (pages - 1))) expect(text.get(pages)).toContain(code);
    console.info(`5,000 codes issued in ${Math.round(issueMs)} ms on ${backend}; labels PDF ${(pdf.length / 1_048_576).toFixed(1)} MB in ${Math.round(pdfMs)} ms`);
  });

  it('prints each code with its product and a QR code, as many labels as codes, 21 to a page', async () => {
    const batch = await createBatch(app(), admin, products['PROD-G3G-LITE']!.id, 25);
    const codes = await codesOf(app(), batch._id);
    const pdf = expectContractFile(
      await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${batch._id}/labels.pdf`, headers: admin.auth }),
      'getKitBatchLabels',
      200,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfPages(pdf);
    expect(pages).toBe(2);
    const all = [...text.values()].join(' ');
    for (const code of codes) expect(all).toContain(code);
    expect(all.match(/Gut Start/g)).toHaveLength(25);
    // Each label's QR code opens the dashboard with its own code filled in.
    const drawn = await qrMatrices(pdf);
    expect(drawn).toHaveLength(25);
    drawn.forEach((matrix, index) => expect(matrix, codes[index]).toEqual(qrMatrix(`${SITE}/user/dashboard?code=${codes[index]}`)));
  });

  it('pages the list newest first and counts free, assigned and activated codes after an onboarding and an activation', async () => {
    const first = await createBatch(app(), admin, gut360(), 3);
    const second = await createBatch(app(), admin, gut360(), 2);
    const page = await list('?limit=1');
    expect(page.items.map((batch) => batch._id)).toEqual([second._id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await list('?limit=1&offset=1')).items.map((batch) => batch._id)).toEqual([first._id]);

    const [given, alsoGiven, unsold] = await codesOf(app(), first._id);
    const onboarded = expectContract<{ onboarding: { customer: { _id: string } } }>(
      await onboard(app(), admin, onboardingRequest(gut360(), given!, { payment: { method: 'cash', amount: products['PROD-G360']!.price } })),
      'onboardOfflineCustomer',
      201,
    ).onboarding;
    await onboard(app(), admin, onboardingRequest(gut360(), alsoGiven!));
    const counted = (await list()).items.find((batch) => batch._id === first._id)!;
    expect(counted.counts).toEqual({ free: 1, assigned: 2, activated: 0, closed: 0 });

    const person = await sessionOfUser(app(), onboarded.customer._id);
    const activate = (code: string) => app().inject({ method: 'POST', url: '/api/kits/activate', headers: person.auth, payload: { code } });
    const mistyped = `${given!.slice(0, -1)}${given!.endsWith('A') ? 'B' : 'A'}`;
    const refused = expectContract<{ code: string; message: string }>(await activate(mistyped), 'activateKit', 400);
    expect(refused).toMatchObject({ code: 'KIT_CODE_MISTYPED', message: expect.stringMatching(/typing mistake.*card/) });
    expect(expectContract<{ code: string }>(await activate('GUT-ABCD-EFG5'), 'activateKit', 400).code).toBe('KIT_CODE_MISTYPED');
    // A code of the batch no kit was sold with is unknown: it activates nothing until a kit is registered with it.
    expect(expectContract<{ code: string }>(await activate(unsold!), 'activateKit', 404).code).toBe('KIT_CODE_UNKNOWN');

    const activated = expectContract<{ kit: { state: string; code: string } }>(await activate(given!.toLowerCase().replace(/-/g, ' ')), 'activateKit', 200).kit;
    expect(activated).toMatchObject({ state: 'activated', code: 'PROD-G360' });
    expect((await list()).items.find((batch) => batch._id === first._id)!.counts).toEqual({ free: 1, assigned: 1, activated: 1, closed: 0 });

    const csv = await app().inject({ method: 'GET', url: `/api/admin/kit-batches/${first._id}/codes.csv`, headers: admin.auth });
    const statuses = Object.fromEntries(csvRows(csv.body).slice(1).map((row) => [row[0], row[3]]));
    expect(statuses[given!]).toBe('activated');
    expect(statuses[alsoGiven!]).toBe('assigned');

    const audit = await app().db.query<{ action: string; entity_id: string; actor_user_id: string; actor_ip: string }>(
      `SELECT action, entity_id, actor_user_id, actor_ip FROM audit_log WHERE entity = 'kit_batch' AND entity_id = $1 ORDER BY id`,
      [first._id],
    );
    expect(audit.map((row) => row.action)).toEqual(['kit_batch.created', 'kit_batch.downloaded']);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.userId, actor_ip: '127.0.0.1' });
  });

  it('gives the kits of online orders codes with check characters from the same registry', async () => {
    const { customer } = await paidCustomer(app(), ['PROD-G360']);
    const [kit] = await app().db.query<{ id: string; box_code: string }>('SELECT id, box_code FROM kits WHERE user_id = $1', [customer.userId]);
    expect(parseKitCode(kit!.box_code).ok).toBe(true);
    const [registered] = await app().db.query<{ kit_id: string; batch_id: string | null; legacy: boolean }>(
      'SELECT kit_id, batch_id, legacy FROM kit_codes WHERE code = $1',
      [kit!.box_code],
    );
    expect(registered).toEqual({ kit_id: kit!.id, batch_id: null, legacy: false });
  });

  it('still activates a kit whose code was printed before check characters, exactly as stored', async () => {
    const { customer } = await paidCustomer(app(), ['PROD-G360']);
    const [kit] = await app().db.query<{ id: string; box_code: string }>('SELECT id, box_code FROM kits WHERE user_id = $1', [customer.userId]);
    // An old code holds characters of the old alphabet (S, 5) and no check character.
    const legacy = 'GUT-S5AB-CDEF';
    expect(parseKitCode(legacy)).toEqual({ ok: false, reason: 'format' });
    await app().db.query('DELETE FROM kit_codes WHERE code = $1', [kit!.box_code]);
    await app().db.query('UPDATE kits SET box_code = $2 WHERE id = $1', [kit!.id, legacy]);
    await app().db.query('INSERT INTO kit_codes (code, product_id, kit_id, legacy) VALUES ($1, $2, $3, true)', [legacy, gut360(), kit!.id]);
    const response = await app().inject({
      method: 'POST',
      url: '/api/kits/activate',
      headers: customer.auth,
      payload: { code: legacy.toLowerCase().replace(/-/g, '') },
    });
    expect(expectContract<{ kit: { state: string } }>(response, 'activateKit', 200).kit.state).toBe('activated');
  });
});

describe.each(backends)('the kit code registry migration on %s', (backend) => {
  it('registers the codes of kits made before it as legacy codes, each on its kit', async () => {
    const schema = backend === 'postgres' ? await createTestSchema() : undefined;
    const db = await openDb(schema ? { databaseUrl: schema.databaseUrl, pgliteDataDir: '' } : { databaseUrl: undefined, pgliteDataDir: 'memory://' });
    try {
      await migrate(db, { through: '0027_order_expiry.sql' });
      const [user] = await db.query<{ id: string }>(`INSERT INTO users (email, fullname) VALUES ('old@example.test', 'Old Buyer') RETURNING id`);
      const [product] = await db.query<{ id: string }>(
        `INSERT INTO products (code, name, slug, price, actual_price) VALUES ('PROD-OLD', 'Old Kit', 'old-kit', 100, 100) RETURNING id`,
      );
      const [order] = await db.query<{ id: string }>(
        `INSERT INTO orders (user_id, idempotency_key, status, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_pincode)
         VALUES ($1, 'key-old-0000', 'paid', 100, 100, 'Old Buyer', '9876543210', '1 Road', 'Bengaluru', 'Karnataka', '560001') RETURNING id`,
        [user!.id],
      );
      const kits: string[] = [];
      for (const [position, code] of ['GUT-S5AB-CDEF', 'GUT-AAAA-AAAA'].entries()) {
        const [item] = await db.query<{ id: string }>(
          `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) VALUES ($1, $2, 'PROD-OLD', 'Old Kit', 100, 100, $3) RETURNING id`,
          [order!.id, product!.id, position],
        );
        const [kit] = await db.query<{ id: string }>(
          `INSERT INTO kits (order_id, order_item_id, user_id, product_id, box_code, state) VALUES ($1, $2, $3, $4, $5, 'delivered') RETURNING id`,
          [order!.id, item!.id, user!.id, product!.id, code],
        );
        kits.push(kit!.id);
      }
      await migrate(db);
      const registry = await db.query('SELECT code, batch_id, product_id, kit_id, legacy FROM kit_codes ORDER BY code');
      expect(registry).toEqual([
        { code: 'GUT-AAAA-AAAA', batch_id: null, product_id: product!.id, kit_id: kits[1], legacy: true },
        { code: 'GUT-S5AB-CDEF', batch_id: null, product_id: product!.id, kit_id: kits[0], legacy: true },
      ]);
      // A payment at the counter names its method; a gateway's does not.
      const insertPayment = (provider: string, method: string | null) =>
        db.query(`INSERT INTO payments (order_id, provider, method, gateway_order_id, amount) VALUES ($1, $2, $3, $4, 100)`, [order!.id, provider, method, randomUUID()]);
      await insertPayment('offline', 'cash');
      await expect(insertPayment('offline', null)).rejects.toThrow();
      await expect(insertPayment('razorpay', 'upi')).rejects.toThrow();
      await expect(insertPayment('offline', 'cheque')).rejects.toThrow();
    } finally {
      await db.close();
      await schema?.drop();
    }
  });
});
