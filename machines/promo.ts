/**
 * The Gut Start promotional dialog of SPEC §2: 3 seconds after load, shown only if the product list has
 * PROD-G3G-LITE; a failed product fetch shows nothing (§8). Buy Now and the close icon both close it.
 */
import { fromPromise, setup, type SnapshotFrom } from 'xstate';

export const PROMO_DELAY_MS = 3000;
export const PROMO_PRODUCT_CODE = 'PROD-G3G-LITE';
/** Where Buy Now leads. */
export const PROMO_OFFER_PATH = '/products/gut360-start';

export interface PromoProduct {
  code: string;
}

export type PromoEvent = { type: 'promo.close' } | { type: 'promo.buyNow' };

export function listsPromoProduct(products: readonly PromoProduct[]): boolean {
  return products.some((product) => product.code === PROMO_PRODUCT_CODE);
}

export const promoMachine = setup({
  types: {} as {
    events: PromoEvent;
  },
  actors: {
    fetchProducts: fromPromise<PromoProduct[]>(async () => {
      throw new Error('fetchProducts not provided');
    }),
  },
  actions: {
    /** Navigates to the offer page, PROMO_OFFER_PATH. */
    goToOffer: () => {},
  },
  guards: {
    listsPromoProduct: (_, params: { products: readonly PromoProduct[] }) => listsPromoProduct(params.products),
  },
  delays: {
    PROMO_DELAY: PROMO_DELAY_MS,
  },
}).createMachine({
  id: 'promo',
  description: 'The "Limited Time Offer!" Gut Start dialog (SPEC §2 Promotional dialog).',
  initial: 'scheduling',
  states: {
    scheduling: {
      description: 'The delay and the product check run side by side; the dialog opens when both are through.',
      type: 'parallel',
      onDone: { target: 'open' },
      states: {
        delay: {
          description: 'The 3-second wait after load.',
          initial: 'running',
          states: {
            running: {
              description: 'Less than PROMO_DELAY since load.',
              after: { PROMO_DELAY: { target: 'elapsed' } },
            },
            elapsed: {
              description: 'PROMO_DELAY has passed.',
              type: 'final',
            },
          },
        },
        catalogue: {
          description: 'Whether the product list offers Gut Start.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'Fetching the product list.',
              invoke: {
                id: 'fetchProducts',
                src: 'fetchProducts',
                onDone: [
                  {
                    guard: { type: 'listsPromoProduct', params: ({ event }) => ({ products: event.output }) },
                    target: 'offerFound',
                  },
                  { target: '#promo.hidden' },
                ],
                // SPEC §8: a failed product fetch is ignored and the promotion does not show.
                onError: { target: '#promo.hidden' },
              },
            },
            offerFound: {
              description: 'The list holds PROD-G3G-LITE.',
              type: 'final',
            },
          },
        },
      },
    },
    open: {
      description: 'The dialog is shown with Buy Now and a close icon.',
      on: {
        'promo.close': { target: 'closed' },
        'promo.buyNow': { target: 'closed', actions: 'goToOffer' },
      },
    },
    closed: {
      description: 'Dismissed for the rest of this page load.',
      type: 'final',
    },
    hidden: {
      description: 'No offer: the product list lacks the code or could not be fetched.',
      type: 'final',
    },
  },
});

export type PromoSnapshot = SnapshotFrom<typeof promoMachine>;

export function selectPromoOpen(snapshot: PromoSnapshot): boolean {
  return snapshot.matches('open');
}
