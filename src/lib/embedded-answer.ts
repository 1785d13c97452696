/**
 * The answer the server put into the page it sent (server/plugins/page-content.ts): a published post's or recipe's,
 * beside its text. The page's query takes it instead of asking the server again, once, so that the page renders
 * with it at once; any later visit asks as usual.
 */
const ELEMENT_ID = 'embedded-answer';

interface EmbeddedAnswer {
  operationId: string;
  key: string;
  answer: unknown;
}

let embedded: EmbeddedAnswer | null | undefined;

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

/** Whether the page came with the answer of `operationId` for `key` (a slug), still untaken. */
export function hasEmbeddedAnswer(operationId: string, key: string): boolean {
  const found = read();
  return found !== null && found.operationId === operationId && found.key === key;
}

/** That answer, once; `undefined` when the page did not come with it or it was taken. */
export function takeEmbeddedAnswer<T>(operationId: string, key: string): T | undefined {
  if (!hasEmbeddedAnswer(operationId, key)) return undefined;
  const answer = embedded?.answer as T;
  embedded = null;
  return answer;
}
