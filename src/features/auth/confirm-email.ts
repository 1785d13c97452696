/**
 * Proving the account's e-mail address (`src/lib/email-confirmer.ts`) with Firebase's own e-mail link: Firebase
 * e-mails a sign-in link to the address, and the link, opened in the browser where the person is signed in, is linked
 * to their Firebase account, which then holds the address as verified. An account that already has that address
 * (e-mail and password, never verified) signs in again with the link, which verifies it. The server reads the
 * verification from Firebase.
 */
import { ApiError } from '@/lib/api-client';
import type { EmailConfirmer } from '@/lib/email-confirmer';
import { requestChallenge } from './api/session';
import { codeOf, firebaseErrorMessage, loadFirebaseAuth, looksLikeEmailLink } from './firebase';

const CONFIRMATION_FAILED = 'Your e-mail address could not be confirmed. Please ask for a new link and try again.';

const FRIENDLIER: Record<string, string> = {
  'auth/email-already-in-use':
    'This e-mail address belongs to another account. If it is yours, sign in with it (Google, a sign-in link or its password) to see what we keep under it.',
  'auth/credential-already-in-use':
    'This e-mail address belongs to another account. If it is yours, sign in with it (Google, a sign-in link or its password) to see what we keep under it.',
  'auth/provider-already-linked': 'Your account already signs in with another e-mail address. Please contact us to change it.',
  'auth/user-mismatch': 'This link is for another account. Please sign in as the account it was sent for.',
  'auth/requires-recent-login': 'Please sign out, sign in again and ask for a new link.',
};

function refusal(error: unknown): { message: string } {
  return { message: FRIENDLIER[codeOf(error)] ?? firebaseErrorMessage(error, CONFIRMATION_FAILED) };
}

export const emailConfirmer: EmailConfirmer = {
  async sendLink(email, returnPath) {
    try {
      await requestChallenge('email-link', email);
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.sendSignInLinkToEmail(auth, email, { url: `${window.location.origin}${returnPath}`, handleCodeInApp: true });
    } catch (error) {
      if (error instanceof ApiError) throw { message: error.message };
      throw refusal(error);
    }
  },
  isLink: looksLikeEmailLink,
  async complete(email, href) {
    const outcome = await linkAddress(email, href).catch((error: unknown) => {
      throw refusal(error);
    });
    if (outcome === 'not-signed-in') throw { message: 'Please open the link in the browser where you asked for it, while you are signed in there.' };
  },
};

async function linkAddress(email: string, href: string): Promise<'confirmed' | 'not-signed-in'> {
  const { auth, sdk } = await loadFirebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return 'not-signed-in';
  if (!sdk.isSignInWithEmailLink(auth, href)) throw Object.assign(new Error('not a sign-in link'), { code: 'auth/invalid-action-code' });
  const credential = sdk.EmailAuthProvider.credentialWithLink(email, href);
  if (user.email?.toLowerCase() === email.toLowerCase()) await sdk.reauthenticateWithCredential(user, credential);
  else await sdk.linkWithCredential(user, credential);
  return 'confirmed';
}
