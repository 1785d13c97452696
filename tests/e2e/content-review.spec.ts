/**
 * Authoring and review against the real stack, at both widths: the demo nutritionist writes a recipe with a cover,
 * the demo admin asks for changes in the review queue, the nutritionist makes them and resubmits, the admin approves
 * and publishes, and a signed-out visitor finds it through the list's filters, on its page and in the cookbook. The
 * demo doctor's post goes the same way to the blog, the sitemap and the server's HTML. Who may open what, and the
 * contact form and the ebook's download. Each person has a browser context of their own.
 */
import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import {
  ACCOUNTS,
  atPath,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  notice,
  PASSWORD,
  startSignedIn,
  stored,
  submitSignIn,
  test,
  type Account,
  type NewContext,
} from './support';

/**
 * Letters only: the blog's search is Postgres full text, which reads digits among letters as numbers of its own, and
 * a title made of this word is found by it whole. Unique per test and project, as both widths run side by side.
 */
function uniqueWord(): string {
  return [...randomUUID().replace(/-/g, '').slice(0, 10)].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/** A full page load, ready to use once the promotion is out of the way. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await dismissPromo(page);
}

/** A new person at the same width, in a browser context of their own; signed in when an account is given. */
async function person(newContext: NewContext, page: Page, account?: Account): Promise<Page> {
  const context = await newContext({ viewport: page.viewportSize() });
  const other = await context.newPage();
  if (account) await startSignedIn(other, account);
  return other;
}

async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: T }> {
  const { authToken } = await stored(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${authToken}` }, data });
  return { status: response.status(), body: (await response.json()) as T };
}

async function coverPicture(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 214, g: 160, b: 60 } } })
    .png()
    .toBuffer();
}

/** The piece's id, from its edit page's address. */
function pieceId(page: Page): string {
  const id = new URL(page.url()).searchParams.get('id');
  if (!id) throw new Error(`no ?id= in ${page.url()}`);
  return id;
}

/** Waits for the autosave to have kept every change (it saves 2 s after the last one). */
async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status').getByRole('status')).toHaveText(/^Saved at /, { timeout: 20_000 });
}

/** Takes a review step from the edit page's review panel and waits for the state it leads to. */
async function reviewStep(page: Page, button: string, state: string): Promise<void> {
  const panel = page.getByTestId('review-panel');
  await panel.getByTestId('review-steps').getByRole('button', { name: button, exact: true }).click();
  await expect(panel.getByTestId('review-state')).toHaveText(state);
}

async function fitsTheWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Starts a piece from its create page (/recipe/create or /blogs/create) and waits for its edit page. */
async function startPiece(page: Page, createPath: '/recipe/create' | '/blogs/create', title: string, editHeading: string): Promise<string> {
  await open(page, createPath);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Start writing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: editHeading })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  return pieceId(page);
}

/** Types paragraphs into the rich-text editor named `label` (Tiptap's contenteditable, loaded with the page). */
async function writeText(page: Page, label: string, paragraphs: string[]): Promise<void> {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  for (const [index, paragraph] of paragraphs.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(paragraph);
  }
  await expect(editor.locator('p')).toHaveCount(paragraphs.length);
}

test('a nutritionist writes a recipe, an admin asks for changes, then approves and publishes it; a visitor finds it by diet and benefit and in the cookbook', { tag: '@desktop' }, async ({
  newContext,
  page,
  layout,
}, testInfo) => {
  test.setTimeout(300_000);
  const word = uniqueWord();
  const title = `Sprouted moong and cucumber salad ${word}`;
  const comment = 'Please add a step on how long to sprout the moong, and keep the salt low.';

  // The nutritionist starts the recipe and fills every part of it.
  const author = page;
  await startSignedIn(author, ACCOUNTS.nutritionist);
  const id = await startPiece(author, '/recipe/create', title, 'Edit a recipe');
  const editPath = `/recipe/create?id=${id}`;
  const slug = await author.getByRole('textbox', { name: 'Address (slug)' }).inputValue();
  expect(slug).toBe(`sprouted-moong-and-cucumber-salad-${word}`);
  await expect(author.getByTestId('review-state')).toHaveText('Draft');

  await author.getByLabel('Summary').fill('A crunchy, no-cook salad of sprouted green gram, cucumber and lemon for a light lunch.');
  await author.getByTestId('cover-input').setInputFiles({ name: 'salad.png', mimeType: 'image/png', buffer: await coverPicture() });
  await expect(author.getByTestId('cover-picture')).toContainText('1200 × 675 pixels');
  await writeText(author, 'Introduction', [
    'Sprouted moong is a staple of Maharashtrian and Gujarati kitchens, eaten as usal, misal or simply as a salad.',
    'Make it on a warm day when you want something light that still keeps you full until dinner.',
  ]);
  await author.getByLabel('Course').selectOption({ label: 'Side dish' });
  await author.getByLabel('Servings').fill('2');
  await author.getByLabel('Preparation (minutes)').fill('15');
  await author.getByLabel('Cooking (minutes)').fill('0');
  await author.getByRole('checkbox', { name: 'Vegetarian' }).check();
  await author.getByRole('checkbox', { name: 'Fibre', exact: true }).check();

  for (const [index, [quantity, item]] of [
    ['1 katori', 'Sprouted moong'],
    ['1', 'Cucumber, diced'],
    ['1 tbsp', 'Lemon juice'],
  ].entries()) {
    await author.getByRole('button', { name: 'Add an ingredient' }).click();
    await author.getByLabel(`Ingredient ${index + 1}`, { exact: true }).fill(item!);
    await author.getByLabel(`Quantity of ingredient ${index + 1}`).fill(quantity!);
  }
  for (const [index, step] of ['Rinse the sprouted moong and drain it well.', 'Toss it with the cucumber, lemon juice and a pinch of salt.'].entries()) {
    await author.getByRole('button', { name: 'Add a step' }).click();
    await author.getByLabel(`Step ${index + 1}`, { exact: true }).fill(step);
  }
  for (const [label, value] of [
    ['Energy (kcal)', '180'],
    ['Protein (g)', '11'],
    ['Carbohydrates (g)', '28'],
    ['Fat (g)', '1.5'],
    ['Fibre (g)', '7'],
  ]) {
    await author.getByLabel(label!, { exact: true }).fill(value!);
  }
  await author
    .getByLabel('Why it is good for the gut')
    .fill('Sprouted moong and cucumber bring fibre, which the bacteria of the large intestine ferment; eaten raw, the salad keeps its crunch.');
  await saved(author);

  await expect(author.getByTestId('ingredient-rows').getByRole('listitem')).toHaveCount(3);
  await expectNoSeriousAxeViolations(author, testInfo);
  await fitsTheWidth(author);
  await keepScreenshot(author, testInfo, `recipe-edit-${layout}`, { fullPage: true, fromTop: true });

  // Its preview shows it as readers will see it.
  await author.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(author).toHaveURL(atPath('/recipe/test'));
  await expect(author.getByTestId('preview-banner')).toContainText('Preview — not published');
  await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(author.getByRole('region', { name: 'Ingredients' })).toContainText('1 katori Sprouted moong');
  await author.getByRole('link', { name: 'Back to the recipe' }).click();
  await expect(author).toHaveURL(atPath('/recipe/create'));

  await reviewStep(author, 'Submit for review', 'Waiting for review');
  await expect(author.getByTestId('read-only-note')).toContainText('It is waiting for review');

  // The admin finds it in the queue and sends it back with a comment.
  const admin = await person(newContext, page, ACCOUNTS.admin);
  await open(admin, '/recipe/approve');
  await expect(admin.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await admin.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Recipes' }).click();
  await expect(admin).toHaveURL(/\/recipe\/approve\?kind=recipe$/);
  const queued = admin.getByTestId('review-queue').getByRole('link', { name: new RegExp(title) });
  await expect(queued).toContainText('by Nisha Iyer, Nutritionist');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await fitsTheWidth(admin);
  await keepScreenshot(admin, testInfo, `review-queue-${layout}`, { fullPage: true, fromTop: true });
  await queued.click();
  await expect(admin).toHaveURL(atPath('/recipe/create'));
  expect(pieceId(admin)).toBe(id);
  await expect(admin.getByTestId('read-only-note')).toContainText('Only its author, Nisha Iyer, changes the text.');
  await admin.getByRole('button', { name: 'Request changes' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Request changes' });
  await dialog.getByRole('button', { name: 'Send back to the author' }).click();
  await expect(dialog).toContainText('Write what should change; the author needs to know.');
  await dialog.getByLabel('What should change').fill(comment);
  await dialog.getByRole('button', { name: 'Send back to the author' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId('review-state')).toHaveText('Changes requested');

  // The nutritionist reads the comment, adds the step and submits it again.
  await open(author, editPath);
  await expect(author.getByTestId('review-state')).toHaveText('Changes requested');
  await expect(author.getByTestId('review-comment')).toContainText('The reviewer asks you to change this');
  await expect(author.getByTestId('review-comment')).toContainText(comment);
  await expect(author.getByTestId('review-history')).toContainText(comment);
  // What the autosave kept is what the page opens with.
  await expect(author.getByTestId('cover-picture')).toContainText('1200 × 675 pixels');
  await expect(author.getByRole('checkbox', { name: 'Vegetarian' })).toBeChecked();
  await expect(author.getByRole('checkbox', { name: 'Fibre', exact: true })).toBeChecked();
  await expect(author.getByLabel('Course')).toHaveValue('side');
  await expect(author.getByLabel('Ingredient 2', { exact: true })).toHaveValue('Cucumber, diced');
  await expect(author.getByLabel('Fat (g)', { exact: true })).toHaveValue('1.5');
  await expect(author.getByRole('textbox', { name: 'Introduction', exact: true }).locator('p')).toHaveCount(2);
  await author.getByRole('button', { name: 'Add a step' }).click();
  await author.getByLabel('Step 3', { exact: true }).fill('Sprout the moong for a day beforehand: soak it overnight, then keep it covered in a damp cloth.');
  await author.getByRole('button', { name: 'Move step 3 up' }).click();
  await author.getByRole('button', { name: 'Move step 2 up' }).click();
  await expect(author.getByLabel('Step 1', { exact: true })).toHaveValue(/^Sprout the moong for a day/);
  await saved(author);
  await reviewStep(author, 'Submit for review', 'Waiting for review');

  // The admin approves and publishes it.
  await open(admin, editPath);
  await reviewStep(admin, 'Approve', 'Approved');
  await reviewStep(admin, 'Publish', 'Published');
  await expect(admin.getByTestId('review-history').getByRole('listitem')).toHaveCount(5);

  // A signed-out visitor finds it through the list's filters, reads it, and finds it in the cookbook.
  const visitor = await person(newContext, page);
  await open(visitor, '/recipe-list');
  await visitor.getByRole('group', { name: 'Diet' }).getByRole('button', { name: 'Vegetarian' }).click();
  await expect(visitor.getByRole('button', { name: 'Vegetarian' })).toHaveAttribute('aria-pressed', 'true');
  await visitor.getByLabel('Gut benefit').selectOption({ label: 'Fibre' });
  await expect(visitor).toHaveURL(/[?&]vegetarian=true/);
  await expect(visitor).toHaveURL(/[?&]benefit=fibre/);
  await expect(visitor.getByTestId('recipes-status')).toContainText('for Vegetarian, Fibre.');
  const card = visitor.getByTestId('recipe-card').filter({ hasText: title });
  await expect(card).toContainText('Vegetarian');
  await expect(card).toContainText('Total 15 min');
  await card.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/recipe\\?slug=${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const ingredients = visitor.getByRole('region', { name: 'Ingredients' });
  await expect(ingredients.getByRole('listitem')).toHaveText(['1 katori Sprouted moong', '1 Cucumber, diced', '1 tbsp Lemon juice']);
  await expect(visitor.getByRole('region', { name: 'Method' }).getByRole('listitem').first()).toContainText('Sprout the moong for a day');
  await expect(visitor.locator('article img').first()).toHaveAttribute('src', /\/api\/content-images\//);
  // Opened afresh, as from a search result: the page the server sends, taken over by the shop.
  await open(visitor, `/recipe?slug=${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ingredients.getByRole('listitem')).toHaveCount(3);
  await expectNoSeriousAxeViolations(visitor, testInfo);
  await fitsTheWidth(visitor);
  await keepScreenshot(visitor, testInfo, `published-recipe-${layout}`, { fullPage: true, fromTop: true });

  // The server sends its text in the page's HTML, and lists it in the sitemap.
  const html = await visitor.request.get(`/recipe?slug=${slug}`);
  expect(await html.text()).toContain(`<h1>${title}</h1>`);
  expect(await (await visitor.request.get('/sitemap.xml')).text()).toContain(`/recipe?slug=${slug}</loc>`);

  await open(visitor, '/cookbook');
  const inCookbook = visitor.getByRole('article', { name: title });
  await expect(inCookbook).toContainText('Sprouted moong');
  await expect(inCookbook).toContainText('Recipe by Nisha Iyer, Nutritionist');
  await expect(visitor.getByRole('region', { name: 'Side dish', exact: true })).toContainText(title);

  await admin.context().close();
  await visitor.context().close();
});

test('a doctor’s post, approved and published, is found on the blog, in the sitemap and in the HTML the server sends', { tag: '@desktop' }, async ({
  newContext,
  page,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const title = `Curd rice after antibiotics ${word}`;

  const doctor = page;
  await startSignedIn(doctor, ACCOUNTS.doctor);
  const id = await startPiece(doctor, '/blogs/create', title, 'Edit a blog post');
  const slug = await doctor.getByRole('textbox', { name: 'Address (slug)' }).inputValue();
  expect(slug).toBe(`curd-rice-after-antibiotics-${word}`);
  await doctor.getByLabel('Summary').fill('Why many Indian families reach for curd rice after a course of antibiotics, and what to discuss with your doctor.');
  const tags = doctor.getByRole('textbox', { name: 'Tags' });
  await tags.fill('antibiotics');
  await tags.press('Enter');
  await expect(doctor.getByRole('list', { name: 'Tags' })).toContainText('antibiotics');
  await expect(doctor.getByRole('button', { name: 'Remove the tag antibiotics' })).toBeVisible();
  await writeText(doctor, 'Text', [
    'A course of antibiotics treats an infection, and it can also upset the other bacteria that live in the gut for a while.',
    'Curd rice is a familiar, gentle meal in many Indian homes during and after such a course. Curd is a fermented food, and plain rice is easy to digest.',
    'Finish the course your doctor prescribed, and ask them before you add any supplement. If loose stools last for more than a few days, see your doctor again.',
  ]);
  await saved(doctor);
  await reviewStep(doctor, 'Submit for review', 'Waiting for review');

  const admin = await person(newContext, page, ACCOUNTS.admin);
  await open(admin, `/blog/edit?id=${id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Edit a blog post' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Text' })).toContainText('Curd rice is a familiar, gentle meal');
  await reviewStep(admin, 'Approve', 'Approved');
  await reviewStep(admin, 'Publish', 'Published');

  const visitor = await person(newContext, page);
  await open(visitor, '/blogs-list');
  await visitor.getByRole('searchbox', { name: 'Search the blog' }).fill(word);
  await visitor.getByRole('search', { name: 'Search the blog' }).getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(new RegExp(`[?&]q=${word}`));
  const cards = visitor.getByTestId('post-card');
  await expect(cards).toHaveCount(1);
  await cards.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog\\?slug=${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('article', { name: title })).toContainText('Devika Rao');
  await expect(visitor.getByRole('link', { name: 'Posts tagged antibiotics' })).toBeVisible();

  const sitemap = await visitor.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`/blog?slug=${slug}</loc>`);

  const html = await visitor.request.get(`/blog?slug=${slug}`);
  expect(html.status()).toBe(200);
  const text = await html.text();
  expect(text).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
  expect(text).toContain(`<title>${title} | Gut360 Health</title>`);
  expect(text).toContain('Curd rice is a familiar, gentle meal');

  await admin.context().close();
  await visitor.context().close();
});

test('another author cannot open a nutritionist’s draft nor the review queue; a customer is kept out of authoring and review, and a visitor is sent to sign in', { tag: '@desktop' }, async ({
  newContext,
  page,
}) => {
  test.setTimeout(180_000);
  const title = `Ragi porridge with jaggery ${uniqueWord()}`;

  // The nutritionist's draft, made through the same call the create page uses.
  const nutritionist = page;
  await startSignedIn(nutritionist, ACCOUNTS.nutritionist);
  const created = await call<{ item: { _id: string; state: string } }>(nutritionist, 'POST', '/api/authoring/items', { kind: 'recipe', title });
  expect(created.status).toBe(201);
  expect(created.body.item.state).toBe('draft');
  const draftPath = `/recipe/create?id=${created.body.item._id}`;

  // The doctor, staff too, is told there is no such piece, and gets no editor.
  const doctor = await person(newContext, page, ACCOUNTS.doctor);
  await open(doctor, draftPath);
  await expect(doctor.getByRole('heading', { level: 1, name: 'Edit a recipe' })).toBeVisible();
  await expect(doctor.getByText('We could not find this piece.')).toBeVisible();
  await expect(doctor.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  await expect(doctor.getByTestId('review-panel')).toHaveCount(0);
  await expect(doctor.getByText(title)).toHaveCount(0);
  const refused = await call<{ message: string }>(doctor, 'GET', `/api/authoring/items/${created.body.item._id}`);
  expect(refused.status).toBe(404);
  // The queue is the admins'.
  await open(doctor, '/recipe/approve');
  await expect(doctor.getByTestId('admins-only')).toContainText('Only admins review posts and recipes.');
  await expect(doctor.getByTestId('review-queue')).toHaveCount(0);

  // Its author still opens it.
  await open(nutritionist, draftPath);
  await expect(nutritionist.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

  // A customer is told the staff's pages are not theirs.
  const customer = await person(newContext, page, ACCOUNTS.customer);
  for (const path of ['/blogs/create', '/recipe/approve']) {
    await open(customer, path);
    await expect(customer).toHaveURL(atPath(path));
    await expect(customer.getByRole('heading', { level: 1, name: 'Welcome, Chetan Customer' })).toBeVisible();
    await expect(customer.getByText('This area is for our team.')).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Start writing' })).toHaveCount(0);
    await expect(customer.getByRole('heading', { name: 'Review queue' })).toHaveCount(0);
  }
  const notStaff = await call<unknown>(customer, 'GET', '/api/authoring/items?state=submitted');
  expect(notStaff.status).toBe(403);

  // A signed-out visitor is sent to the staff sign-in, and arrives at the page once signed in.
  const visitor = await person(newContext, page);
  await visitor.goto('/blogs/create');
  await expect(visitor).toHaveURL(atPath('/admin/login'));
  await expect(notice(visitor, 'Please sign in with your staff account.')).toBeVisible();
  expect((await stored(visitor)).previousPage).toBe('/blogs/create');
  await dismissPromo(visitor);
  await submitSignIn(visitor, ACCOUNTS.doctor.email, PASSWORD, '/admin/login');
  await expect(visitor).toHaveURL(atPath('/blogs/create'));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Write a blog post' })).toBeVisible();

  await doctor.context().close();
  await customer.context().close();
  await visitor.context().close();
});

test('the contact form checks its fields and answers with a reference; the ebook refuses a bad address and gives a PDF', { tag: '@phone' }, async ({ page }, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  const word = uniqueWord();

  await open(page, '/contact-us');
  const contact = page.getByRole('form', { name: 'Send us a message' });
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact).toContainText('Please enter your full name.');
  await expect(contact).toContainText('Please enter your e-mail address.');
  await expect(contact).toContainText('Please choose what your message is about.');
  await expect(contact).toContainText('Please write a little more: at least 10 characters.');
  await expect(contact.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page, testInfo);

  await contact.getByLabel('Full name').fill('Meera Iyer');
  await contact.getByLabel('E-mail address').fill(`meera-${word}@example.test`);
  await contact.getByLabel('Topic').selectOption({ label: 'My kit, sample or pickup' });
  await contact.getByLabel('Message').fill('The courier has not come to pick up my sample yet. When should I expect them?');
  await contact.getByRole('button', { name: 'Send message' }).click();
  const sent = page.getByTestId('contact-sent');
  await expect(sent).toContainText('Thank you, Meera Iyer. We have your message.');
  await expect(sent).toContainText(/Your reference is CM-\d+/);
  await expect(sent).toContainText(`We will answer at meera-${word}@example.test.`);
  await expect(sent.getByRole('heading', { level: 2 })).toBeFocused();

  await open(page, '/Microbiomeandhealthebook');
  const ebook = page.getByRole('form', { name: 'Get the free ebook' });
  await ebook.getByLabel('Your name').fill('Meera Iyer');
  await ebook.getByLabel('E-mail address').fill('meera@example');
  await ebook.getByRole('button', { name: 'Get the ebook' }).click();
  await expect(ebook).toContainText('Please enter a valid e-mail address, like name@example.com.');
  await expect(ebook.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('ebook-ready')).toHaveCount(0);

  await ebook.getByLabel('E-mail address').fill(`meera-${word}@example.test`);
  await ebook.getByRole('button', { name: 'Get the ebook' }).click();
  const ready = page.getByTestId('ebook-ready');
  await expect(ready).toContainText('Thank you, Meera Iyer. Your ebook is ready.');
  await expect(ready).toContainText('We will not e-mail you: you did not tick the box.');
  const download = ready.getByRole('link', { name: 'Download the ebook (PDF)' });
  await expect(download).toBeFocused();
  const href = await download.getAttribute('href');
  expect(href).toMatch(/\/api\/ebook\/file\/[^/]+$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
