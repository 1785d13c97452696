/** What the ebook leads' route loads before it shows. The feature's code comes in a chunk of its own. */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

/** The list's page for the address's search as it came. */
export async function loadLeadList(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { ebookLeadsQueryOptions }, { leadListParams, leadSearchFrom }] = await Promise.all([
    queries.ready,
    import('./api/ebook-leads'),
    import('./params'),
  ]);
  // A failure is the page's to show, with its retry.
  const loaded = client.ensureQueryData(ebookLeadsQueryOptions(leadListParams(leadSearchFrom(search)))).catch(() => undefined);
  if (cause !== 'stay') await loaded;
}
