/**
 * What the staff's publications page loads before it shows: the list's page. The feature's code comes in a chunk of
 * its own, so that the route file stays small.
 */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

export async function loadPublicationList(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { adminPublicationsQueryOptions }, { publicationListParams, publicationsSearchFrom }] = await Promise.all([
    queries.ready,
    import('./api/publications'),
    import('./params'),
  ]);
  // A failure is the page's to show, with its retry.
  const loaded = client.ensureQueryData(adminPublicationsQueryOptions(publicationListParams(publicationsSearchFrom(search)))).catch(() => undefined);
  // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
  if (cause !== 'stay') await loaded;
}
