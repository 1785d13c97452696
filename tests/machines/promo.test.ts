import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  PROMO_DELAY_MS,
  PROMO_OFFER_PATH,
  PROMO_PRODUCT_CODE,
  promoKeepsQuietOn,
  promoMachine,
  selectPromoOpen,
  type PromoProduct,
} from '../../machines/promo';
import {
  PendingCalls,
  flush,
  itCoversEveryTransition,
  recordingActions,
  walk,
} from './harness';

const withGutStart: PromoProduct[] = [{ code: 'PROD-G360' }, { code: 'PROD-G3G-LITE' }];
const withoutGutStart: PromoProduct[] = [{ code: 'PROD-G360' }, { code: 'PROD-GSENS' }];

function providePromo() {
  const calls = new PendingCalls();
  const effects = recordingActions(['goToOffer', 'rememberClosed'] as const);
  const machine = promoMachine.provide({
    actors: { fetchProducts: calls.actor<PromoProduct[]>('fetchProducts') },
    actions: effects.implementations,
  });
  return { calls, effects, machine };
}

/** A load while the offer runs (its end date still to come), unless the test says otherwise. */
function startPromo(input: { skip?: boolean; offerRuns?: boolean } = {}) {
  const promo = providePromo();
  const clock = new SimulatedClock();
  const actor = createActor(promo.machine, { clock, input: { offerRuns: true, ...input } }).start();
  return { ...promo, clock, actor };
}

async function startOpen() {
  const promo = startPromo();
  promo.calls.resolve('fetchProducts', withGutStart);
  await flush();
  promo.clock.increment(PROMO_DELAY_MS);
  expect(selectPromoOpen(promo.actor.getSnapshot())).toBe(true);
  return promo;
}

describe('promo machine: every transition walked on a live actor', () => {
  const { machine, calls } = providePromo();
  let result: Awaited<ReturnType<typeof walk>>;
  const events = [
    { type: 'xstate.after.PROMO_DELAY.promo.scheduling.delay.running' },
    { type: 'xstate.done.actor.fetchProducts', output: withGutStart },
    { type: 'xstate.done.actor.fetchProducts', output: withoutGutStart },
    { type: 'xstate.done.actor.fetchProducts', output: [] },
    { type: 'xstate.error.actor.fetchProducts', error: { status: 500, message: 'Internal error' } },
    { type: 'promo.close' },
    { type: 'promo.buyNow' },
    { type: 'promo.held' },
    { type: 'promo.released' },
    { type: 'promo.staffSignedIn' },
    { type: 'promo.offerEnded' },
  ];
  const check = (snapshot: Parameters<NonNullable<Parameters<typeof walk>[1]['check']>>[0]) => {
    expect(selectPromoOpen(snapshot as never)).toBe(snapshot.matches('open'));
  };

  beforeAll(async () => {
    // A visitor's load while the offer runs, a load that skips the offer (closed earlier this session, or a staff
    // session), and a load once the offer is over or has no end date.
    const visitor = await walk(machine, { calls, events, check, input: { offerRuns: true } });
    const skipped = await walk(machine, { calls, events, check, input: { skip: true, offerRuns: true } });
    const over = await walk(machine, { calls, events, check, input: { offerRuns: false } });
    result = {
      paths: [...visitor.paths, ...skipped.paths, ...over.paths],
      taken: new Set([...visitor.taken, ...skipped.taken, ...over.taken]),
      snapshots: [...visitor.snapshots, ...skipped.snapshots, ...over.snapshots],
    };
  });

  itCoversEveryTransition(machine, () => result, 10);
});

describe('promo machine: opening (SPEC §2 Promotional dialog, §8, §9)', () => {
  it('uses the spec constants', () => {
    expect(PROMO_DELAY_MS).toBe(3000);
    expect(PROMO_PRODUCT_CODE).toBe('PROD-G3G-LITE');
    expect(PROMO_OFFER_PATH).toBe('/products/gut360-start');
  });

  it('opens 3000 ms after load, not before, when the list has PROD-G3G-LITE', async () => {
    const { actor, calls, clock } = startPromo();
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    clock.increment(PROMO_DELAY_MS - 1);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it('waits for a slow product list and opens when it arrives', async () => {
    const { actor, calls, clock } = startPromo();
    clock.increment(PROMO_DELAY_MS * 2);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it.each([
    ['lacks the code', withoutGutStart],
    ['is empty', []],
  ])('never opens when the product list %s', async (_, products) => {
    const { actor, calls, clock } = startPromo();
    calls.resolve('fetchProducts', products);
    await flush();
    clock.increment(PROMO_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
  });

  it.each([
    ['before the delay', 0],
    ['after the delay', PROMO_DELAY_MS],
  ])('never opens when fetching the products fails %s', async (_, elapsed) => {
    const { actor, calls, clock } = startPromo();
    clock.increment(elapsed);
    calls.reject('fetchProducts', new TypeError('Failed to fetch'));
    await flush();
    clock.increment(PROMO_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
  });

  it('runs without provided implementations: the placeholder fetch fails and nothing shows', async () => {
    const actor = createActor(promoMachine, { clock: new SimulatedClock(), input: {} }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});

describe('promo machine: never over an open drawer, menu or dialog', () => {
  it('waits when a drawer is open as the offer falls due, and opens once it is closed', async () => {
    const { actor, calls, clock } = startPromo();
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    actor.send({ type: 'promo.held' });
    clock.increment(PROMO_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    clock.increment(PROMO_DELAY_MS * 10);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it('waits for a slow product list that arrives while a menu is open', async () => {
    const { actor, calls, clock } = startPromo();
    clock.increment(PROMO_DELAY_MS);
    actor.send({ type: 'promo.held' });
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it('opens on time when a menu was opened and closed again before the 3 s', async () => {
    const { actor, calls, clock } = startPromo();
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    actor.send({ type: 'promo.held' });
    clock.increment(PROMO_DELAY_MS - 1);
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it('keeps waiting while the person moves from one menu to another, and opens after the last one closes', async () => {
    const { actor, calls, clock } = startPromo();
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    actor.send({ type: 'promo.held' });
    clock.increment(PROMO_DELAY_MS);
    actor.send({ type: 'promo.held' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it('has nothing left to wait for when the product list could not be fetched while a menu was open', async () => {
    const { actor, calls, clock } = startPromo();
    actor.send({ type: 'promo.held' });
    calls.reject('fetchProducts', new TypeError('Failed to fetch'));
    await flush();
    clock.increment(PROMO_DELAY_MS * 2);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a menu opened over the open offer changes nothing: the offer stays until it is closed', async () => {
    const { actor } = await startOpen();
    actor.send({ type: 'promo.held' });
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'promo.close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

describe('promo machine: with the platform timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens at 3000 ms on real setTimeout scheduling', async () => {
    vi.useFakeTimers();
    const { machine, calls } = providePromo();
    const actor = createActor(machine, { input: { offerRuns: true } }).start();
    calls.resolve('fetchProducts', withGutStart);
    await vi.advanceTimersByTimeAsync(PROMO_DELAY_MS - 1);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });
});

describe('promo machine: closing (SPEC §2 "Either closes it")', () => {
  it('the close icon closes it without navigating', async () => {
    const { actor, effects, clock } = await startOpen();
    actor.send({ type: 'promo.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    expect(effects.calls.map((call) => call.type)).toEqual(['rememberClosed']);
    clock.increment(PROMO_DELAY_MS * 10);
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
  });

  it('Buy Now closes it and goes to the offer', async () => {
    const { actor, effects } = await startOpen();
    actor.send({ type: 'promo.buyNow' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    expect(effects.calls.map((call) => call.type)).toEqual(['rememberClosed', 'goToOffer']);
  });

  it('ignores close and Buy Now before it opens', () => {
    const { actor, effects } = startPromo();
    const before = actor.getSnapshot();
    actor.send({ type: 'promo.close' });
    actor.send({ type: 'promo.buyNow' });
    expect(actor.getSnapshot()).toBe(before);
    expect(effects.calls).toEqual([]);
  });
});

describe('promo machine: for visitors, and without interrupting (issue: the promotion stops interrupting)', () => {
  it('does not show again in a browser session where it was closed, nor to a staff session', async () => {
    const { actor, calls, clock } = startPromo({ skip: true });
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    clock.increment(PROMO_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('remembers being closed, by the close icon or by Buy Now', async () => {
    const closed = await startOpen();
    closed.actor.send({ type: 'promo.close' });
    expect(closed.effects.calls).toEqual([{ type: 'rememberClosed', params: undefined }]);
    const bought = await startOpen();
    bought.actor.send({ type: 'promo.buyNow' });
    expect(bought.effects.calls.map((call) => call.type)).toEqual(['rememberClosed', 'goToOffer']);
  });

  it.each([
    ['while it is scheduled', async () => startPromo()],
    ['while it waits', async () => {
      const promo = startPromo();
      promo.actor.send({ type: 'promo.held' });
      promo.calls.resolve('fetchProducts', withGutStart);
      await flush();
      promo.clock.increment(PROMO_DELAY_MS);
      expect(promo.actor.getSnapshot().value).toBe('waiting');
      return promo;
    }],
    ['while it is open', startOpen],
  ])('ends when a staff member signs in %s', async (_, start) => {
    const { actor, clock } = await start();
    actor.send({ type: 'promo.staffSignedIn' });
    clock.increment(PROMO_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
  });

  it('waits while a field has focus or the page keeps it quiet, and opens when the person leaves for a shop page', async () => {
    const { actor, calls, clock } = startPromo();
    actor.send({ type: 'promo.held' });
    calls.resolve('fetchProducts', withGutStart);
    await flush();
    clock.increment(PROMO_DELAY_MS * 20);
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'promo.released' });
    expect(selectPromoOpen(actor.getSnapshot())).toBe(true);
  });

  it.each([
    '/login', '/register', '/get-email', '/verify-otp', '/forgot-password', '/admin/login',
    '/checkout', '/success', '/questionaire/gad7', '/questionaire/psqi/', '/products/gut360-start', '/landing-page',
    '/admin-home', '/admin/orders', '/admin/order', '/recipe/create', '/recipe/approve', '/blogs/create', '/blog/edit', '/care/questionnaires',
  ])('keeps quiet on %s', (path) => {
    expect(promoKeepsQuietOn(path)).toBe(true);
  });

  it.each(['/', '/products/gut360', '/products/gutsens', '/cart', '/faq', '/blogs-list', '/recipe', '/recipe-list', '/blog', '/administrator'])(
    'may open on %s',
    (path) => {
      expect(promoKeepsQuietOn(path)).toBe(false);
    },
  );
});

describe('promo machine: only while the offer has an end date still to come (issue: what the law asks a shop to show)', () => {
  it.each([
    ['its last day is over', { offerRuns: false }],
    ['it has no end date', {}],
  ])('never opens when %s', async (_, input) => {
    const promo = providePromo();
    const clock = new SimulatedClock();
    const actor = createActor(promo.machine, { clock, input }).start();
    promo.calls.resolve('fetchProducts', withGutStart);
    await flush();
    clock.increment(PROMO_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
  });

  it.each([
    ['while it is scheduled', async () => startPromo()],
    ['while it waits', async () => {
      const promo = startPromo();
      promo.actor.send({ type: 'promo.held' });
      promo.calls.resolve('fetchProducts', withGutStart);
      await flush();
      promo.clock.increment(PROMO_DELAY_MS);
      expect(promo.actor.getSnapshot().value).toBe('waiting');
      return promo;
    }],
    ['while it is open', startOpen],
  ])('ends when its last day ends with the page open %s', async (_, start) => {
    const { actor, calls, clock, effects } = await start();
    actor.send({ type: 'promo.offerEnded' });
    if (calls.isPending('fetchProducts')) calls.resolve('fetchProducts', withGutStart);
    await flush();
    clock.increment(PROMO_DELAY_MS * 10);
    actor.send({ type: 'promo.released' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectPromoOpen(actor.getSnapshot())).toBe(false);
    expect(effects.calls).toEqual([]);
  });
});
