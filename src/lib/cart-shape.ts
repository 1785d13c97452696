/**
 * What this browser last saw of the signed-in person's cart, for the cart page's frame to paint before the shop's
 * code has run: whether it was empty (with no coupon waiting on it). Kept with the session it was seen under, so
 * that it is never shown for another session, and forgotten when the session ends. It says nothing about the
 * person: an empty cart's box is the same for everyone. The shop then renders the cart as the server answers it.
 *
 * Only what the entry itself is made of (src/main.tsx reads it before the first paint): no import of the shop's
 * modules, and what writes it is in cart-shape-memory.ts, with the actors. The token's key is storage.ts's
 * STORAGE_KEYS.authToken.
 */
export const CART_SHAPE_KEY = 'cartShape';
export const TOKEN_KEY = 'authToken';

/** The end of the session's token (its signature): enough to tell one session from another, and nothing new. */
const sessionMark = (token: string) => token.slice(-24);

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled; the frame then shows its skeleton.
    return null;
  }
}

/** What is kept: the session's mark and "empty" or "kits" (plain text, read before the first paint). */
export const shapeText = (token: string, empty: boolean) => `${sessionMark(token)} ${empty ? 'empty' : 'kits'}`;

/** True when the cart was last seen empty under the session this browser keeps now. */
export function cartKnownEmpty(): boolean {
  const token = readStorage(TOKEN_KEY);
  return token !== null && readStorage(CART_SHAPE_KEY) === shapeText(token, true);
}

/**
 * On the cart page's frame (src/prerender.tsx's CartFrame), shows the empty cart's box in place of the skeleton
 * when the cart was last seen empty: the page then paints as it will be, instead of a skeleton the empty box
 * replaces after the shop's code, the session's check and the cart have all arrived.
 */
export function showKnownCartShape(root: HTMLElement): void {
  const empty = root.querySelector<HTMLElement>('[data-cart-frame="empty"]');
  const loading = root.querySelector<HTMLElement>('[data-cart-frame="loading"]');
  if (!empty || !loading || !cartKnownEmpty()) return;
  empty.hidden = false;
  loading.hidden = true;
}
