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

export function invoicePdf(order: InvoiceOrder, seller: Config['seller']): Promise<Buffer> {
  const gst = gstBreakdown(order.price, seller.state, order.address.state);
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
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: 360 });
    doc.text(amount, left + 360, y, { width: right - left - 360, align: 'right' });
    doc.moveDown(0.3);
  };
  row('Item', 'Amount (GST included)', true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.3);
  for (const item of order.items) row(`${item.name} (${item.code})`, rupees(item.price));
  if (order.actualPrice !== order.price) {
    row(`Discount${order.coupon ? ` (${order.coupon}, ${order.discountPercentage}%)` : ''}`, `- ${rupees(order.actualPrice - order.price)}`);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.3);
  row('Taxable value', rupees(gst.taxableValue));
  if (gst.intraState) {
    row('CGST @ 9%', rupees(gst.cgst));
    row('SGST @ 9%', rupees(gst.sgst));
  } else {
    row('IGST @ 18%', rupees(gst.igst));
  }
  row('Total paid', rupees(gst.total), true);
  doc.moveDown();
  doc.font('Helvetica').fontSize(8).text('Prices include GST at 18%. This is a computer-generated invoice and needs no signature.', left);
  doc.end();
  return done;
}
