/**
 * Signing in again as the account's owner, for what must be confirmed by the person themselves (asking for the
 * account to be erased). Each way resolves with the fresh sign-in's ID token, which the server checks is this
 * account's and minutes old. A failure rejects with `{ message }` in words for the person.
 */
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from './api/session';
import { codeOf, firebaseErrorMessage, loadFirebaseAuth, sendPhoneCode, signInWithGoogle, type PhoneConfirmation } from './firebase';

export type SignInMethod = 'password' | 'google.com' | 'phone';

export interface Reauthenticator {
  /** The way the page asks for: the password first, then the SMS code, then Google. */
  method: SignInMethod;
  /** Where the SMS code goes, for the page to say (`+91 98765 43210`). */
  phone: string | null;
  withPassword(password: string): Promise<string>;
  sendCode(container: HTMLElement): Promise<void>;
  withCode(code: string): Promise<string>;
  withGoogle(): Promise<string>;
}

const FRIENDLIER: Record<string, string> = {
  'auth/invalid-credential': 'That password is not right. Please try again.',
  'auth/wrong-password': 'That password is not right. Please try again.',
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and try again.',
};

function refusal(error: unknown): { message: string } {
  return { message: FRIENDLIER[codeOf(error)] ?? firebaseErrorMessage(error, 'We could not confirm it is you. Please try again.') };
}

/** An Indian mobile number as E.164, however the profile keeps it. */
function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+91${digits}` : `+${digits}`;
}

export function reauthenticatorFor(
  profile: { email: string | null; phone: string | null },
  methods: readonly SignInMethod[],
): Reauthenticator {
  const known = methods.length > 0 ? methods : profile.email ? (['password'] as const) : profile.phone ? (['phone'] as const) : [];
  const method: SignInMethod = known.includes('password') ? 'password' : known.includes('phone') ? 'phone' : 'google.com';
  const phone = profile.phone ? e164(profile.phone) : null;
  let confirmation: PhoneConfirmation | null = null;

  return {
    method,
    phone,
    async withPassword(password) {
      if (!profile.email) throw { message: 'Your account has no e-mail address to sign in with.' };
      const { auth, sdk } = await loadFirebaseAuth();
      try {
        const { user } = await sdk.signInWithEmailAndPassword(auth, profile.email, password);
        return await user.getIdToken();
      } catch (error) {
        throw refusal(error);
      }
    },
    async sendCode(container) {
      if (!phone) throw { message: 'Your account has no mobile number to send a code to.' };
      try {
        await requestChallenge('phone-code', phone);
        confirmation = await sendPhoneCode(phone, container);
      } catch (error) {
        if (error instanceof ApiError) throw { message: error.message };
        throw refusal(error);
      }
    },
    async withCode(code) {
      if (!confirmation) throw { message: 'Please ask for a code first.' };
      try {
        const { user } = await confirmation.confirm(code);
        return await user.getIdToken();
      } catch (error) {
        throw refusal(error);
      }
    },
    async withGoogle() {
      try {
        return await (await signInWithGoogle()).getIdToken();
      } catch (error) {
        throw refusal(error);
      }
    },
  };
}
