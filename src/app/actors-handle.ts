/**
 * The app's actors arrive in a chunk of their own (src/app/lazy-handle.ts), so that XState and the machines never
 * delay the shop's first paint. Until they arrive the shell shows the machines' own starting state (auth loading,
 * empty cart); route guards wait for them.
 */
import type { AuthUser } from '../../machines/auth';
import type { AppActors } from './actors';
import type { LazyHandle } from './lazy-handle';

export type ActorsHandle = LazyHandle<AppActors>;

/** Resolves once the auth machine knows whether someone is signed in. */
export async function authSettled(handle: ActorsHandle): Promise<{ user: AuthUser | null; loggedIn: boolean }> {
  const actors = await handle.ready;
  return actors.settled();
}
