import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, dataOf } from '@/lib/api-client';
import { askEarly, forgetEarlyAnswers } from '@/lib/early-answers';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { server, tokens, users } from './handlers';

/** Every API call that reaches the network, by path, with the token it carried. */
let calls: { path: string; token: string | null }[] = [];

beforeEach(() => {
  calls = [];
  server.use(
    http.all('*/api/*', ({ request }) => {
      // Noted, then answered by the shop's usual handlers.
      calls.push({ path: new URL(request.url).pathname, token: request.headers.get('Authorization') });
    }),
  );
});

afterEach(() => {
  storage.clearAll();
  forgetEarlyAnswers();
});

const pathsCalled = () => calls.map((call) => call.path).sort();

describe('a signed-in page asks for its first calls before the shop has loaded', () => {
  it('sends the session check, the cart and the page’s data with the kept token, and the client takes each once', async () => {
    storage.set(STORAGE_KEYS.authToken, tokens.customer);
    askEarly('/user/dashboard');
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(pathsCalled()).toEqual(['/api/auth/login/success', '/api/cart', '/api/kits', '/api/questionnaires/results']);
    expect(calls.every((call) => call.token === `Bearer ${tokens.customer}`)).toBe(true);

    const cart = dataOf(await api.GET('/api/cart'));
    expect(cart.cart.user).toBe(users.customer._id);
    expect(pathsCalled().filter((path) => path === '/api/cart')).toHaveLength(1);

    // The answer is given out once: the next call goes to the server.
    await api.GET('/api/cart');
    expect(pathsCalled().filter((path) => path === '/api/cart')).toHaveLength(2);
  });

  it('does not hand out an answer made with another token: the call goes to the server with its own', async () => {
    storage.set(STORAGE_KEYS.authToken, tokens.customer);
    askEarly('/cart');
    // Another person signs in before the shop's code asks.
    storage.set(STORAGE_KEYS.authToken, tokens.doctor);
    const session = dataOf(await api.GET('/api/auth/login/success'));
    expect(session.user._id).toBe(users.doctor._id);
    expect(calls.filter((call) => call.path === '/api/auth/login/success').map((call) => call.token)).toEqual([
      `Bearer ${tokens.customer}`,
      `Bearer ${tokens.doctor}`,
    ]);
  });

  it('an ended session’s early answer is the 401 the client would have got', async () => {
    storage.set(STORAGE_KEYS.authToken, 'ended-token');
    askEarly('/cart');
    const answer = await api.GET('/api/cart').catch((error: unknown) => error);
    expect(answer).toMatchObject({ status: 401 });
  });

  /** The page's files modulepreloaded so far, in order. */
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  /** Runs `check` with index.html's list of each page's files in the document, and leaves no list or preload behind. */
  async function withPageChunks(listed: Record<string, string[]>, check: () => void | Promise<void>): Promise<void> {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = 'page-chunks';
    list.textContent = JSON.stringify(listed);
    document.body.append(list);
    try {
      await check();
    } finally {
      list.remove();
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    }
  }

  it('asks for the page’s own code beside the shell, from the list index.html carries', () =>
    withPageChunks({ '/cart': ['assets/cart-1.js', 'assets/actors-1.js'], '/user/orders': ['assets/orders-1.js'] }, () => {
      askEarly('/cart');
      expect(preloads()).toEqual([]);
      storage.set(STORAGE_KEYS.authToken, tokens.customer);
      askEarly('/cart/');
      expect(preloads()).toEqual(['/assets/cart-1.js', '/assets/actors-1.js']);
    }));

  it('adds a long list of the page’s code a few files a task, in its order', () => {
    const files = Array.from({ length: 14 }, (_, i) => `assets/part-${i}.js`);
    return withPageChunks({ '/checkout': files }, async () => {
      storage.set(STORAGE_KEYS.authToken, tokens.customer);
      askEarly('/checkout');
      expect(preloads()).toEqual(files.slice(0, 6).map((file) => `/${file}`));
      await vi.waitFor(() => expect(preloads()).toEqual(files.map((file) => `/${file}`)));
    });
  });

  it('asks nothing on public pages or without a kept session', async () => {
    askEarly('/cart');
    storage.set(STORAGE_KEYS.authToken, tokens.customer);
    askEarly('/faq');
    askEarly('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
