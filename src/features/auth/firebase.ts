/**
 * The Firebase web SDK, loaded on first use only: the sign-in, registration and password pages and sign-out need
 * it, the shop's first load does not.
 */
import { env } from '../../lib/env';

type AuthModule = typeof import('firebase/auth');
type FirebaseAuth = import('firebase/auth').Auth;

let loading: Promise<{ auth: FirebaseAuth; sdk: AuthModule }> | null = null;

export function loadFirebaseAuth(): Promise<{ auth: FirebaseAuth; sdk: AuthModule }> {
  loading ??= (async () => {
    const [{ initializeApp, getApps }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: env.firebase.apiKey, authDomain: env.firebase.authDomain, projectId: env.firebase.projectId });
    const auth = sdk.getAuth(app);
    if (env.firebase.emulatorUrl) sdk.connectAuthEmulator(auth, env.firebase.emulatorUrl, { disableWarnings: true });
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

const FRIENDLY_ERRORS: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail address or password is incorrect.',
  'auth/wrong-password': 'The e-mail address or password is incorrect.',
  'auth/user-not-found': 'The e-mail address or password is incorrect.',
  'auth/invalid-email': 'Please enter a valid e-mail address.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
};

/** A message a person can act on, for an error thrown by the Firebase SDK. */
export function firebaseErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : '';
  return FRIENDLY_ERRORS[code] ?? 'Sign-in failed. Please try again.';
}
