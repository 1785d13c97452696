import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../machines/address';
import { GST_STATE_CODES, gstStateCode, stateOfGstCode } from '../../machines/gst-states';

/** The GST Network's state code list, written out as it is published (code, name), for the 36 states and UTs. */
const OFFICIAL = `
01 Jammu and Kashmir | 02 Himachal Pradesh | 03 Punjab | 04 Chandigarh | 05 Uttarakhand | 06 Haryana | 07 Delhi
08 Rajasthan | 09 Uttar Pradesh | 10 Bihar | 11 Sikkim | 12 Arunachal Pradesh | 13 Nagaland | 14 Manipur | 15 Mizoram
16 Tripura | 17 Meghalaya | 18 Assam | 19 West Bengal | 20 Jharkhand | 21 Odisha | 22 Chhattisgarh | 23 Madhya Pradesh
24 Gujarat | 26 Dadra and Nagar Haveli and Daman and Diu | 27 Maharashtra | 29 Karnataka | 30 Goa | 31 Lakshadweep
32 Kerala | 33 Tamil Nadu | 34 Puducherry | 35 Andaman and Nicobar Islands | 36 Telangana | 37 Andhra Pradesh | 38 Ladakh`;

const official = Object.fromEntries(
  OFFICIAL.split(/[|\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => [entry.slice(3), entry.slice(0, 2)]),
);

describe('GST state codes', () => {
  it('are there for every state and union territory the address form offers, and for nothing else', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort());
    for (const state of INDIAN_STATES) expect(gstStateCode(state), state).toMatch(/^\d{2}$/);
  });

  it('are the official codes', () => {
    expect(Object.keys(official)).toHaveLength(36);
    expect(GST_STATE_CODES).toEqual(official);
    expect(gstStateCode('Karnataka')).toBe('29');
  });

  it('name one state each, and lead back to it', () => {
    const codes = Object.values(GST_STATE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const state of INDIAN_STATES) expect(stateOfGstCode(gstStateCode(state))).toBe(state);
    expect(stateOfGstCode('28')).toBeUndefined();
    expect(stateOfGstCode('97')).toBeUndefined();
  });
});
