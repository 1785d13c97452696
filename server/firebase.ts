/**
 * firebase-admin, initialised once per project. It decides between the Auth emulator and the real service by the
 * FIREBASE_AUTH_EMULATOR_HOST variable, read at call time; the validated config is made the only source of that
 * variable so that emulator tokens are accepted exactly when the emulator is configured.
 */
import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from './config';
import { HttpError, unauthorized } from './errors';

type FirebaseConfig = Pick<Config, 'firebaseProjectId' | 'firebaseAuthEmulatorHost' | 'firebaseServiceAccount'>;

export function firebaseAuth(config: FirebaseConfig): Auth {
  if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const name = `gut-shop/${config.firebaseProjectId}${config.firebaseAuthEmulatorHost ? '/emulator' : ''}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);
  const credential = config.firebaseAuthEmulatorHost
    ? undefined
    : config.firebaseServiceAccount
      ? cert(JSON.parse(config.firebaseServiceAccount) as ServiceAccount)
      : applicationDefault();
  return getAuth(initializeApp({ projectId: config.firebaseProjectId, ...(credential ? { credential } : {}) }, name));
}

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  phone: string | null;
}

export const SIGN_IN_NOT_VERIFIED = 'Your sign-in could not be verified. Please sign in again.';

/** Codes that mean "this token is no good", as opposed to "we could not ask Firebase". */
function isTokenProblem(code: string): boolean {
  return code.startsWith('auth/') && !['auth/internal-error', 'auth/insufficient-permission', 'auth/project-not-found'].includes(code);
}

/** Verifies a Firebase ID token, including that it has not been revoked and the account is not disabled. */
export async function verifyIdentity(auth: Auth, idToken: string): Promise<VerifiedIdentity> {
  let decoded;
  try {
    decoded = await auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && isTokenProblem(code)) throw unauthorized(SIGN_IN_NOT_VERIFIED);
    const unavailable = new HttpError(503, 'Sign-in is unavailable right now. Please try again in a minute.', 'IDENTITY_UNAVAILABLE');
    unavailable.cause = error;
    throw unavailable;
  }
  const name = typeof decoded.name === 'string' && decoded.name.trim() ? decoded.name.trim() : null;
  return {
    uid: decoded.uid,
    email: decoded.email ? decoded.email.trim() : null,
    emailVerified: decoded.email_verified === true,
    name,
    phone: decoded.phone_number ?? null,
  };
}
