/**
 * The calls a signed-in page needs first, sent by the entry the moment the page starts, with the kept session's
 * token: the session's check, the cart and the page's own data; and the page's code, asked for beside the shell. Without this they would wait for the shop's code,
 * then the router, then the page's code, each a round trip on a phone's network, before even being asked. The API
 * client takes each answer once, for the same call with the same token (`takeEarlyAnswer`); an answer nobody took
 * soon is dropped. Nothing is kept beyond the page: the answers live in memory, and are made for the token this
 * browser holds, so they are that person's.
 */
// Only what the entry itself is made of: an import of the shop's modules here would pull them into the entry, ahead
// of the first paint. The API's origin is env.ts's apiBaseUrl.
import { readStorage, TOKEN_KEY } from './cart-shape';

/** The calls each page asks for first, beside the session's check and the cart, which every signed-in page makes. */
const FIRST_CALLS: Record<string, readonly string[]> = {
  '/cart': [],
  '/checkout': [],
  '/user/dashboard': ['/api/kits', '/api/questionnaires/results'],
  '/user/orders': ['/api/orders'],
};
const EVERY_PAGE = ['/api/auth/login/success', '/api/cart'];

/** Module preloads added in one task (see preloadPageChunks). */
const PRELOADS_PER_TASK = 6;

/** An answer older than this is not given out: the page has moved on, or its code took too long to still trust it. */
const KEPT_MS = 20_000;

/** A call's address as the API client builds it, without its query. */
const addressOf = (url: string) => {
  const address = new URL(url, window.location.href);
  return address.search ? undefined : `${address.origin}${address.pathname}`;
};

interface EarlyAnswer {
  authorization: string;
  answer: Promise<Response>;
}

const answers = new Map<string, EarlyAnswer>();

/** Sends the first calls of the page at `path` when the browser keeps a session; nothing otherwise. */
export function askEarly(path: string, apiBaseUrl = String(import.meta.env.VITE_API_BASE_URL ?? '').trim()): void {
  const calls = FIRST_CALLS[path.replace(/\/+$/, '') || '/'];
  // A page with nothing to ask early does not read storage: the first read of a page can cost a phone tens of
  // milliseconds, in the task that starts the shop. Storage can be disabled; the page then asks as it always did.
  if (!calls) return;
  const token = readStorage(TOKEN_KEY);
  if (!token || typeof fetch !== 'function') return;
  const authorization = `Bearer ${token}`;
  for (const call of [...EVERY_PAGE, ...calls]) {
    const address = addressOf(`${apiBaseUrl}${call}`)!;
    const answer = fetch(address, { headers: { Authorization: authorization, 'Content-Type': 'application/json' } });
    // Nobody may be waiting for this one: its failure is seen by the client that takes it, or by nobody.
    answer.catch(() => undefined);
    answers.set(address, { authorization, answer });
  }
  setTimeout(forgetEarlyAnswers, KEPT_MS);
  // After the calls: on a browser's six connections to the shop, what is asked for first is sent first.
  preloadPageChunks(path);
}

/**
 * The page's own code and the parts every page loads after its first paint, asked for beside the shell instead of
 * after it has run: index.html lists their files by page (scripts/vite/page-chunks.ts).
 */
function preloadPageChunks(path: string): void {
  let files: unknown;
  try {
    const listed = JSON.parse(document.getElementById('page-chunks')?.textContent ?? '{}') as Record<string, unknown>;
    files = listed[path.replace(/\/+$/, '')];
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const hrefs = files.filter((file): file is string => typeof file === 'string').map((file) => `${import.meta.env.BASE_URL}${file}`);
  // A few links a task: each module preload costs the browser about a millisecond to set up as it is added (four on
  // a cheap phone), and a page's twenty-five at once were one long task. Each batch goes in at once, as every link
  // added on its own makes the browser look at the head again; the first asked for are sent first.
  const addBatch = (from: number) => {
    const links = document.createDocumentFragment();
    for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    if (from + PRELOADS_PER_TASK < hrefs.length) setTimeout(() => addBatch(from + PRELOADS_PER_TASK), 0);
  };
  addBatch(0);
}

/**
 * The early answer to this call, once: a GET of the same address without a query, with the same token. Any other
 * call, a second taker, or a token changed since (another person signed in) gets nothing and goes to the network.
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET' || answers.size === 0) return undefined;
  const address = addressOf(request.url);
  const early = address === undefined ? undefined : answers.get(address);
  if (!early) return undefined;
  answers.delete(address!);
  return early.authorization === request.headers.get('Authorization') ? early.answer : undefined;
}

/** Drops every answer not taken yet. */
export function forgetEarlyAnswers(): void {
  answers.clear();
}
