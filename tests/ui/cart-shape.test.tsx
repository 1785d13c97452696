import { afterEach, describe, expect, it } from 'vitest';
import { cartKnownEmpty, showKnownCartShape } from '@/lib/cart-shape';
import { forgetCartShape, rememberCartShape } from '@/lib/cart-shape-memory';

/** The cart page's frame as src/prerender.tsx writes it, reduced to the two parts the entry chooses between. */
function cartFrame(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<div data-cart-frame="loading">skeleton</div><div data-cart-frame="empty" hidden>Your cart is empty</div>';
  return root;
}
const shown = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-cart-frame]')].filter((part) => !part.hidden).map((part) => part.dataset.cartFrame);

describe('what the cart page’s frame knows of the cart before the shop’s code', () => {
  afterEach(() => localStorage.clear());

  it('shows the empty cart for the session that last saw it empty, and the skeleton otherwise', () => {
    localStorage.setItem('authToken', 'header.payload.signature-of-the-first-session');
    const root = cartFrame();
    showKnownCartShape(root);
    expect(shown(root)).toEqual(['loading']);

    rememberCartShape(true);
    expect(cartKnownEmpty()).toBe(true);
    showKnownCartShape(root);
    expect(shown(root)).toEqual(['empty']);

    rememberCartShape(false);
    const withKits = cartFrame();
    showKnownCartShape(withKits);
    expect(shown(withKits)).toEqual(['loading']);
  });

  it('never shows what was seen under another session, without one, or once forgotten', () => {
    localStorage.setItem('authToken', 'header.payload.signature-of-the-first-session');
    rememberCartShape(true);
    localStorage.setItem('authToken', 'header.payload.signature-of-another-session');
    expect(cartKnownEmpty()).toBe(false);

    localStorage.removeItem('authToken');
    expect(cartKnownEmpty()).toBe(false);
    rememberCartShape(true);
    expect(localStorage.getItem('cartShape')).toBeNull();

    localStorage.setItem('authToken', 'header.payload.signature-of-the-first-session');
    rememberCartShape(true);
    forgetCartShape();
    expect(cartKnownEmpty()).toBe(false);
    localStorage.setItem('cartShape', 'empty');
    expect(cartKnownEmpty()).toBe(false);
  });
});
