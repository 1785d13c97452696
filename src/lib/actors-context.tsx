import { createContext, use, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorsHandle, AppActors, AuthView } from './actors-handle';
import { useLoaded } from './lazy-handle';

const ActorsContext = createContext<{ handle: ActorsHandle; actors: AppActors | null } | null>(null);

interface ActorsProviderProps {
  actors: ActorsHandle;
  /** Rendering over prerendered markup: start as it was made, before the actors. */
  hydrating?: boolean;
  children: ReactNode;
}

export function ActorsProvider({ actors: handle, hydrating, children }: ActorsProviderProps) {
  const actors = useLoaded(handle, { hydrating }).value;
  const value = useMemo(() => ({ handle, actors }), [handle, actors]);
  return <ActorsContext.Provider value={value}>{children}</ActorsContext.Provider>;
}

function useActorsContext() {
  const value = useContext(ActorsContext);
  if (!value) throw new Error('The shop’s actors are read inside ActorsProvider only.');
  return value;
}

/** The actors, suspending until their code has loaded (instantly once it has). */
export function useActors(): AppActors {
  const { handle, actors } = useActorsContext();
  return actors ?? use(handle.ready);
}

/** Whether the actors have loaded; never suspends. */
export function useActorsLoaded(): boolean {
  return useActorsContext().actors !== null;
}

interface Subscribable<S> {
  subscribe(observer: () => void): { unsubscribe(): void };
  getSnapshot(): S;
}

const noSubscription = () => () => undefined;

/** The current snapshot of `actor`, or `undefined` while there is none; re-renders on every change. */
function useSnapshot<S>(actor: Subscribable<S> | undefined): S | undefined {
  return useSyncExternalStore(
    actor
      ? (onChange) => {
          const subscription = actor.subscribe(onChange);
          return () => subscription.unsubscribe();
        }
      : noSubscription,
    () => actor?.getSnapshot(),
    // Pages rendered ahead of time (src/prerender.tsx) show the state before the actors arrive.
    () => undefined,
  );
}

/** Before the actors load, the auth machine's starting state: nobody signed in yet, still loading. */
const AUTH_STARTING: AuthView = { login: false, loading: true, user: null, role: null };

/** The SPEC §3 auth fields the shell needs, as selectors over the auth machine. */
export function useAuthState(): AuthView {
  const { actors } = useActorsContext();
  const snapshot = useSnapshot(actors?.auth);
  return actors && snapshot ? actors.select.auth(snapshot) : AUTH_STARTING;
}

export function useTotalCart(): number {
  const { actors } = useActorsContext();
  const snapshot = useSnapshot(actors?.cart);
  return actors && snapshot ? actors.select.totalCart(snapshot) : 0;
}
