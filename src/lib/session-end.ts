import type { SessionEndReason } from '../../machines/session-end';

/**
 * The sign-in page that says why the session ended. The reason travels in the address, not in storage, because
 * ending a session clears storage (SPEC §8) and the notice must not outlive the visit it explains.
 */
export function signInAfterSessionEnd(path: string, reason: SessionEndReason | null): string {
  return reason ? `${path}?session=${reason}` : path;
}
