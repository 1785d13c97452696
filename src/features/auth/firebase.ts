/**
 * The Firebase web SDK, loaded on first use only: the sign-in, registration and password pages and sign-out need
 * it, the shop's first load does not. Every way in ends with a Firebase user whose ID token is exchanged for our
 * own session (`use-complete-sign-in.ts`).
 */
import { env } from '../../lib/env';

type AuthModule = typeof import('firebase/auth');
type FirebaseAuth = import('firebase/auth').Auth;
export type FirebaseUser = import('firebase/auth').User;
export type PhoneConfirmation = import('firebase/auth').ConfirmationResult;

let loading: Promise<{ auth: FirebaseAuth; sdk: AuthModule }> | null = null;

/** Whether the SPA talks to the local Auth emulator (never in a production build). */
export const usesEmulator = Boolean(env.firebase.emulatorUrl);

export function loadFirebaseAuth(): Promise<{ auth: FirebaseAuth; sdk: AuthModule }> {
  loading ??= (async () => {
    const [{ initializeApp, getApps }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: env.firebase.apiKey, authDomain: env.firebase.authDomain, projectId: env.firebase.projectId });
    const auth = sdk.getAuth(app);
    if (usesEmulator) {
      sdk.connectAuthEmulator(auth, env.firebase.emulatorUrl, { disableWarnings: true });
      // The emulator sends no real SMS and needs no reCAPTCHA; a real project always gets one.
      auth.settings.appVerificationDisabledForTesting = true;
    }
    return { auth, sdk };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Sign out of Firebase if it was ever used in this tab or left a persisted user behind. */
export async function signOutOfFirebase(): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  await sdk.signOut(auth);
}

export async function signInWithPassword(email: string, password: string): Promise<FirebaseUser> {
  const { auth, sdk } = await loadFirebaseAuth();
  return (await sdk.signInWithEmailAndPassword(auth, email, password)).user;
}

export async function createAccount(email: string, password: string, fullname: string): Promise<FirebaseUser> {
  const { auth, sdk } = await loadFirebaseAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
  await sdk.updateProfile(user, { displayName: fullname }).catch(() => undefined);
  return user;
}

/** Codes after which a popup cannot work in this browser, so the whole page goes to Google instead. */
const POPUP_UNUSABLE = new Set(['auth/popup-blocked', 'auth/operation-not-supported-in-environment', 'auth/web-storage-unsupported']);

/**
 * Google in a popup; where popups are blocked or unsupported, a full-page redirect that comes back to
 * /auth/google/callback. Resolves with the user after the popup, or never (the page is leaving) after a redirect.
 */
export async function signInWithGoogle(): Promise<FirebaseUser> {
  const { auth, sdk } = await loadFirebaseAuth();
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    return (await sdk.signInWithPopup(auth, provider)).user;
  } catch (error) {
    if (!POPUP_UNUSABLE.has(codeOf(error))) throw error;
    // Google sends the page back where the redirect began: begin it on the callback page.
    window.sessionStorage.setItem(GOOGLE_REDIRECT_KEY, 'start');
    window.location.assign('/auth/google/callback');
    return new Promise<never>(() => undefined);
  }
}

const GOOGLE_REDIRECT_KEY = 'googleRedirect';

/** Whether a redirect to Google was begun in this tab (checked before the SDK is loaded). */
export function googleRedirectPending(): boolean {
  return window.sessionStorage.getItem(GOOGLE_REDIRECT_KEY) !== null;
}

/**
 * On /auth/google/callback: the user back from Google's redirect; or, when a popup could not open, the redirect
 * to Google begins (the promise then never settles); `null` when this page load has nothing to do with Google.
 */
export async function googleRedirectResult(): Promise<FirebaseUser | null> {
  const { auth, sdk } = await loadFirebaseAuth();
  const stage = window.sessionStorage.getItem(GOOGLE_REDIRECT_KEY);
  const result = await sdk.getRedirectResult(auth);
  if (result) {
    window.sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
    return result.user;
  }
  if (stage === 'start') {
    window.sessionStorage.setItem(GOOGLE_REDIRECT_KEY, 'sent');
    const provider = new sdk.GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    await sdk.signInWithRedirect(auth, provider);
    return new Promise<never>(() => undefined);
  }
  window.sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
  if (stage === 'sent') throw Object.assign(new Error('Google sign-in was not completed'), { code: 'auth/popup-closed-by-user' });
  return null;
}

/**
 * What Google's popup hands back, given directly: the emulator accepts an unsigned ID token (a JSON object) for
 * google.com. Only the local emulator takes this; a real project refuses such a credential.
 */
export async function signInWithGoogleIdToken(idToken: string): Promise<FirebaseUser> {
  if (!usesEmulator) throw new Error('Google ID tokens can be given directly to the Auth emulator only.');
  const { auth, sdk } = await loadFirebaseAuth();
  return (await sdk.signInWithCredential(auth, sdk.GoogleAuthProvider.credential(idToken))).user;
}

/** Sends the SMS code; `container` holds the (invisible) reCAPTCHA a real project requires. */
export async function sendPhoneCode(phoneNumber: string, container: HTMLElement): Promise<PhoneConfirmation> {
  const { auth, sdk } = await loadFirebaseAuth();
  const verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await sdk.signInWithPhoneNumber(auth, phoneNumber, verifier);
  } finally {
    verifier.clear();
  }
}

const EMAIL_FOR_LINK_KEY = 'emailForSignIn';

export async function sendEmailLink(email: string): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  await sdk.sendSignInLinkToEmail(auth, email, { url: `${window.location.origin}/login`, handleCodeInApp: true });
  // The link is usually opened in this browser; then the address need not be typed again.
  window.localStorage.setItem(EMAIL_FOR_LINK_KEY, email);
}

/** Whether this page was opened from a sign-in link (cheap: the SDK loads only when the URL looks like one). */
export function looksLikeEmailLink(href: string): boolean {
  const params = new URL(href).searchParams;
  return params.get('mode') === 'signIn' && params.has('oobCode');
}

export function emailForLink(): string | null {
  return window.localStorage.getItem(EMAIL_FOR_LINK_KEY);
}

export async function signInWithEmailLink(email: string, href: string): Promise<FirebaseUser> {
  const { auth, sdk } = await loadFirebaseAuth();
  if (!sdk.isSignInWithEmailLink(auth, href)) throw Object.assign(new Error('not a sign-in link'), { code: 'auth/invalid-action-code' });
  const { user } = await sdk.signInWithEmailLink(auth, email, href);
  window.localStorage.removeItem(EMAIL_FOR_LINK_KEY);
  return user;
}

/** Sends the reset e-mail; an address without an account gets the same answer, so nobody learns who has one. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` });
  } catch (error) {
    if (codeOf(error) !== 'auth/user-not-found') throw error;
  }
}

export type PasswordChangeOutcome = 'changed' | 'no-password';

/**
 * Re-authenticates with the current password and sets the new one. An account that signs in only with Google or a
 * phone has no password here to change.
 */
export async function changePassword(email: string, currentPassword: string, newPassword: string): Promise<PasswordChangeOutcome> {
  const { auth, sdk } = await loadFirebaseAuth();
  const current = auth.currentUser;
  if (current && current.email?.toLowerCase() === email.toLowerCase()) {
    if (!current.providerData.some((info) => info.providerId === 'password')) return 'no-password';
    await sdk.reauthenticateWithCredential(current, sdk.EmailAuthProvider.credential(email, currentPassword));
    await sdk.updatePassword(current, newPassword);
    return 'changed';
  }
  // Signed in from a stored session only: signing in with the current password is the re-authentication.
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, currentPassword);
  await sdk.updatePassword(user, newPassword);
  return 'changed';
}

/**
 * How the Firebase user of this tab signs in, when it is known: `password`, `google.com`, `phone`. `null` when no
 * Firebase user is kept in this tab (a session restored from storage only).
 */
export async function currentUserProviders(): Promise<string[] | null> {
  const { auth } = await loadFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.providerData.map((info) => info.providerId) : null;
}

export function codeOf(error: unknown): string {
  return typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : '';
}

const FRIENDLY_ERRORS: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail address or password is incorrect.',
  'auth/wrong-password': 'The e-mail address or password is incorrect.',
  'auth/user-not-found': 'The e-mail address or password is incorrect.',
  'auth/invalid-email': 'Please enter a valid e-mail address.',
  'auth/user-disabled': 'This account has been deactivated. Ask an admin of the shop to reactivate it, or contact us if you are a customer.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google window was closed before signing in finished. Please try again.',
  'auth/cancelled-popup-request': 'The Google window was closed before signing in finished. Please try again.',
  'auth/account-exists-with-different-credential':
    'This e-mail address already has an account with another way of signing in. Please sign in that way.',
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and try again.',
  'auth/code-expired': 'That code has expired. Please ask for a new one.',
  'auth/invalid-phone-number': 'Please enter a valid Indian mobile number.',
  'auth/quota-exceeded': 'We cannot send more codes right now. Please try again later.',
  'auth/invalid-action-code': 'This link is no longer valid: it was used already or has expired. Please ask for a new one.',
  'auth/expired-action-code': 'This link has expired. Please ask for a new one.',
  'auth/requires-recent-login': 'Please sign in again, then change your password.',
};

/** A message a person can act on, for an error thrown by the Firebase SDK. */
export function firebaseErrorMessage(error: unknown, fallback = 'Sign-in failed. Please try again.'): string {
  return FRIENDLY_ERRORS[codeOf(error)] ?? fallback;
}

/** Completes a reset from the e-mailed link when it opens on /forgot-password (a custom action URL). */
export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<string> {
  const { auth, sdk } = await loadFirebaseAuth();
  const email = await sdk.verifyPasswordResetCode(auth, oobCode);
  await sdk.confirmPasswordReset(auth, oobCode, newPassword);
  return email;
}
