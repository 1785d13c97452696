/**
 * GST on a kit order. Kits are sold at prices that include 18% GST, so the tax is carved out of the payable amount.
 * Within the seller's state the tax is split into CGST and SGST (9% each); to any other state it is IGST (18%).
 * Everything is integer paise.
 */
export const GST_RATE_PERCENT = 18;

/**
 * What a kit is on the invoice: SAC 999316, "Medical laboratory and diagnostic-imaging services" (group 99931 of the
 * GST scheme of classification of services). A kit's price buys the laboratory's analysis of the sample and its
 * report; the collection kit only carries the sample there, so the supply is a composite one taxed as its principal
 * supply, the laboratory service (CGST Act, sections 2(30) and 8(a)), and not as goods under HSN 3822 (diagnostic
 * reagents). It is taxable at 18% because a wellness report is not the diagnosis or treatment of an illness that
 * makes health care by a clinical establishment exempt (notification 12/2017-Central Tax (Rate), entry 74).
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
 * The tax in `totalInclusive`. The half of the tax (9 of every 118) is rounded to the paisa first and doubled, so
 * that CGST and SGST are always equal; IGST is the same doubled half, so the taxable value of a kit does not depend on
 * where it is sent; and the taxable value is what remains, so taxable value + tax is the amount paid to the paisa.
 */
export function gstBreakdown(totalInclusive: number, sellerState: string, placeOfSupply: string): GstBreakdown {
  const half = Math.round((totalInclusive * GST_RATE_PERCENT) / 2 / (100 + GST_RATE_PERCENT));
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

/** A coupon's discount spread over an invoice's lines, to the paisa (the shop's one rule, shared with the cart). */
export { apportion } from '../../../machines/pricing';
