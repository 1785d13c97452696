import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { COUPON_PAGE_SIZE, type CouponListParams } from '../params';

export type AdminCoupon = components['schemas']['AdminCoupon'];
export type AdminCouponInput = components['schemas']['AdminCouponInput'];
export type AdminCouponPatch = components['schemas']['AdminCouponPatch'];
export type CouponsPage = operations['listAdminCoupons']['responses'][200]['content']['application/json'];

/** Every page of the list and every coupon: what a change makes stale. */
export const ADMIN_COUPONS_KEY = ['admin', 'coupons'] as const;

export const adminCouponsQueryOptions = (params: Pick<CouponListParams, 'q' | 'status' | 'sort' | 'page'>) =>
  queryOptions({
    queryKey: [...ADMIN_COUPONS_KEY, 'list', { q: params.q, status: params.status, sort: params.sort, page: params.page }],
    queryFn: async ({ signal }): Promise<CouponsPage> =>
      dataOf(
        await api.GET('/api/admin/coupons', {
          params: {
            query: {
              ...(params.q ? { q: params.q } : {}),
              ...(params.status ? { status: params.status } : {}),
              sort: params.sort,
              limit: COUPON_PAGE_SIZE,
              offset: (params.page - 1) * COUPON_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useAdminCoupons(params: CouponListParams) {
  return useQuery(adminCouponsQueryOptions(params));
}

export const adminCouponQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_COUPONS_KEY, 'one', id],
    queryFn: async ({ signal }): Promise<AdminCoupon> =>
      dataOf(await api.GET('/api/admin/coupons/{id}', { params: { path: { id } }, signal })).coupon,
    retryOnMount: false,
  });

export function useAdminCoupon(id: string | undefined) {
  return useQuery({ ...adminCouponQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Makes a coupon, or changes one (`id`); the list then shows it as the server keeps it. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: AdminCouponInput }): Promise<AdminCoupon> =>
      id
        ? dataOf(await api.PATCH('/api/admin/coupons/{id}', { params: { path: { id } }, body })).coupon
        : dataOf(await api.POST('/api/admin/coupons', { body })).coupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}

/** Ends a coupon now, or deletes one never used. */
export function useCouponAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'end' | 'delete' }): Promise<void> => {
      if (action === 'end') dataOf(await api.POST('/api/admin/coupons/{id}/end', { params: { path: { id } } }));
      else await api.DELETE('/api/admin/coupons/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}
