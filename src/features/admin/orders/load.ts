/**
 * What the order pages' routes load before they show: the list's page or the order. The feature's code comes in a
 * chunk of its own, so that a route file stays small.
 */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

/** The list's page for the address's search as it came. */
export async function loadOrderList(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { staffOrdersQueryOptions }, { orderListParams, ordersSearchFrom }, { staffCatalogueQueryOptions }] = await Promise.all([
    queries.ready,
    import('./api/list-orders'),
    import('./params'),
    import('../products/api/products'),
  ]);
  // The Kit filter is one of the catalogue's products.
  const catalogue = await client.ensureQueryData(staffCatalogueQueryOptions).catch(() => undefined);
  const params = orderListParams(
    ordersSearchFrom(search),
    catalogue?.map((product) => product.code),
  );
  // A failure is the page's to show, with its retry.
  const loaded = client.ensureQueryData(staffOrdersQueryOptions(params)).catch(() => undefined);
  // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
  if (cause !== 'stay') await loaded;
}

export async function loadStaffOrder(queries: QueriesHandle, id: string | undefined): Promise<void> {
  if (!id) return;
  const [client, { staffOrderQueryOptions }] = await Promise.all([queries.ready, import('./api/order')]);
  await client.ensureQueryData(staffOrderQueryOptions(id)).catch(() => undefined);
}
