/** The form rules of the sign-in pages, shown to the person before they type. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULES = 'At least 8 characters, with at least one letter and one number.';

export function emailProblem(value: string): string | undefined {
  if (value.trim() === '') return 'Please enter your e-mail address.';
  return EMAIL.test(value.trim()) ? undefined : 'Please enter a valid e-mail address, like name@example.com.';
}

export function newPasswordProblem(value: string): string | undefined {
  if (value === '') return `Please choose a password. ${PASSWORD_RULES}`;
  if (value.length < 8 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return `The password is too weak. ${PASSWORD_RULES}`;
  if (value.length > 128) return 'The password can be at most 128 characters long.';
  return undefined;
}

export function fullnameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length < 2) return 'Please enter your full name.';
  return name.length > 100 ? 'Please shorten your name to 100 characters.' : undefined;
}

export const PHONE_PROBLEM = 'Please enter a 10-digit Indian mobile number, like 98765 43210.';
