import { api, dataOf } from '../../../lib/api-client';
import type { CartResponse } from './get-cart';

/** Applies a coupon code; refusals arrive as ApiError with a code such as COUPON_EXPIRED and a message to show. */
export async function applyCartCoupon(code: string, signal?: AbortSignal): Promise<CartResponse> {
  return dataOf(await api.POST('/api/cart/coupon', { body: { code }, signal }));
}
