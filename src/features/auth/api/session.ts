import type { components, operations } from '../../../../openapi/schema';
import { api, dataOf } from '../../../lib/api-client';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];
export type SignInAudience = NonNullable<components['schemas']['SessionRequest']['audience']>;

/** Exchange a Firebase ID token for our own session token. */
export async function createSession(idToken: string, audience: SignInAudience): Promise<Session> {
  return dataOf(await api.POST('/api/auth/session', { body: { idToken, audience } }));
}

/** What a PHONE_HELD answer offers: the proof of the number and a hint of the account that holds it. */
export type PhoneLinkOffer = components['schemas']['PhoneLinkOffer'];

/** Add a proven number to the existing account that `idToken` has just signed in to, and sign in to it. */
export async function linkPhone(linkToken: string, idToken: string): Promise<Session> {
  return dataOf(await api.POST('/api/auth/phone-link', { body: { linkToken, idToken } }));
}

/** Make an account of the person's own for a proven number that another account lists, and sign in to it. */
export async function createPhoneAccount(linkToken: string): Promise<Session> {
  return dataOf(await api.POST('/api/auth/phone-account', { body: { linkToken } }));
}

/** Check a stored session token and get its user (SPEC §7: status 200 means logged in) and its end. */
export async function verifySession(token: string): Promise<{ user: User; expiresAt: string | null }> {
  const result = await api.GET('/api/auth/login/success', { headers: { Authorization: `Bearer ${token}` } });
  const { user, expiresAt } = dataOf(result);
  return { user, expiresAt: expiresAt ?? null };
}

/** Revoke the session on the server. */
export async function revokeSession(token: string | null): Promise<{ message: string }> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return dataOf(await api.GET('/api/auth/logout', { headers }));
}

type JsonBody<Operation extends keyof operations> = operations[Operation]['requestBody'] extends
  | { content: { 'application/json': infer Body } }
  | undefined
  ? Body
  : never;
export type RegisterDetails = Omit<JsonBody<'registerProfile'>, 'idToken'>;
export type ChallengeKind = JsonBody<'requestAuthChallenge'>['kind'];

/** Create the profile of a new Firebase account with the details of the form, and sign in. */
export async function registerProfile(idToken: string, details: RegisterDetails): Promise<Session> {
  return dataOf(await api.POST('/api/auth/register', { body: { idToken, ...details } }));
}

/**
 * Ask our server before the identity provider sends an SMS code, a sign-in link or a reset e-mail; it refuses with
 * 429 when too many went to the same place.
 */
export async function requestChallenge(kind: ChallengeKind, to: string): Promise<void> {
  dataOf(await api.POST('/api/auth/challenges', { body: { kind, to } }));
}

export async function setProfileEmail(email: string): Promise<User> {
  return dataOf(await api.PUT('/api/auth/email', { body: { email } })).user;
}

export async function revokeOtherSessions(): Promise<{ message: string; revoked: number }> {
  // Every call is sent as JSON, so the body is an empty object rather than nothing.
  return dataOf(await api.POST('/api/auth/sessions/revoke-others', { body: {} }));
}
