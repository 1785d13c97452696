/**
 * The staff customer pages against the real stack, as the demo admin: a person buys Gut Heal through the shop, and
 * the admin finds them by part of their e-mail address and by the code in their kit's box, in the Gut Heal list and
 * not in the Gut 360 one, by the state of their kit; exports them as CSV; opens their page and adds a note, which
 * the history records. The list sorts by its column headers, the staff home's queues open the list they count, and
 * axe finds nothing serious on the list, a customer's page or the staff home at either width.
 *
 * Other specs register people in the same database at the same time: every check here looks for its own customer,
 * or holds whatever else the list may contain.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { addToCart, registerPerson, signInFresh, type Person } from './shopping';
import { E2E_EMULATOR_PORT } from './ports';
import { ACCOUNTS, atPath, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, PASSWORD, startSignedIn, test, type NewContext } from './support';

const KIT_CODE = /GUT-[A-Z0-9]{4}-[A-Z0-9]{4}/;

/** A newly registered person who buys one Gut Heal kit through the cart, the checkout and the test gateway. */
async function buyGutHeal(newContext: NewContext, viewport: ReturnType<Page['viewportSize']>): Promise<Person> {
  const person = await registerPerson('Kavya Raghunathan', 'staff-find');
  const context = await newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  try {
    await signInFresh(page, person.email, '/');
    await addToCart(page, '/products/ibs-heal', 'Gut Heal', 1);
    await openPage(page, '/cart');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(atPath('/checkout'));
    const form = page.getByRole('form', { name: 'Delivery address' });
    await form.getByLabel('Full name').fill(person.fullname);
    await form.getByLabel('Mobile number').fill('98450 12345');
    await form.getByLabel('House number and street').fill('7, 3rd Cross, Malleswaram');
    await form.getByLabel('City or town').fill('Bengaluru');
    await form.getByLabel('State or union territory').selectOption('Karnataka');
    await form.getByLabel('PIN code').fill('560003');
    await form.getByRole('button', { name: 'Save and continue' }).click();
    const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
    expect(total).toMatch(/^₹[\d,]+(\.\d{2})?$/);
    await page.getByRole('button', { name: /^Place order and pay/ }).click();
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(atPath('/success'));
    await expect(page.getByTestId('paid-order')).toContainText('Payment received: order GS-');
  } finally {
    await context.close();
  }
  return person;
}

/**
 * Customers of this test's own, registered as /register does it (a Firebase account, then the profile with name and
 * mobile), so that a sorted list has names to put in order whatever else runs beside it.
 */
async function registerCustomers(page: Page, fullnames: string[]): Promise<void> {
  for (const fullname of fullnames) {
    const signUp = await fetch(`http://127.0.0.1:${E2E_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `staff-sort-${randomUUID()}@example.test`, password: PASSWORD, returnSecureToken: true }),
    });
    expect(signUp.ok, await signUp.clone().text()).toBe(true);
    const { idToken } = (await signUp.json()) as { idToken: string };
    const phone = `+9197${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const registered = await page.request.post('/api/auth/register', { data: { idToken, fullname, phone } });
    expect(registered.status(), await registered.text()).toBe(200);
  }
}

function customersTable(page: Page): Locator {
  return page.getByTestId('customers');
}

/** The rows of the list, the header row left out. */
function customerRows(page: Page): Locator {
  return customersTable(page).getByRole('row').filter({ has: page.getByRole('rowheader') });
}

function pager(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Pages of customers' });
}

/** Searches with the search box and waits for the server's answer to that search. */
async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.fill(text);
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/customers' && new URL(response.url()).searchParams.get('q') === text,
  );
  await box.press('Enter');
  expect((await answered).status()).toBe(200);
  // The address keeps it, so that back and reload return to it.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
  await expect(box).toHaveValue(text);
}

/** The names in the rows, top to bottom, once the list has settled. */
async function shownNames(page: Page): Promise<string[]> {
  await expect(customersTable(page)).toHaveAttribute('aria-busy', 'false');
  return customerRows(page).getByRole('rowheader').getByRole('link').allTextContents();
}

const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

async function openCustomersList(page: Page): Promise<void> {
  await openPage(page, '/admin/customers-list');
  await expect(page.getByRole('heading', { level: 1, name: 'List of Customers' })).toBeVisible();
  await expect(customersTable(page)).toBeVisible();
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await keepScreenshot(page, testInfo, name, { fullPage: true });
}

test('an admin finds a buyer by e-mail and kit code, in their product’s list and by their kit’s state, exports them and adds a note', { tag: '@desktop' }, async ({
  newContext,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const buyer = await buyGutHeal(newContext, page.viewportSize());
  const emailPart = buyer.email.slice(0, buyer.email.indexOf('@'));

  await startSignedIn(page, ACCOUNTS.admin);
  await openCustomersList(page);

  // Part of the e-mail address, in capitals: one customer, one page.
  await search(page, emailPart.toUpperCase());
  await expect(customerRows(page)).toHaveCount(1);
  const row = customerRows(page).first();
  await expect(row.getByRole('rowheader').getByRole('link')).toHaveText('Kavya Raghunathan');
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText('Gut Heal');
  await expect(row).toContainText('1 (0 activated)');
  await expect(page.getByTestId('list-range')).toHaveText('1–1 of 1');
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();

  // The state of the kit: the demo warehouse delivered it at once.
  const kitState = page.getByRole('combobox', { name: 'Has a kit that is' });
  await kitState.selectOption({ label: 'Delivered, not activated' });
  await expect(page).toHaveURL(/kitState=delivered/);
  await expect(customerRows(page)).toHaveCount(1);
  await expect(customerRows(page).first()).toContainText(buyer.email);
  await kitState.selectOption({ label: 'Report ready' });
  await expect(page).toHaveURL(/kitState=reportReady/);
  await expect(page.getByTestId('customers-empty')).toHaveText('No customer matches these filters.');
  await kitState.selectOption({ label: 'Any state' });
  await expect(customerRows(page)).toHaveCount(1);
  await expect(page).not.toHaveURL(/kitState=/);

  // The export of what is shown: this customer alone.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export customers as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Name,E-mail,Phone,Signed up (IST),Paid orders,Last order (IST),Products,Kits,Kits activated');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Kavya Raghunathan,${buyer.email},`);
  expect(lines[1]).toContain(',1,');
  expect(lines[1]).toMatch(/,Gut Heal,1,0$/);
  await expect(page.getByText(`Saved ${download.suggestedFilename()}: 1 row.`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo);

  // Their page: the kit with the code in its box.
  await row.getByRole('link', { name: 'Kavya Raghunathan' }).click();
  await expect(page).toHaveURL(/\/admin\/gut-360-customer-details\?id=[^&]+$/);
  const customerPage = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Kavya Raghunathan' })).toBeVisible();
  const kits = page.getByRole('region', { name: 'Kits (1)' });
  await expect(kits).toContainText('Gut Heal');
  await expect(kits).toContainText('Delivered');
  const code = (await kits.getByText(KIT_CODE).textContent())?.trim() ?? '';
  expect(code).toMatch(new RegExp(`^${KIT_CODE.source}$`));
  await expect(page.getByRole('region', { name: 'Orders (1)' })).toContainText('Paid');
  await expect(page.getByRole('region', { name: 'Addresses (1)' })).toContainText('7, 3rd Cross, Malleswaram, Bengaluru, Karnataka 560003');

  // A note, kept with the admin's name, and its line in the history.
  const notes = page.getByRole('region', { name: /^Notes/ });
  await expect(notes).toContainText('No notes yet.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Write the note first.')).toBeVisible();
  await notes.getByRole('textbox', { name: 'New note' }).fill('  Asked for the sample pickup on Saturday morning.  ');
  await notes.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByTestId('customer-notes').getByRole('listitem').first();
  await expect(note).toContainText('Asked for the sample pickup on Saturday morning.');
  await expect(note).toContainText(`${ACCOUNTS.admin.fullname}, `);
  await expect(page.getByRole('region', { name: 'Notes (1)' })).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'New note' })).toHaveValue('');
  await expect(page.getByRole('region', { name: /^History/ })).toContainText(`note.added by ${ACCOUNTS.admin.fullname}`);
  await expectNoSeriousAxeViolations(page, testInfo);
  await screenshot(page, testInfo, 'customer-page');

  // The code printed in the kit's box finds its owner, typed in lower case.
  await page.getByRole('link', { name: '← List of Customers' }).click();
  await expect(page).toHaveURL(atPath('/admin/customers-list'));
  await search(page, code.toLowerCase());
  await expect(customerRows(page)).toHaveCount(1);
  await expect(customerRows(page).first()).toContainText(buyer.email);

  // In the Gut Heal list, not in the Gut 360 one.
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'IBS Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IBS Customers' })).toBeVisible();
  await search(page, emailPart);
  await expect(customerRows(page)).toHaveCount(1);
  const inList = customerRows(page).first().getByRole('link', { name: 'Kavya Raghunathan' });
  await expect(inList).toHaveAttribute('href', `/admin/ibs-customer-details?id=${new URL(customerPage).searchParams.get('id')}`);
  await sidebar.getByRole('link', { name: 'Gut 360 Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gut 360 Customers' })).toBeVisible();
  await search(page, emailPart);
  await expect(page.getByTestId('customers-empty')).toHaveText('No customer matches these filters.');
  await sidebar.getByRole('link', { name: 'Gut Heal Gut360 Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gut Heal Gut360 Customers' })).toBeVisible();
  await search(page, emailPart);
  await expect(page.getByTestId('customers-empty')).toHaveText('No customer matches these filters.');
});

test('the list holds the demo customer, and its Name header sorts A to Z, then Z to A', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await registerCustomers(page, ['Aadhya Bose', 'Zubin Wadia']);
  await startSignedIn(page, ACCOUNTS.admin);
  await openCustomersList(page);

  // The first customer of the demo data signed up before anyone this run registers.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest sign-ups first' });
  await expect(page).toHaveURL(/[?&]sort=signedUpAt(&|$)/);
  await expect(customerRows(page).first().getByRole('rowheader').getByRole('link')).toHaveText(ACCOUNTS.customer.fullname);
  await expect(customerRows(page).first()).toContainText(ACCOUNTS.customer.email);
  await expect(customersTable(page).getByRole('columnheader', { name: 'Signed up' })).toHaveAttribute('aria-sort', 'ascending');

  const nameHeader = customersTable(page).getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).not.toHaveAttribute('aria-sort');
  await nameHeader.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(customersTable(page).getByRole('columnheader', { name: 'Signed up' })).not.toHaveAttribute('aria-sort');
  await expect(customersTable(page)).toHaveAccessibleName('List of Customers, name, a to z');
  const ascending = await shownNames(page);
  expect(new Set(ascending).size).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort(byName));

  await nameHeader.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(customersTable(page)).toHaveAccessibleName('List of Customers, name, z to a');
  const descending = await shownNames(page);
  expect(descending).toEqual([...descending].sort(byName).reverse());
  expect(descending[0]).not.toBe(ascending[0]);
  await expectNoSeriousAxeViolations(page, testInfo);
});

test('on a phone the rows stand as cards and the Sort by select orders them, the headers saying which way', { tag: '@phone' }, async ({ page }, testInfo) => {
  await registerCustomers(page, ['Aadhya Bose', 'Zubin Wadia']);
  await startSignedIn(page, ACCOUNTS.admin);
  await openCustomersList(page);
  const first = customerRows(page).first();
  // Each card names its values for the eye.
  await expect(first.getByText('E-mail', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name, Z to A' });
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(customersTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  const names = await shownNames(page);
  expect(new Set(names).size).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort(byName).reverse());
  await screenshot(page, testInfo, 'customers-list-phone');
});

test('the staff home shows the work queues and the figures, and "Paid kits to ship" opens the orders holding those kits', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await startSignedIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(atPath('/admin-home'));
  await expect(page.getByRole('heading', { level: 2, name: 'Work to do' })).toBeVisible();
  const queues = page.getByTestId('staff-queues').getByRole('link');
  await expect(queues).toHaveText([
    /^[\d,]+Paid kits to ship$/,
    /^[\d,]+Parcels stuck with the courier$/,
    /^[\d,]+Delivered 14\+ days ago, not activated$/,
    /^[\d,]+Activated 3\+ days ago, no pickup booked$/,
    /^[\d,]+Samples at the lab awaiting a report$/,
    /^[\d,]+Samples that failed quality control$/,
    /^[\d,]+Cancelled kits to refund$/,
    /^[\d,]+Erasure requests to complete$/,
    /^[\d,]+Contact messages to answer$/,
  ]);
  await expect(queues.nth(1)).toHaveAttribute('href', '/admin/orders?attention=stuckParcels');
  await expect(queues.nth(2)).toHaveAttribute('href', '/admin/orders?kitState=delivered&days=14');
  await expect(queues.nth(3)).toHaveAttribute('href', '/admin/orders?kitState=activated&days=3&attention=unbookedPickups');
  await expect(queues.nth(7)).toHaveAttribute('href', '/admin/erasure-requests?status=pending');
  await expect(queues.nth(8)).toHaveAttribute('href', '/admin/contact-messages?status=open');

  await expect(page.getByRole('heading', { level: 2, name: 'The business' })).toBeVisible();
  // Each period: net, then what was paid and what refunds gave back, then the paid orders.
  const amount = '−?₹[\\d,]+(\\.\\d\\d)?';
  for (const [key, label] of [['today', 'Today'], ['last7Days', 'Last 7 days'], ['last30Days', 'Last 30 days']] as const) {
    await expect(page.getByTestId(`figures-${key}`)).toHaveText(new RegExp(`^${label}${amount}netPaid${amount}Refunded${amount}[\\d,]+ paid orders?$`));
  }
  await expect(page.getByText('Kits by journey state')).toBeVisible();
  await expect(page.getByTestId('kits-by-state').getByRole('term')).toHaveCount(11);
  await expectNoSeriousAxeViolations(page, testInfo);
  await screenshot(page, testInfo, 'staff-home');

  await page.getByRole('link', { name: /Paid kits to ship$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?kitState=paid$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Holding a kit that is' })).toHaveValue('paid');
  // The demo warehouse ships every kit at once, so the queue may well be empty.
  await expect(page.getByRole('table', { name: /^Orders,/ }).or(page.getByTestId('orders-empty'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
});

test('the customers list and a customer’s page have no serious accessibility violations', async ({ page }, testInfo) => {
  await startSignedIn(page, ACCOUNTS.admin);
  await openCustomersList(page);
  await expectNoSeriousAxeViolations(page, testInfo);
  await screenshot(page, testInfo, 'customers-list');

  await search(page, ACCOUNTS.customer.email);
  await expect(customerRows(page)).toHaveCount(1);
  await customerRows(page).first().getByRole('link', { name: ACCOUNTS.customer.fullname }).click();
  await expect(page.getByRole('heading', { level: 1, name: ACCOUNTS.customer.fullname })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(ACCOUNTS.customer.email);
  await expect(page.getByRole('region', { name: /^History/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo);
});
