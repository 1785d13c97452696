/**
 * The GST tax invoice of a paid order as a PDF, made on the server with pdfkit (it never reaches the browser). It
 * carries what rule 46 of the CGST Rules asks of a tax invoice: the supplier's name, address, GSTIN and state; the
 * invoice's number and date; the recipient and the place of supply with their states and codes; per line the
 * description, SAC, quantity and unit, value, discount, taxable value, rate and tax; whether tax is payable on reverse
 * charge; and the authorised signatory.
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import type { DeliveryAddress } from '../../../machines/address';
import { gstStateCode } from '../../../machines/gst-states';
import { formatRupees, paidPerLine } from '../../../machines/pricing';
import type { Config } from '../../config';
import { gstBreakdown, KIT_UNIT, percent } from './gst';

export interface InvoiceOrder {
  number: string;
  invoiceNumber: string;
  paidAt: Date;
  /** One entry per kit, as the order stores them: two of the same kit are two entries. */
  items: InvoiceItem[];
  actualPrice: number;
  price: number;
  discountPercentage: number;
  coupon: string | null;
  address: DeliveryAddress;
  paymentId: string | null;
}

/** A kit as the order kept it, with the HSN/SAC code and GST rate it was sold with. */
export interface InvoiceItem {
  product: string;
  name: string;
  price: number;
  /** The coupon's discount on this kit, where the order kept it. */
  discount?: number | null | undefined;
  hsnSac: string;
  /** Percent. */
  gstRate: number;
}

export interface InvoiceAmounts {
  /** The kits' prices before the coupon, GST included. */
  value: number;
  discount: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What was paid: taxable value + tax. */
  total: number;
}

/** One kit on the invoice, however many of it were bought. */
export interface InvoiceLine extends InvoiceAmounts {
  description: string;
  sac: string;
  /** The GST rate in percent. */
  rate: number;
  quantity: number;
  unit: string;
  /** One kit's price before the coupon, GST included. */
  unitPrice: number;
}

export interface Invoice {
  intraState: boolean;
  lines: InvoiceLine[];
  totals: InvoiceAmounts;
  /** The totals of the lines at each rate, the rates from the lowest: GST returns report supplies by rate. */
  byRate: Array<{ rate: number; amounts: InvoiceAmounts }>;
  supplierState: { name: string; code: string };
  placeOfSupply: { name: string; code: string };
  /** The day of payment in India, DD-MM-YYYY. */
  date: string;
}

const IST_DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The calendar day of `at` in India (IST), as DD-MM-YYYY, whatever the server's own time zone. */
export function invoiceDate(at: Date): string {
  const parts = Object.fromEntries(IST_DAY.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/**
 * The invoice's lines and totals. Kits of the same product and price make one line with their quantity; each kit's
 * coupon discount is its own, as the order kept it (a coupon may be limited to some kits), or for orders placed before
 * that the discount spread over the lines in proportion to their value; so each line's tax is computed on what was
 * paid for it and the totals are the sums of the lines: taxable value + tax = the amount paid, to the paisa.
 */
export function invoiceOf(order: InvoiceOrder, sellerState: Config['seller']['state']): Invoice {
  const paidPerKit = paidPerLine(order.items, order.price);
  const grouped = new Map<string, { description: string; unitPrice: number; sac: string; rate: number; quantity: number; paid: number }>();
  for (const [index, item] of order.items.entries()) {
    const key = [item.product, item.price, item.hsnSac, item.gstRate].join('\u0000');
    const paid = paidPerKit[index] ?? 0;
    const line = grouped.get(key);
    if (line) {
      line.quantity += 1;
      line.paid += paid;
    } else grouped.set(key, { description: item.name, unitPrice: item.price, sac: item.hsnSac, rate: item.gstRate, quantity: 1, paid });
  }
  const kits = [...grouped.values()];
  const paid = kits.map((kit) => kit.paid);
  const lines = kits.map((kit, index): InvoiceLine => {
    const value = kit.unitPrice * kit.quantity;
    const { taxableValue, cgst, sgst, igst, total } = gstBreakdown(paid[index] ?? 0, kit.rate, sellerState, order.address.state);
    const { description, unitPrice, quantity, sac, rate } = kit;
    return { description, unitPrice, quantity, sac, rate, unit: KIT_UNIT, value, discount: value - total, taxableValue, cgst, sgst, igst, total };
  });
  const rates = [...new Set(lines.map((line) => line.rate))].sort((a, b) => a - b);
  return {
    intraState: sellerState === order.address.state,
    lines,
    totals: amountsOf(lines),
    byRate: rates.map((rate) => ({ rate, amounts: amountsOf(lines.filter((line) => line.rate === rate)) })),
    supplierState: { name: sellerState, code: gstStateCode(sellerState) },
    placeOfSupply: { name: order.address.state, code: gstStateCode(order.address.state) },
    date: invoiceDate(order.paidAt),
  };
}

/** The sums of some lines' amounts. */
function amountsOf(lines: InvoiceLine[]): InvoiceAmounts {
  const sum = (key: keyof InvoiceAmounts) => lines.reduce((amount, line) => amount + line[key], 0);
  return {
    value: sum('value'),
    discount: sum('discount'),
    taxableValue: sum('taxableValue'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('total'),
  };
}

/** Rupees as a tax invoice writes them: Indian digit grouping and both paise digits (₹4,999.00). */
export function rupees(paise: number): string {
  return formatRupees(paise, { alwaysShowPaise: true });
}

/** The rate the prices include, as the small print says it: one rate, or each line's where they differ. */
export function ratesNote(invoice: Invoice): string {
  const [only, ...others] = invoice.byRate;
  return only && others.length === 0 ? `at ${percent(only.rate)}` : "at each line's rate";
}

/** DejaVu Sans Condensed: pdfkit's built-in fonts have no rupee sign, and the narrow cut fits the tax columns. */
const FONT_FILES = {
  regular: new URL('../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url),
  bold: new URL('../../assets/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url),
};
/**
 * The fonts, parsed once: pdfkit parses a font file given as bytes for every document, which cost most of an
 * invoice's time (and a payment's confirmation carries one). pdfkit takes a parsed font as it is; each document
 * still makes its own subset of the glyphs it uses.
 */
let fonts: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
function parsedFonts(): { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } {
  const parse = (file: URL) => fontkit.create(readFileSync(file)) as unknown as PDFKit.Mixins.PDFFontSource;
  fonts ??= { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
  return fonts;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: InvoiceLine) => string;
  total?: (totals: InvoiceAmounts) => string;
}

function columnsOf(intraState: boolean): Column[] {
  const money = (key: keyof InvoiceAmounts) => ({
    cell: (line: InvoiceLine) => rupees(line[key]),
    total: (totals: InvoiceAmounts) => rupees(totals[key]),
  });
  const taxes: Column[] = intraState
    ? [
        { title: 'CGST rate', width: 28, align: 'center', cell: (line) => percent(line.rate / 2) },
        { title: 'CGST', width: 52, align: 'right', ...money('cgst') },
        { title: 'SGST rate', width: 28, align: 'center', cell: (line) => percent(line.rate / 2) },
        { title: 'SGST', width: 52, align: 'right', ...money('sgst') },
      ]
    : [
        { title: 'IGST rate', width: 28, align: 'center', cell: (line) => percent(line.rate) },
        { title: 'IGST', width: 60, align: 'right', ...money('igst') },
      ];
  const fixed: Column[] = [
    // Wide enough for an 8-digit HSN code on one line.
    { title: 'HSN/SAC', width: 44, align: 'center', cell: (line) => line.sac },
    { title: 'Qty', width: 34, align: 'center', cell: (line) => `${line.quantity} ${line.unit}` },
    { title: 'Unit price (incl. GST)', width: 52, align: 'right', cell: (line) => rupees(line.unitPrice) },
    { title: 'Discount', width: 60, align: 'right', ...money('discount') },
    { title: 'Taxable value', width: 60, align: 'right', ...money('taxableValue') },
    ...taxes,
    { title: 'Total', width: 60, align: 'right', ...money('total') },
  ];
  // Widths fit the largest order at 8 points: ten of the dearest kit (₹1,49,970.00) in bold.
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return [{ title: 'Description', width: CONTENT_WIDTH - used, align: 'left', cell: (line) => line.description }, ...fixed];
}

const MARGIN = 36;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CELL_PADDING = 3;
const GREY = '#555555';
const RULE = '#999999';
const HEADER_FILL = '#eeeeee';

/** A GST document as printed: a tax invoice or a credit note. */
export interface GstDocument {
  /** The heading, e.g. "Tax Invoice". */
  heading: string;
  /** The PDF's own title, in its properties. */
  title: string;
  /** The particulars beside the recipient: number, date, references. */
  facts: Array<[string, string]>;
  address: DeliveryAddress;
  /** The lines and totals, as `invoiceOf` makes them. */
  invoice: Invoice;
  /** The amounts under the lines, the last one the document's total. */
  summary: Array<[string, string]>;
  /** Small print under the summary. */
  notes: string[];
}

/** The tax rows of a summary, for each rate: CGST and SGST within the seller's state, IGST to any other. */
export function taxSummary(invoice: Invoice): Array<[string, string]> {
  return invoice.byRate.flatMap(({ rate, amounts }): Array<[string, string]> =>
    invoice.intraState
      ? [
          [`CGST @ ${percent(rate / 2)}`, rupees(amounts.cgst)],
          [`SGST @ ${percent(rate / 2)}`, rupees(amounts.sgst)],
        ]
      : [[`IGST @ ${percent(rate)}`, rupees(amounts.igst)]],
  );
}

/** The place of supply as the particulars write it, e.g. "Karnataka (29)". */
export function placeOfSupply(invoice: Invoice): string {
  return `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`;
}

export function gstDocumentPdf(document: GstDocument, seller: Config['seller']): Promise<Buffer> {
  const { invoice } = document;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: document.title, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = parsedFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const left = MARGIN;
  const right = PAGE_WIDTH - MARGIN;

  // The seller, and the document's title.
  const top = doc.y;
  doc.font('bold').fontSize(16).fillColor('black').text(document.heading, left, top, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('regular').fontSize(8).fillColor(GREY).text('Original for recipient', { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor('black').font('bold').fontSize(12).text(seller.name, left, top, { width: 300 });
  doc.font('regular').fontSize(9).text(seller.address, { width: 300 });
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${invoice.supplierState.name}    State code: ${invoice.supplierState.code}`);
  doc.moveDown(1);

  // The document's particulars beside the recipient.
  const half = CONTENT_WIDTH / 2 - 10;
  const blockTop = doc.y;
  doc.moveTo(left, blockTop).lineTo(right, blockTop).strokeColor(RULE).lineWidth(0.5).stroke();
  let factsBottom = blockTop + 8;
  for (const [label, value] of document.facts) {
    const y = factsBottom;
    doc.font('regular').fillColor(GREY).text(label, left, y, { width: 130 });
    const labelBottom = doc.y;
    doc.fillColor('black').text(value, left + 135, y, { width: half - 135 });
    factsBottom = Math.max(labelBottom, doc.y);
  }
  const a = document.address;
  const recipientLeft = left + CONTENT_WIDTH / 2 + 10;
  doc.font('bold').text('Billed and shipped to', recipientLeft, blockTop + 8, { width: half });
  doc.font('regular').text(a.name, { width: half }).text(a.line1, { width: half });
  if (a.line2) doc.text(a.line2, { width: half });
  doc.text(`${a.city} ${a.pincode}`, { width: half });
  doc.text(`State: ${invoice.placeOfSupply.name}    State code: ${invoice.placeOfSupply.code}`, { width: half });
  doc.text(`Phone: +91 ${a.phone}`, { width: half });
  doc.y = Math.max(factsBottom, doc.y) + 8;
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(1.5);

  // The lines, one row per kit, and the column totals.
  const columns = columnsOf(invoice.intraState);
  const row = (cells: string[], font: 'regular' | 'bold', fill?: string) => {
    doc.font(font).fontSize(8);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (columns[i]?.width ?? 0) - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
    const y = doc.y;
    if (fill) doc.rect(left, y, CONTENT_WIDTH, height).fill(fill);
    let x = left;
    cells.forEach((text, i) => {
      const column = columns[i];
      if (!column) return;
      doc.fillColor('black').text(text, x + CELL_PADDING, y + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align });
      x += column.width;
    });
    doc.rect(left, y, CONTENT_WIDTH, height).strokeColor(RULE).stroke();
    doc.x = left;
    doc.y = y + height;
  };
  row(
    columns.map((column) => column.title),
    'bold',
    HEADER_FILL,
  );
  for (const line of invoice.lines) row(columns.map((column) => column.cell(line)), 'regular');
  row(
    columns.map((column, i) => (i === 0 ? 'Total' : (column.total?.(invoice.totals) ?? ''))),
    'bold',
  );
  doc.moveDown(1.5);

  // The summary the customer reads, its last row the document's total.
  const labelLeft = right - 280;
  document.summary.forEach(([label, amount], index) => {
    const strong = index === document.summary.length - 1;
    const y = doc.y;
    if (strong) doc.moveTo(labelLeft, y - 2).lineTo(right, y - 2).strokeColor(RULE).stroke();
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9);
    doc.text(label, labelLeft, y, { width: 190 });
    doc.text(amount, labelLeft + 190, y, { width: 90, align: 'right' });
    doc.y += 2;
  });
  doc.x = left;
  doc.moveDown(1);
  doc.font('regular').fontSize(8).fillColor(GREY);
  for (const note of document.notes) doc.text(note, left, doc.y, { width: CONTENT_WIDTH / 2 });

  // The signatory's block, where the authorised signatory signs.
  doc.moveDown(2);
  const signatureTop = doc.y;
  const blockLeft = right - 220;
  doc.fillColor('black').font('bold').fontSize(9).text(`For ${seller.name}`, blockLeft, signatureTop, { width: 220, align: 'right' });
  doc.moveDown(3);
  doc.font('regular').text(seller.signatory.name, blockLeft, doc.y, { width: 220, align: 'right' });
  doc.fillColor(GREY).text(seller.signatory.designation, { width: 220, align: 'right' });
  doc.fillColor('black').font('bold').text('Authorised Signatory', { width: 220, align: 'right' });
  doc.end();
  return done;
}

export function invoicePdf(order: InvoiceOrder, seller: Config['seller']): Promise<Buffer> {
  const invoice = invoiceOf(order, seller.state);
  return gstDocumentPdf(
    {
      heading: 'Tax Invoice',
      title: `Tax invoice ${order.invoiceNumber}`,
      facts: [
        ['Invoice number', order.invoiceNumber],
        ['Invoice date', invoice.date],
        ['Order number', order.number],
        ...(order.paymentId ? [['Payment reference', order.paymentId] as [string, string]] : []),
        ['Place of supply', placeOfSupply(invoice)],
        ['Tax payable on reverse charge', 'No'],
      ],
      address: order.address,
      invoice,
      summary: [
        ['Value of kits (GST included)', rupees(invoice.totals.value)],
        ...(invoice.totals.discount > 0
          ? [[`Discount${order.coupon ? ` (coupon ${order.coupon}, ${order.discountPercentage}%)` : ''}`, `-${rupees(invoice.totals.discount)}`] as [string, string]]
          : []),
        ['Taxable value', rupees(invoice.totals.taxableValue)],
        ...taxSummary(invoice),
        ['Total paid', rupees(invoice.totals.total)],
      ],
      notes: [`Prices include GST ${ratesNote(invoice)}. Amounts in Indian rupees.`],
    },
    seller,
  );
}
