/**
 * Coupons run by admins: every rule with its field message, the history a used coupon keeps, the audit log, and the
 * same rules applied by the cart and re-checked when the order is placed (first orders, kits a coupon is limited to,
 * per-person and total limits), with each kit's own discount reaching the GST invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { indianDayOf } from '../../server/routes/admin-coupons/queries';
import { invoiceOf } from '../../server/services/invoice/pdf';
import { invoiceOrder, orderBody, orderById } from '../../server/routes/orders/queries';
import { expectContract } from './contract';
import {
  addToCart,
  applyCoupon,
  newCustomer,
  paidCustomer,
  placeOrder,
  productIds,
  saveAddress,
  type Customer,
  type OrderBody,
} from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type AdminCoupon = components['schemas']['AdminCoupon'];
type CartResponse = components['schemas']['CartResponse'];
type ErrorBody = { message: string; code?: string; fields?: Record<string, string> };
type CouponList = { items: AdminCoupon[]; total: number };

const DAY_MS = 24 * 60 * 60_000;
const today = () => indianDayOf(new Date());
const dayFromToday = (days: number) => indianDayOf(new Date(Date.now() + days * DAY_MS));

let serial = 0;
/** A code of its own for each coupon, so the tests do not depend on one another. */
const freshCode = (stem: string) => `${stem}${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;

describe.each(backends)('coupon administration on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let products: Record<string, { id: string; price: number }>;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    products = await productIds(app());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const create = (payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'POST', url: '/api/admin/coupons', headers: who.auth, payload });
  const update = (id: string, payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'PATCH', url: `/api/admin/coupons/${id}`, headers: who.auth, payload });
  const made = async (payload: Record<string, unknown>) =>
    expectContract<{ coupon: AdminCoupon }>(await create({ perPersonLimit: 1, percentage: 10, ...payload }), 'createAdminCoupon', 201).coupon;
  const list = async (query = '') =>
    expectContract<CouponList>(await app().inject({ method: 'GET', url: `/api/admin/coupons${query}`, headers: admin.auth }), 'listAdminCoupons', 200);
  const audit = (id: string) =>
    app().db.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_user_id: string }>(
      `SELECT action, before, after, actor_user_id FROM audit_log WHERE entity = 'coupon' AND entity_id = $1 ORDER BY id`,
      [id],
    );
  const cartOf = async (customer: Customer) =>
    expectContract<CartResponse>(await app().inject({ method: 'GET', url: '/api/cart', headers: customer.auth }), 'getCart', 200);

  async function customerWith(...codes: string[]): Promise<Customer> {
    const customer = await newCustomer(app());
    for (const code of codes) await addToCart(app(), customer, products[code]!.id);
    return customer;
  }

  describe('who may', () => {
    it('answers 401 without a session and 403 to anyone but an admin, on every operation', async () => {
      const coupon = await made({ code: freshCode('GUARD') });
      const customer = await newCustomer(app());
      const doctor = await newCustomer(app(), 'doctor');
      const calls = [
        { method: 'GET', url: '/api/admin/coupons', op: 'listAdminCoupons' },
        { method: 'POST', url: '/api/admin/coupons', op: 'createAdminCoupon', payload: { code: 'NOPE1', percentage: 5, perPersonLimit: 1 } },
        { method: 'GET', url: `/api/admin/coupons/${coupon._id}`, op: 'getAdminCoupon' },
        { method: 'PATCH', url: `/api/admin/coupons/${coupon._id}`, op: 'updateAdminCoupon', payload: { note: 'x' } },
        { method: 'POST', url: `/api/admin/coupons/${coupon._id}/end`, op: 'endAdminCoupon' },
        { method: 'DELETE', url: `/api/admin/coupons/${coupon._id}`, op: 'deleteAdminCoupon' },
      ] as const;
      for (const call of calls) {
        const base = { method: call.method, url: call.url, ...('payload' in call ? { payload: call.payload } : {}) };
        expectContract(await app().inject(base), call.op, 401);
        expectContract(await app().inject({ ...base, headers: customer.auth }), call.op, 403);
        expectContract(await app().inject({ ...base, headers: doctor.auth }), call.op, 403);
      }
      // Nothing changed.
      const after = expectContract<{ coupon: AdminCoupon }>(
        await app().inject({ method: 'GET', url: `/api/admin/coupons/${coupon._id}`, headers: admin.auth }),
        'getAdminCoupon',
        200,
      ).coupon;
      expect(after).toMatchObject({ status: 'active', note: '' });
    });
  });

  describe('making and changing a coupon', () => {
    it('keeps the code trimmed and upper-cased, the dates as days in India, and writes coupon.created', async () => {
      const code = freshCode('SPRING');
      const coupon = await made({
        code: `  ${code.toLowerCase()} `,
        percentage: 15,
        validFrom: today(),
        validUntil: dayFromToday(30),
        totalLimit: 50,
        perPersonLimit: 2,
        productIds: [products['PROD-G360']!.id],
        firstOrderOnly: true,
        note: 'Spring campaign',
      });
      expect(coupon).toMatchObject({
        code,
        percentage: 15,
        validFrom: today(),
        validUntil: dayFromToday(30),
        totalLimit: 50,
        perPersonLimit: 2,
        firstOrderOnly: true,
        active: true,
        note: 'Spring campaign',
        redemptions: 0,
        status: 'active',
        products: [{ _id: products['PROD-G360']!.id, code: 'PROD-G360', name: 'Gut 360' }],
      });
      // 00:00 in India on the first day, the end of the last day in India.
      expect(coupon.startsAt).toBe(new Date(`${today()}T00:00:00+05:30`).toISOString());
      expect(coupon.endsAt).toBe(new Date(new Date(`${dayFromToday(30)}T00:00:00+05:30`).getTime() + DAY_MS).toISOString());
      const rows = await audit(coupon._id);
      expect(rows.map((row) => row.action)).toEqual(['coupon.created']);
      expect(rows[0]).toMatchObject({ actor_user_id: admin.userId, before: null, after: { code, percentage: 15, products: ['PROD-G360'] } });
    });

    it('refuses percentages of 0, 101 and 1.5 with a message at the field', async () => {
      for (const percentage of [0, 101, 1.5, -5]) {
        const body = expectContract<ErrorBody>(await create({ code: freshCode('PCT'), percentage, perPersonLimit: 1 }), 'createAdminCoupon', 400);
        expect(body.fields?.percentage, `percentage ${percentage}`).toBeTruthy();
      }
      const coupon = await made({ code: freshCode('PCTOK') });
      const body = expectContract<ErrorBody>(await update(coupon._id, { percentage: 0 }), 'updateAdminCoupon', 400);
      expect(body.fields?.percentage).toBeTruthy();
    });

    it('refuses an end before the start, limits below 1, a malformed code and unknown kits, each at its field', async () => {
      const wrongOrder = expectContract<ErrorBody>(
        await create({ code: freshCode('DATES'), percentage: 10, perPersonLimit: 1, validFrom: dayFromToday(5), validUntil: dayFromToday(2) }),
        'createAdminCoupon',
        400,
      );
      expect(wrongOrder.fields).toEqual({ validUntil: 'must not be before the start date' });
      // One day is a valid window: it starts and ends the same day.
      await made({ code: freshCode('ONEDAY'), validFrom: dayFromToday(3), validUntil: dayFromToday(3) });

      expect(expectContract<ErrorBody>(await create({ code: freshCode('LIM'), percentage: 10, perPersonLimit: 0 }), 'createAdminCoupon', 400).fields?.perPersonLimit).toBeTruthy();
      expect(expectContract<ErrorBody>(await create({ code: freshCode('LIM'), percentage: 10, perPersonLimit: 1, totalLimit: 0 }), 'createAdminCoupon', 400).fields?.totalLimit).toBeTruthy();
      for (const code of ['AB', '-LEADINGDASH', 'WITH SPACE', 'ÜMLAUT', 'X'.repeat(31)]) {
        const body = expectContract<ErrorBody>(await create({ code, percentage: 10, perPersonLimit: 1 }), 'createAdminCoupon', 400);
        expect(body.fields?.code, code).toBeTruthy();
      }
      const unknownKit = expectContract<ErrorBody>(
        await create({ code: freshCode('KIT'), percentage: 10, perPersonLimit: 1, productIds: ['no-such-product'] }),
        'createAdminCoupon',
        400,
      );
      expect(unknownKit.fields?.productIds).toBeTruthy();
      expectContract(await create({ code: freshCode('EXTRA'), percentage: 10, perPersonLimit: 1, discount: 5 }), 'createAdminCoupon', 400);
      expectContract(await create({ code: freshCode('DAY'), percentage: 10, perPersonLimit: 1, validFrom: '2026-02-30' }), 'createAdminCoupon', 400);
    });

    it('refuses a code that exists in another case with 409 at the code, on making and on renaming', async () => {
      const code = freshCode('DUP');
      const first = await made({ code });
      const again = expectContract<ErrorBody>(await create({ code: code.toLowerCase(), percentage: 20, perPersonLimit: 1 }), 'createAdminCoupon', 409);
      expect(again).toMatchObject({ code: 'COUPON_CODE_TAKEN' });
      expect(again.fields?.code).toContain(code);
      const other = await made({ code: freshCode('OTHER') });
      expectContract(await update(other._id, { code: ` ${code.toLowerCase()}` }), 'updateAdminCoupon', 409);
      expect((await list(`?q=${code}`)).items.map((coupon) => coupon._id)).toEqual([first._id]);
      // The seeded WELCOME10, whatever the case.
      expectContract(await create({ code: 'welcome10', percentage: 5, perPersonLimit: 1 }), 'createAdminCoupon', 409);
    });

    it('changes what a coupon without redemptions has, with coupon.updated before and after', async () => {
      const coupon = await made({ code: freshCode('EDIT') });
      const renamed = freshCode('EDITED');
      const changed = expectContract<{ coupon: AdminCoupon }>(
        await update(coupon._id, { code: renamed, percentage: 25, productIds: [products['PROD-GSENS']!.id], note: 'Sens only' }),
        'updateAdminCoupon',
        200,
      ).coupon;
      expect(changed).toMatchObject({ code: renamed, percentage: 25, note: 'Sens only', products: [{ code: 'PROD-GSENS' }] });
      const rows = await audit(coupon._id);
      expect(rows.map((row) => row.action)).toEqual(['coupon.created', 'coupon.updated']);
      expect(rows[1]?.before).toMatchObject({ code: coupon.code, percentage: 10, products: [] });
      expect(rows[1]?.after).toMatchObject({ code: renamed, percentage: 25, products: ['PROD-GSENS'] });

      const off = expectContract<{ coupon: AdminCoupon }>(await update(coupon._id, { active: false }), 'updateAdminCoupon', 200).coupon;
      expect(off.status).toBe('inactive');
      expect((await audit(coupon._id)).at(-1)?.action).toBe('coupon.deactivated');
      expectContract(await update(coupon._id, {}), 'updateAdminCoupon', 400);
      expectContract(await update('no-such-coupon', { note: 'x' }), 'updateAdminCoupon', 404);
    });

    it('lists with status, search, sort and pages, and refuses what it does not know with 400', async () => {
      const stem = freshCode('LST');
      const running = await made({ code: `${stem}A`, percentage: 30 });
      const scheduled = await made({ code: `${stem}B`, percentage: 20, validFrom: dayFromToday(10) });
      const off = await made({ code: `${stem}C`, percentage: 10, active: false });
      const ended = await made({ code: `${stem}D`, percentage: 40 });
      expectContract(await app().inject({ method: 'POST', url: `/api/admin/coupons/${ended._id}/end`, headers: admin.auth }), 'endAdminCoupon', 200);

      const mine = await list(`?q=${stem.toLowerCase()}&sort=code`);
      expect(mine.total).toBe(4);
      expect(mine.items.map((coupon) => [coupon.code, coupon.status])).toEqual([
        [running.code, 'active'],
        [scheduled.code, 'scheduled'],
        [off.code, 'inactive'],
        [ended.code, 'ended'],
      ]);
      expect((await list(`?q=${stem}&sort=-percentage`)).items.map((coupon) => coupon.percentage)).toEqual([40, 30, 20, 10]);
      for (const status of ['active', 'scheduled', 'inactive', 'ended'] as const) {
        const page = await list(`?q=${stem}&status=${status}`);
        expect(page.items.map((coupon) => coupon.status)).toEqual([status]);
      }
      const first = await list(`?q=${stem}&sort=code&limit=3`);
      const second = await list(`?q=${stem}&sort=code&limit=3&offset=3`);
      expect([...first.items, ...second.items].map((coupon) => coupon.code)).toEqual(mine.items.map((coupon) => coupon.code));
      for (const query of ['?sort=secret', '?limit=101', '?status=expired', '?offset=-1']) {
        expectContract(await app().inject({ method: 'GET', url: `/api/admin/coupons${query}`, headers: admin.auth }), 'listAdminCoupons', 400);
      }
    });

    it('ends a coupon now (coupon.ended): a cart holding it loses its discount, and the order is refused', async () => {
      const coupon = await made({ code: freshCode('ENDME') });
      const customer = await customerWith('PROD-G360');
      expectContract(await applyCoupon(app(), customer, coupon.code), 'applyCartCoupon', 200);
      await saveAddress(app(), customer);
      const ended = expectContract<{ coupon: AdminCoupon }>(
        await app().inject({ method: 'POST', url: `/api/admin/coupons/${coupon._id}/end`, headers: admin.auth }),
        'endAdminCoupon',
        200,
      ).coupon;
      expect(ended).toMatchObject({ status: 'ended', validUntil: today(), active: true });
      expect((await cartOf(customer)).cart).toMatchObject({ coupon: null, discount: 0 });
      expect(expectContract<ErrorBody>(await placeOrder(app(), customer), 'createOrder', 409).code).toBe('COUPON_EXPIRED');
      expect(expectContract<ErrorBody>(await applyCoupon(app(), customer, coupon.code), 'applyCartCoupon', 409).code).toBe('COUPON_EXPIRED');
      expect((await audit(coupon._id)).map((row) => row.action)).toEqual(['coupon.created', 'coupon.ended']);
      expectContract(await app().inject({ method: 'POST', url: `/api/admin/coupons/${coupon._id}/end`, headers: admin.auth }), 'endAdminCoupon', 409);

      // A coupon still to start is switched off instead.
      const later = await made({ code: freshCode('LATER'), validFrom: dayFromToday(7) });
      const stopped = expectContract<{ coupon: AdminCoupon }>(
        await app().inject({ method: 'POST', url: `/api/admin/coupons/${later._id}/end`, headers: admin.auth }),
        'endAdminCoupon',
        200,
      ).coupon;
      expect(stopped).toMatchObject({ status: 'inactive', active: false });
    });
  });

  describe('a coupon with redemptions', () => {
    let coupon: AdminCoupon;
    let buyer: { customer: Customer; order: OrderBody };

    beforeAll(async () => {
      coupon = await made({ code: freshCode('USED'), percentage: 10, totalLimit: 5, perPersonLimit: 1 });
      buyer = await paidCustomer(app(), ['PROD-G3G-LITE'], { coupon: coupon.code });
      await paidCustomer(app(), ['PROD-G3G-LITE'], { coupon: coupon.code });
    });

    it('counts them in the list', async () => {
      expect((await list(`?q=${coupon.code}`)).items[0]).toMatchObject({ code: coupon.code, redemptions: 2 });
    });

    it('keeps its code, percentage and kits: changing them is 409 with the field’s message', async () => {
      for (const [field, payload] of [
        ['code', { code: freshCode('RENAMED') }],
        ['percentage', { percentage: 20 }],
        ['productIds', { productIds: [products['PROD-G360']!.id] }],
      ] as const) {
        const body = expectContract<ErrorBody>(await update(coupon._id, payload), 'updateAdminCoupon', 409);
        expect(body.code).toBe('COUPON_REDEEMED');
        expect(body.fields?.[field]).toMatch(/end it and make a new one/);
      }
      // Sending them unchanged is no change.
      expectContract(await update(coupon._id, { code: coupon.code.toLowerCase(), percentage: 10, note: 'still fine' }), 'updateAdminCoupon', 200);
    });

    it('refuses a total limit below its redemptions, and takes one at or above them', async () => {
      const body = expectContract<ErrorBody>(await update(coupon._id, { totalLimit: 1 }), 'updateAdminCoupon', 400);
      expect(body.fields?.totalLimit).toMatch(/at least 2/);
      const changed = expectContract<{ coupon: AdminCoupon }>(
        await update(coupon._id, { totalLimit: 2, perPersonLimit: 3, validUntil: dayFromToday(60) }),
        'updateAdminCoupon',
        200,
      ).coupon;
      expect(changed).toMatchObject({ totalLimit: 2, perPersonLimit: 3, validUntil: dayFromToday(60) });
      // Used up now: the next person is refused.
      const next = await customerWith('PROD-G3G-LITE');
      expect(expectContract<ErrorBody>(await applyCoupon(app(), next, coupon.code), 'applyCartCoupon', 409).code).toBe('COUPON_USED_UP');
    });

    it('cannot be deleted, only ended; one never used can be', async () => {
      expect(expectContract<ErrorBody>(await app().inject({ method: 'DELETE', url: `/api/admin/coupons/${coupon._id}`, headers: admin.auth }), 'deleteAdminCoupon', 409).code).toBe(
        'COUPON_REDEEMED',
      );
      const unused = await made({ code: freshCode('UNUSED') });
      expect((await app().inject({ method: 'DELETE', url: `/api/admin/coupons/${unused._id}`, headers: admin.auth })).statusCode).toBe(204);
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/coupons/${unused._id}`, headers: admin.auth }), 'getAdminCoupon', 404);
      expect((await audit(unused._id)).map((row) => row.action)).toEqual(['coupon.created', 'coupon.deleted']);
      expect(buyer.order.coupon).toBe(coupon.code);
    });
  });

  describe('the cart and the order apply the same rules', () => {
    it('a coupon limited to Gut 360 takes its percentage off the Gut 360 only, line by line, through to the invoice', async () => {
      const coupon = await made({ code: freshCode('G360ONLY'), percentage: 10, productIds: [products['PROD-G360']!.id] });
      const customer = await customerWith('PROD-G3G-LITE', 'PROD-G360');
      const cart = expectContract<CartResponse>(await applyCoupon(app(), customer, coupon.code), 'applyCartCoupon', 200);
      const gut360 = products['PROD-G360']!.price;
      const gutStart = products['PROD-G3G-LITE']!.price;
      expect(cart.cart).toMatchObject({
        coupon: coupon.code,
        couponProducts: ['Gut 360'],
        discountInPercentage: 10,
        actual_price: gut360 + gutStart,
        discount: gut360 / 10,
        price: gut360 + gutStart - gut360 / 10,
      });
      expect(cart.kits.map((kit) => [kit.code, kit.discount])).toEqual([
        ['PROD-G3G-LITE', 0],
        ['PROD-G360', gut360 / 10],
      ]);
      await saveAddress(app(), customer);
      const { order } = expectContract<{ order: components['schemas']['Order'] }>(await placeOrder(app(), customer), 'createOrder', 201);
      expect(order).toMatchObject({ price: cart.cart.price, discount: gut360 / 10, coupon: coupon.code });
      expect(order.items.map((item) => [item.code, item.discount])).toEqual([
        ['PROD-G3G-LITE', 0],
        ['PROD-G360', gut360 / 10],
      ]);
      // The invoice's discount is the Gut 360's own; taxable value + tax is what was paid, line by line.
      await app().db.query(`UPDATE orders SET status = 'paid', paid_at = now(), invoice_number = 'INV/26-27/999999' WHERE id = $1`, [order._id]);
      const row = (await orderById(app().db, order._id))!;
      const invoice = invoiceOf(invoiceOrder(row, await orderBody(app().db, row))!, 'Karnataka');
      expect(invoice.lines.map((line) => [line.description, line.discount, line.total])).toEqual([
        ['Gut Start', 0, gutStart],
        ['Gut 360', gut360 / 10, gut360 - gut360 / 10],
      ]);
      for (const line of invoice.lines) expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.total);
      expect(invoice.totals.total).toBe(order.price);
    });

    it('refuses a coupon for kits the cart does not hold with COUPON_NOT_FOR_CART, naming them', async () => {
      const coupon = await made({ code: freshCode('NOTHERE'), productIds: [products['PROD-G360']!.id] });
      const customer = await customerWith('PROD-GSENS');
      const body = expectContract<ErrorBody>(await applyCoupon(app(), customer, coupon.code), 'applyCartCoupon', 409);
      expect(body).toMatchObject({ code: 'COUPON_NOT_FOR_CART', message: `The coupon ${coupon.code} applies to Gut 360 only; add a Gut 360 to use it.` });
      expect((await cartOf(customer)).cart.coupon).toBeNull();
    });

    it('a first-order coupon is refused to a person with a paid order (COUPON_FIRST_ORDER_ONLY), and taken by a new one', async () => {
      const coupon = await made({ code: freshCode('FIRST'), firstOrderOnly: true });
      const { customer: returning } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      await addToCart(app(), returning, products['PROD-G360']!.id);
      const body = expectContract<ErrorBody>(await applyCoupon(app(), returning, coupon.code), 'applyCartCoupon', 409);
      expect(body.code).toBe('COUPON_FIRST_ORDER_ONLY');
      expect(body.message).toMatch(/first order/);
      const newcomer = await customerWith('PROD-G360');
      expectContract(await applyCoupon(app(), newcomer, coupon.code), 'applyCartCoupon', 200);
    });

    it('a per-person limit of 1: the second time is refused with COUPON_ALREADY_USED', async () => {
      const coupon = await made({ code: freshCode('ONCE'), perPersonLimit: 1 });
      const { customer } = await paidCustomer(app(), ['PROD-G360'], { coupon: coupon.code });
      await addToCart(app(), customer, products['PROD-G360']!.id);
      expect(expectContract<ErrorBody>(await applyCoupon(app(), customer, coupon.code), 'applyCartCoupon', 409).code).toBe('COUPON_ALREADY_USED');
    });

    it('re-checks at the order a coupon changed after it was applied: limited to other kits, first orders only, switched off', async () => {
      const gutStartOnly = await made({ code: freshCode('CHANGED') });
      const customer = await customerWith('PROD-G360');
      expectContract(await applyCoupon(app(), customer, gutStartOnly.code), 'applyCartCoupon', 200);
      await saveAddress(app(), customer);
      expectContract(await update(gutStartOnly._id, { productIds: [products['PROD-G3G-LITE']!.id] }), 'updateAdminCoupon', 200);
      // The cart shows it applying to nothing it holds; the order refuses it with its reason.
      const cart = await cartOf(customer);
      expect(cart.cart).toMatchObject({ coupon: gutStartOnly.code, couponProducts: ['Gut Start'], discount: 0 });
      const refused = expectContract<ErrorBody>(await placeOrder(app(), customer), 'createOrder', 409);
      expect(refused.code).toBe('COUPON_NOT_FOR_CART');
      expect(refused.message).toMatch(/Gut Start/);

      // A percentage raised before anyone used it is the one the order takes, as the cart shows it.
      expectContract(await update(gutStartOnly._id, { productIds: [], percentage: 20 }), 'updateAdminCoupon', 200);
      expect((await cartOf(customer)).cart).toMatchObject({ discountInPercentage: 20, discount: products['PROD-G360']!.price / 5 });

      // Made first-order-only while a returning person's cart holds it.
      const firstOnly = await made({ code: freshCode('TURNED') });
      const { customer: returning } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      await addToCart(app(), returning, products['PROD-G360']!.id);
      expectContract(await applyCoupon(app(), returning, firstOnly.code), 'applyCartCoupon', 200);
      expectContract(await update(firstOnly._id, { firstOrderOnly: true }), 'updateAdminCoupon', 200);
      expect((await cartOf(returning)).cart.coupon).toBeNull();
      expect(expectContract<ErrorBody>(await placeOrder(app(), returning), 'createOrder', 409).code).toBe('COUPON_FIRST_ORDER_ONLY');

      // Switched off.
      expectContract(await update(gutStartOnly._id, { active: false }), 'updateAdminCoupon', 200);
      expect(expectContract<ErrorBody>(await placeOrder(app(), customer), 'createOrder', 409).code).toBe('COUPON_EXPIRED');
    });
  });
});
