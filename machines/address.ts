/**
 * An Indian delivery address: the rules the checkout form shows beside each field and the server applies again.
 */
import type { components } from '../openapi/schema';
import { indianMobileDigits } from './phone';
import { pinCodeFitsState, statesOfPinCode } from './pin-codes';

/**
 * The 28 states and 8 union territories, as India Post writes them: the contract's `IndianState`, in its order
 * (tests/unit/contract-enums.test.ts checks that none is missing).
 */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const satisfies readonly components['schemas']['IndianState'][];
export type IndianState = (typeof INDIAN_STATES)[number];

/** As it is stored and sent: the phone as its ten digits, without +91; a six-digit PIN code. */
export type DeliveryAddress = components['schemas']['DeliveryAddress'];

export type AddressField = keyof DeliveryAddress;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_LIMITS = { name: 80, line: 120, city: 60 } as const;

const PIN = /^[1-9]\d{5}$/;

/** The ten digits of the mobile number a person typed (machines/phone.ts), or what they typed when it is not one. */
export function normalisePhone(raw: string): string {
  return indianMobileDigits(raw) ?? raw.replace(/[\s\-()]/g, '');
}

/** The PIN code as stored: what was typed without the spaces or dash people put in it ("560 001", "560-001"). */
export function normalisePinCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Field → what to fix; empty when the address is fine. */
export function validateAddress(input: Partial<Record<AddressField, string>>): AddressErrors {
  const errors: AddressErrors = {};
  const name = input.name?.trim() ?? '';
  if (!name) errors.name = 'Enter the name of the person who receives the kit.';
  else if (name.length > ADDRESS_LIMITS.name) errors.name = `Keep the name under ${ADDRESS_LIMITS.name} characters.`;
  const phone = input.phone?.trim() ?? '';
  if (!phone) errors.phone = 'Enter a mobile number for the courier.';
  else if (!indianMobileDigits(phone)) errors.phone = 'Enter a 10-digit Indian mobile number, e.g. 98765 43210.';
  const line1 = input.line1?.trim() ?? '';
  if (!line1) errors.line1 = 'Enter the house number and street.';
  else if (line1.length > ADDRESS_LIMITS.line) errors.line1 = `Keep this line under ${ADDRESS_LIMITS.line} characters.`;
  if ((input.line2?.trim().length ?? 0) > ADDRESS_LIMITS.line) errors.line2 = `Keep this line under ${ADDRESS_LIMITS.line} characters.`;
  const city = input.city?.trim() ?? '';
  if (!city) errors.city = 'Enter the city or town.';
  else if (city.length > ADDRESS_LIMITS.city) errors.city = `Keep the city under ${ADDRESS_LIMITS.city} characters.`;
  const state = isIndianState(input.state) ? input.state : undefined;
  if (!input.state) errors.state = 'Choose the state or union territory.';
  else if (!state) errors.state = 'Choose a state or union territory from the list.';
  const pincode = normalisePinCode(input.pincode ?? '');
  if (!pincode) errors.pincode = 'Enter the 6-digit PIN code.';
  else if (!PIN.test(pincode)) errors.pincode = 'A PIN code has 6 digits and does not start with 0.';
  else if (state) {
    const mismatch = pinCodeMismatch(pincode, state);
    if (mismatch) errors.pincode = mismatch;
  }
  return errors;
}

function isIndianState(value: string | undefined): value is IndianState {
  return (INDIAN_STATES as readonly (string | undefined)[]).includes(value);
}

/**
 * What to fix when a six-digit PIN code is not one of the state's: the state is the place of supply, which decides
 * the GST on the invoice, and the courier routes by the PIN code, so the two must agree.
 */
export function pinCodeMismatch(pincode: string, state: IndianState): string | undefined {
  if (pinCodeFitsState(pincode, state)) return undefined;
  const owners = statesOfPinCode(pincode);
  const where = owners.length > 0 ? `is a PIN code in ${owners.join(' or ')}, not ${state}` : `is not a PIN code in ${state}`;
  return `${pincode} ${where}. Check the PIN code or the state.`;
}

/** The address as it is stored and sent: trimmed, phone normalised, an empty second line left out. */
export function cleanAddress(input: Record<AddressField, string | undefined>): DeliveryAddress {
  const line2 = input.line2?.trim();
  return {
    name: (input.name ?? '').trim(),
    phone: normalisePhone(input.phone ?? ''),
    line1: (input.line1 ?? '').trim(),
    ...(line2 ? { line2 } : {}),
    city: (input.city ?? '').trim(),
    state: (input.state ?? '') as IndianState,
    pincode: normalisePinCode(input.pincode ?? ''),
  };
}
