import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetBackend, server } from './handlers';

// Sign-in and sign-out through Firebase are covered by the Playwright suite; here the SDK must never load.
vi.mock('@/features/auth/firebase', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/features/auth/firebase')>();
  return {
    ...original,
    loadFirebaseAuth: vi.fn(() => Promise.reject(new Error('Firebase is not loaded in UI tests.'))),
    signOutOfFirebase: vi.fn(async () => undefined),
  };
});

// jsdom lacks the layout and observer APIs that Chakra, Ark and the router's scroll restoration reach for.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class NoopResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

class NoopIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoopIntersectionObserver;

// jsdom defines these but only to report "not implemented".
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // The project does not enable vitest globals, so Testing Library cannot register its own cleanup.
  cleanup();
  server.resetHandlers();
  resetBackend();
  localStorage.clear();
  vi.useRealTimers();
});

afterAll(() => server.close());
