/**
 * The shop's long-lived actors (the auth and cart machines with the shop's side effects, made in src/app/actors.ts)
 * as the pages and the shell see them. They arrive in a chunk of their own (src/lib/lazy-handle.ts), so that XState
 * and the machines never delay the shop's first paint. Until they arrive the shell shows the machines' own starting
 * state (auth loading, empty cart); route guards wait for them.
 */
import type { ActorRefFrom } from 'xstate';
import type { AuthSnapshot, AuthUser, authMachine } from '../../machines/auth';
import type { CartSnapshot, cartMachine } from '../../machines/cart';
import type { LazyHandle } from './lazy-handle';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type CartActor = ActorRefFrom<typeof cartMachine>;

/** The SPEC §3 auth fields the shell shows. */
export interface AuthView {
  login: boolean;
  loading: boolean;
  user: AuthUser | null;
  role: string | null;
}

/** Whether someone is signed in, once the auth machine knows. */
export interface AuthSettled {
  user: AuthUser | null;
  loggedIn: boolean;
}

export interface AppActors {
  auth: AuthActor;
  cart: CartActor;
  /** Resolves once the auth machine knows whether someone is signed in. */
  settled(): Promise<AuthSettled>;
  /** Selectors for the shell, which reads the actors without importing the machines. */
  select: { auth(snapshot: AuthSnapshot): AuthView; totalCart(snapshot: CartSnapshot): number };
}

export type ActorsHandle = LazyHandle<AppActors>;

/** Resolves once the auth machine knows whether someone is signed in. */
export async function authSettled(handle: ActorsHandle): Promise<AuthSettled> {
  const actors = await handle.ready;
  return actors.settled();
}
