/** Signing in again as the account's owner (`src/lib/reauthenticator.ts`), with the Firebase SDK. */
import { indianMobile } from '../../../machines/phone';
import { ApiError } from '@/lib/api-client';
import type { ReauthenticatorFactory, SignInMethod } from '@/lib/reauthenticator';
import { requestChallenge } from './api/session';
import { codeOf, firebaseErrorMessage, loadFirebaseAuth, sendPhoneCode, signInWithGoogle, type PhoneConfirmation } from './firebase';

const FRIENDLIER: Record<string, string> = {
  'auth/invalid-credential': 'That password is not right. Please try again.',
  'auth/wrong-password': 'That password is not right. Please try again.',
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and try again.',
};

function refusal(error: unknown): { message: string } {
  return { message: FRIENDLIER[codeOf(error)] ?? firebaseErrorMessage(error, 'We could not confirm it is you. Please try again.') };
}

export const reauthenticatorFor: ReauthenticatorFactory = (profile, methods) => {
  const known = methods.length > 0 ? methods : profile.email ? (['password'] as const) : profile.phone ? (['phone'] as const) : [];
  const method: SignInMethod = known.includes('password') ? 'password' : known.includes('phone') ? 'phone' : 'google.com';
  const phone = (profile.phone && indianMobile(profile.phone)) ?? null;
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
};
