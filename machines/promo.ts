/**
 * The Gut Start promotional dialog of SPEC §2: 3 seconds after load, shown only if the product list has
 * PROD-G3G-LITE; a failed product fetch shows nothing (§8). Buy Now and the close icon both close it.
 *
 * It is for visitors of the shop, and it does not interrupt:
 * - it never opens over what the person is doing: the mobile drawer, a header menu or another dialog open, a field
 *   with focus, or a page where it would be in the way (signing in, checkout, a questionnaire, the Gut Start pages it
 *   advertises, the staff's pages: `promoKeepsQuietOn`). The page reports those as `promo.held` / `promo.released`,
 *   and a due offer waits until nothing holds it;
 * - once closed, it stays closed for the browser session (`input.skip` on the next load, `rememberClosed`);
 * - staff never get it: a staff session at load skips it, and a staff member signing in ends it (`promo.staffSignedIn`).
 *
 * Its title says "Limited Time Offer!", so it opens only while the offer has an end date that is still to come
 * (`input.offerRuns` at load); when that last day ends with the page open, the page says so (`promo.offerEnded`) and
 * the offer ends.
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
  /** Whether the page last reported something the offer must not interrupt. */
  held: boolean;
  /** Closed earlier in this browser session, or a staff member's session: the offer does not show at all. */
  skip: boolean;
  /** The offer has an end date and it has not passed: without one nothing may call it a limited time offer. */
  offerRuns: boolean;
}

export interface PromoInput {
  skip?: boolean;
  /** Whether the offer runs at load (an end date is set and it is still to come); it does not when left out. */
  offerRuns?: boolean;
}

export type PromoEvent =
  | { type: 'promo.close' }
  | { type: 'promo.buyNow' }
  | { type: 'promo.held' }
  | { type: 'promo.released' }
  | { type: 'promo.staffSignedIn' }
  | { type: 'promo.offerEnded' };

/**
 * The pages the offer never covers: signing in and registering, checkout and its result, the questionnaires, the
 * Gut Start pages it advertises, and the staff's pages (the staff area, authoring, review and care).
 */
const QUIET_PAGES = [
  /^\/(login|register|get-email|verify-otp|forgot-password)$/,
  /^\/(checkout|success)$/,
  /^\/questionaire(\/|$)/,
  /^\/(products\/gut360-start|landing-page)$/,
  /^\/admin(\/|-home$|$)/,
  /^\/(recipe\/(create|test|approve)|blogs\/create|blog\/(test|edit))$/,
  /^\/care(\/|$)/,
];

export function promoKeepsQuietOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return QUIET_PAGES.some((page) => page.test(path));
}

export function listsPromoProduct(products: readonly PromoProduct[]): boolean {
  return products.some((product) => product.code === PROMO_PRODUCT_CODE);
}

export const promoMachine = setup({
  types: {} as {
    context: PromoContext;
    events: PromoEvent;
    input: PromoInput | undefined;
  },
  actors: {
    fetchProducts: fromPromise<PromoProduct[]>(async () => {
      throw new Error('fetchProducts not provided');
    }),
  },
  actions: {
    /** Navigates to the offer page, PROMO_OFFER_PATH. */
    goToOffer: () => {},
    /** Keeps the offer closed for the rest of the browser session. */
    rememberClosed: () => {},
    noteHeld: assign({ held: true }),
    noteReleased: assign({ held: false }),
  },
  guards: {
    listsPromoProduct: (_, params: { products: readonly PromoProduct[] }) => listsPromoProduct(params.products),
    held: ({ context }) => context.held,
    skipped: ({ context }) => context.skip,
    offerOver: ({ context }) => !context.offerRuns,
  },
  delays: {
    PROMO_DELAY: PROMO_DELAY_MS,
  },
}).createMachine({
  id: 'promo',
  description: 'The "Limited Time Offer!" Gut Start dialog (SPEC §2 Promotional dialog).',
  context: ({ input }) => ({ held: false, skip: input?.skip ?? false, offerRuns: input?.offerRuns ?? false }),
  initial: 'scheduling',
  on: {
    'promo.held': {
      description: 'Something the offer must not interrupt began: a drawer, menu or dialog opened, a field got focus, or the person is on a page it keeps quiet on.',
      actions: 'noteHeld',
    },
    'promo.released': {
      description: 'Nothing holds the offer any more.',
      actions: 'noteReleased',
    },
    'promo.staffSignedIn': {
      description: 'A staff member signed in: staff never get the offer.',
      target: '.hidden',
    },
    'promo.offerEnded': {
      description: "The offer's last day ended while the page was open: the offer is over.",
      target: '.hidden',
    },
  },
  states: {
    scheduling: {
      description: 'The delay and the product check run side by side; the dialog is due when both are through.',
      type: 'parallel',
      onDone: [
        {
          description: 'The offer is due, but it was closed earlier in this browser session, or this is a staff session: no offer.',
          guard: 'skipped',
          target: 'hidden',
        },
        {
          description: 'The offer is due, but it has no end date or its last day is over: no offer.',
          guard: 'offerOver',
          target: 'hidden',
        },
        {
          description: 'The offer is due while something holds it: it waits.',
          guard: 'held',
          target: 'waiting',
        },
        { description: 'The offer is due and nothing holds it: it opens.', target: 'open' },
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
      description: 'The offer is due but something holds it; it opens once nothing does.',
      on: {
        'promo.released': {
          description: 'Nothing holds the offer any more: it opens now.',
          target: 'open',
          actions: 'noteReleased',
        },
      },
    },
    open: {
      description: 'The dialog is shown with Buy Now and a close icon.',
      on: {
        'promo.close': {
          description: 'The person presses the close icon (or Escape, or outside the dialog).',
          target: 'closed',
          actions: 'rememberClosed',
        },
        'promo.buyNow': {
          description: 'The person presses Buy Now: the dialog closes and the Gut Start page opens.',
          target: 'closed',
          actions: ['rememberClosed', 'goToOffer'],
        },
      },
    },
    closed: {
      description: 'Dismissed, for the rest of the browser session.',
      type: 'final',
    },
    hidden: {
      description:
        'No offer: closed earlier this session, a staff member, the offer has no end date or is over, or the product list lacks the code or could not be fetched.',
      type: 'final',
    },
  },
});

export type PromoSnapshot = SnapshotFrom<typeof promoMachine>;

export function selectPromoOpen(snapshot: PromoSnapshot): boolean {
  return snapshot.matches('open');
}
