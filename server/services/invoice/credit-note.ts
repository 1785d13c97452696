/**
 * The GST credit note of a refund (CGST Act section 34; its particulars follow rule 53(1A) of the CGST Rules): the
 * supplier, the credit note's own number and date, the original tax invoice's number and date, the recipient and
 * place of supply, and per line the value, taxable value and tax that the refund takes back. It is drawn by the same
 * renderer as the tax invoice, so the two read alike.
 */
import type { Config } from '../../config';
import { gstDocumentPdf, invoiceDate, invoiceOf, placeOfSupply, ratesNote, rupees, taxSummary, type Invoice, type InvoiceOrder } from './pdf';

export interface CreditNote {
  number: string;
  issuedAt: Date;
  /** The customer's reason for the refund, as staff gave it. */
  reason: string;
  /** How the money went back: through the gateway, or at the counter with the transfer's or reversal's reference. */
  moneyBack: { method: 'gateway' | 'cash' | 'upi' | 'card_reversal'; reference: string | null };
  /** The order's tax invoice, which the credit note cites. */
  invoice: InvoiceOrder;
  /** The kits refunded, one entry per kit. */
  items: InvoiceOrder['items'];
  /** What is credited, GST included: the refunded kits' share of what was paid. */
  amount: number;
}

/** How the money went back, as the credit note's facts: the way, and the transfer's or reversal's reference. */
function moneyBackFacts({ method, reference }: CreditNote['moneyBack']): Array<[string, string]> {
  switch (method) {
    case 'gateway':
      return [['Refunded by', 'Payment gateway']];
    case 'cash':
      return [['Refunded by', 'Cash at the counter']];
    case 'upi':
      return [['Refunded by', 'UPI transfer'], ...(reference ? [['UPI reference', reference] as [string, string]] : [])];
    case 'card_reversal':
      return [['Refunded by', 'Card reversal'], ...(reference ? [['Approval code', reference] as [string, string]] : [])];
  }
}

/**
 * The refunded kits as an invoice of their own, for what was paid for them: the coupon's share is taken off their
 * value in proportion, exactly as on the invoice. The credit note and the credit-note register both add it up so.
 */
export function creditNoteLines(note: CreditNote, sellerState: Config['seller']['state']): Invoice {
  return invoiceOf(
    {
      ...note.invoice,
      items: note.items,
      actualPrice: note.items.reduce((sum, item) => sum + item.price, 0),
      price: note.amount,
      paidAt: note.issuedAt,
    },
    sellerState,
  );
}

export function creditNotePdf(note: CreditNote, seller: Config['seller']): Promise<Buffer> {
  const { invoice: original } = note;
  const lines = creditNoteLines(note, seller.state);
  return gstDocumentPdf(
    {
      heading: 'Credit Note',
      title: `Credit note ${note.number}`,
      facts: [
        ['Credit note number', note.number],
        ['Credit note date', lines.date],
        ['Original invoice number', original.invoiceNumber],
        ['Original invoice date', invoiceDate(original.paidAt)],
        ['Order number', original.number],
        ['Reason', note.reason],
        ...moneyBackFacts(note.moneyBack),
        ['Place of supply', placeOfSupply(lines)],
        ['Tax payable on reverse charge', 'No'],
      ],
      address: original.address,
      invoice: lines,
      summary: [
        ['Value of kits refunded (GST included)', rupees(lines.totals.value)],
        ...(lines.totals.discount > 0
          ? [[`Discount${original.coupon ? ` (coupon ${original.coupon}, ${original.discountPercentage}%)` : ''}`, `-${rupees(lines.totals.discount)}`] as [string, string]]
          : []),
        ['Taxable value', rupees(lines.totals.taxableValue)],
        ...taxSummary(lines),
        ['Total credited', rupees(lines.totals.total)],
      ],
      notes: [
        `Issued against tax invoice ${original.invoiceNumber} for the kits refunded. Prices include GST ${ratesNote(lines)}. Amounts in Indian rupees.`,
      ],
    },
    seller,
  );
}
