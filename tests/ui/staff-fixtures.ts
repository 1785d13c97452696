/**
 * The staff pages' order, its kit, its row in the orders list, its customer and the staff's products, as the contract
 * describes them.
 */
import { http, HttpResponse } from 'msw';
import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];
type StaffOrder = Schemas['StaffOrder'];
type StaffKit = Schemas['StaffKit'];

/** A paid Gut Start kit of order GS-2026-000042, not yet shipped. */
export function staffKit(overrides: Partial<StaffKit> = {}): StaffKit {
  return {
    _id: 'kit-1',
    heldBy: null,
    product: 'prod-1',
    code: 'PROD-G3G-LITE',
    name: 'Gut Start',
    state: 'paid',
    boxCode: 'GUT-AAA1-BBB1',
    shipment: null,
    reportUrl: null,
    reportPdf: false,
    replacesKitId: null,
    replacedByKitId: null,
    value: 499900,
    allowedSteps: ['ship', 'refund'],
    timeline: [{ state: 'paid', at: '2026-11-20T10:05:00.000Z' }],
    ...overrides,
  };
}

/** Asha Rao's paid order GS-2026-000042 of one Gut Start kit, to Bengaluru. */
export function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    _id: 'order-42',
    number: 'GS-2026-000042',
    status: 'paid',
    paymentStatus: 'paid',
    customer: { _id: 'cust-1', fullname: 'Asha Rao', email: 'asha@example.in', phone: '+919876543210' },
    items: [{ _id: 'item-1', product: 'prod-1', code: 'PROD-G3G-LITE', name: 'Gut Start', price: 499900, actual_price: 499900 }],
    actual_price: 499900,
    discount: 0,
    discountInPercentage: 0,
    coupon: null,
    price: 499900,
    refundedAmount: 0,
    address: { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    payments: [],
    invoice: { number: 'INV/26-27/000042', date: '20-11-2026' },
    kits: [staffKit()],
    refunds: [],
    timeline: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z' }],
    audit: [],
    shipments: [],
    courierBooking: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** The order's row in the staff's orders list: its products, and each kit's state (a counter's kit not shipped is handed over). */
export function staffOrderSummary(order: StaffOrder, overrides: Partial<Schemas['StaffOrderSummary']> = {}): Schemas['StaffOrderSummary'] {
  return {
    _id: order._id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    customer: order.customer,
    shipTo: 'Asha Rao, Bengaluru',
    products: order.items.map((item) => item.name),
    kits: order.kits.map((kit) => ({ name: kit.name, state: kit.state, atCounter: order.payments.some((payment) => payment.provider === 'offline') && !kit.shipment })),
    price: order.price,
    refundedAmount: order.refundedAmount,
    ...overrides,
  };
}

/** Asha Rao's page for staff: signed up and signed in, with nothing on it yet. */
export function staffCustomer(overrides: Partial<Schemas['StaffCustomerDetail']> = {}): Schemas['StaffCustomerDetail'] {
  return {
    _id: 'cust-1',
    fullname: 'Asha Rao',
    email: 'asha@example.in',
    emailVerified: true,
    phone: '+919876543210',
    role: 'customer',
    signedUpAt: '2026-11-19T10:00:00.000Z',
    signedIn: true,
    addresses: [],
    orders: [],
    kits: [],
    questionnaireResults: [],
    notes: [],
    history: [],
    ...overrides,
  };
}

/** Product `n` of the staff's catalogue, active. */
export function staffProduct(n: number, overrides: Partial<Schemas['StaffProduct']> = {}): Schemas['StaffProduct'] {
  return {
    _id: `prod-${n}`,
    code: `PROD-KIT-${n}`,
    name: `Kit ${n}`,
    slug: `kit-${n}`,
    summary: 'A kit.',
    description: '',
    box: [],
    images: [],
    price: 100000 * n,
    actual_price: 150000 * n,
    hsn_sac: '999316',
    gst_rate: 18,
    image: n === 1 ? '/api/product-images/img-1' : '',
    active: true,
    sort: n,
    ordered: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/products answering the products named by code in `names`, those of `hidden` hidden from the shop. */
export function staffCatalogue(names: Record<string, string>, hidden: readonly string[] = []) {
  const items = Object.entries(names).map(([code, name], index) => staffProduct(index + 1, { code, name, slug: `kit-${index + 1}`, active: !hidden.includes(code) }));
  return http.get('*/api/admin/products', () => HttpResponse.json({ items, total: items.length }));
}
