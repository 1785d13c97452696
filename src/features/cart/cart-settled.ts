import type { CartActor } from '@/lib/actors-handle';

/** How long a page waits for the cart before it renders with the cart's skeleton instead. */
export const CART_WAIT_MS = 5_000;

/**
 * Resolves once the cart has answered: loaded, failed, or emptied because the session turned out to have ended. A
 * page that waits for it renders once, with the cart, rather than a skeleton first and the cart after, which cost a
 * phone a second long render (docs/performance.md, "The signed-in pages"); meanwhile the page's frame stays on
 * screen. After `waitMs` it resolves anyway, and the page shows its skeleton until the cart arrives. A cart that is
 * not being fetched (loaded already, or nobody's) is as settled as it will get.
 */
export function cartSettled(cart: CartActor, waitMs = CART_WAIT_MS): Promise<void> {
  if (!cart.getSnapshot().matches('loading')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const subscription = cart.subscribe((snapshot) => {
      if (!snapshot.matches('loading')) done();
    });
  });
}
