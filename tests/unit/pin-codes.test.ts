/** A delivery address's PIN code must be one of its state's: the state is the GST place of supply. */
import { describe, expect, it } from 'vitest';
import { cleanAddress, INDIAN_STATES, validateAddress, type IndianState } from '../../machines/address';
import { PIN_PREFIXES, pinCodeFitsState, statesOfPinCode } from '../../machines/pin-codes';

/** A real PIN code of each state and union territory: the head post office of its capital or largest city. */
const CAPITALS: Record<IndianState, string> = {
  'Andaman and Nicobar Islands': '744101', // Port Blair
  'Andhra Pradesh': '520001', // Vijayawada
  'Arunachal Pradesh': '791111', // Itanagar
  Assam: '781006', // Dispur
  Bihar: '800001', // Patna GPO
  Chandigarh: '160017', // Chandigarh GPO
  Chhattisgarh: '492001', // Raipur
  'Dadra and Nagar Haveli and Daman and Diu': '396210', // Daman
  Delhi: '110001', // New Delhi GPO
  Goa: '403001', // Panaji
  Gujarat: '382010', // Gandhinagar
  Haryana: '122001', // Gurugram
  'Himachal Pradesh': '171001', // Shimla GPO
  'Jammu and Kashmir': '190001', // Srinagar GPO
  Jharkhand: '834001', // Ranchi GPO
  Karnataka: '560001', // Bengaluru GPO
  Kerala: '695001', // Thiruvananthapuram GPO
  Ladakh: '194101', // Leh
  Lakshadweep: '682555', // Kavaratti
  'Madhya Pradesh': '462001', // Bhopal GPO
  Maharashtra: '400001', // Mumbai GPO
  Manipur: '795001', // Imphal
  Meghalaya: '793001', // Shillong GPO
  Mizoram: '796001', // Aizawl
  Nagaland: '797001', // Kohima
  Odisha: '751001', // Bhubaneswar GPO
  Puducherry: '605001', // Puducherry GPO
  Punjab: '143001', // Amritsar GPO
  Rajasthan: '302001', // Jaipur GPO
  Sikkim: '737101', // Gangtok
  'Tamil Nadu': '600001', // Chennai GPO
  Telangana: '500001', // Hyderabad GPO
  Tripura: '799001', // Agartala
  'Uttar Pradesh': '226001', // Lucknow GPO
  Uttarakhand: '248001', // Dehradun
  'West Bengal': '700001', // Kolkata GPO
};

const address = { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Somewhere' };

describe('the PIN code table', () => {
  it('has ranges for every state and union territory, each from low to high', () => {
    expect(Object.keys(PIN_PREFIXES).sort()).toEqual([...INDIAN_STATES].sort());
    for (const ranges of Object.values(PIN_PREFIXES)) {
      expect(ranges.length).toBeGreaterThan(0);
      for (const [from, to] of ranges) {
        expect(from).toBeGreaterThanOrEqual(110);
        expect(to).toBeLessThan(900);
        expect(from).toBeLessThanOrEqual(to);
      }
    }
  });
});

describe('a PIN code in its own state', () => {
  it.each(Object.entries(CAPITALS))('is accepted for %s (%s)', (state, pincode) => {
    expect(pinCodeFitsState(pincode, state as IndianState)).toBe(true);
    expect(validateAddress({ ...address, state, pincode })).toEqual({});
  });

  it('names only that state for a prefix no other state uses', () => {
    expect(statesOfPinCode('110001')).toEqual(['Delhi']);
    expect(statesOfPinCode('560001')).toEqual(['Karnataka']);
    expect(statesOfPinCode('737101')).toEqual(['Sikkim']);
  });
});

describe('a PIN code of another state', () => {
  it.each([
    ['110001', 'Karnataka', 'Delhi'],
    ['560001', 'Delhi', 'Karnataka'],
    ['500001', 'Andhra Pradesh', 'Telangana'],
    ['520001', 'Telangana', 'Andhra Pradesh'],
    ['248001', 'Uttar Pradesh', 'Uttarakhand'],
    ['226001', 'Uttarakhand', 'Uttar Pradesh'],
    ['403001', 'Maharashtra', 'Goa'],
    ['400001', 'Goa', 'Maharashtra'],
    ['194101', 'Jammu and Kashmir', 'Ladakh'],
    ['190001', 'Ladakh', 'Jammu and Kashmir'],
    ['737101', 'West Bengal', 'Sikkim'],
    ['744101', 'West Bengal', 'Andaman and Nicobar Islands'],
    ['600001', 'Puducherry', 'Tamil Nadu'],
    ['695001', 'Lakshadweep', 'Kerala'],
    ['492001', 'Madhya Pradesh', 'Chhattisgarh'],
    ['834001', 'Bihar', 'Jharkhand'],
    ['800001', 'Jharkhand', 'Bihar'],
    ['799001', 'Telangana', 'Tripura'],
    ['110001', 'Haryana', 'Delhi'],
  ] as const)('refuses %s with %s and names %s', (pincode, state, owner) => {
    expect(pinCodeFitsState(pincode, state)).toBe(false);
    expect(validateAddress({ ...address, state, pincode })).toEqual({
      pincode: `${pincode} is a PIN code in ${owner}, not ${state}. Check the PIN code or the state.`,
    });
  });

  it('says the PIN code is not the state’s when no state uses its first digits', () => {
    expect(statesOfPinCode('290001')).toEqual([]);
    expect(validateAddress({ ...address, state: 'Karnataka', pincode: '290001' })).toEqual({
      pincode: '290001 is not a PIN code in Karnataka. Check the PIN code or the state.',
    });
  });

  it('names every state that shares the prefix', () => {
    expect(validateAddress({ ...address, state: 'Goa', pincode: '396230' }).pincode).toBe(
      '396230 is a PIN code in Dadra and Nagar Haveli and Daman and Diu or Gujarat, not Goa. Check the PIN code or the state.',
    );
  });
});

describe('prefixes two states share', () => {
  it.each([
    ['609602', ['Puducherry', 'Tamil Nadu']], // Karaikal
    ['673310', ['Kerala', 'Puducherry']], // Mahe
    ['533464', ['Andhra Pradesh', 'Puducherry']], // Yanam
    ['362520', ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat']], // Diu
    ['396230', ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat']], // Silvassa
    ['160062', ['Chandigarh', 'Punjab']], // Mohali
    ['682001', ['Kerala', 'Lakshadweep']], // Kochi
    ['814112', ['Bihar', 'Jharkhand']], // Deoghar
    ['247667', ['Uttar Pradesh', 'Uttarakhand']], // Roorkee
    ['244713', ['Uttar Pradesh', 'Uttarakhand']], // Kashipur
    ['504001', ['Andhra Pradesh', 'Telangana']], // Adilabad, with border offices of Andhra Pradesh
    ['781101', ['Assam', 'Meghalaya']], // Kamrup, with Ri-Bhoi's border offices
  ] as const)('accepts %s with each of %j', (pincode, states) => {
    expect(statesOfPinCode(pincode)).toEqual(states);
    for (const state of states) expect(validateAddress({ ...address, state, pincode })).toEqual({});
  });

  it('keeps the prefixes only one of them uses to that one', () => {
    expect(pinCodeFitsState('249401', 'Uttar Pradesh')).toBe(false); // Haridwar
    expect(pinCodeFitsState('201301', 'Uttarakhand')).toBe(false); // Noida
    expect(pinCodeFitsState('605001', 'Tamil Nadu')).toBe(true); // Puducherry's prefix, also Villupuram's
    expect(pinCodeFitsState('641001', 'Puducherry')).toBe(false); // Coimbatore
  });

  it('falls back to the postal circle for a prefix the directory has no office for', () => {
    expect(statesOfPinCode('818001')).toEqual(['Bihar', 'Jharkhand']);
    expect(pinCodeFitsState('818001', 'Jharkhand')).toBe(true);
    expect(pinCodeFitsState('818001', 'Odisha')).toBe(false);
  });

  it('accepts an Army Postal Service PIN code with any state', () => {
    expect(pinCodeFitsState('930001', 'Karnataka')).toBe(true);
    expect(validateAddress({ ...address, state: 'Ladakh', pincode: '901234' })).toEqual({});
  });
});

describe('the order of the checks', () => {
  it('checks the PIN code against the state only when both are well formed', () => {
    expect(validateAddress({ ...address, state: 'Karnataka', pincode: '11001' }).pincode).toBe('A PIN code has 6 digits and does not start with 0.');
    expect(validateAddress({ ...address, state: 'California', pincode: '110001' })).toEqual({ state: 'Choose a state or union territory from the list.' });
    expect(validateAddress({ ...address, state: '', pincode: '110001' })).toEqual({ state: 'Choose the state or union territory.' });
  });
});

describe('a PIN code typed as people write it', () => {
  it('is taken with a space or a dash in it, and stored as its six digits', () => {
    for (const typed of ['560 001', '560-001', ' 560001 ']) {
      expect(validateAddress({ ...address, state: 'Karnataka', pincode: typed }), typed).toEqual({});
      expect(cleanAddress({ ...address, line2: undefined, state: 'Karnataka', pincode: typed }).pincode, typed).toBe('560001');
    }
    expect(validateAddress({ ...address, state: 'Karnataka', pincode: '560 01' }).pincode).toBe('A PIN code has 6 digits and does not start with 0.');
    expect(validateAddress({ ...address, state: 'Delhi', pincode: '560 001' }).pincode).toBe('560001 is a PIN code in Karnataka, not Delhi. Check the PIN code or the state.');
  });
});
