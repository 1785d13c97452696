/**
 * The GST state codes: the two digits that begin every GSTIN, and what a tax invoice prints beside the supplier's
 * state and the place of supply (CGST Rules, rule 46). They are the GST Network's list, which follows the Census
 * numbering of 2011 with the later changes noted below; not the vehicle registration letters.
 */
import type { IndianState } from './address';

export const GST_STATE_CODES = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  // 25 was Daman and Diu; since the merger of 2020 the joint union territory files under 26.
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  // 28 was undivided Andhra Pradesh; the state after Telangana's separation has 37.
  'Andhra Pradesh': '37',
  Ladakh: '38',
} as const satisfies Record<IndianState, string>;

export function gstStateCode(state: IndianState): string {
  return GST_STATE_CODES[state];
}

/** The state or union territory a GST state code stands for today; `undefined` for any other code. */
export function stateOfGstCode(code: string): IndianState | undefined {
  return (Object.keys(GST_STATE_CODES) as IndianState[]).find((state) => GST_STATE_CODES[state] === code);
}
