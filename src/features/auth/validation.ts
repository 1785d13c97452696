/** The form rules of the sign-in pages, as valibot schemas: shown at each field, in words that say what to do. */
import * as v from 'valibot';
export { emailSchema, fullnameSchema, INVALID_EMAIL, mobileSchema, PHONE_PROBLEM } from '@/lib/field-rules';

export const PASSWORD_RULES = 'At least 8 characters, with at least one letter and one number.';

export const newPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(`Please choose a password. ${PASSWORD_RULES}`),
  v.check((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), `The password is too weak. ${PASSWORD_RULES}`),
  v.maxLength(128, 'The password can be at most 128 characters long.'),
);

export const passwordSchema = v.pipe(v.string(), v.nonEmpty('Please enter your password.'));

export const currentPasswordSchema = v.pipe(v.string(), v.nonEmpty('Please enter your current password.'));

/** A field that repeats another (a new password typed twice): `message` when the two differ. */
export function sameAs(other: string, message: string) {
  return ({ value, fieldApi }: { value: string; fieldApi: { form: { getFieldValue: (name: never) => unknown } } }) =>
    value !== fieldApi.form.getFieldValue(other as never) ? message : undefined;
}
