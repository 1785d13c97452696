/** What the authoring routes load before they show. The feature's code comes in a chunk of its own, with the staff area's. */
import type { QueriesHandle } from '@/lib/queries-context';
import { kindOf } from './paths';

/** The piece `id`; a failure (a piece that is not the person's, no connection) is the page's to show. */
export async function loadPiece(queries: QueriesHandle, id: string | undefined): Promise<void> {
  const client = await queries.ready;
  if (!id) return;
  const { authoringItemQueryOptions } = await import('./api/authoring');
  await client.ensureQueryData(authoringItemQueryOptions(id)).catch(() => undefined);
}

/** The review queue for the address's `?kind=`, for an admin; the other staff are told the queue is not theirs. */
export async function loadReviewQueue(queries: QueriesHandle, kind: unknown, isAdmin: boolean): Promise<void> {
  const client = await queries.ready;
  if (!isAdmin) return;
  const { reviewQueueQueryOptions } = await import('./api/authoring');
  await client.ensureQueryData(reviewQueueQueryOptions(kindOf(kind))).catch(() => undefined);
}
