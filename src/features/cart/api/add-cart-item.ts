import { api, dataOf } from '../../../lib/api-client';
import type { CartResponse } from './get-cart';

/** Adds one kit of a product; the server prices it and answers the whole cart. */
export async function addCartItem(productId: string, signal?: AbortSignal): Promise<CartResponse> {
  return dataOf(await api.POST('/api/cart/items', { body: { productId }, signal }));
}
