/**
 * firebase-admin, initialised once per project. It decides between the Auth emulator and the real service by the
 * FIREBASE_AUTH_EMULATOR_HOST variable, read at call time; the validated config is made the only source of that
 * variable so that emulator tokens are accepted exactly when the emulator is configured.
 */
import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../openapi/schema';
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
  /** When the person last signed in with their credentials (the token's `auth_time`), not when the token was issued. */
  authTime: Date;
}

export const SIGN_IN_NOT_VERIFIED = 'Your sign-in could not be verified. Please sign in again.';

/** The `auth/…` code firebase-admin gives its errors, if it has one. */
function firebaseErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Codes that mean "this token is no good", as opposed to "we could not ask Firebase". */
function isTokenProblem(code: string): boolean {
  return code.startsWith('auth/') && !['auth/internal-error', 'auth/insufficient-permission', 'auth/project-not-found'].includes(code);
}

/** Firebase could not be asked: nothing is known about the token or the account. */
function unavailable(message: string, cause: unknown): HttpError {
  const error = new HttpError(503, message, 'IDENTITY_UNAVAILABLE');
  error.cause = cause;
  return error;
}

/** Verifies a Firebase ID token, including that it has not been revoked and the account is not disabled. */
export async function verifyIdentity(auth: Auth, idToken: string): Promise<VerifiedIdentity> {
  let decoded;
  try {
    decoded = await auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = firebaseErrorCode(error);
    if (code !== undefined && isTokenProblem(code)) throw unauthorized(SIGN_IN_NOT_VERIFIED);
    throw unavailable('Sign-in is unavailable right now. Please try again in a minute.', error);
  }
  const name = typeof decoded.name === 'string' && decoded.name.trim() ? decoded.name.trim() : null;
  return {
    uid: decoded.uid,
    email: decoded.email ? decoded.email.trim() : null,
    emailVerified: decoded.email_verified === true,
    name,
    phone: decoded.phone_number ?? null,
    authTime: new Date(decoded.auth_time * 1000),
  };
}

/** How long ago a sign-in may have been to confirm an irreversible step such as erasing the account. */
export const REAUTHENTICATION_MAX_AGE_MS = 5 * 60_000;

/**
 * Whether a verified identity confirms that the holder of a session is at the keyboard now: it is the session's own
 * Firebase account, signed in at most REAUTHENTICATION_MAX_AGE_MS before `now`. A token refreshed in the background
 * keeps its old `auth_time`, so only a fresh sign-in passes.
 */
export function confirmsReauthentication(identity: Pick<VerifiedIdentity, 'uid' | 'authTime'>, sessionUid: string | null, now: Date): boolean {
  return sessionUid !== null && identity.uid === sessionUid && now.getTime() - identity.authTime.getTime() <= REAUTHENTICATION_MAX_AGE_MS;
}

type SignInMethod = components['schemas']['SignInMethod'];

export const SIGN_IN_METHODS = ['password', 'google.com', 'phone'] as const satisfies readonly SignInMethod[];

/** What the shop reads from a person's Firebase account: how it signs in, and the address Firebase has verified. */
export interface FirebaseAccount {
  signInMethods: SignInMethod[];
  /** The account's e-mail address once its owner has proven it (Firebase's `emailVerified`), otherwise null. */
  verifiedEmail: string | null;
}

const NO_FIREBASE_ACCOUNT: FirebaseAccount = { signInMethods: [], verifiedEmail: null };

/**
 * A Firebase account as the privacy page needs it: its sign-in methods from its linked providers (an e-mail link
 * counts as `password`) and its verified address. Answers nothing known when Firebase cannot be reached or the
 * account is gone: a page that shows them should not fail for it.
 */
export async function firebaseAccountOf(auth: Auth, uid: string | null, log: FastifyBaseLogger): Promise<FirebaseAccount> {
  if (!uid) return NO_FIREBASE_ACCOUNT;
  try {
    const { providerData, email, emailVerified } = await auth.getUser(uid);
    return {
      signInMethods: SIGN_IN_METHODS.filter((method) => providerData.some((provider) => provider.providerId === method)),
      verifiedEmail: emailVerified && email ? email : null,
    };
  } catch (error) {
    log.warn({ err: error }, 'could not read a Firebase account');
    return NO_FIREBASE_ACCOUNT;
  }
}

/** Deletes a Firebase account; one that is already gone counts as deleted. Firebase out of reach is a 503. */
export async function deleteFirebaseAccount(auth: Auth, uid: string): Promise<'deleted' | 'already-gone'> {
  try {
    await auth.deleteUser(uid);
    return 'deleted';
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/user-not-found') return 'already-gone';
    throw unavailable('Firebase cannot be reached right now, so nothing was erased. Please try again in a few minutes.', error);
  }
}

/**
 * Makes the Firebase account of a new team member: their e-mail address and name, and no password, which they set
 * from the link that `sendPasswordSetupEmail` has Firebase send. `email-taken` when Firebase already has an account
 * with that address; Firebase out of reach is a 503.
 */
export async function createTeamAccount(auth: Auth, details: { email: string; fullname: string }): Promise<{ uid: string } | 'email-taken'> {
  try {
    const created = await auth.createUser({ email: details.email, displayName: details.fullname, emailVerified: false, disabled: false });
    return { uid: created.uid };
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/email-already-exists') return 'email-taken';
    throw unavailable('Firebase cannot be reached right now, so the team member was not added. Please try again in a few minutes.', error);
  }
}

/**
 * Disables or enables a Firebase account. Disabling also revokes its refresh tokens, so that no ID token of it is
 * accepted again. An account that no longer exists counts as done; Firebase out of reach is a 503.
 */
export async function setFirebaseAccountDisabled(auth: Auth, uid: string, disabled: boolean): Promise<void> {
  try {
    await auth.updateUser(uid, { disabled });
    if (disabled) await auth.revokeRefreshTokens(uid);
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/user-not-found') return;
    throw unavailable('Firebase cannot be reached right now, so nothing was changed. Please try again in a few minutes.', error);
  }
}

const NOT_CORRECTED = 'Firebase cannot be reached right now, so nothing was corrected. Please try again in a few minutes.';

/**
 * The uid of the Firebase account that signs in with this e-mail address or mobile number (E.164), or null when none
 * does. Firebase out of reach is a 503.
 */
export async function firebaseAccountHolding(auth: Auth, contact: { email: string } | { phone: string }): Promise<string | null> {
  try {
    const account = 'email' in contact ? await auth.getUserByEmail(contact.email) : await auth.getUserByPhoneNumber(contact.phone);
    return account.uid;
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
    throw unavailable(NOT_CORRECTED, error);
  }
}

export type ContactCorrection = 'corrected' | 'email-taken' | 'phone-taken' | 'no-account';

/**
 * Corrects what a Firebase account signs in with, as staff do for a customer: a new e-mail address, which counts as
 * not verified until its owner proves it, and the mobile number of an account that signs in by phone (one without a
 * number keeps none: a number on the shop's profile alone does not make a way in). `email-taken` or `phone-taken`
 * when another Firebase account holds it; `no-account` when the account is gone. Firebase out of reach is a 503.
 */
export async function correctFirebaseContact(auth: Auth, uid: string, change: { email?: string; phone?: string }): Promise<ContactCorrection> {
  try {
    const account = await auth.getUser(uid);
    const phoneNumber = change.phone !== undefined && account.phoneNumber ? change.phone : undefined;
    if (change.email === undefined && phoneNumber === undefined) return 'corrected';
    await auth.updateUser(uid, {
      ...(change.email !== undefined ? { email: change.email, emailVerified: false } : {}),
      ...(phoneNumber !== undefined ? { phoneNumber } : {}),
    });
    return 'corrected';
  } catch (error) {
    const code = firebaseErrorCode(error);
    if (code === 'auth/user-not-found') return 'no-account';
    if (code === 'auth/email-already-exists') return 'email-taken';
    if (code === 'auth/phone-number-already-exists') return 'phone-taken';
    throw unavailable(NOT_CORRECTED, error);
  }
}

/** How long the server waits for Firebase to accept an e-mail to send. */
const SEND_EMAIL_TIMEOUT_MS = 10_000;

type EmailConfig = Pick<Config, 'firebaseAuthEmulatorHost' | 'firebaseWebApiKey'>;

/**
 * Has Firebase e-mail the person the link to set a password for their account (a password-reset e-mail, Identity
 * Toolkit `accounts:sendOobCode`), which leads on to `continueUrl` once the password is set. The Auth emulator keeps
 * it with its sent e-mails; a real project needs its web API key. Throws when the e-mail could not be sent.
 */
export async function sendPasswordSetupEmail(config: EmailConfig, email: string, continueUrl: string): Promise<void> {
  const base = config.firebaseAuthEmulatorHost
    ? `http://${config.firebaseAuthEmulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const key = config.firebaseWebApiKey ?? (config.firebaseAuthEmulatorHost ? 'emulator' : undefined);
  if (!key) throw new Error('FIREBASE_WEB_API_KEY is not set, so Firebase cannot be asked to send e-mails.');
  const response = await fetch(`${base}/v1/accounts:sendOobCode?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email, continueUrl }),
    signal: AbortSignal.timeout(SEND_EMAIL_TIMEOUT_MS),
  });
  if (!response.ok) {
    const answer = await response.text().catch(() => '');
    throw new Error(`Firebase did not send the e-mail (${response.status}): ${answer.slice(0, 300)}`);
  }
}

/** Firebase's one-time link that signs a person in by e-mail, opening the shop's sign-in page at `site`. */
export function signInLinkFor(auth: Auth, site: string, email: string): Promise<string> {
  return auth.generateSignInWithEmailLink(email, { url: `${site}/login`, handleCodeInApp: true });
}

/** Firebase's link for a team member to set their password, leading on to the staff sign-in at `site`. */
export function setPasswordLinkFor(auth: Auth, site: string, email: string): Promise<string> {
  return auth.generatePasswordResetLink(email, { url: `${site}/admin/login` });
}

export type PhoneMove = 'moved' | 'phone-in-use';

/**
 * Makes a proven mobile number a way into another Firebase account: the phone-only account that the SMS sign-in
 * made (`fromUid`) is deleted, and the number set on `toUid`. `phone-in-use` when the phone account signs in some
 * other way too, or holds another number, or the number belongs to a third account: nothing is changed then.
 * Firebase out of reach is a 503.
 */
export async function movePhoneToAccount(auth: Auth, move: { fromUid: string; toUid: string; phone: string }): Promise<PhoneMove> {
  const notLinked = 'Firebase cannot be reached right now, so the number was not added. Please try again in a few minutes.';
  try {
    const from = await auth.getUser(move.fromUid).catch((error: unknown) => {
      if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
      throw error;
    });
    if (from) {
      const phoneOnly = from.phoneNumber === move.phone && from.providerData.every((provider) => provider.providerId === 'phone');
      if (!phoneOnly) return 'phone-in-use';
      await auth.deleteUser(move.fromUid);
    }
    await auth.updateUser(move.toUid, { phoneNumber: move.phone });
    return 'moved';
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/phone-number-already-exists') return 'phone-in-use';
    throw unavailable(notLinked, error);
  }
}
