import { describe, expect, it, vi } from 'vitest';
import { deferred as deferredLoad, lazyHandle, NOT_LOADED, whenIdle } from '@/lib/lazy-handle';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('a handle on code that loads later', () => {
  it('is empty until the part loads, then holds it and tells its listeners first', async () => {
    const load = deferred<{ name: string }>();
    const handle = lazyHandle(load.promise);
    const told: string[] = [];
    handle.subscribe(() => told.push(`listener saw ${handle.current?.name ?? 'nothing'}`));
    const gone = vi.fn();
    handle.subscribe(gone)();
    expect(handle.current).toBeNull();
    expect(handle.state).toBe(NOT_LOADED);

    const part = { name: 'queries' };
    load.resolve(part);
    await handle.ready.then(() => told.push('awaiting code goes on'));
    expect(told).toEqual(['listener saw queries', 'awaiting code goes on']);
    expect(handle.current).toBe(part);
    expect(handle.state).toEqual({ value: part, failed: false });
    expect(gone).not.toHaveBeenCalled();
  });

  it('stays empty and says so when the part cannot be fetched, without an unhandled rejection', async () => {
    const load = deferred<string>();
    const handle = lazyHandle(load.promise);
    const listener = vi.fn();
    handle.subscribe(listener);
    load.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(handle.ready).rejects.toThrow('Failed to fetch');
    expect(handle.current).toBeNull();
    expect(handle.state).toEqual({ value: null, failed: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('left for later, loads when first awaited or started, once, and not when listened to', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'actors' }));
    const later = deferredLoad(load);
    const handle = lazyHandle(later);
    const listener = vi.fn();
    handle.subscribe(listener);
    void handle.state;
    void handle.current;
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();

    const ready = handle.ready;
    expect(load).toHaveBeenCalledOnce();
    expect(handle.ready).toBe(ready);
    await expect(ready).resolves.toEqual({ name: 'actors' });
    handle.start();
    later.start();
    expect(load).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledOnce();
    expect(handle.current).toEqual({ name: 'actors' });
  });

  it('left for later, loads when started (the browser idle), and tells its listeners', async () => {
    const load = vi.fn(() => Promise.resolve('queries'));
    const later = deferredLoad(load);
    const handle = lazyHandle(later);
    const listener = vi.fn();
    handle.subscribe(listener);
    later.start();
    await vi.waitFor(() => expect(listener).toHaveBeenCalledOnce());
    expect(handle.current).toBe('queries');
    expect(load).toHaveBeenCalledOnce();
  });

  it('runs work when the browser is idle, or after a short wait where it cannot say', async () => {
    vi.useFakeTimers();
    try {
      const idle = vi.fn((run: () => void, _options?: IdleRequestOptions) => setTimeout(run, 50));
      vi.stubGlobal('requestIdleCallback', idle);
      const run = vi.fn();
      whenIdle(run);
      expect(idle).toHaveBeenCalledWith(run, { timeout: 3_000 });
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(50);
      expect(run).toHaveBeenCalledOnce();

      vi.stubGlobal('requestIdleCallback', undefined);
      const later = vi.fn();
      whenIdle(later);
      vi.advanceTimersByTime(299);
      expect(later).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(later).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
