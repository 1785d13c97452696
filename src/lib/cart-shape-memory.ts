/** Keeps what the cart page's frame paints before the shop's code (cart-shape.ts): written as the cart answers. */
import { CART_SHAPE_KEY, readStorage, shapeText, TOKEN_KEY } from './cart-shape';

/** After the cart has been fetched or changed for the session this browser keeps. */
export function rememberCartShape(empty: boolean): void {
  const token = readStorage(TOKEN_KEY);
  try {
    if (token) localStorage.setItem(CART_SHAPE_KEY, shapeText(token, empty));
    else localStorage.removeItem(CART_SHAPE_KEY);
  } catch {
    // Nothing to remember it in.
  }
}

export function forgetCartShape(): void {
  try {
    localStorage.removeItem(CART_SHAPE_KEY);
  } catch {
    // Nothing was kept.
  }
}
