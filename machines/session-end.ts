/**
 * Why a session ended, as the sign-in page explains it (`/login?session=expired`). The server says why in the
 * `code` of its 401 (the contract's SessionEndCode); the SPA's own timer knows it ran out.
 */
import type { components } from '../openapi/schema';

export const SESSION_END_REASONS = ['expired', 'revoked', 'ended', 'disabled'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * The reason to give for a 401's `code`. NO_SESSION (no token was sent) and a code we do not know end nothing the
 * person had, so they get none.
 */
export function sessionEndReasonOf(code: string | undefined): SessionEndReason | null {
  switch (code as components['schemas']['SessionEndCode'] | undefined) {
    case 'SESSION_EXPIRED':
      return 'expired';
    case 'SESSION_REVOKED':
      return 'revoked';
    case 'SESSION_UNKNOWN':
      return 'ended';
    case 'ACCOUNT_DISABLED':
      return 'disabled';
    default:
      return null;
  }
}
