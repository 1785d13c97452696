/**
 * The publications page's address, `?topic=`, `?year=` and `?q=`, as the page reads what its route kept
 * (src/app/search.ts `listSearch`). A value that does not fit is dropped, and the page opens as it would without it.
 */
import { isPublicationTopic, type PublicationTopic } from '@/lib/content-values';

export interface PublicationsSearch {
  topic?: PublicationTopic | undefined;
  year?: number | undefined;
  q?: string | undefined;
}

/** The years the contract accepts. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;
const Q_MAX_LENGTH = 100;

function yearOf(value: unknown): number | undefined {
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value;
  return Number.isInteger(year) && (year as number) >= FIRST_YEAR && (year as number) <= LAST_YEAR ? (year as number) : undefined;
}

/** The words searched for; the router reads `?q=2019` as a number, which is searched as typed. */
function wordsOf(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text && text.length <= Q_MAX_LENGTH ? text : undefined;
}

export function publicationsSearch(search: Record<string, unknown>): PublicationsSearch {
  return { topic: isPublicationTopic(search.topic) ? search.topic : undefined, year: yearOf(search.year), q: wordsOf(search.q) };
}
