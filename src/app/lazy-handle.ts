/**
 * Code that the first page does not need (XState and the machines, TanStack Query) arrives in chunks of its own,
 * fetched while the first page renders. A handle stands for such a part until it has loaded: route guards and
 * loaders await it, React reads it as it is now.
 */
import { useSyncExternalStore } from 'react';
export interface LazyHandle<T> {
  /** The part once its code has loaded, `null` before (and after a failed load). */
  readonly current: T | null;
  /** Resolves with the part; React's `use` reads it without suspending once it has settled. */
  readonly ready: Promise<T>;
  /** Calls `listener` once, when the part has loaded or failed to; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function lazyHandle<T>(load: Promise<T>): LazyHandle<T> {
  const ready = load as TrackedPromise<T>;
  ready.status = 'pending';
  const listeners = new Set<() => void>();
  let current: T | null = null;
  const settle = () => {
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  ready.then(
    (value) => {
      current = value;
      ready.status = 'fulfilled';
      ready.value = value;
      settle();
    },
    (reason: unknown) => {
      ready.status = 'rejected';
      ready.reason = reason;
      settle();
    },
  );
  return {
    get current() {
      return current;
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether the part failed to load (its chunk could not be fetched). */
export function failedToLoad(handle: LazyHandle<unknown>): boolean {
  return (handle.ready as TrackedPromise<unknown>).status === 'rejected';
}

/**
 * The part as it is now, re-rendering when it loads. Rendering over prerendered markup (src/prerender.tsx) starts
 * without it, as the markup was made, even when it has already loaded.
 */
export function useLoaded<T>(handle: LazyHandle<T>): T | null {
  return useSyncExternalStore(
    handle.subscribe,
    () => handle.current,
    () => null,
  );
}
