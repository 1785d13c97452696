/**
 * The registers a GST return is filed from: every tax invoice and every credit note the shop issued in a period, one
 * row for each GST rate on it (one row, for a document whose kits are all at one rate), with the amounts their PDFs
 * carry to the paisa (the same `invoiceOf`), and what the orders export adds of them. The shop sells to unregistered persons (B2C): GSTR-1 takes invoices by place of supply and rate (B2CS, and
 * B2CL for a large inter-state one) and credit notes to unregistered persons (CDNUR), which these columns carry.
 */
import type { IndianState } from '../../machines/address';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db';
import { creditNoteOf } from '../routes/admin-orders/queries';
import { invoiceOrder, orderBodies, orderById, orderNumber, type OrderRow } from '../routes/orders/queries';
import { creditNoteLines } from './invoice/credit-note';
import { invoiceDate, invoiceOf, type Invoice } from './invoice/pdf';

export type GstRegisterFilter = components['schemas']['GstRegisterFilter'];
type StaffOrderSummary = components['schemas']['StaffOrderSummary'];

/** The longest period a register covers: a financial year, with room for a leap day. */
export const MAX_REGISTER_DAYS = 366;

/** Why a period cannot be a register's, or null. */
export function registerPeriodProblem({ from, to }: Pick<GstRegisterFilter, 'from' | 'to'>): string | null {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(days >= 0)) return 'The period ends before it starts.';
  if (days + 1 > MAX_REGISTER_DAYS) return `A register covers at most ${MAX_REGISTER_DAYS} days; export a longer time in parts.`;
  return null;
}

/** The period's bounds as instants: from the start of `from` to the end of `to`, India's days. */
function bounds({ from, to }: Pick<GstRegisterFilter, 'from' | 'to'>): [string, string] {
  const start = new Date(`${from}T00:00:00+05:30`);
  const end = new Date(Date.parse(`${to}T00:00:00+05:30`) + 86_400_000);
  return [start.toISOString(), end.toISOString()];
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

type PaymentMethod = 'online' | 'cash' | 'upi' | 'card' | null;

const PAYMENT_METHOD: Record<Exclude<PaymentMethod, null>, string> = {
  online: 'Payment gateway',
  cash: 'Cash at the counter',
  upi: 'UPI at the counter',
  card: 'Card at the counter',
};

const REFUNDED_BY = { gateway: 'Payment gateway', cash: 'Cash', upi: 'UPI transfer', card_reversal: 'Card reversal' } as const;

/**
 * The columns both registers share, after each document's own: its tax at each rate, as the invoice's lines at that
 * rate add up, one set per rate; the document's value closes each set, whole, as GSTR-1 repeats it on each rate's row.
 */
function taxFields(invoice: Invoice) {
  return invoice.byRate.map(({ rate, amounts }) => [
    '',
    // As GSTR-1 writes a place of supply: the state's code, a dash, its name (29-Karnataka).
    `${invoice.placeOfSupply.code}-${invoice.placeOfSupply.name}`,
    invoice.intraState ? 'Intra-state' : 'Inter-state',
    rate,
    rupees(amounts.taxableValue),
    rupees(amounts.cgst),
    rupees(amounts.sgst),
    rupees(amounts.igst),
    rupees(0),
    rupees(invoice.totals.total),
  ]);
}

const TAX_HEADER = [
  'Recipient GSTIN',
  'Place of supply',
  'Supply',
  'Rate (%)',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Cess (INR)',
];

export const INVOICE_REGISTER_HEADER = [
  'Invoice number',
  'Invoice date',
  'Order',
  'Customer',
  'E-mail',
  ...TAX_HEADER,
  'Invoice value (INR)',
  'Payment method',
  'Channel',
  'Coupon',
];

export const CREDIT_NOTE_REGISTER_HEADER = [
  'Credit note number',
  'Credit note date',
  'Note type',
  'Original invoice number',
  'Original invoice date',
  'Order',
  'Customer',
  'E-mail',
  ...TAX_HEADER,
  'Note value (INR)',
  'Refunded by',
  'Refund status',
  'Reason',
];

interface InvoicedRow extends OrderRow {
  channel: 'online' | 'offline';
  payment_method: PaymentMethod;
  customer_name: string | null;
  customer_email: string | null;
}

/** An order's columns with its channel, the way it was paid and its customer, for the registers. */
const INVOICED_COLUMNS = `o.id, o.number::text AS number, o.user_id, o.status, o.actual_price, o.price, o.discount_percentage, o.coupon_code,
  o.ship_name, o.ship_phone, o.ship_line1, o.ship_line2, o.ship_city, o.ship_state, o.ship_pincode,
  o.invoice_number, o.created_at, o.paid_at, o.cancelled_at, o.cancel_reason, o.refunded_amount, o.invoice_address, o.channel,
  (SELECT CASE WHEN p.provider = 'offline' THEN p.method ELSE 'online' END FROM payments p
    WHERE p.order_id = o.id AND p.status = 'paid' ORDER BY p.created_at DESC LIMIT 1) AS payment_method,
  u.fullname AS customer_name, u.email AS customer_email`;

/** Each order's tax invoice as its PDF adds it up, by order id; orders without one are left out. */
async function invoicesOf(db: Queryable, rows: InvoicedRow[], sellerState: IndianState): Promise<Map<string, Invoice>> {
  const bodies = await orderBodies(db, rows);
  const invoices = new Map<string, Invoice>();
  rows.forEach((row, index) => {
    const order = invoiceOrder(row, bodies[index]!);
    if (order) invoices.set(row.id, invoiceOf(order, sellerState));
  });
  return invoices;
}

export async function countInvoices(db: Queryable, filter: GstRegisterFilter): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    // A row for each rate on each invoice.
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT o.id, i.gst_rate FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.invoice_number IS NOT NULL AND o.paid_at >= $1 AND o.paid_at < $2) AS rated`,
    bounds(filter),
  );
  return row?.n ?? 0;
}

/** The invoice register's lines, a batch at a time, in the order the invoices were issued. */
export async function* invoiceRegisterBatches(db: Queryable, filter: GstRegisterFilter, size: number, sellerState: IndianState) {
  const [start, end] = bounds(filter);
  let after: [string, string] = [start, ''];
  for (;;) {
    const rows = await db.query<InvoicedRow>(
      `SELECT ${INVOICED_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id
        WHERE o.invoice_number IS NOT NULL AND o.paid_at >= $1 AND o.paid_at < $2 AND (o.paid_at, o.id) > ($3::timestamptz, $4::text)
        ORDER BY o.paid_at, o.id LIMIT $5`,
      [start, end, after[0], after[1], size],
    );
    if (rows.length === 0) return;
    const invoices = await invoicesOf(db, rows, sellerState);
    yield rows.flatMap((row) => {
      const invoice = invoices.get(row.id)!;
      return taxFields(invoice).map((tax) => [
        row.invoice_number,
        invoice.date,
        orderNumber(row),
        row.customer_name,
        row.customer_email,
        ...tax,
        row.payment_method ? PAYMENT_METHOD[row.payment_method] : null,
        row.channel === 'offline' ? 'Counter' : 'Online',
        row.coupon_code,
      ]);
    });
    const last = rows[rows.length - 1]!;
    after = [new Date(last.paid_at!).toISOString(), last.id];
    if (rows.length < size) return;
  }
}

export async function countCreditNotes(db: Queryable, filter: GstRegisterFilter): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE created_at >= $1 AND created_at < $2', bounds(filter));
  return row?.n ?? 0;
}

/** The credit-note register's lines, a batch at a time, in the order the notes were issued. */
export async function* creditNoteRegisterBatches(db: Queryable, filter: GstRegisterFilter, size: number, sellerState: IndianState) {
  const [start, end] = bounds(filter);
  let after: [string, string] = [start, ''];
  for (;;) {
    const refunds = await db.query<{ id: string; order_id: string; created_at: Date | string; status: string; name: string | null; email: string | null }>(
      `SELECT r.id, r.order_id, r.created_at, r.status, u.fullname AS name, u.email
         FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = o.user_id
        WHERE r.created_at >= $1 AND r.created_at < $2 AND (r.created_at, r.id) > ($3::timestamptz, $4::text)
        ORDER BY r.created_at, r.id LIMIT $5`,
      [start, end, after[0], after[1], size],
    );
    if (refunds.length === 0) return;
    const lines = [];
    for (const refund of refunds) {
      const order = await orderById(db, refund.order_id);
      const note = order && (await creditNoteOf(db, order, refund.id));
      if (!order || !note) continue;
      const credited = creditNoteLines(note, sellerState);
      for (const tax of taxFields(credited)) {
        lines.push([
          note.number,
          credited.date,
          'C',
          note.invoice.invoiceNumber,
          invoiceDate(note.invoice.paidAt),
          note.invoice.number,
          refund.name,
          refund.email,
          ...tax,
          REFUNDED_BY[note.moneyBack.method],
          refund.status,
          note.reason,
        ]);
      }
    }
    yield lines;
    const last = refunds[refunds.length - 1]!;
    after = [new Date(last.created_at).toISOString(), last.id];
    if (refunds.length < size) return;
  }
}

export const ORDER_TAX_HEADER = ['Invoice number', 'GST rates (%)', 'Taxable value (INR)', 'CGST (INR)', 'SGST (INR)', 'IGST (INR)', 'Payment method', 'Channel', 'Coupon'];

/** What the orders export adds to each of a batch's orders: its invoice's figures, how it was paid, its channel and coupon. */
export async function orderTaxFields(db: Queryable, orders: StaffOrderSummary[], sellerState: IndianState): Promise<Map<string, (string | number | null)[]>> {
  if (orders.length === 0) return new Map();
  const rows = await db.query<InvoicedRow>(`SELECT ${INVOICED_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ANY($1)`, [
    orders.map((order) => order._id),
  ]);
  const invoices = await invoicesOf(db, rows, sellerState);
  return new Map(
    rows.map((row) => {
      const invoice = invoices.get(row.id);
      return [
        row.id,
        [
          invoice ? row.invoice_number : null,
          // Each rate of the invoice's kits, from the lowest: 18, or 5; 18 for an order of kits at two rates.
          invoice ? invoice.byRate.map(({ rate }) => rate).join('; ') : null,
          invoice ? rupees(invoice.totals.taxableValue) : null,
          invoice ? rupees(invoice.totals.cgst) : null,
          invoice ? rupees(invoice.totals.sgst) : null,
          invoice ? rupees(invoice.totals.igst) : null,
          row.payment_method ? PAYMENT_METHOD[row.payment_method] : null,
          row.channel === 'offline' ? 'Counter' : 'Online',
          row.coupon_code,
        ],
      ];
    }),
  );
}
