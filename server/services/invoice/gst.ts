/**
 * GST on a kit order. Kits are sold at prices that include 18% GST, so the tax is carved out of the payable amount:
 * taxable value = amount × 100 / 118. Within the seller's state the tax is split into CGST and SGST (9% each);
 * to any other state it is IGST (18%). Everything is integer paise.
 */
export const GST_RATE_PERCENT = 18;

export interface GstBreakdown {
  /** The payable amount, tax included. */
  total: number;
  taxableValue: number;
  intraState: boolean;
  cgst: number;
  sgst: number;
  igst: number;
}

export function gstBreakdown(totalInclusive: number, sellerState: string, placeOfSupply: string): GstBreakdown {
  const taxableValue = Math.round((totalInclusive * 100) / (100 + GST_RATE_PERCENT));
  const tax = totalInclusive - taxableValue;
  const intraState = sellerState === placeOfSupply;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  return {
    total: totalInclusive,
    taxableValue,
    intraState,
    cgst,
    sgst: intraState ? tax - cgst : 0,
    igst: intraState ? 0 : tax,
  };
}
