import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { customerFilter, type CustomerListParams } from '../list-params';
import { CUSTOMER_PAGE_SIZE } from '../params';

export type StaffCustomer = components['schemas']['StaffCustomer'];
export type CustomersPage = operations['listCustomers']['responses'][200]['content']['application/json'];

/** Every page of every customer list: what a change to a customer makes stale. */
export const CUSTOMERS_KEY = ['admin', 'customers'] as const;

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', params],
    queryFn: async ({ signal }): Promise<CustomersPage> =>
      dataOf(
        await api.GET('/api/admin/customers', {
          params: { query: { ...customerFilter(params), limit: CUSTOMER_PAGE_SIZE, offset: (params.page - 1) * CUSTOMER_PAGE_SIZE } },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
    retryOnMount: false,
  });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
