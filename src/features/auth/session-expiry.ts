import { fromPromise } from 'xstate';
import type { SessionExpiryInput } from '../../../machines/auth';

/** Browsers run a timer of more than about 24.8 days at once; longer waits are taken in steps. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The auth machine's `watchSessionExpiry`: resolves at the session's end, or never when the server gave none.
 * Stopping the machine's state aborts it.
 */
export const watchSessionExpiry = fromPromise<void, SessionExpiryInput>(
  ({ input, signal }) =>
    new Promise<void>((resolve) => {
      if (!input.expiresAt) return;
      const endsAt = Date.parse(input.expiresAt);
      if (Number.isNaN(endsAt)) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wait = () => {
        const left = endsAt - Date.now();
        if (left <= 0) return resolve();
        timer = setTimeout(wait, Math.min(left, LONGEST_TIMER_MS));
      };
      signal.addEventListener('abort', () => clearTimeout(timer));
      wait();
    }),
);
