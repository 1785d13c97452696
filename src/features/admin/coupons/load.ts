/**
 * What the coupons page's route loads before it shows: the list's page, and the coupon open in the dialog. The
 * feature's code comes in a chunk of its own, so that the route file stays small.
 */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

export async function loadCouponList(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { adminCouponsQueryOptions, adminCouponQueryOptions }, { couponListParams, couponsSearchFrom }] = await Promise.all([
    queries.ready,
    import('./api/coupons'),
    import('./params'),
  ]);
  const params = couponListParams(couponsSearchFrom(search));
  // A failure is the page's to show, with its retry.
  const loaded = Promise.all([
    client.ensureQueryData(adminCouponsQueryOptions(params)).catch(() => undefined),
    params.edit ? client.ensureQueryData(adminCouponQueryOptions(params.edit)).catch(() => undefined) : undefined,
  ]);
  // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
  if (cause !== 'stay') await loaded;
}
