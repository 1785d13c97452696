/** The form rules of the sign-in pages, as valibot schemas: shown at each field, in words that say what to do. */
import * as v from 'valibot';
import { indianMobile } from '../../../machines/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULES = 'At least 8 characters, with at least one letter and one number.';
export const PHONE_PROBLEM = 'Please enter a 10-digit Indian mobile number, like 98765 43210.';
export const INVALID_EMAIL = 'Please enter a valid e-mail address, like name@example.com.';

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your e-mail address.'),
  v.regex(EMAIL, INVALID_EMAIL),
);

export const newPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(`Please choose a password. ${PASSWORD_RULES}`),
  v.check((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), `The password is too weak. ${PASSWORD_RULES}`),
  v.maxLength(128, 'The password can be at most 128 characters long.'),
);

export const fullnameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'Please enter your full name.'),
  v.maxLength(100, 'Please shorten your name to 100 characters.'),
);

/** An Indian mobile number as machines/phone.ts reads it. */
export const mobileSchema = v.pipe(v.string(), v.check((value) => indianMobile(value) !== undefined, PHONE_PROBLEM));

export const passwordSchema = v.pipe(v.string(), v.nonEmpty('Please enter your password.'));

export const currentPasswordSchema = v.pipe(v.string(), v.nonEmpty('Please enter your current password.'));

/** A field that repeats another (a new password typed twice): `message` when the two differ. */
export function sameAs(other: string, message: string) {
  return ({ value, fieldApi }: { value: string; fieldApi: { form: { getFieldValue: (name: never) => unknown } } }) =>
    value !== fieldApi.form.getFieldValue(other as never) ? message : undefined;
}
