import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, products, PROMO_CODE, server } from './handlers';
import { cleanup } from '@testing-library/react';
import { renderShop } from './render';
import { launchOffer } from '@/lib/launch-offer';

// Only the clock is faked: the page still has to load modules and answer requests for real, so waiting for that
// polls with the real timer kept here, and the fake clock moves only when a test says so. The promotion's 3 s then
// start at fake time 0, when the shell mounts. Clicks are plain events: user-event finishes each action on Testing
// Library's async wrapper, which waits on a timer it only knows how to advance under Jest.
const realSetTimeout = globalThis.setTimeout;
const realPause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));
/** One turn of the event loop, which the fake clock does not hold: answers and module loads that are ready go on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Loaded ahead, as the browser fetches them while the first page renders: the offer's 3 s then start when the shell
// mounts, and once they are up the dialog can show within the short settle after a clock move.
beforeAll(async () => {
  await Promise.all([import('@/features/promo/PromoDialog'), import('@/features/promo/PromoDialogView')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

/** Lets due timers, requests and lazy modules finish without moving the clock, until `check` passes. */
async function until<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const started = performance.now();
  for (;;) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await realPause(10);
    });
    try {
      return check();
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
    }
  }
}

/**
 * Moves the clock and lets whatever that sets off settle: the timers it makes due, what they start in turn, and
 * the renders after them, without waiting any real time.
 */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await nextTurn();
    });
  }
}

const dialog = () => screen.queryByRole('dialog');

/** The home page with its catalogue on screen, the clock not having moved since the shell mounted. */
async function homeWithCatalogue() {
  const mountedAt = Date.now();
  const view = renderShop('/');
  await until(() => screen.getByRole('heading', { name: 'Gut 360', level: 3 }));
  expect(Date.now()).toBe(mountedAt);
  return view;
}

describe('the Gut Start promotion', () => {
  it('stays away for 3 seconds, then offers Gut Start', async () => {
    await homeWithCatalogue();
    await advance(2900);
    expect(dialog()).not.toBeInTheDocument();

    await advance(100);
    const offer = await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
    const inOffer = within(offer);
    expect(inOffer.getByText('Limited Time Offer!')).toHaveTextContent(/^Limited Time Offer!$/);
    expect(inOffer.getByText('Introducing Gut Start')).toHaveTextContent(/^Introducing Gut Start$/);
    expect(inOffer.getByText('at RS 4999/-')).toHaveTextContent(/^at RS 4999\/-$/);
    expect(inOffer.getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(inOffer.getByRole('button', { name: 'Close offer' })).toBeInTheDocument();
  });

  it('states the day the offer ends, in the dialog and on the banner', async () => {
    await homeWithCatalogue();
    expect(launchOffer.lastDay).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(screen.getByTestId('promo-banner')).toHaveTextContent(
      `Launch offer until ${launchOffer.lastDay}: Gut Start, our starter gut test, now at Rs 4,999. Shop now`,
    );
    await advance(3000);
    const offer = await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
    expect(within(offer).getByText(`Offer ends ${launchOffer.lastDay}`)).toBeInTheDocument();
  });

  it('is not offered once its last day is over, and the banner no longer calls it an offer', async () => {
    vi.setSystemTime((launchOffer.endsAt ?? 0) + 1);
    await homeWithCatalogue();
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
    expect(screen.getByTestId('promo-banner')).toHaveTextContent(/^Gut Start, our starter gut test: a first look at your gut bacteria\. Shop now$/);
    expect(screen.getByTestId('promo-banner')).toHaveAttribute('href', '/products/gut360-start');
  });

  it('ends when its last day ends while the page is open, before it was due', async () => {
    vi.setSystemTime((launchOffer.endsAt ?? 0) - 1000);
    await homeWithCatalogue();
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('Buy Now goes to the Gut Start page and closes the offer', async () => {
    await homeWithCatalogue();
    await advance(3000);
    const offer = await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Buy Now' }));
    await until(() => screen.getByRole('heading', { name: 'Gut Start', level: 1 }));
    expect(window.location.pathname).toBe('/products/gut360-start');
    expect(dialog()).not.toBeInTheDocument();
    // Closed for the rest of the page load: no second offer.
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('the close icon closes the offer and stays on the page', async () => {
    await homeWithCatalogue();
    await advance(3000);
    const offer = await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Close offer' }));
    await until(() => expect(dialog()).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/');
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('waits while the Products menu is open, and comes once it is closed', async () => {
    await homeWithCatalogue();
    const products = screen.getByRole('button', { name: 'Products' });
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();

    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'false');
    await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
  });

  it('is not offered when the catalogue lacks PROD-G3G-LITE', async () => {
    server.use(answers.catalogue(products.filter((p) => p.code !== PROMO_CODE)));
    await homeWithCatalogue();
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('is not offered when the catalogue cannot be fetched, and the page carries on', async () => {
    server.use(answers.catalogueFails());
    renderShop('/');
    await until(() => screen.getByRole('navigation', { name: 'Main' }));
    // Past the delay and the query's one retry.
    await advance(3000);
    await advance(10_000);
    await until(() => screen.getByText(/our kits could not be loaded/i));
    expect(dialog()).not.toBeInTheDocument();
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /something went wrong/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /launch offer/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Know your gut. Eat for it.' })).toBeInTheDocument();
  });

  it('once closed, stays closed for the browser session: the next page load does not offer it again', async () => {
    await homeWithCatalogue();
    await advance(3000);
    const offer = await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Close offer' }));
    await until(() => expect(dialog()).not.toBeInTheDocument());

    // A reload: the page starts again in the same browser session.
    cleanup();
    await homeWithCatalogue();
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it.each(['admin', 'doctor', 'nutritionist'] as const)('is never offered to a %s', async (role) => {
    renderShop('/faq', { as: role });
    await until(() => screen.getByRole('heading', { level: 1 }));
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
    // Nor the launch offer's strip above the header: the menus it sits with are hidden from staff too (SPEC §2).
    expect(screen.queryByTestId('promo-banner')).not.toBeInTheDocument();
  });

  it('never takes the keyboard from a field: it waits while one has focus, and comes once it is left', async () => {
    renderShop('/contact-us');
    const field = await until(() => screen.getAllByRole('textbox')[0]!);
    act(() => field.focus());
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
    expect(field).toHaveFocus();

    act(() => field.blur());
    await until(() => screen.getByRole('dialog', { name: 'Limited Time Offer!' }));
  });

  it.each(['/login', '/questionaire/gad7', '/products/gut360-start'])('does not open over %s', async (path) => {
    renderShop(path);
    await until(() => screen.getByRole('heading', { level: 1 }));
    await advance(3000);
    await advance(10_000);
    expect(dialog()).not.toBeInTheDocument();
  });
});
