import '@testing-library/jest-dom/vitest';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { NoticeOutlet } from '@/components/ui/NoticeOutlet';
import { attachNoticeSink, notify } from '@/components/ui/notices';
import { signInRedirect } from '@/lib/sign-in-redirect';
import { getSystem } from '@/theme/system';
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

// The shop's toast store lives for the whole page, and a page never unmounts its toaster. Between tests it does, so
// a toast still showing at the end of one test would never be dismissed and would hold the single notice slot (and
// queue every later notice) for the rest of the file. Keep hold of the stores so each test can start empty. The test
// files of a worker share their modules (the project does not isolate them), so the store made while one file ran
// is still the shop's in the next: the list lives on the worker's global object, not in this file's scope.
const toastStores = vi.hoisted(() => {
  const worker = globalThis as { shopToastStores?: { remove: (id?: string) => unknown }[] };
  worker.shopToastStores ??= [];
  return worker.shopToastStores;
});
vi.mock('@chakra-ui/react/toast', async (importOriginal) => {
  const original = await importOriginal<typeof import('@chakra-ui/react/toast')>();
  return {
    ...original,
    createToaster: ((...args: Parameters<typeof original.createToaster>) => {
      const store = original.createToaster(...args);
      toastStores.push(store);
      return store;
    }) as typeof original.createToaster,
  };
});

// The first visit to a route loads (and, cold, transforms) its lazy chunk; a second is plenty, five is safe, and
// a test needs room for a few such waits on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

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

// Node's Request, which vitest puts in jsdom's place, rejects relative URLs; a browser resolves them against the
// document, and the API client relies on that (its base URL is empty).
const NodeRequest = globalThis.Request;
globalThis.Request = class DocumentRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, document.baseURI).href : input, init);
  }
};

// Listening now rather than in beforeAll: the API client keeps the `fetch` it finds when its module loads, which
// happens when the test file is imported, after this file runs but before any beforeAll.
server.listen({ onUnhandledRequest: 'error' });

// Under Node, the toast group that mounts when the lazily loaded toaster first arrives subscribes to the store in
// a microtask whose state update React never renders, so the first notice of a test file would stay invisible
// (Chromium shows it; checked by hand). Loading the toaster once up front puts every test on the path a page takes
// for its second and later notices.
beforeAll(async () => {
  // eslint-disable-next-line testing-library/no-render-in-lifecycle -- the toaster, once, not a page under test
  render(createElement(ChakraProvider, { value: getSystem(), children: createElement(NoticeOutlet) }));
  notify.info('warm-up');
  await screen.findByRole('region', {}, { timeout: 10_000 });
  clearPage();
});

function clearPage() {
  // The project does not enable vitest globals, so Testing Library cannot register its own cleanup.
  cleanup();
  toastStores.forEach((store) => store.remove());
  // Notices raised after the toaster unmounted would wait for the next test's toaster; hand them to nobody.
  attachNoticeSink(() => undefined)();
}

afterEach(() => {
  clearPage();
  server.resetHandlers();
  resetBackend();
  localStorage.clear();
  sessionStorage.clear();
  // A page load ends there in a browser; here the next test goes on in the same document.
  signInRedirect.started = false;
  vi.useRealTimers();
});

afterAll(() => server.close());
