/**
 * An Indian mobile number, one rule for every form that asks for one (registration, the phone sign-in, the delivery
 * address) and for the server where it stores one.
 */

const MOBILE = /^[6-9]\d{9}$/;

/**
 * The ten digits of an Indian mobile number (starting 6–9) from what a person typed: with or without +91, 0091, 91
 * or 0 before it, and with spaces, dashes or brackets anywhere. `undefined` when it is not one.
 */
export function indianMobileDigits(typed: string): string | undefined {
  let digits = typed.replace(/[\s\-()]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return MOBILE.test(digits) ? digits : undefined;
}

/** The same number as E.164 (`+919876543210`), as Firebase and our profiles keep it. */
export function indianMobile(typed: string): string | undefined {
  const digits = indianMobileDigits(typed);
  return digits && `+91${digits}`;
}
