/**
 * Staff orders: the list searched, filtered, sorted and paged on the server; an order in full; and the fulfilment
 * steps, each allowed only where the kit-journey machine allows it, with what the customer then sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { addCatalogueKit, addToCart, applyCoupon, newCustomer, orderedCustomer, paidCustomer, placeOrder, productIds, saveAddress, startPayment, type Customer, type OrderBody } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { activate, auditActions, customerKits, journeyStep, staffOrder, startFulfilmentApp, takeStep, type StaffOrder } from './staff-orders-fixtures';

type Summary = { items: Array<{ _id: string; number: string; status: string; paymentStatus: string; products: string[]; kits: Array<{ name: string; state: string; atCounter: boolean }>; price: number; customer: { email: string | null } }>; total: number };

describe.each(backends)('staff orders on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend, { journeyAppUrl: 'https://journey.example.test' });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const list = async (query: string, who: Customer = admin) =>
    expectContract<Summary>(await app().inject({ method: 'GET', url: `/api/admin/orders${query}`, headers: who.auth }), 'listStaffOrders', 200);
  const listStatus = async (query: string) => (await app().inject({ method: 'GET', url: `/api/admin/orders${query}`, headers: admin.auth })).statusCode;
  const emailOf = async (customer: Customer) =>
    (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]))[0]!.email;

  describe('the list', () => {
    let paid: { customer: Customer; order: OrderBody };
    let pending: { customer: Customer; order: OrderBody };
    let heal: { customer: Customer; order: OrderBody };

    beforeAll(async () => {
      paid = await paidCustomer(app(), ['PROD-G3G-LITE']);
      pending = await orderedCustomer(app(), ['PROD-G360']);
      heal = await paidCustomer(app(), ['PROD-IBS-HEAL', 'PROD-G3G-LITE'], { address: { name: 'Zubin Mehta', phone: '9123456780', line1: '4 Marine Drive', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' } });
    });

    it('answers 401 without a session and 403 to anyone but an admin', async () => {
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/orders' }), 'listStaffOrders', 401);
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/orders', headers: paid.customer.auth }), 'listStaffOrders', 403);
      expectContract(await app().inject({ method: 'GET', url: `/api/admin/orders/${paid.order._id}`, headers: paid.customer.auth }), 'getStaffOrder', 403);
      expectContract(await journeyStep(app(), paid.customer, paid.order._id, { step: 'deliver' }), 'advanceStaffOrder', 403);
    });

    it('finds an order by its number, with or without its prefix, and by its customer', async () => {
      const byNumber = await list(`?q=${paid.order.number}`);
      expect(byNumber.items.map((item) => item._id)).toEqual([paid.order._id]);
      expect(byNumber.total).toBe(1);
      expect(byNumber.items[0]).toMatchObject({ number: paid.order.number, status: 'paid', paymentStatus: 'paid', products: ['Gut Start'], price: paid.order.price });
      expect(byNumber.items[0]!.kits).toEqual([{ name: 'Gut Start', state: 'paid', atCounter: false }]);
      const digits = String(Number(paid.order.number.split('-')[2]));
      expect((await list(`?q=${digits}`)).items.map((item) => item._id)).toEqual([paid.order._id]);

      const email = await emailOf(heal.customer);
      expect((await list(`?q=${encodeURIComponent(email.toUpperCase())}`)).items.map((item) => item._id)).toEqual([heal.order._id]);
      expect((await list(`?q=${encodeURIComponent(email.slice(0, 20))}`)).items.map((item) => item._id)).toEqual([heal.order._id]);
      expect((await list('?q=zubin')).items.map((item) => item._id)).toEqual([heal.order._id]);
      expect((await list('?q=%2B91%2091234%2056780')).items.map((item) => item._id)).toEqual([heal.order._id]);
      expect((await list('?q=nobody-by-this-name')).total).toBe(0);
      // A LIKE wildcard is a character like any other.
      expect((await list('?q=%25')).total).toBe(0);
    });

    it('filters by order status, payment status, kit and day', async () => {
      const pendingOnes = await list('?status=pending&limit=100');
      expect(pendingOnes.items.map((item) => item._id)).toContain(pending.order._id);
      expect(pendingOnes.items.every((item) => item.status === 'pending')).toBe(true);
      const unpaid = await list('?paymentStatus=unpaid&limit=100');
      expect(unpaid.items.map((item) => item._id)).toContain(pending.order._id);
      expect(unpaid.items.map((item) => item._id)).not.toContain(paid.order._id);
      // A declined payment is the order's latest attempt until another is opened.
      const declined = await orderedCustomer(app(), ['PROD-G3G-LITE']);
      const session = await startPayment(app(), declined.customer, declined.order._id);
      const attempt = { method: 'POST' as const, url: '/api/payments/test-gateway', headers: declined.customer.auth, payload: { gatewayOrderId: session.gatewayOrderId, outcome: 'failure' } };
      expect((await app().inject(attempt)).statusCode).toBe(402);
      const failed = await list('?paymentStatus=failed&limit=100');
      expect(failed.items.map((item) => [item._id, item.paymentStatus])).toEqual([[declined.order._id, 'failed']]);
      expect((await list('?paymentStatus=unpaid&limit=100')).items.map((item) => item._id)).not.toContain(declined.order._id);
      // A new attempt opened after it: the order waits for payment again.
      await startPayment(app(), declined.customer, declined.order._id);
      expect((await list('?paymentStatus=failed&limit=100')).total).toBe(0);
      const withHeal = await list('?product=PROD-IBS-HEAL&limit=100');
      expect(withHeal.items.map((item) => item._id)).toEqual([heal.order._id]);
      expect(withHeal.items[0]!.products).toEqual(['Gut Heal', 'Gut Start']);

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      expect((await list(`?from=${today}&to=${today}&limit=100`)).total).toBeGreaterThanOrEqual(3);
      expect((await list('?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    });

    it('filters by any product of the catalogue: a kit staff add finds the orders holding it, in the list and its export', async () => {
      const code = 'FIBRE-ORD-01';
      await addCatalogueKit(app(), admin, code, 'Gut Fibre');
      expect((await list(`?product=${code}`)).total).toBe(0);
      const { order } = await paidCustomer(app(), [code]);
      const found = await list(`?product=${code}&limit=100`);
      expect(found.items.map((item) => [item._id, item.products])).toEqual([[order._id, ['Gut Fibre']]]);
      const exported = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: admin.auth, payload: { product: code } });
      expect(expectContract<{ export: { total: number } }>(exported, 'startOrderExport', 202).export.total).toBe(1);
      // A well-formed code no product has finds nothing; a malformed one is refused.
      expect((await list('?product=NO-SUCH-KIT')).total).toBe(0);
      expect(await listStatus('?product=fibre-ord-01')).toBe(400);
    });

    it('sorts by an allowed column and pages with a stable total', async () => {
      const ascending = await list('?sort=number&limit=100');
      const numbers = ascending.items.map((item) => item.number);
      expect(numbers).toEqual([...numbers].sort());
      const descending = await list('?sort=-number&limit=100');
      expect(descending.items.map((item) => item.number)).toEqual([...numbers].reverse());
      const byTotal = await list('?sort=-total&limit=100');
      const totals = byTotal.items.map((item) => item.price);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));

      const first = await list('?sort=number&limit=2');
      const second = await list('?sort=number&limit=2&offset=2');
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(ascending.total);
      expect(second.items.map((item) => item.number)).toEqual(numbers.slice(2, 4));
    });

    it('refuses unknown sort columns, pages over 100 and malformed filters with 400', async () => {
      for (const query of ['?sort=email', '?limit=101', '?limit=0', '?offset=-1', '?status=shipped', '?paymentStatus=maybe', '?from=2026-13-01', '?to=yesterday', '?product=gut', '?q=', '?from=2026-11-02&to=2026-11-01', '?colour=red']) {
        expect(await listStatus(query), query).toBe(400);
      }
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/orders?sort=email', headers: admin.auth }), 'listStaffOrders', 400);
    });
  });

  describe('an order and its journey', () => {
    it('shows an order in full: items, amounts, coupon, address, payments, invoice and kits', async () => {
      const { order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360'], { coupon: 'WELCOME10' });
      const staff = await staffOrder(app(), admin, order._id);
      expect(staff).toMatchObject({
        _id: order._id,
        number: order.number,
        status: 'paid',
        paymentStatus: 'paid',
        coupon: 'WELCOME10',
        discountInPercentage: 10,
        price: order.price,
        refundedAmount: 0,
        address: { city: 'Bengaluru', state: 'Karnataka' },
        invoice: { number: order.invoiceNumber },
        refunds: [],
      });
      expect(staff.payments).toEqual([expect.objectContaining({ provider: 'test', status: 'paid', amount: order.price })]);
      expect(staff.kits.map((kit) => [kit.code, kit.state, kit.allowedSteps])).toEqual([
        ['PROD-G3G-LITE', 'paid', ['ship', 'refund']],
        ['PROD-G360', 'paid', ['ship', 'refund']],
      ]);
      // Each kit is worth its share of what was paid; together, all of it.
      expect(staff.kits.reduce((sum, kit) => sum + kit.value, 0)).toBe(order.price);
      expect(staff.timeline.map((event) => event.status)).toEqual(['placed', 'paid']);
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/orders/no-such-order', headers: admin.auth }), 'getStaffOrder', 404);
    });

    it('ships with a courier and tracking number that the customer then sees, and refuses steps out of order with 409', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      const early = await journeyStep(app(), admin, order._id, { step: 'deliver' });
      const refusal = expectContract<{ code: string; message: string }>(early, 'advanceStaffOrder', 409);
      expect(refusal.code).toBe('JOURNEY_STEP_NOT_ALLOWED');
      expect(refusal.message).toMatch(/^This cannot be marked delivered: Gut Start \(GUT-[A-Z0-9-]+\) is paid\.$/);
      expectContract(await journeyStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart' }), 'advanceStaffOrder', 400);
      expectContract(await journeyStep(app(), admin, order._id, { step: 'deliver', courier: 'Blue Dart' }), 'advanceStaffOrder', 400);
      expectContract(await journeyStep(app(), admin, order._id, { step: 'teleport' }), 'advanceStaffOrder', 400);

      const shipped = await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' });
      expect(shipped.kits[0]).toMatchObject({ state: 'shipped', shipment: { courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' }, allowedSteps: ['deliver', 'refund', 'correctTracking'] });
      const again = await journeyStep(app(), admin, order._id, { step: 'ship', courier: 'Delhivery', trackingNumber: 'DL99887766' });
      expect(expectContract<{ code: string }>(again, 'advanceStaffOrder', 409).code).toBe('JOURNEY_STEP_NOT_ALLOWED');

      const seen = expectContract<{ order: OrderBody & { shipments: unknown[] } }>(
        await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth }),
        'getOrder',
        200,
      ).order;
      expect(seen.shipments).toEqual([{ courier: 'Blue Dart', trackingNumber: 'BD 1234 5678', kits: ['Gut Start'] }]);
      const [kit] = await customerKits(app(), customer);
      expect(kit).toMatchObject({ state: 'shipped', shipment: { courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' } });

      const audit = shipped.audit.find((entry) => entry.action === 'order.shipped');
      expect(audit).toMatchObject({ actor: 'Test Buyer', actorRole: 'admin', entity: 'order', entityId: order._id });
      expect(audit?.after).toMatchObject({ courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' });
      expect(audit?.ip).toBeTruthy();
    });

    it('takes a kit to its report: delivered, activated by the customer, sample received, report ready with the link staff gave', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' });
      let staff = await takeStep(app(), admin, order._id, { step: 'deliver' });
      const kit = staff.kits[0]!;
      // The sample cannot reach the lab before the customer activates the kit.
      const early = await journeyStep(app(), admin, order._id, { step: 'receiveSample' });
      expect(expectContract<{ code: string }>(early, 'advanceStaffOrder', 409).code).toBe('JOURNEY_STEP_NOT_ALLOWED');
      await activate(app(), customer, kit.boxCode);
      staff = await takeStep(app(), admin, order._id, { step: 'receiveSample', kitIds: [kit._id] });
      expect(staff.kits[0]!.allowedSteps).toEqual(['failQc', 'publishReport']);
      expectContract(await journeyStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'http://insecure.example.test/r' }), 'advanceStaffOrder', 400);
      staff = await takeStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'https://reports.example.test/k/1' });
      expect(staff.kits[0]).toMatchObject({ state: 'reportReady', reportUrl: 'https://reports.example.test/k/1', allowedSteps: ['withdrawReport'] });

      const [owned] = await customerKits(app(), customer);
      expect(owned).toMatchObject({ state: 'reportReady', reportUrl: 'https://reports.example.test/k/1' });
      expect(owned!.timeline.map((step) => step.state)).toEqual(['ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived', 'reportReady']);
      expect(await auditActions(app(), order._id)).toEqual(['order.shipped', 'order.delivered', 'order.sampleReceived', 'order.reportPublished']);
    });

    it('takes a report uploaded as a PDF, which only its customer downloads from the dashboard', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD24242424' });
      await activate(app(), customer, (await staffOrder(app(), admin, order._id)).kits[0]!.boxCode);
      await takeStep(app(), admin, order._id, { step: 'receiveSample' });
      const pdf = Buffer.from('%PDF-1.7\n% a report\n%%EOF\n');
      const both = await journeyStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'https://reports.example.test/1', reportPdf: pdf.toString('base64') });
      expect(expectContract<{ fields: Record<string, string> }>(both, 'advanceStaffOrder', 400).fields).toEqual({ 'reportUrl or reportPdf': 'give one of them' });
      const notPdf = await journeyStep(app(), admin, order._id, { step: 'publishReport', reportPdf: Buffer.from('<html>').toString('base64') });
      expect(expectContract<{ fields: Record<string, string> }>(notPdf, 'advanceStaffOrder', 400).fields).toEqual({ reportPdf: 'must be a PDF file of at most 5 MB' });

      const staff = await takeStep(app(), admin, order._id, { step: 'publishReport', reportPdf: pdf.toString('base64') });
      expect(staff.kits[0]).toMatchObject({ state: 'reportReady', reportUrl: null, reportPdf: true });
      const [owned] = await customerKits(app(), customer);
      expect(owned).toMatchObject({ state: 'reportReady', reportUrl: null, reportPdf: true });
      const download = await app().inject({ method: 'GET', url: `/api/kits/${owned!._id}/report`, headers: customer.auth });
      expect(expectContractFile(download, 'getKitReport', 200)).toEqual(pdf);
      const stranger = await newCustomer(app());
      expectContract(await app().inject({ method: 'GET', url: `/api/kits/${owned!._id}/report`, headers: stranger.auth }), 'getKitReport', 404);
    });

    it('records a step taken on a kit directly (POST /api/kits/{id}/journey) on its order too', async () => {
      const { order } = await paidCustomer(app());
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD31313131' });
      const [kit] = (await staffOrder(app(), admin, order._id)).kits;
      const stepped = await app().inject({ method: 'POST', url: `/api/kits/${kit!._id}/journey`, headers: admin.auth, payload: { event: 'journey.deliver' } });
      expectContract(stepped, 'advanceKitJourney', 200);
      const after = await staffOrder(app(), admin, order._id);
      expect(after.audit[0]).toMatchObject({ action: 'order.kitStepped', actorRole: 'admin', before: { kit: kit!._id, state: 'shipped' }, after: { state: 'delivered' } });
    });

    it('refuses a kit of another order and names nothing changed', async () => {
      const one = await paidCustomer(app());
      const other = await staffOrder(app(), admin, (await paidCustomer(app())).order._id);
      const response = await journeyStep(app(), admin, one.order._id, { step: 'ship', kitIds: [other.kits[0]!._id], courier: 'Blue Dart', trackingNumber: 'BD00000001' });
      expectContract(response, 'advanceStaffOrder', 404);
      expect((await staffOrder(app(), admin, other._id)).kits[0]!.state).toBe('paid');
    });

    it('replaces a kit whose sample fails quality control with a new kit and a new code, ready to ship', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-GSENS']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD11112222' });
      const [first] = (await staffOrder(app(), admin, order._id)).kits;
      await activate(app(), customer, first!.boxCode);
      await takeStep(app(), admin, order._id, { step: 'receiveSample' });
      expectContract(await journeyStep(app(), admin, order._id, { step: 'failQc' }), 'advanceStaffOrder', 400);
      const staff = await takeStep(app(), admin, order._id, { step: 'failQc', reason: 'Too little sample in the tube' });
      const [old, replacement] = staff.kits;
      expect(old).toMatchObject({ _id: first!._id, state: 'replaced', replacedByKitId: replacement!._id, allowedSteps: [] });
      expect(replacement).toMatchObject({ code: 'PROD-GSENS', state: 'paid', replacesKitId: first!._id, shipment: null, allowedSteps: ['ship', 'refund'] });
      expect(replacement!.boxCode).toMatch(/^GUT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(replacement!.boxCode).not.toBe(first!.boxCode);
      expect(replacement!.value).toBe(old!.value);
      expect(old!.timeline.slice(-2).map((step) => step.state)).toEqual(['qcFailed', 'replaced']);
      expect(staff.audit[0]).toMatchObject({ action: 'order.qcFailed', reason: 'Too little sample in the tube' });

      // The replacement goes out like any kit, and the customer sees both.
      const shipped = await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD33334444' });
      expect(shipped.kits.map((kit) => kit.state)).toEqual(['replaced', 'shipped']);
      expect((await customerKits(app(), customer)).map((kit) => kit.state).sort()).toEqual(['replaced', 'shipped']);
    });

    it('cancels an unpaid order with a reason and gives its coupon use back; a paid order is refused', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      expect((await applyCoupon(app(), customer, 'WELCOME10')).statusCode).toBe(200);
      await saveAddress(app(), customer);
      const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201);
      const cancel = (id: string, payload: Record<string, unknown>) =>
        app().inject({ method: 'POST', url: `/api/admin/orders/${id}/cancel`, headers: admin.auth, payload });

      expectContract(await cancel(order._id, {}), 'cancelStaffOrder', 400);
      const cancelled = expectContract<{ order: StaffOrder }>(await cancel(order._id, { reason: 'The customer asked by phone' }), 'cancelStaffOrder', 200).order;
      expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
      expect(cancelled.timeline.map((event) => event.status)).toEqual(['placed', 'cancelled']);
      expect(cancelled.audit[0]).toMatchObject({ action: 'order.cancelled', reason: 'The customer asked by phone', after: { status: 'cancelled', couponUseReleased: 'WELCOME10' } });
      // The coupon is theirs to use again.
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      expect((await applyCoupon(app(), customer, 'WELCOME10')).statusCode).toBe(200);

      const again = await cancel(order._id, { reason: 'Twice' });
      expect(expectContract<{ code: string }>(again, 'cancelStaffOrder', 409).code).toBe('ORDER_NOT_CANCELLABLE');
      const paid = await paidCustomer(app());
      const refused = expectContract<{ code: string; message: string }>(await cancel(paid.order._id, { reason: 'Changed mind' }), 'cancelStaffOrder', 409);
      expect(refused).toEqual({ code: 'ORDER_NOT_CANCELLABLE', message: 'This order is paid, so it is not cancelled: refund it instead.' });
      // An unpaid order has no kits to move.
      const unpaid = await orderedCustomer(app());
      const step = await journeyStep(app(), admin, unpaid.order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD55556666' });
      expect(expectContract<{ message: string }>(step, 'advanceStaffOrder', 409).message).toBe('Nothing in this order can be shipped: it is not paid yet.');
    });
  });
});
