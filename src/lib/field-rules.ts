/** Rules for the fields that several forms ask for (name, e-mail, mobile), as valibot schemas in words that say what to do. */
import * as v from 'valibot';
import { indianMobile } from '../../machines/phone';
import { ADDRESS_LIMITS } from '../../machines/address';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PHONE_PROBLEM = 'Please enter a 10-digit Indian mobile number, like 98765 43210.';
export const INVALID_EMAIL = 'Please enter a valid e-mail address, like name@example.com.';

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your e-mail address.'),
  v.regex(EMAIL, INVALID_EMAIL),
);

export const fullnameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'Please enter your full name.'),
  // One rule for a person's name wherever it is typed: the profile's name starts the delivery address's.
  v.maxLength(ADDRESS_LIMITS.name, `Keep the name under ${ADDRESS_LIMITS.name} characters.`),
);

/** An Indian mobile number as machines/phone.ts reads it. */
export const mobileSchema = v.pipe(v.string(), v.check((value) => indianMobile(value) !== undefined, PHONE_PROBLEM));

/** The same, where the number may be left out. */
export const optionalMobileSchema = v.pipe(
  v.string(),
  v.check((value) => value.trim() === '' || indianMobile(value) !== undefined, `${PHONE_PROBLEM} Or leave it empty.`),
);
