/** One rule for an Indian mobile number: registration, the phone sign-in and the delivery address read it alike. */
import { describe, expect, it } from 'vitest';
import { cleanAddress, validateAddress } from '../../machines/address';
import { indianMobile, indianMobileDigits } from '../../machines/phone';

const TYPED = [
  ['98765 43210', '9876543210'],
  ['+91 98765 43210', '9876543210'],
  ['+91-98765-43210', '9876543210'],
  ['09876543210', '9876543210'],
  ['919876543210', '9876543210'],
  ['0091-98765-43210', '9876543210'],
  ['(+91) 98765 43210', '9876543210'],
  ['5876543210', undefined],
  ['987654321', undefined],
  ['98765432101', undefined],
  ['+449876543210', undefined],
  ['', undefined],
] as const;

describe('indianMobile', () => {
  it.each(TYPED)('reads %j as %j', (typed, digits) => {
    expect(indianMobileDigits(typed)).toBe(digits);
    expect(indianMobile(typed)).toBe(digits && `+91${digits}`);
  });
});

describe('the delivery address’s mobile number', () => {
  const address = { name: 'Asha Rao', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

  it.each(TYPED)('takes %j as the sign-in forms do', (typed, digits) => {
    const errors = validateAddress({ ...address, phone: typed });
    if (digits) {
      expect(errors.phone).toBeUndefined();
      expect(cleanAddress({ ...address, line2: undefined, phone: typed }).phone).toBe(digits);
    } else {
      expect(errors.phone).toBeDefined();
    }
  });
});
