// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_INTENT_TTL_MS, pendingCartIntent, saveCartIntent, takeCartIntent } from '../../src/lib/cart-intent';

const gut360 = { productId: 'prod-360', name: 'Gut 360', path: '/products/gut360' };
const savedAt = Date.UTC(2026, 10, 23, 10, 0, 0);

beforeEach(() => localStorage.clear());

describe('the kit remembered across sign-in', () => {
  it('is handed over once, on its own kit page', () => {
    saveCartIntent(gut360, savedAt);
    expect(takeCartIntent('prod-360', '/products/gutsens', savedAt + 1000)).toBeNull();
    expect(takeCartIntent('prod-sens', '/products/gut360', savedAt + 1000)).toBeNull();
    expect(takeCartIntent('prod-360', '/products/gut360', savedAt + 1000)).toEqual({ ...gut360, savedAt });
    expect(takeCartIntent('prod-360', '/products/gut360', savedAt + 2000)).toBeNull();
  });

  it(`lapses after ${CART_INTENT_TTL_MS / 60_000} minutes, and is then dropped`, () => {
    saveCartIntent(gut360, savedAt);
    expect(pendingCartIntent(savedAt + CART_INTENT_TTL_MS - 1)).not.toBeNull();
    expect(pendingCartIntent(savedAt + CART_INTENT_TTL_MS)).toBeNull();
    expect(localStorage.getItem('cartIntent')).toBeNull();
  });

  it('drops what it cannot read, or what claims to be from the future', () => {
    for (const stored of ['not json', '{"productId":1}', 'null', JSON.stringify({ ...gut360, savedAt: savedAt + 60_000 })]) {
      localStorage.setItem('cartIntent', stored);
      expect(pendingCartIntent(savedAt)).toBeNull();
      expect(localStorage.getItem('cartIntent')).toBeNull();
    }
  });
});
