import { couponTotals, paidPerLine } from '../../../machines/pricing';
import { validateAddress, type DeliveryAddress } from '../../../machines/address';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { GST_RATE_PERCENT, KIT_SAC } from '../../services/invoice/gst';
import type { InvoiceItem, InvoiceOrder } from '../../services/invoice/pdf';
import { addressOfRow, savedAddress } from '../addresses/queries';
import { firstOrderOnlyMessage, fitsCart, notForCartMessage } from '../coupons/queries';
import { TRACKING_URL } from '../kits/queries';

type Order = components['schemas']['Order'];

export interface OrderRow extends Record<string, unknown> {
  id: string;
  number: string;
  user_id: string;
  status: Order['status'];
  actual_price: number;
  price: number;
  discount_percentage: number;
  coupon_code: string | null;
  ship_name: string;
  ship_phone: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_pincode: string;
  invoice_number: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancel_reason: 'customer' | 'expired' | 'staff' | null;
  refunded_amount: number;
  /** The address the invoice was issued with, once staff corrected the delivery address of an invoiced order. */
  invoice_address: DeliveryAddress | null;
}

interface OrderItemRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  product_id: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
  discount: number | null;
  hsn_sac: string;
  gst_rate: number;
}

interface PaymentRow extends Record<string, unknown> {
  order_id: string;
  provider: 'test' | 'razorpay';
  status: 'created' | 'failed' | 'paid';
  gateway_payment_id: string | null;
  created_at: Date | string;
  failed_at: Date | string | null;
}

const ORDER_COLUMNS = `id, number::text AS number, user_id, status, actual_price, price, discount_percentage, coupon_code,
  ship_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_pincode,
  invoice_number, created_at, paid_at, cancelled_at, cancel_reason, refunded_amount, invoice_address`;

/** A timestamp as either driver returns it, as the contract writes it. */
export const iso = (value: Date | string) => new Date(value).toISOString();

function yearOf(value: Date | string): number {
  return new Date(value).getUTCFullYear();
}

export function orderNumber(row: Pick<OrderRow, 'number' | 'created_at'>): string {
  return `GS-${yearOf(row.created_at)}-${row.number.padStart(6, '0')}`;
}

export function invoiceNumber(row: Pick<OrderRow, 'invoice_number' | 'paid_at'>): string | null {
  return row.invoice_number && row.paid_at ? row.invoice_number : null;
}

export function shippingAddress(row: OrderRow): DeliveryAddress {
  return addressOfRow({
    name: row.ship_name,
    phone: row.ship_phone,
    line1: row.ship_line1,
    line2: row.ship_line2,
    city: row.ship_city,
    state: row.ship_state,
    pincode: row.ship_pincode,
  });
}

/** A kit of an order as its invoice takes it, with the code and rate it was sold with (every stored line has them). */
export function invoiceItem(item: Order['items'][number]): InvoiceItem {
  return {
    product: item.product,
    name: item.name,
    price: item.price,
    discount: item.discount,
    hsnSac: item.hsn_sac ?? KIT_SAC,
    gstRate: item.gst_rate ?? GST_RATE_PERCENT,
  };
}

/** What the GST invoice of a paid order is made from (a refund does not undo it); null while the order is not paid. */
export function invoiceOrder(row: OrderRow, order: Order): InvoiceOrder | null {
  const number = invoiceNumber(row);
  if ((row.status !== 'paid' && row.status !== 'refunded') || !number || !row.paid_at) return null;
  return {
    number: orderNumber(row),
    invoiceNumber: number,
    paidAt: new Date(row.paid_at),
    items: order.items.map(invoiceItem),
    actualPrice: row.actual_price,
    price: row.price,
    discountPercentage: row.discount_percentage,
    coupon: row.coupon_code,
    // An issued invoice does not change: a later correction of the delivery address is not on it.
    address: row.invoice_address ?? shippingAddress(row),
    paymentId: order.payment.paymentId,
  };
}

/** The contract's Order for each row, with items, payment state and timeline. */
export async function orderBodies(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const items = await db.query<OrderItemRow>(
    'SELECT id, order_id, product_id, code, name, price, actual_price, discount, hsn_sac, gst_rate FROM order_items WHERE order_id = ANY($1) ORDER BY position',
    [ids],
  );
  const payments = await db.query<PaymentRow>(
    'SELECT order_id, provider, status, gateway_payment_id, created_at, failed_at FROM payments WHERE order_id = ANY($1) ORDER BY created_at',
    [ids],
  );
  // The parcels staff shipped, one per courier and tracking number, and the refunds with their credit notes.
  const parcels = await db.query<{ order_id: string; courier: string; tracking_number: string; name: string; tracking_url: string | null }>(
    `SELECT k.order_id, k.courier, k.tracking_number, p.name, ${TRACKING_URL} AS tracking_url FROM kits k JOIN products p ON p.id = k.product_id
      WHERE k.order_id = ANY($1) AND k.tracking_number IS NOT NULL ORDER BY k.created_at, k.id`,
    [ids],
  );
  const refunds = await db.query<{ id: string; order_id: string; amount: number; credit_note_number: string; created_at: Date | string }>(
    'SELECT id, order_id, amount, credit_note_number, created_at FROM refunds WHERE order_id = ANY($1) ORDER BY created_at',
    [ids],
  );
  // Each kit's discount as the order kept it, or for orders placed before that, the discount spread over the kits.
  const itemsOf = (row: OrderRow): Order['items'] => {
    const lines = items.filter((item) => item.order_id === row.id);
    const paid = paidPerLine(lines, row.price);
    return lines.map((item, index) => ({
      _id: item.id,
      product: item.product_id,
      code: item.code,
      name: item.name,
      price: item.price,
      actual_price: item.actual_price,
      discount: Math.max(0, item.price - (paid[index] ?? item.price)),
      hsn_sac: item.hsn_sac,
      gst_rate: item.gst_rate,
    }));
  };
  return rows.map((row) => {
    const mine = payments.filter((payment) => payment.order_id === row.id);
    const refundsOfOrder = refunds.filter((refund) => refund.order_id === row.id);
    const shipments: NonNullable<Order['shipments']> = [];
    for (const parcel of parcels.filter((kit) => kit.order_id === row.id)) {
      const same = shipments.find((shipment) => shipment.courier === parcel.courier && shipment.trackingNumber === parcel.tracking_number);
      if (same) same.kits.push(parcel.name);
      else {
        shipments.push({
          courier: parcel.courier,
          trackingNumber: parcel.tracking_number,
          ...(parcel.tracking_url ? { trackingUrl: parcel.tracking_url } : {}),
          kits: [parcel.name],
        });
      }
    }
    const paid = mine.find((payment) => payment.status === 'paid');
    const last = mine.at(-1);
    const timeline: Order['timeline'] = [{ status: 'placed', at: iso(row.created_at) }];
    for (const payment of mine) if (payment.failed_at) timeline.push({ status: 'payment_failed', at: iso(payment.failed_at) });
    if (row.paid_at) timeline.push({ status: 'paid', at: iso(row.paid_at) });
    if (row.cancelled_at) timeline.push({ status: row.cancel_reason === 'expired' ? 'expired' : 'cancelled', at: iso(row.cancelled_at) });
    for (const refund of refundsOfOrder) timeline.push({ status: 'refunded', at: iso(refund.created_at) });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    return {
      _id: row.id,
      number: orderNumber(row),
      status: row.status,
      items: itemsOf(row),
      actual_price: row.actual_price,
      discount: row.actual_price - row.price,
      discountInPercentage: row.discount_percentage,
      coupon: row.coupon_code,
      price: row.price,
      address: shippingAddress(row),
      payment: {
        status: paid ? 'paid' : last?.status === 'failed' ? 'failed' : 'unpaid',
        provider: (paid ?? last)?.provider ?? null,
        paymentId: paid?.gateway_payment_id ?? null,
      },
      timeline,
      invoiceNumber: invoiceNumber(row),
      refundedAmount: row.refunded_amount,
      shipments,
      creditNotes: refundsOfOrder.map((refund) => ({
        refundId: refund.id,
        number: refund.credit_note_number,
        amount: refund.amount,
        issuedAt: iso(refund.created_at),
      })),
      createdAt: iso(row.created_at),
      paidAt: row.paid_at ? iso(row.paid_at) : null,
    };
  });
}

/** The contract's Order for one row. */
export async function orderBody(db: Queryable, row: OrderRow): Promise<Order> {
  const [order] = await orderBodies(db, [row]);
  if (!order) throw new Error(`order ${row.id} was not made into a body`);
  return order;
}

export async function ordersOfUser(db: Queryable, userId: string): Promise<OrderRow[]> {
  return db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, number DESC`, [userId]);
}

/** The order if it belongs to `userId`; another person's order is the same as no order. */
export async function orderOfUser(db: Queryable, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [orderId, userId]);
  return row;
}

export async function orderById(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [orderId]);
  return row;
}

const orderConflict = (message: string, code: string) => new HttpError(409, message, code);

interface CouponLockRow extends Record<string, unknown> {
  id: string;
  code: string;
  percentage: number;
  usable: boolean;
  max_redemptions: number | null;
  per_user_limit: number;
  first_order_only: boolean;
}

/** The code of the 409 that answers an order placed from a cart other than the one reviewed. */
export const CART_CHANGED = 'CART_CHANGED';
export const CART_CHANGED_MESSAGE =
  'Your cart changed since you reviewed it, perhaps in another tab. Check its kits and total below, then place the order again.';

/** What the person reviewed before placing the order: the cart's version and payable price in paise. */
export interface ReviewedCart {
  cartVersion: number;
  cartPrice: number;
}

/**
 * Places the order for `userId` from the server-side cart, in one transaction: the same idempotency key answers the
 * order it made before; the cart must be the one reviewed (its version and payable price), or CART_CHANGED is
 * thrown; the coupon is re-checked under a lock on its row and its redemption written with the order.
 */
export async function placeOrder(
  tx: Queryable,
  userId: string,
  idempotencyKey: string,
  reviewed: ReviewedCart,
): Promise<{ orderId: string; created: boolean }> {
  // Locking the cart serialises one person's concurrent checkouts, so a double click sees the first order; every
  // change to the cart takes the same lock, so the version read here is the cart the order is made from.
  const [cart] = await tx.query<{ id: string; coupon_id: string | null; version: number }>(
    'SELECT id, coupon_id, version FROM carts WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const [existing] = await tx.query<{ id: string }>('SELECT id FROM orders WHERE user_id = $1 AND idempotency_key = $2', [userId, idempotencyKey]);
  if (existing) return { orderId: existing.id, created: false };
  const items = cart
    ? await tx.query<{ product_id: string; code: string; name: string; price: number; actual_price: number }>(
        `SELECT p.id AS product_id, p.code, p.name, p.price, p.actual_price
           FROM cart_items i JOIN products p ON p.id = i.product_id
          WHERE i.cart_id = $1 AND p.active
          ORDER BY i.added_at, i.id`,
        [cart.id],
      )
    : [];
  if (!cart || items.length === 0) {
    // Kits taken off sale are left out of the order; a cart of nothing else has nothing to order.
    const [held] = cart ? await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM cart_items WHERE cart_id = $1', [cart.id]) : [];
    if ((held?.count ?? 0) > 0) {
      throw orderConflict('The kits in your cart are not available right now. Remove them and choose another kit.', 'PRODUCT_UNAVAILABLE');
    }
    throw orderConflict('Your cart is empty. Add a kit before checking out.', 'CART_EMPTY');
  }
  if (cart.version !== reviewed.cartVersion) throw orderConflict(CART_CHANGED_MESSAGE, CART_CHANGED);
  const address = await savedAddress(tx, userId);
  if (!address) throw orderConflict('Add a delivery address before placing the order.', 'ADDRESS_REQUIRED');
  // An address saved before a rule existed (a PIN code of another state) must not reach an invoice.
  const addressErrors = validateAddress(address);
  const firstAddressError = Object.values(addressErrors)[0];
  if (firstAddressError) throw badRequest(`Please correct the delivery address before placing the order. ${firstAddressError}`, addressErrors);

  let coupon: CouponLockRow | undefined;
  let couponProducts: string[] = [];
  if (cart.coupon_id) {
    // Orders with this coupon take turns (its limits are counted under the lock); NO KEY leaves a cart free to point
    // at the coupon meanwhile (its foreign key check takes KEY SHARE, which FOR UPDATE would block).
    [coupon] = await tx.query<CouponLockRow>(
      `SELECT id, code, percentage, max_redemptions, per_user_limit, first_order_only,
              (active AND (valid_from IS NULL OR valid_from <= now()) AND (valid_until IS NULL OR valid_until > now())) AS usable
         FROM coupons WHERE id = $1 FOR NO KEY UPDATE`,
      [cart.coupon_id],
    );
    if (!coupon || !coupon.usable) {
      throw orderConflict('The coupon in your cart has expired. Remove it from your cart to continue.', 'COUPON_EXPIRED');
    }
    const [used] = await tx.query<{ total: number; mine: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $2)::int AS mine FROM coupon_redemptions WHERE coupon_id = $1`,
      [coupon.id, userId],
    );
    if (coupon.max_redemptions !== null && (used?.total ?? 0) >= coupon.max_redemptions) {
      throw orderConflict(`The coupon ${coupon.code} has been used up. Remove it from your cart to continue.`, 'COUPON_USED_UP');
    }
    if ((used?.mine ?? 0) >= coupon.per_user_limit) {
      throw orderConflict(`You have already used the coupon ${coupon.code}. Remove it from your cart to continue.`, 'COUPON_ALREADY_USED');
    }
    if (coupon.first_order_only) {
      const [paid] = await tx.query<{ id: string }>('SELECT id FROM orders WHERE user_id = $1 AND paid_at IS NOT NULL LIMIT 1', [userId]);
      if (paid) throw orderConflict(`${firstOrderOnlyMessage(coupon.code)} Remove it from your cart to continue.`, 'COUPON_FIRST_ORDER_ONLY');
    }
    const limitedTo = await tx.query<{ id: string; name: string }>(
      `SELECT p.id, p.name FROM coupon_products cp JOIN products p ON p.id = cp.product_id WHERE cp.coupon_id = $1 ORDER BY p.sort, p.name`,
      [coupon.id],
    );
    couponProducts = limitedTo.map((product) => product.id);
    if (!fitsCart(couponProducts, items.map((item) => item.product_id))) {
      throw orderConflict(
        `${notForCartMessage(coupon.code, limitedTo.map((product) => product.name))} Or remove it from your cart to continue.`,
        'COUPON_NOT_FOR_CART',
      );
    }
  }

  // Each kit keeps its own share of the discount: a coupon limited to some kits takes its percentage off those only.
  const percentage = coupon?.percentage ?? 0;
  const { actualPrice, price, discounts } = couponTotals(
    items.map((item) => ({ price: item.price, product: item.product_id })),
    coupon ? { percentage, products: couponProducts } : null,
  );
  // The same cart at other prices (staff changed a price or a coupon, or took a kit off sale) is not the order reviewed.
  if (price !== reviewed.cartPrice) throw orderConflict(CART_CHANGED_MESSAGE, CART_CHANGED);
  const [order] = await tx.query<{ id: string }>(
    `INSERT INTO orders (user_id, idempotency_key, actual_price, price, discount_percentage, coupon_id, coupon_code,
                         ship_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_pincode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id`,
    [
      userId,
      idempotencyKey,
      actualPrice,
      price,
      percentage,
      coupon?.id ?? null,
      coupon?.code ?? null,
      address.name,
      address.phone,
      address.line1,
      address.line2 ?? null,
      address.city,
      address.state,
      address.pincode,
    ],
  );
  if (!order) throw new Error('order was not inserted');
  for (const [position, item] of items.entries()) {
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position, discount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [order.id, item.product_id, item.code, item.name, item.price, item.actual_price, position, discounts[position] ?? 0],
    );
  }
  if (coupon) {
    await tx.query('INSERT INTO coupon_redemptions (coupon_id, user_id, order_id) VALUES ($1, $2, $3)', [coupon.id, userId, order.id]);
  }
  await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [cart.id]);
  await tx.query('UPDATE carts SET coupon_id = NULL, updated_at = now(), version = version + 1 WHERE id = $1', [cart.id]);
  return { orderId: order.id, created: true };
}

/**
 * Cancels an unpaid order of `userId` and gives its coupon use back. The order row is locked, so a payment being
 * verified at the same moment either finds it cancelled or is the one that wins.
 */
export async function cancelUnpaidOrder(tx: Queryable, userId: string, orderId: string): Promise<boolean> {
  const [order] = await tx.query<{ status: string }>('SELECT status FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE', [orderId, userId]);
  if (!order) return false;
  if (order.status !== 'pending') throw orderConflict(`This order is ${order.status} and can no longer be cancelled here.`, 'ORDER_NOT_CANCELLABLE');
  await tx.query(`UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'customer' WHERE id = $1`, [orderId]);
  await tx.query('DELETE FROM coupon_redemptions WHERE order_id = $1', [orderId]);
  return true;
}
