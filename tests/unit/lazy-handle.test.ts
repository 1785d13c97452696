import { describe, expect, it, vi } from 'vitest';
import { failedToLoad, lazyHandle } from '@/app/lazy-handle';

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
  it('is empty until the part loads, then holds it and tells its listeners once', async () => {
    const load = deferred<{ name: string }>();
    const handle = lazyHandle(load.promise);
    const listener = vi.fn();
    const gone = vi.fn();
    handle.subscribe(listener);
    handle.subscribe(gone)();
    expect(handle.current).toBeNull();

    const part = { name: 'queries' };
    load.resolve(part);
    await expect(handle.ready).resolves.toBe(part);
    expect(handle.current).toBe(part);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    expect(failedToLoad(handle)).toBe(false);
  });

  it('stays empty and says so when the part cannot be fetched, without an unhandled rejection', async () => {
    const load = deferred<string>();
    const handle = lazyHandle(load.promise);
    const listener = vi.fn();
    handle.subscribe(listener);
    load.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(handle.ready).rejects.toThrow('Failed to fetch');
    expect(handle.current).toBeNull();
    expect(failedToLoad(handle)).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
