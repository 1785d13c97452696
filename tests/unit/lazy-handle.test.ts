import { describe, expect, it, vi } from 'vitest';
import { lazyHandle, NOT_LOADED } from '@/lib/lazy-handle';

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
});
