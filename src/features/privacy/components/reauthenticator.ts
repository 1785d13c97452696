import type { components } from '../../../../openapi/schema';

export type SignInMethod = components['schemas']['SignInMethod'];

/**
 * Signing in again as the account's owner, given by the route (the sign-in code lives with the other ways in). Each
 * way resolves with the fresh sign-in's ID token and rejects with `{ message }` for the person.
 */
export interface PrivacyReauthenticator {
  method: SignInMethod;
  phone: string | null;
  withPassword(password: string): Promise<string>;
  sendCode(container: HTMLElement): Promise<void>;
  withCode(code: string): Promise<string>;
  withGoogle(): Promise<string>;
}

export type ReauthenticatorFactory = (
  profile: { email: string | null; phone: string | null },
  methods: readonly SignInMethod[],
) => PrivacyReauthenticator;
