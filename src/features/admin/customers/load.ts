/**
 * What a customer page's route loads before it shows: the list's page or the customer. The feature's code comes in a
 * chunk of its own, so that a route file stays small.
 */
import type { QueriesHandle } from '@/lib/queries-context';
import type { CustomerListParams } from './params';

type Cause = 'preload' | 'enter' | 'stay';

export async function loadCustomerList(queries: QueriesHandle, params: CustomerListParams, cause: Cause): Promise<void> {
  const [client, { customersQueryOptions }] = await Promise.all([queries.ready, import('./api/list-customers')]);
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
