import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '../../../lib/api-client';

export type CartResponse = components['schemas']['CartResponse'];

export async function fetchCart(signal?: AbortSignal): Promise<CartResponse> {
  return dataOf(await api.GET('/api/cart', { signal }));
}
