/**
 * A kit a signed-out person asked to add to the cart. It is kept in browser storage across sign-in and registration
 * (which may pass through other pages, a Google redirect or an e-mail link opened in another tab) and added once
 * the person is back on that kit's page, signed in. It lapses after a while, so that an abandoned wish never lands
 * in somebody's cart later.
 */
import { storage } from './storage';

const KEY = 'cartIntent';
export const CART_INTENT_TTL_MS = 30 * 60 * 1000;

export interface CartIntent {
  productId: string;
  /** The kit's name, for the sign-in pages to say what will be added. */
  name: string;
  /** The kit page to come back to. */
  path: string;
  savedAt: number;
}

export function saveCartIntent(intent: Omit<CartIntent, 'savedAt'>, now = Date.now()): void {
  storage.set(KEY, JSON.stringify({ ...intent, savedAt: now }));
}

function isCartIntent(value: unknown): value is CartIntent {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, name, path, savedAt } = value as Record<string, unknown>;
  return typeof productId === 'string' && typeof name === 'string' && typeof path === 'string' && typeof savedAt === 'number';
}

/** The kit waiting to be added, if any and still fresh; a stale or unreadable one is dropped. */
export function pendingCartIntent(now = Date.now()): CartIntent | null {
  const raw = storage.get(KEY);
  if (!raw) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Unreadable: dropped below.
  }
  if (isCartIntent(parsed) && now - parsed.savedAt >= 0 && now - parsed.savedAt < CART_INTENT_TTL_MS) return parsed;
  storage.remove(KEY);
  return null;
}

/** Hands over, once, the intent to add this kit on this page. */
export function takeCartIntent(productId: string, path: string, now = Date.now()): CartIntent | null {
  const intent = pendingCartIntent(now);
  if (!intent || intent.productId !== productId || intent.path !== path) return null;
  storage.remove(KEY);
  return intent;
}

export function forgetCartIntent(): void {
  storage.remove(KEY);
}
