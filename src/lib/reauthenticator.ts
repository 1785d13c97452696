import type { components } from '../../openapi/schema';

export type SignInMethod = components['schemas']['SignInMethod'];

/**
 * Signing in again as the account's owner, for what the person must confirm themselves (asking for erasure). The
 * auth feature makes one (`features/auth/reauthenticate.ts`) and a route hands it to the page that needs it. Each
 * way resolves with the fresh sign-in's ID token, which the server checks is this account's and minutes old, and
 * rejects with `{ message }` in words for the person.
 */
export interface Reauthenticator {
  /** The way the page asks for: the password first, then the SMS code, then Google. */
  method: SignInMethod;
  /** Where the SMS code goes, for the page to say. */
  phone: string | null;
  withPassword(password: string): Promise<string>;
  sendCode(container: HTMLElement): Promise<void>;
  withCode(code: string): Promise<string>;
  withGoogle(): Promise<string>;
}

export type ReauthenticatorFactory = (
  profile: { email: string | null; phone: string | null },
  methods: readonly SignInMethod[],
) => Reauthenticator;
