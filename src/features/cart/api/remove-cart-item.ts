import { api, dataOf } from '../../../lib/api-client';
import type { CartResponse } from './get-cart';

/** Removes one kit (a cart item id) from the signed-in person's cart. */
export async function removeCartItem(itemId: string, signal?: AbortSignal): Promise<CartResponse> {
  return dataOf(await api.DELETE('/api/cart/items/{itemId}', { params: { path: { itemId } }, signal }));
}
