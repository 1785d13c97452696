/**
 * GST on a kit order. Each product carries its HSN/SAC code and the GST rate its price includes, and each order line
 * keeps the two it was sold with; the tax is carved out of the payable amount at that rate. Within the seller's state
 * the tax is split into CGST and SGST (half the rate each); to any other state it is IGST (the whole rate).
 * Everything is integer paise.
 */

/** The GST slabs in force since 22 September 2025, in percent: nil, the merit rate, the standard rate and the demerit rate. */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** The rate of the kits: their laboratory service is taxed at the standard rate (see KIT_SAC). */
export const GST_RATE_PERCENT = 18;

/** An HSN or SAC code as invoices print it: 4, 6 or 8 digits. */
export const HSN_SAC_PATTERN = /^(?:\d{4}|\d{6}|\d{8})$/;

/**
 * What a kit is on the invoice, and a new product's code until staff give another: SAC 999316, "Medical laboratory and
 * diagnostic-imaging services" (group 99931 of the GST scheme of classification of services). A kit's price buys the
 * laboratory's analysis of the sample and its report; the collection kit only carries the sample there, so the supply
 * is a composite one taxed as its principal supply, the laboratory service (CGST Act, sections 2(30) and 8(a)), and
 * not as goods under HSN 3822 (diagnostic reagents). It is taxable at 18% because a wellness report is not the
 * diagnosis or treatment of an illness that makes health care by a clinical establishment exempt (notification
 * 12/2017-Central Tax (Rate), entry 74).
 */
export const KIT_SAC = '999316';

/** The unit quantity code (UQC) of a kit: "NOS", numbers, as GST returns and e-invoices write a count of pieces. */
export const KIT_UNIT = 'NOS';

export interface GstBreakdown {
  /** The payable amount, tax included. */
  total: number;
  taxableValue: number;
  intraState: boolean;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * The tax in `totalInclusive` at `ratePercent`. The half of the tax (9 of every 118 at 18%) is rounded to the paisa
 * first and doubled, so that CGST and SGST are always equal; IGST is the same doubled half, so the taxable value of a
 * kit does not depend on where it is sent; and the taxable value is what remains, so taxable value + tax is the amount
 * paid to the paisa.
 */
export function gstBreakdown(totalInclusive: number, ratePercent: number, sellerState: string, placeOfSupply: string): GstBreakdown {
  const half = Math.round((totalInclusive * ratePercent) / 2 / (100 + ratePercent));
  const intraState = sellerState === placeOfSupply;
  return {
    total: totalInclusive,
    taxableValue: totalInclusive - 2 * half,
    intraState,
    cgst: intraState ? half : 0,
    sgst: intraState ? half : 0,
    igst: intraState ? 0 : 2 * half,
  };
}

/** A rate as an invoice prints it: 18%, 2.5%. */
export const percent = (rate: number) => `${rate}%`;

/** A coupon's discount spread over an invoice's lines, to the paisa (the shop's one rule, shared with the cart). */
export { apportion } from '../../../machines/pricing';
