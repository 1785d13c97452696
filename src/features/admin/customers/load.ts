/**
 * What a customer page's route loads before it shows: the list's page or the customer. The routes import this module
 * when they load, not with the shop's first page.
 */
import type { QueriesHandle } from '@/lib/queries-context';
import { CUSTOMER_LISTS, type CustomerListId } from './lists';

type Cause = 'preload' | 'enter' | 'stay';

/** A list's page, for the address's search as it came. */
export async function loadCustomerList(queries: QueriesHandle, list: CustomerListId, search: unknown, cause: Cause): Promise<void> {
  const [client, { customersQueryOptions }, { customerListParams, customersSearchFrom }, { staffCatalogueQueryOptions }] = await Promise.all([
    queries.ready,
    import('./api/list-customers'),
    import('./list-params'),
    import('../products/api/products'),
  ]);
  const { products } = CUSTOMER_LISTS[list];
  // The list of every customer is filtered by a product of the catalogue, hidden ones included, as its Bought filter offers.
  const catalogue = products.length === 0 ? await client.ensureQueryData(staffCatalogueQueryOptions).catch(() => undefined) : undefined;
  const params = customerListParams(
    customersSearchFrom(search),
    products,
    catalogue?.map((product) => product.code),
  );
  // A failure is the page's to show, with its retry.
  const loaded = client.ensureQueryData(customersQueryOptions(params)).catch(() => undefined);
  // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
  if (cause !== 'stay') await loaded;
}

export async function loadCustomer(queries: QueriesHandle, id: string | undefined): Promise<void> {
  if (!id) return;
  const [client, { customerQueryOptions }] = await Promise.all([queries.ready, import('./api/customer')]);
  await client.ensureQueryData(customerQueryOptions(id)).catch(() => undefined);
}
