/**
 * The Gut Start promotional dialog of SPEC §2: 3 seconds after load, shown only if the product list has
 * PROD-G3G-LITE; a failed product fetch shows nothing (§8). Buy Now and the close icon both close it.
 *
 * It never opens over something the person has opened (the mobile drawer, a header menu, another dialog): the page
 * reports those as `promo.overlayOpened` / `promo.overlaysClosed`, and a due offer waits until all are closed.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const PROMO_DELAY_MS = 3000;
export const PROMO_PRODUCT_CODE = 'PROD-G3G-LITE';
/** Where Buy Now leads. */
export const PROMO_OFFER_PATH = '/products/gut360-start';

export interface PromoProduct {
  code: string;
}

export interface PromoContext {
  /** Whether the page last reported a drawer, menu or other dialog open. */
  overlayOpen: boolean;
}

export type PromoEvent =
  | { type: 'promo.close' }
  | { type: 'promo.buyNow' }
  | { type: 'promo.overlayOpened' }
  | { type: 'promo.overlaysClosed' };

export function listsPromoProduct(products: readonly PromoProduct[]): boolean {
  return products.some((product) => product.code === PROMO_PRODUCT_CODE);
}

export const promoMachine = setup({
  types: {} as {
    context: PromoContext;
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
    noteOverlayOpen: assign({ overlayOpen: true }),
    noteOverlaysClosed: assign({ overlayOpen: false }),
  },
  guards: {
    listsPromoProduct: (_, params: { products: readonly PromoProduct[] }) => listsPromoProduct(params.products),
    overlayOpen: ({ context }) => context.overlayOpen,
  },
  delays: {
    PROMO_DELAY: PROMO_DELAY_MS,
  },
}).createMachine({
  id: 'promo',
  description: 'The "Limited Time Offer!" Gut Start dialog (SPEC §2 Promotional dialog).',
  context: { overlayOpen: false },
  initial: 'scheduling',
  on: {
    'promo.overlayOpened': {
      description: 'The person opened the mobile drawer, a header menu or another dialog.',
      actions: 'noteOverlayOpen',
    },
    'promo.overlaysClosed': {
      description: 'The person closed the last open drawer, menu or other dialog.',
      actions: 'noteOverlaysClosed',
    },
  },
  states: {
    scheduling: {
      description: 'The delay and the product check run side by side; the dialog is due when both are through.',
      type: 'parallel',
      onDone: [
        {
          description: 'The offer is due while the person has a drawer, menu or dialog open: it waits.',
          guard: 'overlayOpen',
          target: 'waiting',
        },
        { description: 'The offer is due and nothing else is open: it opens.', target: 'open' },
      ],
      states: {
        delay: {
          description: 'The 3-second wait after load.',
          initial: 'running',
          states: {
            running: {
              description: 'Less than PROMO_DELAY since load.',
              after: { PROMO_DELAY: { description: '3 seconds have passed since the page loaded.', target: 'elapsed' } },
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
                    description: 'The server listed Gut Start (PROD-G3G-LITE) among the products.',
                    guard: { type: 'listsPromoProduct', params: ({ event }) => ({ products: event.output }) },
                    target: 'offerFound',
                  },
                  { description: 'The server listed the products without Gut Start: no offer.', target: '#promo.hidden' },
                ],
                // SPEC §8: a failed product fetch is ignored and the promotion does not show.
                onError: { description: 'The product list could not be fetched: no offer, and no error shown.', target: '#promo.hidden' },
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
    waiting: {
      description: 'The offer is due but a drawer, menu or other dialog is open; it opens once they are all closed.',
      on: {
        'promo.overlaysClosed': {
          description: 'The person closed the last open drawer, menu or dialog: the offer opens now.',
          target: 'open',
          actions: 'noteOverlaysClosed',
        },
      },
    },
    open: {
      description: 'The dialog is shown with Buy Now and a close icon.',
      on: {
        'promo.close': { description: 'The person presses the close icon (or Escape, or outside the dialog).', target: 'closed' },
        'promo.buyNow': { description: 'The person presses Buy Now: the dialog closes and the Gut Start page opens.', target: 'closed', actions: 'goToOffer' },
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
