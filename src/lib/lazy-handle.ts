/**
 * Code that the first page does not need (XState and the machines, TanStack Query) arrives in chunks of its own,
 * fetched while the first page renders. A handle stands for such a part until it has loaded: route guards and
 * loaders await it, React reads it as it is now.
 */
import { startTransition, useEffect, useState } from 'react';

/** A part as React renders it: `value` is `null` until it has loaded, `failed` once its load has failed. */
export interface Loaded<T> {
  readonly value: T | null;
  readonly failed: boolean;
}

export interface LazyHandle<T> {
  /** The part once its code has loaded, `null` before (and after a failed load). */
  readonly current: T | null;
  /** Resolves with the part; React's `use` reads it without suspending once it has settled. */
  readonly ready: Promise<T>;
  /** Where the load is, as a new object each time that changes (for `useSyncExternalStore`). */
  readonly state: Loaded<T>;
  /** Calls `listener` when the part has loaded or failed to, before anything that awaits `ready` goes on. */
  subscribe(listener: () => void): () => void;
}

/** Before the part has loaded: also what a page rendered ahead of time (src/prerender.tsx) was made with. */
export const NOT_LOADED: Loaded<never> = { value: null, failed: false };

type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function lazyHandle<T>(load: Promise<T>): LazyHandle<T> {
  const ready = load as TrackedPromise<T>;
  ready.status = 'pending';
  let state: Loaded<T> = NOT_LOADED;
  const listeners = new Set<() => void>();
  const settle = (next: Loaded<T>) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  // The first reaction to `ready`: it runs before the continuation of anyone awaiting it.
  ready.then(
    (value) => {
      ready.status = 'fulfilled';
      ready.value = value;
      settle({ value, failed: false });
    },
    (reason: unknown) => {
      ready.status = 'rejected';
      ready.reason = reason;
      settle({ value: null, failed: true });
    },
  );
  return {
    get current() {
      return state.value;
    },
    get state() {
      return state;
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part for React to render with, for parts whose arrival changes much of the page (the actors: the header, the
 * cart). A takeover of prerendered markup starts without it, as the markup was made, even when it has loaded by
 * then. It joins in a transition of its own: a cheap phone keeps answering input while the page fills in. Code that
 * must have the part reads it with `use(handle.ready)`, which does not wait once it has loaded.
 */
export function useLoaded<T>(handle: LazyHandle<T>, { hydrating = false } = {}): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>(() => (hydrating ? NOT_LOADED : handle.state));
  useEffect(() => {
    const update = () => startTransition(() => setLoaded(handle.state));
    update();
    return handle.subscribe(update);
  }, [handle]);
  return loaded;
}

/**
 * False while React takes over prerendered markup, true from a transition right after. Parts that join after the
 * takeover wait for it: changed before the takeover has finished, they would make React take over the rest of the
 * page at once, in one long task, rather than in short steps.
 */
export function useTakenOver(hydrating: boolean): boolean {
  const [takenOver, setTakenOver] = useState(!hydrating);
  useEffect(() => {
    if (!takenOver) startTransition(() => setTakenOver(true));
  }, [takenOver]);
  return takenOver;
}
