/**
 * Corrections by staff: a customer's name, e-mail address and mobile number (the address and the number also on the
 * Firebase account the person signs in with), an order's delivery address until its kits ship, and where a
 * replacement kit goes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract, expectContractFile } from './contract';
import { ADDRESS, newCustomer, paidCustomer, orderedCustomer, type Customer } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, type TestApp } from './setup/app';
import { randomIndianMobile, signUp } from './setup/emulator';
import { activate, auditActions, journeyStep, startFulfilmentApp, staffOrder, takeStep } from './staff-orders-fixtures';

type StaffCustomerDetail = components['schemas']['StaffCustomerDetail'];
type StaffOrder = components['schemas']['StaffOrder'];
type Refusal = { code: string; message: string; fields?: Record<string, string> };

const CHENNAI = { name: 'Asha Rao', phone: '9876501234', line1: '7 Anna Salai', city: 'Chennai', state: 'Tamil Nadu', pincode: '600002' };
const MYSURU = { name: 'Asha R.', phone: '9876501234', line1: '3 Sayyaji Rao Road', city: 'Mysuru', state: 'Karnataka', pincode: '570001' };

describe.each(backends)('corrections by staff on %s', (backend) => {
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
    vi.restoreAllMocks();
    // The test of Firebase out of reach answers 503 on purpose.
    await testApp?.close({ expected: /^PATCH \/api\/admin\/customers\/[^ ]+ → 503$/ });
  });

  const correct = (id: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
    app().inject({ method: 'PATCH', url: `/api/admin/customers/${id}`, headers: who?.auth ?? {}, payload });
  const corrected = async (id: string, payload: Record<string, unknown>) =>
    expectContract<{ customer: StaffCustomerDetail }>(await correct(id, payload), 'correctStaffCustomer', 200).customer;
  const refusedCorrection = async (id: string, payload: Record<string, unknown>, status: number) =>
    expectContract<Refusal>(await correct(id, payload), 'correctStaffCustomer', status);

  /** A customer whose profile is linked to a Firebase account of their own, as after their first sign-in. */
  const signedUpCustomer = async () => {
    const account = await signUp({ email: `asha-${randomUUID()}@example.test` });
    const customer = await newCustomer(app());
    await app().db.query('UPDATE users SET firebase_uid = $2, email = $3, phone = $4 WHERE id = $1', [
      customer.userId,
      account.uid,
      account.email,
      randomIndianMobile(),
    ]);
    return { customer, account };
  };

  describe("a customer's profile", () => {
    it('is corrected by an admin only', async () => {
      const { customer } = await signedUpCustomer();
      expectContract(await correct(customer.userId, { fullname: 'Asha Rao' }, null), 'correctStaffCustomer', 401);
      expectContract(await correct(customer.userId, { fullname: 'Asha Rao' }, doctor), 'correctStaffCustomer', 403);
      expectContract(await correct(customer.userId, { fullname: 'Asha Rao' }, customer), 'correctStaffCustomer', 403);
      expectContract(await correct('no-such-customer', { fullname: 'Asha Rao' }), 'correctStaffCustomer', 404);
      // Staff accounts are the team page's, not corrected as customers.
      expectContract(await correct(doctor.userId, { fullname: 'Asha Rao' }), 'correctStaffCustomer', 404);
    });

    it('takes a new name under the shop’s name rule, and writes who changed what to the audit log', async () => {
      const { customer } = await signedUpCustomer();
      expect((await refusedCorrection(customer.userId, {}, 400)).fields).toHaveProperty('fullname');
      expect((await refusedCorrection(customer.userId, { fullname: 'A'.repeat(81) }, 400)).fields).toHaveProperty('fullname');
      expect((await refusedCorrection(customer.userId, { fullname: '  A ' }, 400)).fields).toEqual({ fullname: 'Enter the full name.' });
      expect((await refusedCorrection(customer.userId, { nickname: 'Ash' }, 400)).fields).toHaveProperty('nickname');

      const after = await corrected(customer.userId, { fullname: '  Asha Ramesh Rao ', reason: 'Typed by the clinic as Test Buyer' });
      expect(after.fullname).toBe('Asha Ramesh Rao');
      expect(after.history[0]).toMatchObject({
        action: 'user.corrected',
        actor: 'Test Buyer',
        actorRole: 'admin',
        before: { fullname: 'Test Buyer' },
        after: { fullname: 'Asha Ramesh Rao' },
        reason: 'Typed by the clinic as Test Buyer',
      });
      // The same name again changes nothing and records nothing.
      const again = await corrected(customer.userId, { fullname: 'Asha Ramesh Rao' });
      expect(again.history.filter((entry) => entry.action === 'user.corrected')).toHaveLength(1);
    });

    it('changes the e-mail address on the Firebase account too, as not yet confirmed, and the person signs in with it', async () => {
      const { customer, account } = await signedUpCustomer();
      const email = `asha.rao-${randomUUID()}@example.test`;
      const after = await corrected(customer.userId, { email });
      expect(after).toMatchObject({ email, emailVerified: false });
      expect(after.history[0]).toMatchObject({ action: 'user.corrected', before: { email: account.email }, after: { email } });
      const firebase = await app().firebaseAuth.getUser(account.uid);
      expect(firebase).toMatchObject({ email, emailVerified: false });
      // The old address no longer signs in; the new one does, to the same profile.
      await expect(app().firebaseAuth.getUserByEmail(account.email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
      // The old address hears of the change, the new one masked, so that a change not asked for is noticed.
      const told = await app().db.query<{ recipient: string; payload: { changes: Array<{ field: string; now: string }> } }>(
        `SELECT recipient, payload FROM outbound_messages WHERE user_id = $1 AND template = 'contact-details-changed'`,
        [customer.userId],
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.recipient).toBe(account.email);
      expect(told[0]!.payload.changes).toEqual([{ field: 'email', now: expect.stringMatching(/^a•+[0-9a-f]@e•+e\.test$/) }]);
      expect(JSON.stringify(told[0]!.payload)).not.toContain(email);
    });

    it('refuses an address another account holds, in the shop or only in Firebase, and changes nothing', async () => {
      const { customer, account } = await signedUpCustomer();
      const other = await newCustomer(app());
      const [others] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [other.userId]);
      const inShop = await refusedCorrection(customer.userId, { email: others!.email.toUpperCase() }, 409);
      expect(inShop).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'belongs to another account' } });
      expect(inShop.message).toContain('belongs to another account');

      const stranger = await signUp();
      const inFirebase = await refusedCorrection(customer.userId, { email: stranger.email }, 409);
      expect(inFirebase.code).toBe('EMAIL_TAKEN');
      expect((await app().firebaseAuth.getUser(account.uid)).email).toBe(account.email);
      const [row] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]);
      expect(row!.email).toBe(account.email);
      expect((await app().db.query(`SELECT 1 FROM audit_log WHERE subject_user_id = $1 AND action = 'user.corrected'`, [customer.userId])).length).toBe(0);
      // A refused change tells nobody anything.
      expect(await app().db.query(`SELECT 1 FROM outbound_messages WHERE user_id = $1 AND template = 'contact-details-changed'`, [customer.userId])).toEqual([]);
      expect((await refusedCorrection(customer.userId, { email: 'not an address' }, 400)).fields).toHaveProperty('email');
    });

    it('corrects the address of a customer who never signed in (a counter sale) in the shop alone', async () => {
      const customer = await newCustomer(app());
      const email = `counter-${randomUUID()}@example.test`;
      expect(await corrected(customer.userId, { email })).toMatchObject({ email, signedIn: false });
    });

    it('takes an Indian mobile number as typed and keeps it as E.164; refuses one another account holds', async () => {
      const { customer } = await signedUpCustomer();
      const typed = `0${randomIndianMobile().slice(3, 8)} ${randomIndianMobile().slice(8)}`;
      const expected = `+91${typed.replace(/\D/g, '').slice(1)}`;
      const after = await corrected(customer.userId, { phone: typed });
      expect(after.phone).toBe(expected);
      expect(after.history[0]).toMatchObject({ action: 'user.corrected', after: { phone: expected } });
      const [told] = await app().db.query<{ payload: { changes: unknown } }>(
        `SELECT payload FROM outbound_messages WHERE user_id = $1 AND template = 'contact-details-changed'`,
        [customer.userId],
      );
      expect(told?.payload.changes).toEqual([{ field: 'phone', now: `+91 ••••• •${expected.slice(-4)}` }]);

      expect((await refusedCorrection(customer.userId, { phone: '12345 67890' }, 400)).fields).toEqual({
        phone: 'Enter a 10-digit Indian mobile number, like 98765 43210.',
      });
      const other = await newCustomer(app());
      const othersNumber = randomIndianMobile();
      await app().db.query('UPDATE users SET phone = $2 WHERE id = $1', [other.userId, othersNumber]);
      const taken = await refusedCorrection(customer.userId, { phone: othersNumber.slice(3) }, 409);
      expect(taken).toMatchObject({ code: 'PHONE_TAKEN', fields: { phone: 'belongs to another account' } });
      expect(taken.message).toContain(`+91 ${othersNumber.slice(3, 8)} ${othersNumber.slice(8)}`);
    });

    it("moves the number of an account that signs in by phone, and refuses one a Firebase account signs in with", async () => {
      const number = randomIndianMobile();
      const phoneAccount = await app().firebaseAuth.createUser({ phoneNumber: number });
      const customer = await newCustomer(app());
      await app().db.query('UPDATE users SET firebase_uid = $2, phone = $3 WHERE id = $1', [customer.userId, phoneAccount.uid, number]);
      const next = randomIndianMobile();
      await corrected(customer.userId, { phone: next });
      expect((await app().firebaseAuth.getUser(phoneAccount.uid)).phoneNumber).toBe(next);

      const strangersNumber = randomIndianMobile();
      await app().firebaseAuth.createUser({ phoneNumber: strangersNumber });
      expect((await refusedCorrection(customer.userId, { phone: strangersNumber }, 409)).code).toBe('PHONE_TAKEN');
      expect((await app().firebaseAuth.getUser(phoneAccount.uid)).phoneNumber).toBe(next);
    });

    it('changes nothing when Firebase cannot be reached (503)', async () => {
      const { customer, account } = await signedUpCustomer();
      const spy = vi.spyOn(app().firebaseAuth, 'updateUser').mockRejectedValueOnce(Object.assign(new Error('down'), { code: 'app/network-error' }));
      const email = `later-${randomUUID()}@example.test`;
      expectContract(await correct(customer.userId, { email }), 'correctStaffCustomer', 503);
      spy.mockRestore();
      const [row] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]);
      expect(row!.email).toBe(account.email);
    });
  });

  describe("an order's delivery address", () => {
    const correctAddress = (orderId: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
      app().inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/address`, headers: who?.auth ?? {}, payload });
    const refusedAddress = async (orderId: string, payload: Record<string, unknown>, status: number) =>
      expectContract<Refusal>(await correctAddress(orderId, payload), 'correctOrderAddress', status);

    it('is corrected before the kits ship; the customer sees the new one, the invoice keeps the one it was issued with', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE']);
      expectContract(await correctAddress(order._id, { address: MYSURU }, null), 'correctOrderAddress', 401);
      expectContract(await correctAddress(order._id, { address: MYSURU }, doctor), 'correctOrderAddress', 403);
      expectContract(await correctAddress(order._id, { address: MYSURU }, customer), 'correctOrderAddress', 403);
      expectContract(await correctAddress('no-such-order', { address: MYSURU }), 'correctOrderAddress', 404);
      expect((await staffOrder(app(), admin, order._id)).addressLocked).toBeNull();

      // The checkout's rules: the PIN code must be the state's.
      const wrongPin = await refusedAddress(order._id, { address: { ...MYSURU, pincode: '600002' } }, 400);
      expect(wrongPin.fields).toEqual({ 'address.pincode': '600002 is a PIN code in Tamil Nadu, not Karnataka. Check the PIN code or the state.' });
      expect((await refusedAddress(order._id, { address: { ...MYSURU, phone: '12345' } }, 400)).fields).toHaveProperty(['address.phone']);
      // The invoice's place of supply stays.
      const otherState = await refusedAddress(order._id, { address: CHENNAI }, 409);
      expect(otherState.code).toBe('ADDRESS_STATE_INVOICED');
      expect(otherState.message).toContain('Karnataka');

      const staff = expectContract<{ order: StaffOrder }>(
        await correctAddress(order._id, { address: { ...MYSURU, line2: '  ' }, reason: 'The customer moved last week' }),
        'correctOrderAddress',
        200,
      ).order;
      expect(staff.address).toEqual(MYSURU);
      expect(staff.audit[0]).toMatchObject({
        action: 'order.addressCorrected',
        actor: 'Test Buyer',
        reason: 'The customer moved last week',
        before: { address: ADDRESS },
        after: { address: MYSURU },
      });
      const seen = expectContract<{ order: { address: unknown } }>(
        await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth }),
        'getOrder',
        200,
      ).order;
      expect(seen.address).toEqual(MYSURU);

      // A second correction: the invoice still has the address it was issued with.
      await correctAddress(order._id, { address: { ...MYSURU, line1: '5 Sayyaji Rao Road' } });
      const invoice = expectContractFile(
        await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: customer.auth }),
        'getInvoice',
        200,
      );
      const text = (await pdfRows(invoice)).join('\n');
      expect(text).toContain(ADDRESS.line1);
      expect(text).not.toContain('Sayyaji Rao Road');
      expect(await auditActions(app(), order._id)).toEqual(['order.addressCorrected', 'order.addressCorrected']);
    });

    it('moves an unpaid order to another state, as it has no invoice yet', async () => {
      const { order } = await orderedCustomer(app(), ['PROD-G3G-LITE']);
      const staff = expectContract<{ order: StaffOrder }>(await correctAddress(order._id, { address: CHENNAI }), 'correctOrderAddress', 200).order;
      expect(staff.address).toEqual(CHENNAI);
    });

    it('is refused with the reason once a kit has shipped', async () => {
      const { order } = await paidCustomer(app(), ['PROD-G360']);
      const shipped = await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD55556666' });
      expect(shipped.addressLocked).toMatch(/^Gut 360 \(GUT-[A-Z0-9-]+\) has shipped: the parcel is with the courier/);
      const late = await refusedAddress(order._id, { address: MYSURU }, 409);
      expect(late).toMatchObject({ code: 'ADDRESS_NOT_CORRECTABLE', message: shipped.addressLocked });
      expect((await staffOrder(app(), admin, order._id)).address).toEqual(ADDRESS);
    });
  });

  describe('a replacement kit', () => {
    const setAddress = (orderId: string, kitId: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
      app().inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/kits/${kitId}/address`, headers: who?.auth ?? {}, payload });

    it('ships to the address staff give, or else to the order’s; other kits keep the order’s', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-GSENS']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD77778888' });
      const [first] = (await staffOrder(app(), admin, order._id)).kits;
      await activate(app(), customer, first!.boxCode);
      await takeStep(app(), admin, order._id, { step: 'receiveSample' });
      const failed = await takeStep(app(), admin, order._id, { step: 'failQc', reason: 'Too little sample in the tube' });
      const replacement = failed.kits[1]!;
      expect(replacement.shipAddress).toBeNull();

      expectContract(await setAddress(order._id, replacement._id, { address: CHENNAI }, null), 'setReplacementKitAddress', 401);
      expectContract(await setAddress(order._id, replacement._id, { address: CHENNAI }, doctor), 'setReplacementKitAddress', 403);
      expectContract(await setAddress(order._id, 'no-such-kit', { address: CHENNAI }), 'setReplacementKitAddress', 404);
      const original = expectContract<Refusal>(await setAddress(order._id, first!._id, { address: CHENNAI }), 'setReplacementKitAddress', 409);
      expect(original).toMatchObject({ code: 'ADDRESS_NOT_CORRECTABLE' });
      expect(original.message).toContain('is not a replacement kit');
      const badPin = expectContract<Refusal>(
        await setAddress(order._id, replacement._id, { address: { ...CHENNAI, pincode: '560001' } }),
        'setReplacementKitAddress',
        400,
      );
      expect(badPin.fields).toHaveProperty(['address.pincode']);

      const elsewhere = expectContract<{ order: StaffOrder }>(
        await setAddress(order._id, replacement._id, { address: CHENNAI, reason: 'Staying with family in Chennai' }),
        'setReplacementKitAddress',
        200,
      ).order;
      expect(elsewhere.kits[1]!.shipAddress).toEqual(CHENNAI);
      expect(elsewhere.address).toEqual(ADDRESS);
      expect(elsewhere.audit[0]).toMatchObject({
        action: 'order.replacementAddressSet',
        reason: 'Staying with family in Chennai',
        before: { address: null },
        after: { address: CHENNAI },
      });

      // Back to the order's, and elsewhere again; once shipped it stays where it went.
      const back = expectContract<{ order: StaffOrder }>(await setAddress(order._id, replacement._id, { address: null }), 'setReplacementKitAddress', 200);
      expect(back.order.kits[1]!.shipAddress).toBeNull();
      await setAddress(order._id, replacement._id, { address: CHENNAI });
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [replacement._id], courier: 'Delhivery', trackingNumber: 'DL12345678' });
      const late = expectContract<Refusal>(await setAddress(order._id, replacement._id, { address: null }), 'setReplacementKitAddress', 409);
      expect(late.message).toMatch(/is shipped: only a replacement kit that has not shipped/);
    });

    it('with an address of its own is not shipped in one parcel with kits for the order’s address', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-GSENS', 'PROD-G360']);
      const [gutSens, gut360] = (await staffOrder(app(), admin, order._id)).kits;
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [gutSens!._id], courier: 'Blue Dart', trackingNumber: 'BD90909090' });
      await activate(app(), customer, gutSens!.boxCode);
      await takeStep(app(), admin, order._id, { step: 'receiveSample', kitIds: [gutSens!._id] });
      const failed = await takeStep(app(), admin, order._id, { step: 'failQc', kitIds: [gutSens!._id], reason: 'Leaked in transit' });
      const replacement = failed.kits.find((kit) => kit.replacesKitId === gutSens!._id)!;
      await setAddress(order._id, replacement._id, { address: MYSURU });
      const together = await journeyStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD10101010' });
      const refusal = expectContract<Refusal>(together, 'advanceStaffOrder', 409);
      expect(refusal.code).toBe('JOURNEY_STEP_NOT_ALLOWED');
      expect(refusal.message).toContain('different addresses');
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [gut360!._id], courier: 'Blue Dart', trackingNumber: 'BD20202020' });
      await takeStep(app(), admin, order._id, { step: 'ship', kitIds: [replacement._id], courier: 'Blue Dart', trackingNumber: 'BD30303030' });
    });
  });
});
