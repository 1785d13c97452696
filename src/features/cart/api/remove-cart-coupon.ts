import { api, dataOf } from '../../../lib/api-client';
import type { CartResponse } from './get-cart';

export async function removeCartCoupon(signal?: AbortSignal): Promise<CartResponse> {
  return dataOf(await api.DELETE('/api/cart/coupon', { signal }));
}
