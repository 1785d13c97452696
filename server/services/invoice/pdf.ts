/**
 * The GST tax invoice of a paid order as a PDF, made on the server with pdfkit (it never reaches the browser).
 */
import PDFDocument from 'pdfkit';
import { formatRupees } from '../../../machines/pricing';
import type { Config } from '../../config';
import { gstBreakdown } from './gst';

export interface InvoiceOrder {
  number: string;
  invoiceNumber: string;
  paidAt: Date;
  items: Array<{ name: string; code: string; price: number }>;
  actualPrice: number;
  price: number;
  discountPercentage: number;
  coupon: string | null;
  address: { name: string; phone: string; line1: string; line2?: string | undefined; city: string; state: string; pincode: string };
  paymentId: string | null;
}

/** Rupees with Indian digit grouping and both paise digits; the PDF's built-in fonts have no rupee sign. */
function rupees(paise: number): string {
  return formatRupees(paise, { symbol: 'Rs. ', alwaysShowPaise: true });
}

export interface InvoiceRow {
  label: string;
  amount: string;
  bold?: boolean;
}

/**
 * The invoice's amounts: each kit and the discount (`items`), then the taxable value, the GST split for the place
 * of supply and the total paid (`totals`).
 */
export function invoiceRows(order: InvoiceOrder, sellerState: string): { items: InvoiceRow[]; totals: InvoiceRow[] } {
  const gst = gstBreakdown(order.price, sellerState, order.address.state);
  const items: InvoiceRow[] = order.items.map((item) => ({ label: `${item.name} (${item.code})`, amount: rupees(item.price) }));
  if (order.actualPrice !== order.price) {
    const coupon = order.coupon ? ` (${order.coupon}, ${order.discountPercentage}%)` : '';
    items.push({ label: `Discount${coupon}`, amount: `- ${rupees(order.actualPrice - order.price)}` });
  }
  const taxes: InvoiceRow[] = gst.intraState
    ? [
        { label: 'CGST @ 9%', amount: rupees(gst.cgst) },
        { label: 'SGST @ 9%', amount: rupees(gst.sgst) },
      ]
    : [{ label: 'IGST @ 18%', amount: rupees(gst.igst) }];
  const totals: InvoiceRow[] = [
    { label: 'Taxable value', amount: rupees(gst.taxableValue) },
    ...taxes,
    { label: 'Total paid', amount: rupees(gst.total), bold: true },
  ];
  return { items, totals };
}

export function invoicePdf(order: InvoiceOrder, seller: Config['seller']): Promise<Buffer> {
  const { items, totals } = invoiceRows(order, seller.state);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Tax invoice ${order.invoiceNumber}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text('Tax Invoice', { align: 'right' });
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.font('Helvetica-Bold').text(seller.name);
  doc.font('Helvetica').text(seller.address).text(`GSTIN: ${seller.gstin}`).text(`State: ${seller.state}`);
  doc.moveDown();
  doc.text(`Invoice number: ${order.invoiceNumber}`);
  doc.text(`Invoice date: ${order.paidAt.toISOString().slice(0, 10)}`);
  doc.text(`Order number: ${order.number}`);
  if (order.paymentId) doc.text(`Payment reference: ${order.paymentId}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Billed and shipped to');
  const a = order.address;
  doc.font('Helvetica').text(a.name).text(a.line1);
  if (a.line2) doc.text(a.line2);
  doc.text(`${a.city}, ${a.state} ${a.pincode}`).text(`Phone: +91 ${a.phone}`);
  doc.text(`Place of supply: ${a.state}`);
  doc.moveDown();

  const left = 50;
  const right = 545;
  const row = ({ label, amount, bold = false }: InvoiceRow) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: 360 });
    doc.text(amount, left + 360, y, { width: right - left - 360, align: 'right' });
    doc.moveDown(0.3);
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    doc.moveDown(0.3);
  };
  row({ label: 'Item', amount: 'Amount (GST included)', bold: true });
  rule();
  items.forEach(row);
  rule();
  totals.forEach(row);
  doc.moveDown();
  doc.font('Helvetica').fontSize(8).text('Prices include GST at 18%. This is a computer-generated invoice and needs no signature.', left);
  doc.end();
  return done;
}
