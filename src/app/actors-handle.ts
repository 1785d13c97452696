/**
 * The app's actors arrive in a chunk of their own, fetched while the first page renders, so that XState and the
 * machines never delay the shop's first paint. Until they arrive the shell shows the machines' own starting state
 * (auth loading, empty cart); route guards wait for them.
 */
import type { AuthUser } from '../../machines/auth';
import type { AppActors } from './actors';

export interface ActorsHandle {
  /** The actors once their code has loaded, `null` before. */
  readonly current: AppActors | null;
  /** Resolves with the actors; React's `use` reads it without suspending once it has settled. */
  readonly ready: Promise<AppActors>;
}

type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function actorsHandle(load: Promise<AppActors>): ActorsHandle {
  const ready = load as TrackedPromise<AppActors>;
  ready.status = 'pending';
  const handle = { current: null as AppActors | null, ready: ready as Promise<AppActors> };
  ready.then(
    (actors) => {
      handle.current = actors;
      ready.status = 'fulfilled';
      ready.value = actors;
    },
    (reason: unknown) => {
      ready.status = 'rejected';
      ready.reason = reason;
    },
  );
  return handle;
}

/** Resolves once the auth machine knows whether someone is signed in. */
export async function authSettled(handle: ActorsHandle): Promise<{ user: AuthUser | null; loggedIn: boolean }> {
  const actors = await handle.ready;
  return actors.settled();
}
