import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '../../../lib/api-client';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];
export type SignInAudience = NonNullable<components['schemas']['SessionRequest']['audience']>;

/** Exchange a Firebase ID token for our own session token. */
export async function createSession(idToken: string, audience: SignInAudience): Promise<Session> {
  return dataOf(await api.POST('/api/auth/session', { body: { idToken, audience } }));
}

/** Check a stored session token and get its user (SPEC §7: status 200 means logged in). */
export async function verifySession(token: string): Promise<User> {
  const result = await api.GET('/api/auth/login/success', { headers: { Authorization: `Bearer ${token}` } });
  return dataOf(result).user;
}

/** Revoke the session on the server. */
export async function revokeSession(token: string | null): Promise<{ message: string }> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return dataOf(await api.GET('/api/auth/logout', { headers }));
}
