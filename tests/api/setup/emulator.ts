/**
 * Real Firebase ID tokens from the Auth emulator's REST API, the way the web SDK gets them.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

export const PROJECT_ID = 'demo-gut-shop';

export function emulatorHost(): string {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST ?? inject('firebaseAuthEmulatorHost');
}

async function identityToolkit(operation: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function signInWithPassword(email: string, password: string): Promise<{ status: number; idToken?: string; error?: string }> {
  const { status, body } = await identityToolkit('signInWithPassword', { email, password, returnSecureToken: true });
  const error = (body.error as { message?: string } | undefined)?.message;
  return { status, ...(typeof body.idToken === 'string' ? { idToken: body.idToken } : {}), ...(error ? { error } : {}) };
}

export async function idTokenFor(email: string, password: string): Promise<string> {
  const result = await signInWithPassword(email, password);
  if (!result.idToken) throw new Error(`emulator sign-in of ${email} failed: ${result.error ?? result.status}`);
  return result.idToken;
}

/** Registers a new person in the emulator, as /register does, and returns their uid and ID token. */
export async function signUp(options: { email?: string; displayName?: string; password?: string } = {}) {
  const email = options.email ?? `person-${randomUUID()}@example.test`;
  const { status, body } = await identityToolkit('signUp', {
    email,
    password: options.password ?? 'S3cret-pass',
    ...(options.displayName ? { displayName: options.displayName } : {}),
    returnSecureToken: true,
  });
  if (status !== 200 || typeof body.idToken !== 'string' || typeof body.localId !== 'string') {
    throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  }
  return { email, uid: body.localId, idToken: body.idToken };
}

/** A Google sign-in the way the web SDK completes one after the popup: the emulator accepts an unsigned ID token. */
export async function googleIdToken(claims: { sub: string; email: string; name?: string }): Promise<string> {
  const { body } = await identityToolkit('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify({ ...claims, email_verified: true }))}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  if (typeof body.idToken !== 'string') throw new Error(`emulator Google sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** A phone sign-in: ask for a code, read it from the emulator as a phone would receive it, and confirm it. */
export async function phoneIdToken(phoneNumber: string): Promise<string> {
  const { body: sent } = await identityToolkit('sendVerificationCode', { phoneNumber });
  const codes = (await (
    await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)
  ).json()) as { verificationCodes: Array<{ phoneNumber: string; code: string; sessionInfo: string }> };
  const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sent.sessionInfo)?.code;
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  const { body } = await identityToolkit('signInWithPhoneNumber', { sessionInfo: sent.sessionInfo, code });
  if (typeof body.idToken !== 'string') throw new Error(`emulator phone sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export function randomIndianMobile(): string {
  return `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The code of the latest e-mail of `requestType` the emulator "sent" to `email`, as its link carries it. */
async function latestOobCode(email: string, requestType: 'EMAIL_SIGNIN' | 'VERIFY_EMAIL'): Promise<string> {
  const listed = (await (await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const code = listed.oobCodes.filter((entry) => entry.email === email.toLowerCase() && entry.requestType === requestType).at(-1)?.oobCode;
  if (!code) throw new Error(`no ${requestType} e-mail was sent to ${email}`);
  return code;
}

/**
 * The owner of an account confirms `email` as the privacy page has them do: Firebase e-mails a sign-in link to the
 * address, and the link opened in the browser where they are signed in is linked to their account, which then has
 * the address, verified. Answers the account's new ID token.
 */
export async function confirmEmailByLink(idToken: string, email: string): Promise<string> {
  const sent = await identityToolkit('sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: 'http://localhost/user/privacy', canHandleCodeInApp: true });
  if (sent.status !== 200) throw new Error(`emulator did not send a sign-in link: ${JSON.stringify(sent.body)}`);
  const oobCode = await latestOobCode(email, 'EMAIL_SIGNIN');
  const { status, body } = await identityToolkit('signInWithEmailLink', { email, oobCode, idToken });
  if (status !== 200 || typeof body.idToken !== 'string') throw new Error(`emulator could not link ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The owner of a password account opens the verification e-mail Firebase sent to its address. */
export async function verifyEmailOf(idToken: string, email: string): Promise<void> {
  const sent = await identityToolkit('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  if (sent.status !== 200) throw new Error(`emulator did not send a verification e-mail: ${JSON.stringify(sent.body)}`);
  const applied = await identityToolkit('update', { oobCode: await latestOobCode(email, 'VERIFY_EMAIL') });
  if (applied.status !== 200) throw new Error(`emulator did not verify ${email}: ${JSON.stringify(applied.body)}`);
}

/**
 * Moves an account's "tokens valid since" back by `seconds`, as if it had existed that long, so that a token crafted
 * with `unsignedIdToken` for a sign-in that long ago is not refused as revoked.
 */
export async function backdateAccount(uid: string, seconds: number): Promise<void> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) - seconds) }),
  });
  if (!response.ok) throw new Error(`emulator could not backdate ${uid}: ${await response.text()}`);
}

function base64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** An unsigned (`alg: none`) JWT shaped like a Firebase ID token, with any claim overridden. */
export function unsignedIdToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - 10,
    iat: now - 10,
    exp: now + 3600,
    sub: `nobody-${randomUUID()}`,
    user_id: 'nobody',
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
