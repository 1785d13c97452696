/**
 * Corrections to steps taken on an order's kits: a mistyped courier or tracking number (the customer's order shows
 * the corrected one and the customer is e-mailed it), the report PDF staff uploaded opened by staff before and after
 * publishing, and a report published on the wrong kit withdrawn (the customer loses it at once, the kit waits at the
 * lab again). Each allowed only where the kit-journey machine allows it, and written to the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { newCustomer, paidCustomer, type Customer, type OrderBody } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { activate, customerKits, staffOrder, startFulfilmentApp, takeStep, type StaffOrder } from './staff-orders-fixtures';

type Problem = { code: string; message: string; fields?: Record<string, string> };

describe.each(backends)('kit corrections on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let doctor: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend);
    admin = await newCustomer(app(), 'admin');
    doctor = await newCustomer(app(), 'doctor');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const correct = (orderId: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
    app().inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/shipment`, headers: who?.auth ?? {}, payload });
  const staffReport = (orderId: string, kitId: string, who: Customer | null = admin) =>
    app().inject({ method: 'GET', url: `/api/admin/orders/${orderId}/kits/${kitId}/report`, headers: who?.auth ?? {} });
  const withdraw = (orderId: string, kitId: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
    app().inject({ method: 'POST', url: `/api/admin/orders/${orderId}/kits/${kitId}/report/withdrawal`, headers: who?.auth ?? {}, payload });
  const outbox = (orderId: string, template: string) =>
    app().db.query<{ idempotency_key: string; recipient: string; payload: Record<string, unknown> }>(
      'SELECT idempotency_key, recipient, payload FROM outbound_messages WHERE order_id = $1 AND template = $2 ORDER BY created_at, id',
      [orderId, template],
    );
  const emailOf = async (customer: Customer) =>
    (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]))[0]!.email;

  /** A paid order of two kits shipped together in one parcel. */
  async function shippedParcel(): Promise<{ customer: Customer; order: OrderBody; staff: StaffOrder }> {
    const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
    const staff = await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD 1234 5687' });
    return { customer, order, staff };
  }

  /** A kit taken to its report, published as a PDF. */
  async function publishedPdf(pdf: Buffer) {
    const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' });
    const kit = (await staffOrder(app(), admin, order._id)).kits[0]!;
    await activate(app(), customer, kit.boxCode);
    await takeStep(app(), admin, order._id, { step: 'receiveSample' });
    const published = await takeStep(app(), admin, order._id, { step: 'publishReport', reportPdf: pdf.toString('base64') });
    return { customer, order, kit: published.kits[0]! };
  }

  describe('a mistyped tracking number', () => {
    it('answers 401 without a session and 403 to anyone but an admin', async () => {
      const { customer, order, staff } = await shippedParcel();
      const body = { kitIds: staff.kits.map((kit) => kit._id), courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' };
      expectContract(await correct(order._id, body, null), 'correctShipment', 401);
      expectContract(await correct(order._id, body, customer), 'correctShipment', 403);
      expectContract(await correct(order._id, body, doctor), 'correctShipment', 403);
      expect((await staffOrder(app(), admin, order._id)).kits[0]!.shipment).toEqual({ courier: 'Blue Dart', trackingNumber: 'BD 1234 5687' });
    });

    it('is corrected: the customer sees the corrected one, is e-mailed it, and the audit log keeps old and new', async () => {
      const { customer, order, staff } = await shippedParcel();
      expect(staff.kits.map((kit) => kit.allowedSteps)).toEqual([
        ['deliver', 'refund', 'correctTracking'],
        ['deliver', 'refund', 'correctTracking'],
      ]);
      const kitIds = staff.kits.map((kit) => kit._id);
      const corrected = expectContract<{ order: StaffOrder }>(
        await correct(order._id, { kitIds, courier: 'Blue Dart', trackingNumber: 'BD 1234 5678', reason: 'Digits swapped' }),
        'correctShipment',
        200,
      ).order;
      expect(corrected.kits.map((kit) => [kit.state, kit.shipment])).toEqual([
        ['shipped', { courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' }],
        ['shipped', { courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' }],
      ]);
      // The kits stay where they were: no step on their journey.
      expect(corrected.kits[0]!.timeline.map((step) => step.state)).toEqual(['ordered', 'paid', 'shipped']);
      expect(corrected.audit[0]).toMatchObject({
        action: 'order.trackingCorrected',
        actor: 'Test Buyer',
        actorRole: 'admin',
        reason: 'Digits swapped',
        before: { courier: 'Blue Dart', trackingNumber: 'BD 1234 5687' },
        after: { courier: 'Blue Dart', trackingNumber: 'BD 1234 5678' },
      });

      const seen = expectContract<{ order: OrderBody & { shipments: unknown[] } }>(
        await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth }),
        'getOrder',
        200,
      ).order;
      expect(seen.shipments).toEqual([{ courier: 'Blue Dart', trackingNumber: 'BD 1234 5678', kits: expect.arrayContaining(['Gut Start', 'Gut 360']) }]);
      expect((await customerKits(app(), customer)).map((kit) => kit.shipment?.trackingNumber)).toEqual(['BD 1234 5678', 'BD 1234 5678']);

      const [message, ...more] = await outbox(order._id, 'tracking-corrected');
      expect(more).toEqual([]);
      expect(message).toMatchObject({
        recipient: await emailOf(customer),
        payload: {
          orderNumber: order.number,
          kits: expect.arrayContaining(['Gut Start', 'Gut 360']),
          courier: 'Blue Dart',
          trackingNumber: 'BD 1234 5678',
          previousCourier: 'Blue Dart',
          previousTrackingNumber: 'BD 1234 5687',
        },
      });

      // The courier too, once more: a second correction is a message of its own.
      const again = expectContract<{ order: StaffOrder }>(
        await correct(order._id, { kitIds, courier: 'Delhivery', trackingNumber: 'BD 1234 5678' }),
        'correctShipment',
        200,
      ).order;
      expect(again.kits[0]!.shipment).toEqual({ courier: 'Delhivery', trackingNumber: 'BD 1234 5678' });
      expect(again.audit[0]).toMatchObject({ action: 'order.trackingCorrected', reason: null, before: { courier: 'Blue Dart' }, after: { courier: 'Delhivery' } });
      expect((await outbox(order._id, 'tracking-corrected')).map((row) => row.payload.courier)).toEqual(['Blue Dart', 'Delhivery']);
    });

    it('refuses what is not a correction with 400: the same values, a malformed number, no kits', async () => {
      const { order, staff } = await shippedParcel();
      const kitIds = staff.kits.map((kit) => kit._id);
      const same = expectContract<Problem>(await correct(order._id, { kitIds, courier: 'Blue Dart', trackingNumber: 'BD 1234 5687' }), 'correctShipment', 400);
      expect(same.fields).toEqual({ trackingNumber: 'is unchanged' });
      expectContract(await correct(order._id, { kitIds, courier: 'Blue Dart', trackingNumber: 'B!' }), 'correctShipment', 400);
      expectContract(await correct(order._id, { kitIds, courier: '  ', trackingNumber: 'BD12345678' }), 'correctShipment', 400);
      expectContract(await correct(order._id, { kitIds: [], courier: 'Blue Dart', trackingNumber: 'BD12345678' }), 'correctShipment', 400);
      expectContract(await correct(order._id, { courier: 'Blue Dart', trackingNumber: 'BD12345678' }), 'correctShipment', 400);
      expect(await outbox(order._id, 'tracking-corrected')).toEqual([]);
    });

    it('refuses with 409 a kit not shipped yet or already activated, and kits of different parcels; 404 another order’s kit', async () => {
      const unshipped = await paidCustomer(app(), ['PROD-G3G-LITE']);
      const paidKit = (await staffOrder(app(), admin, unshipped.order._id)).kits[0]!;
      expect(paidKit.allowedSteps).not.toContain('correctTracking');
      const early = expectContract<Problem>(
        await correct(unshipped.order._id, { kitIds: [paidKit._id], courier: 'Blue Dart', trackingNumber: 'BD12345678' }),
        'correctShipment',
        409,
      );
      expect(early.code).toBe('JOURNEY_STEP_NOT_ALLOWED');
      expect(early.message).toMatch(/Gut Start \(GUT-[A-Z0-9-]+\) is paid\.$/);

      const { customer, order, staff } = await shippedParcel();
      await activate(app(), customer, staff.kits[0]!.boxCode);
      const activated = expectContract<Problem>(
        await correct(order._id, { kitIds: [staff.kits[0]!._id], courier: 'Blue Dart', trackingNumber: 'BD12345678' }),
        'correctShipment',
        409,
      );
      expect(activated.message).toMatch(/is activated\.$/);
      // Delivered is still correctable.
      await takeStep(app(), admin, order._id, { step: 'deliver', kitIds: [staff.kits[1]!._id] });
      expectContract(await correct(order._id, { kitIds: [staff.kits[1]!._id], courier: 'Blue Dart', trackingNumber: 'BD12345678' }), 'correctShipment', 200);
      const parcels = expectContract<Problem>(
        await correct(order._id, { kitIds: staff.kits.map((kit) => kit._id), courier: 'Blue Dart', trackingNumber: 'BD87654321' }),
        'correctShipment',
        409,
      );
      expect(parcels.message).toBe('The tracking number cannot be corrected once the kit is activated, nor before it ships: ' + activated.message.split(': ')[1]);

      expectContract(await correct(order._id, { kitIds: [paidKit._id], courier: 'Blue Dart', trackingNumber: 'BD12345678' }), 'correctShipment', 404);
      expectContract(await correct('no-such-order', { kitIds: [paidKit._id], courier: 'Blue Dart', trackingNumber: 'BD12345678' }), 'correctShipment', 404);
    });

    it('refuses kits shipped in different parcels with 409', async () => {
      const { order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
      const [first, second] = (await staffOrder(app(), admin, order._id)).kits;
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [first!._id], courier: 'Blue Dart', trackingNumber: 'BD11110000' });
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [second!._id], courier: 'Blue Dart', trackingNumber: 'BD22220000' });
      const refused = expectContract<Problem>(
        await correct(order._id, { kitIds: [first!._id, second!._id], courier: 'Blue Dart', trackingNumber: 'BD33330000' }),
        'correctShipment',
        409,
      );
      expect(refused).toEqual({ code: 'JOURNEY_STEP_NOT_ALLOWED', message: 'These kits were shipped in different parcels: correct each parcel by itself.' });
    });
  });

  describe('the report staff uploaded', () => {
    const pdf = Buffer.from('%PDF-1.7\n% a report for the right kit\n%%EOF\n');

    it('is opened by staff after publishing, and by staff only', async () => {
      const { customer, order, kit } = await publishedPdf(pdf);
      const response = await staffReport(order._id, kit._id);
      expect(expectContractFile(response, 'getStaffKitReport', 200)).toEqual(pdf);
      expect(response.headers['content-disposition']).toBe(`inline; filename="report-${kit.boxCode}.pdf"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expectContract(await staffReport(order._id, kit._id, null), 'getStaffKitReport', 401);
      expectContract(await staffReport(order._id, kit._id, customer), 'getStaffKitReport', 403);
      expectContract(await staffReport(order._id, kit._id, doctor), 'getStaffKitReport', 403);
      // A kit of another order, or one without an uploaded PDF, has none to open.
      const other = await paidCustomer(app(), ['PROD-G3G-LITE']);
      const otherKit = (await staffOrder(app(), admin, other.order._id)).kits[0]!;
      expectContract(await staffReport(other.order._id, kit._id), 'getStaffKitReport', 404);
      expectContract(await staffReport(other.order._id, otherKit._id), 'getStaffKitReport', 404);
    });

    it('is withdrawn from the wrong kit: the customer loses it at once, the kit waits at the lab, the audit log says who and why', async () => {
      const { customer, order, kit } = await publishedPdf(pdf);
      expect(kit.allowedSteps).toEqual(['withdrawReport']);
      expectContractFile(await app().inject({ method: 'GET', url: `/api/kits/${kit._id}/report`, headers: customer.auth }), 'getKitReport', 200);

      expectContract(await withdraw(order._id, kit._id, { reason: 'Another person’s report' }, null), 'withdrawKitReport', 401);
      expectContract(await withdraw(order._id, kit._id, { reason: 'Another person’s report' }, customer), 'withdrawKitReport', 403);
      expectContract(await withdraw(order._id, kit._id, { reason: 'Another person’s report' }, doctor), 'withdrawKitReport', 403);
      expectContract(await withdraw(order._id, kit._id, {}), 'withdrawKitReport', 400);
      expectContract(await withdraw(order._id, kit._id, { reason: '  ' }), 'withdrawKitReport', 400);
      expectContract(await withdraw(order._id, 'no-such-kit', { reason: 'Another person’s report' }), 'withdrawKitReport', 404);

      const withdrawn = expectContract<{ order: StaffOrder }>(
        await withdraw(order._id, kit._id, { reason: 'Published on the wrong kit: it is another person’s' }),
        'withdrawKitReport',
        200,
      ).order;
      expect(withdrawn.kits[0]).toMatchObject({ state: 'sampleReceived', reportUrl: null, reportPdf: false, allowedSteps: ['failQc', 'publishReport'] });
      expect(withdrawn.audit[0]).toMatchObject({
        action: 'order.reportWithdrawn',
        actor: 'Test Buyer',
        actorRole: 'admin',
        reason: 'Published on the wrong kit: it is another person’s',
        before: { kit: kit._id, state: 'reportReady', reportUrl: null, reportPdfBytes: pdf.length },
        after: { kit: kit._id, state: 'sampleReceived' },
      });

      // The customer's report is gone at once: the call answers 404, the kit shows none.
      const gone = await app().inject({ method: 'GET', url: `/api/kits/${kit._id}/report`, headers: customer.auth });
      expectContract(gone, 'getKitReport', 404);
      const [owned] = await customerKits(app(), customer);
      expect(owned).toMatchObject({ state: 'sampleReceived', reportUrl: null, reportPdf: false });
      expectContract(await staffReport(order._id, kit._id), 'getStaffKitReport', 404);

      // A report once withdrawn is not withdrawn twice.
      const twice = expectContract<Problem>(await withdraw(order._id, kit._id, { reason: 'Again' }), 'withdrawKitReport', 409);
      expect(twice.code).toBe('JOURNEY_STEP_NOT_ALLOWED');

      // The kit's own report follows, and the customer is told again.
      const right = Buffer.from('%PDF-1.7\n% the right report\n%%EOF\n');
      const republished = await takeStep(app(), admin, order._id, { step: 'publishReport', reportPdf: right.toString('base64') });
      expect(republished.kits[0]).toMatchObject({ state: 'reportReady', reportPdf: true });
      expect(expectContractFile(await app().inject({ method: 'GET', url: `/api/kits/${kit._id}/report`, headers: customer.auth }), 'getKitReport', 200)).toEqual(right);
      expect((await outbox(order._id, 'report-ready')).map((row) => row.idempotency_key)).toEqual([
        `report-ready:${kit._id}:email`,
        `report-ready:${kit._id}:2:email`,
      ]);
    });

    it('refuses with 409 to withdraw a report that is not published, and withdraws a report given as a link', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD24242424' });
      const kit = (await staffOrder(app(), admin, order._id)).kits[0]!;
      const early = expectContract<Problem>(await withdraw(order._id, kit._id, { reason: 'Wrong kit' }), 'withdrawKitReport', 409);
      expect(early.message).toMatch(/^Only a published report can be withdrawn: Gut Start \(GUT-[A-Z0-9-]+\) is shipped\.$/);
      await activate(app(), customer, kit.boxCode);
      await takeStep(app(), admin, order._id, { step: 'receiveSample' });
      await takeStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'https://reports.example.test/wrong' });
      const withdrawn = expectContract<{ order: StaffOrder }>(await withdraw(order._id, kit._id, { reason: 'Wrong kit' }), 'withdrawKitReport', 200).order;
      expect(withdrawn.kits[0]).toMatchObject({ state: 'sampleReceived', reportUrl: null });
      expect(withdrawn.audit[0]).toMatchObject({ before: { reportUrl: 'https://reports.example.test/wrong', reportPdfBytes: null } });
      expect((await customerKits(app(), customer))[0]).toMatchObject({ state: 'sampleReceived', reportUrl: null });
    });
  });
});
