/**
 * The pages of one signed-in person paint their frame (heading and skeleton) while the kept session is verified, and
 * fill in from the server; a session that has ended still leads to the sign-in page, and nothing of one person is
 * ever on screen for another, not even for a frame.
 */
import type { Page, Route } from '@playwright/test';
import { addToCart, registerPerson, signInFresh, type Person } from './shopping';
import { atPath, expect, logOut, notice, PASSWORD, stored, submitSignIn, test, userMenuTrigger, dismissPromo } from './support';

/** Holds every answer to `pattern` until `release` is called. */
async function holdCalls(page: Page, pattern: string): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldOne!: () => void;
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  await page.route(pattern, async (route: Route) => {
    heldOne();
    await released;
    await route.continue();
  });
  return { held, release };
}

/**
 * Records, from the first byte of every page on, whether any of `texts` ever appeared on screen, and whether a cart
 * line or an order ever did.
 */
async function watchForTexts(page: Page, texts: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const seen = new Set<string>();
    (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
    const look = () => {
      const text = document.body?.innerText ?? '';
      for (const t of watched) if (text.includes(t)) seen.add(t);
      for (const testId of ['cart-lines', 'order-link']) {
        if (document.querySelector(`[data-testid="${testId}"]`)?.textContent) seen.add(testId);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, texts);
}

function seenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { seenTexts?: Set<string> }).seenTexts ?? [])]);
}

test('on a slow 3G network the cart shows its heading and skeleton before the session is verified', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(120_000);
  const person = await registerPerson('Kavya Menon', 'frame');
  await signInFresh(page, person.email, '/');
  await addToCart(page, '/products/gut360', 'Gut 360', 1);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chrome DevTools' "Slow 3G" profile.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400 * 5, downloadThroughput: (500 * 1024) / 8 * 0.8, uploadThroughput: (500 * 1024) / 8 * 0.8 });
  // The session's check and the cart, both sent as the page starts, are held: the frame must not wait for either.
  const verification = await holdCalls(page, '**/api/auth/login/success');
  const cart = await holdCalls(page, '**/api/cart');

  await page.goto('/cart', { waitUntil: 'commit' });
  await verification.held;
  // Held answers cannot arrive, so the wait is only for the page's files: on Slow 3G over HTTP/1.1 (six connections,
  // 2 s of latency each) the cart's twenty or so files take about ten seconds, more on a busy machine.
  const slow3g = { timeout: 40_000 };
  // By its element: the launch offer, which may open meanwhile, hides the page from the accessibility tree.
  await expect(page.locator('h1', { hasText: 'Your cart' })).toBeVisible(slow3g);
  await expect(page.getByTestId('content-skeleton')).toBeVisible();
  await expect(page.getByTestId('cart-lines')).toHaveCount(0);

  verification.release();
  cart.release();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByTestId('cart-lines')).toContainText('Gut 360');
  await expect(page.getByTestId('content-skeleton')).toHaveCount(0);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
});

test('the dashboard paints its own frame from the page’s HTML, before any of the shop’s code has run', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(60_000);
  const person = await registerPerson('Rohan Iyer', 'dashframe');
  await signInFresh(page, person.email, '/');
  // The shop's first code and the session's check are held: what shows meanwhile came with the HTML.
  const shell = await holdCalls(page, '**/assets/shell-*.js');
  const verification = await holdCalls(page, '**/api/auth/login/success');

  await page.goto('/user/dashboard', { waitUntil: 'commit' });
  await shell.held;
  await expect(page.locator('h1', { hasText: 'My kits' })).toBeVisible();
  await expect(page.getByTestId('content-skeleton')).toBeVisible();
  await expect(page.getByTestId('given-kit')).toContainText('Someone bought a kit for you? Enter the code from its box');
  // Nothing of the person, and no field to type into before the page can take what is typed.
  await expect(page.getByTestId('kit-card')).toHaveCount(0);
  await expect(page.getByLabel('Kit code from the box')).toHaveCount(0);
  await expect(userMenuTrigger(page)).toHaveCount(0);

  shell.release();
  verification.release();
  await expect(page.getByLabel('Kit code from the box')).toBeVisible();
  await expect(page.getByTestId('content-skeleton')).toHaveCount(0);
  await expect(page.getByText('You have no kits yet.')).toBeVisible();
  await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
});

test('a session ended on the server sends the person from the cart to /login, with nothing of theirs shown', { tag: '@desktop' }, async ({ page }) => {
  const person = await registerPerson('Vikram Sethu', 'frame-ended');
  await signInFresh(page, person.email, '/');
  await addToCart(page, '/products/gut360', 'Gut 360', 1);
  const { authToken } = await stored(page);
  // Signed out on the server (as from another device), while this browser still keeps the token.
  const revoked = await page.request.get('/api/auth/logout', { headers: { authorization: `Bearer ${authToken}` } });
  expect(revoked.ok(), await revoked.text()).toBe(true);

  await watchForTexts(page, [person.fullname]);
  await page.goto('/cart');
  await expect(page).toHaveURL(atPath('/login'));
  await expect(notice(page, 'please login to goto the cart page')).toBeVisible();
  expect(await seenTexts(page)).toEqual([]);
  expect((await stored(page)).authToken).toBeNull();
});

test('two people signing in one after the other in one browser never see each other’s cart or orders', { tag: '@desktop' }, async ({ page, layout }) => {
  const first: Person = await registerPerson('Isha Kapoor', 'frame-first');
  const second: Person = await registerPerson('Rahul Verma', 'frame-second');
  await signInFresh(page, first.email, '/');
  await addToCart(page, '/products/gutsens', 'Gut SEnS', 1);
  await logOut(page, layout);
  // What the cart's frame would paint goes with the session.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cartShape'))).toBeNull();

  await watchForTexts(page, [first.fullname]);
  await page.goto('/login');
  await submitSignIn(page, second.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/'));
  await dismissPromo(page);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(second.fullname);
  for (const path of ['/cart', '/user/orders', '/user/dashboard', '/cart']) {
    await page.goto(path);
    await expect(page.getByTestId('content-skeleton')).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  expect(await seenTexts(page)).toEqual([]);
});

test('the cart’s frame paints the empty cart from the HTML when this browser last saw it empty, for that session only', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(90_000);
  const person = await registerPerson('Meera Pillai', 'frame-shape');
  await signInFresh(page, person.email, '/');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  /** The cart page as its HTML paints it, the shop's code held back, then the page once the code has come. */
  const cartFrame = async () => {
    const shell = await holdCalls(page, '**/assets/shell-*.js');
    await page.goto('/cart', { waitUntil: 'commit' });
    await shell.held;
    await expect(page.locator('h1', { hasText: 'Your cart' })).toBeVisible();
    const frame = { empty: await page.getByTestId('empty-cart').isVisible(), skeleton: await page.getByTestId('content-skeleton').isVisible() };
    // Nothing of the person before the shop's code has run.
    await expect(userMenuTrigger(page)).toHaveCount(0);
    shell.release();
    await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
    await page.unroute('**/assets/shell-*.js');
    return frame;
  };

  // Seen empty under this session: the empty cart's box, at once, and the same box once the cart has answered.
  expect(await cartFrame()).toEqual({ empty: true, skeleton: false });
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  // Seen with a kit in it: the skeleton, then the kit.
  await addToCart(page, '/products/gut360', 'Gut 360', 1);
  expect(await cartFrame()).toEqual({ empty: false, skeleton: true });
  await expect(page.getByTestId('cart-lines')).toContainText('Gut 360');

  // What was seen under another session is never shown under this one.
  await page.evaluate(() => localStorage.setItem('cartShape', 'another-session empty'));
  expect(await cartFrame()).toEqual({ empty: false, skeleton: true });
});
