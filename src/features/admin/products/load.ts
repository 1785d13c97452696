/**
 * What the product pages' routes load before they show: the list's page or the product. The feature's code comes in
 * a chunk of its own, so that a route file stays small.
 */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

export async function loadProductList(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { staffProductsQueryOptions }, { productListParams, productsSearchFrom }] = await Promise.all([
    queries.ready,
    import('./api/products'),
    import('./params'),
  ]);
  const loaded = client.ensureQueryData(staffProductsQueryOptions(productListParams(productsSearchFrom(search)))).catch(() => undefined);
  if (cause !== 'stay') await loaded;
}

export async function loadStaffProduct(queries: QueriesHandle, id: string | undefined): Promise<void> {
  if (!id) return;
  const [client, { staffProductQueryOptions }] = await Promise.all([queries.ready, import('./api/products')]);
  await client.ensureQueryData(staffProductQueryOptions(id)).catch(() => undefined);
}
