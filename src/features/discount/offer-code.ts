import { storage } from '@/lib/storage';

/** Where an offer link's code waits until the person is signed in and has a cart to apply it to. */
export const OFFER_CODE_KEY = 'offerCode';

const OFFER_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export function isOfferCode(code: string): boolean {
  return OFFER_CODE.test(code);
}

export function keepOfferCode(code: string): void {
  storage.set(OFFER_CODE_KEY, code.toUpperCase());
}

/** The kept code, once: it is forgotten as it is handed over. */
export function takeOfferCode(): string | null {
  const code = storage.get(OFFER_CODE_KEY);
  storage.remove(OFFER_CODE_KEY);
  return code && isOfferCode(code) ? code : null;
}
