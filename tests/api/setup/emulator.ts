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
