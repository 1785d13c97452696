/**
 * The answer the server put into the page it sent (server/plugins/page-content.ts): a published post's or recipe's,
 * beside its text, or the blog list's first page, beside the list already in the page's markup. The page's query
 * takes it instead of asking the server again, once, so that the page renders with it at once; any later visit asks
 * as usual.
 */
const ELEMENT_ID = 'embedded-answer';

export interface EmbeddedAnswer {
  operationId: string;
  /** Which answer of the operation: a slug, or for a list the query it was asked with. */
  key: string;
  answer: unknown;
}

/** The page's answer, read once; `null` when it came without one. */
let embedded: EmbeddedAnswer | null | undefined;
/** Whether a query has taken it. */
let taken = false;

function read(): EmbeddedAnswer | null {
  if (embedded === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as EmbeddedAnswer) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded;
}

function matches(operationId: string, key: string): boolean {
  const found = read();
  return found !== null && found.operationId === operationId && found.key === key;
}

/** Whether the page came with the answer of `operationId` for `key`, still untaken. */
export function hasEmbeddedAnswer(operationId: string, key: string): boolean {
  return !taken && matches(operationId, key);
}

/** That answer, once; `undefined` when the page did not come with it or it was taken. */
export function takeEmbeddedAnswer<T>(operationId: string, key: string): T | undefined {
  if (!hasEmbeddedAnswer(operationId, key)) return undefined;
  taken = true;
  return embedded?.answer as T;
}

/**
 * The answer the page came with, taken or not: what the page renders while it takes over the server's markup, which
 * was made from that answer, before TanStack Query has loaded.
 */
export function embeddedAnswerOf<T>(operationId: string, key: string): T | undefined {
  return matches(operationId, key) ? (embedded?.answer as T) : undefined;
}

/**
 * The answer the page comes with, given rather than read from the document: for rendering a page ahead of time
 * (src/prerender.tsx) and for tests. `undefined` reads the document again.
 */
export function setEmbeddedAnswer(answer: EmbeddedAnswer | null | undefined): void {
  embedded = answer;
  taken = false;
}
