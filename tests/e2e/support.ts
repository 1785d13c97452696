/**
 * Shared pieces of the end-to-end suite: the demo accounts, the layout of the project being run, and the few steps
 * every flow repeats (loading a page past the promotion, signing in, the user menu and the drawer).
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type TestInfo } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { PROMO_DELAY_MS, promoKeepsQuietOn } from '../../machines/promo';
import { isStaff } from '../../machines/roles';
import { E2E_EMULATOR_PORT } from './ports';

export { expect };

export type Role = 'admin' | 'doctor' | 'nutritionist' | 'customer';

export interface Account {
  role: Role;
  email: string;
  fullname: string;
  /** The sign-in page this role uses. */
  signInPath: '/login' | '/admin/login';
  /** Where signing in lands when no previous page was saved. */
  home: '/' | '/admin-home';
  /** Where logging out leads (SPEC §4). */
  afterLogout: '/login' | '/admin/login';
}

/** The seeded demo accounts (server/db/seed.ts). */
export const PASSWORD = 'Passw0rd!';

export const ACCOUNTS: Record<Role, Account> = {
  admin: {
    role: 'admin',
    email: 'admin@demo.test',
    fullname: 'Asha Admin',
    signInPath: '/admin/login',
    home: '/admin-home',
    afterLogout: '/admin/login',
  },
  doctor: {
    role: 'doctor',
    email: 'doctor@demo.test',
    fullname: 'Devika Rao',
    signInPath: '/login',
    home: '/admin-home',
    afterLogout: '/login',
  },
  nutritionist: {
    role: 'nutritionist',
    email: 'nutritionist@demo.test',
    fullname: 'Nisha Iyer',
    signInPath: '/login',
    home: '/admin-home',
    afterLogout: '/login',
  },
  customer: {
    role: 'customer',
    email: 'customer@demo.test',
    fullname: 'Chetan Customer',
    signInPath: '/login',
    home: '/',
    afterLogout: '/login',
  },
};

/** The header switches to the drawer below this width (SPEC §9). */
const NAV_BREAKPOINT_PX = 960;

export type Layout = 'desktop' | 'mobile';

/** Opens a second browser context (another person, another device) set up as the test's own: see `newContext`. */
export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

/** Every CSP refusal a page of `context` reports is added to `refused`. */
function watchContentSecurityPolicy(context: BrowserContext, refused: string[]): void {
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

export const test = base.extend<{
  layout: Layout;
  pageClock: void;
  cspRefusals: string[];
  contentSecurityPolicyKept: void;
  newContext: NewContext;
}>({
  layout: async ({ viewport }, use) => {
    await use(viewport && viewport.width < NAV_BREAKPOINT_PX ? 'mobile' : 'desktop');
  },
  // The pages run on Playwright's clock, which flows as the real one does until a test moves it: a wait the shop
  // makes on purpose (the promotion's 3 s) is then passed on the page's own clock instead of slept through, and a
  // busy machine slows the test without failing it. Contexts opened with `newContext` get it too.
  pageClock: [
    async ({ context }, use) => {
      await context.clock.install();
      await markPromoDelay(context);
      await use();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- a fixture that needs no other
  cspRefusals: async ({}, use) => {
    await use([]);
  },
  // Every test fails if the browser refused anything the shop's pages load under the server's Content-Security-Policy.
  contentSecurityPolicyKept: [
    async ({ context, cspRefusals }, use) => {
      watchContentSecurityPolicy(context, cspRefusals);
      await use();
      expect(cspRefusals, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // Another person's or device's browser, as the test's own is: the page clock installed before its first page (so
  // that the promotion's delay is passed, not slept through), its pages watched for CSP refusals, and closed at the
  // end of the test however it ends.
  newContext: async ({ browser, cspRefusals }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      await context.clock.install();
      await markPromoDelay(context);
      watchContentSecurityPolicy(context, cspRefusals);
      return context;
    });
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  },
});

/** A path matcher for `toHaveURL` that ignores the origin and any query or hash. */
export function atPath(path: string): RegExp {
  return new RegExp(`^[^?#]*//[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#].*)?$`);
}

export function promoDialog(page: Page): Locator {
  return page.getByTestId('promo-dialog');
}

/**
 * Whether this load of the page offers the promotion (machines/promo.ts): not once it was closed in this tab's
 * session, not to staff, and not on the pages it keeps quiet on.
 */
export async function promoOffered(page: Page): Promise<boolean> {
  const { closed, role, path } = await page.evaluate(() => ({
    closed: sessionStorage.getItem('promoClosed') === '1',
    role: localStorage.getItem('userRole'),
    path: window.location.pathname,
  }));
  return !closed && !isStaff(role) && !promoKeepsQuietOn(path);
}

/**
 * Waits for the promotion, which opens 3 s after a full load of a shop page (SPEC §2) until it is closed once in
 * the tab's session, and closes it; on a load that does not offer it (`promoOffered`), until the shop has taken the
 * page over. Flows do
 * this before touching the page: the modal hides everything else from the accessibility tree and takes focus.
 * The 3 s pass on the page's clock (see `awaitPromo`); the timing itself is checked on the real clock by
 * navigation.spec.ts.
 */
export async function dismissPromo(page: Page): Promise<void> {
  if (!(await promoOffered(page))) {
    await awaitPromoDelay(page);
    return;
  }
  const dialog = await awaitPromo(page);
  await dialog.getByRole('button', { name: 'Close offer' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Marks, in each document of `context`, when something starts waiting the promotion's delay: the offer's code
 * arrives after the load, and React shows it after a short timer of its own, so the wait starts a while after the load.
 */
async function markPromoDelay(context: BrowserContext): Promise<void> {
  await context.addInitScript((delay) => {
    const setTimer = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
      if (timeout === delay) (window as unknown as { promoDelayStarted?: boolean }).promoDelayStarted = true;
      return setTimer(handler, timeout, ...rest);
    }) as typeof window.setTimeout;
  }, PROMO_DELAY_MS);
}

/** How far the page's clock moves at a time while the promotion's wait has not started yet. */
const BEFORE_DELAY_STEP_MS = 100;

/**
 * Moves the page's clock on until the promotion's 3 s wait has started (the page's own short timers on the way),
 * then past it, and waits for the dialog, which also waits for the products to arrive; returns it open.
 */
export async function awaitPromo(page: Page): Promise<Locator> {
  const dialog = promoDialog(page);
  const deadline = Date.now() + 20_000;
  await awaitPromoDelay(page, deadline);
  await page.clock.fastForward(PROMO_DELAY_MS);
  await dialog.waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) });
  return dialog;
}

/**
 * Until the promotion's wait has started: the shop's code has then taken the page over, whether or not this load
 * will offer it (a load that does not still counts its 3 s, and then stays quiet).
 */
async function awaitPromoDelay(page: Page, deadline = Date.now() + 20_000): Promise<void> {
  while (!(await page.evaluate(() => (window as unknown as { promoDelayStarted?: boolean }).promoDelayStarted === true))) {
    if (Date.now() > deadline) throw new Error(`The promotion's wait did not start on ${page.url()}`);
    await page.clock.fastForward(BEFORE_DELAY_STEP_MS);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The step in which `passPageTime` moves the page's clock. */
const PAGE_TIME_STEP_MS = 250;

/**
 * Lets `ms` of the page's time pass in small steps, each followed by a moment of real time in which the page acts on
 * the timers that fell due (a fetch they start, a state they change), as it would had the time passed for real.
 */
export async function passPageTime(page: Page, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += PAGE_TIME_STEP_MS) {
    await page.clock.fastForward(PAGE_TIME_STEP_MS);
    await page.waitForTimeout(20);
  }
}

/** A full page load, ready to use once the promotion is out of the way. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await dismissPromo(page);
}

/** Found by its label rather than its role, so that it is still found while the promotion hides the page. */
export function signInForm(page: Page, path: '/login' | '/admin/login' = '/login'): Locator {
  return page.locator(`form[aria-label="${path === '/admin/login' ? 'Staff sign-in' : 'Sign in'}"]`);
}

/** Fills and submits the sign-in form of the page already open. */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  path: '/login' | '/admin/login' = '/login',
): Promise<void> {
  const form = signInForm(page, path);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the account's own sign-in page and waits until the shop shows the person as signed in. The form
 * is sent straight after the load, well inside the promotion's 3 s, which is then closed on the landing page.
 */
export async function signIn(page: Page, account: Account, { landing = account.home }: { landing?: string } = {}) {
  await page.goto(account.signInPath);
  await submitSignIn(page, account.email, PASSWORD, account.signInPath);
  await expect(page).toHaveURL(atPath(landing));
  await dismissPromo(page);
  await expect(userMenuTrigger(page)).toHaveText(account.fullname);
}

/**
 * Starts a test signed in as `account`, as an earlier visit would have left the browser: the person's Firebase ID
 * token (from the emulator's REST API, as the web SDK gets it) exchanged for the shop's session on the account's own
 * audience, kept where the SPA keeps it; then `path` is opened. For flows that begin signed in: the sign-in pages
 * themselves are walked by auth.spec.ts and ways-in.spec.ts, for every role and way in.
 */
export async function startSignedIn(
  page: Page,
  account: Pick<Account, 'email' | 'fullname' | 'role' | 'signInPath' | 'home'>,
  { path = account.home, password = PASSWORD }: { path?: string; password?: string } = {},
): Promise<void> {
  const firebase = await fetch(
    `http://127.0.0.1:${E2E_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password, returnSecureToken: true }),
    },
  );
  const { idToken } = (await firebase.json()) as { idToken?: string };
  expect(idToken, `the emulator signs ${account.email} in`).toBeTruthy();
  const audience = account.signInPath === '/admin/login' ? 'staff' : 'customer';
  const session = await page.request.post('/api/auth/session', { data: { idToken, audience } });
  expect(session.status(), await session.text()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
  await page.context().setStorageState({
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'authToken', value: token }, { name: 'userRole', value: account.role }] }],
  });
  await openPage(page, path);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(account.fullname);
}

/** The newest e-mail action code of this kind the Auth emulator "sent" to this address, as its link carries it. */
export async function emailActionCode(email: string, requestType: 'EMAIL_SIGNIN' | 'PASSWORD_RESET'): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${E2E_EMULATOR_PORT}/emulator/v1/projects/demo-gut-shop/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
      found = oobCodes.filter((entry) => entry.email === email && entry.requestType === requestType).at(-1)?.oobCode;
      return found;
    })
    .toBeTruthy();
  return found!;
}

export interface StoredSession {
  authToken: string | null;
  userRole: string | null;
  previousPage: string | null;
}

export function stored(page: Page): Promise<StoredSession> {
  return page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    userRole: localStorage.getItem('userRole'),
    previousPage: localStorage.getItem('previousPage'),
  }));
}

export function userMenuTrigger(page: Page): Locator {
  return page.getByTestId('user-menu').locator(':scope > button');
}

/** Opens the user menu and returns its list of entries. */
export async function openUserMenu(page: Page): Promise<Locator> {
  const trigger = userMenuTrigger(page);
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByTestId('user-menu').getByRole('list');
  await expect(list).toBeVisible();
  return list;
}

/** Opens the mobile drawer and returns it. */
export async function openDrawer(page: Page): Promise<Locator> {
  await page.getByTestId('drawer-toggle').click();
  const drawer = page.getByTestId('mobile-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function closeDrawer(page: Page): Promise<void> {
  const drawer = page.getByTestId('mobile-drawer');
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
}

/** Logs out the way the layout offers it: the user menu on desktop, the drawer's button on mobile. */
export async function logOut(page: Page, layout: Layout): Promise<void> {
  if (layout === 'desktop') {
    const menu = await openUserMenu(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
  } else {
    const drawer = await openDrawer(page);
    await drawer.getByRole('button', { name: 'Logout' }).click();
  }
}

/** The notice (toast) carrying exactly this text. */
export function notice(page: Page, text: string): Locator {
  return page.getByTestId('notice').filter({ has: page.getByText(text, { exact: true }) });
}

/**
 * A picture of the page (or of one part of it) for people to look at, attached to the report: taken when the run
 * asks for pictures (`SCREENSHOTS=1`), since no test reads them and a full-page picture costs up to a second on a busy
 * machine. A failing test gets its picture either way.
 */
export async function keepScreenshot(
  target: Page | Locator,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean; style?: string; fromTop?: boolean; around?: Locator } = {},
): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  // Scrolled down, a full-page picture draws the sticky header over its middle.
  if (options.fromTop && 'goto' in target) await target.evaluate(() => window.scrollTo(0, 0));
  await options.around?.scrollIntoViewIfNeeded();
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage, style: options.style });
  else await target.screenshot({ path, style: options.style });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The WCAG 2 A and AA rules of axe-core (DESIGN §9). */
const AXE_TAGS = ['wcag2a', 'wcag2aa'];

/**
 * axe-core over the page as it is now: no serious or critical WCAG 2 A/AA violation (DESIGN §9). Waits for finite
 * animations first so that colours are checked as they end up. With `testInfo`, every finding (of any impact) is
 * attached to the report.
 *
 * axe-core runs in the page itself, put there once per document: `AxeBuilder` injects it again on every scan and
 * opens a second page to put the results together, which doubles a scan's time. A page with frames (the shop has
 * none) is scanned by `AxeBuilder`, which goes into each frame.
 */
export async function expectNoSeriousAxeViolations(page: Page, testInfo?: TestInfo): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let results: AxeResults;
  if (page.frames().length > 1) {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    results = await page.evaluate(
      (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
      AXE_TAGS,
    );
  }
  // A scan that checked nothing (a blank or still-loading page) would pass too.
  expect(results.passes.length, 'axe found nothing to check').toBeGreaterThan(0);
  await testInfo?.attach('axe-violations.json', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n  at ${node.target.join(' ')}\n  ${node.failureSummary?.replace(/\n/g, '\n  ')}`,
      ),
    );
  expect(serious, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
