/**
 * Writing and reviewing posts and recipes: each author sees and writes only their own pieces and an admin sees
 * everyone's; saves keep revisions (an autosave updates the author's latest), restores make new ones; the text is
 * sanitised on the server against the OWASP filter-evasion payloads; the review steps are the content-review
 * machine's, each with its history event and audit row; submitting needs a complete piece; addresses are unique.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import {
  completeSave,
  createItem,
  newItem,
  POST_TEXT,
  publishedItem,
  RECIPE_PARTS,
  reviewItem,
  saveItem,
  stepItem,
  type AuthoringItem,
  type AuthoringItemSave,
} from './content-fixtures';
import { expectContract } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { UNCLOSED_PAYLOADS, XSS_PAYLOADS } from './xss-payloads';

type AuthoringSummary = components['schemas']['AuthoringSummary'];
type ContentRevision = components['schemas']['ContentRevision'];
type Post = components['schemas']['Post'];
type ErrorBody = { message: string; code?: string; fields?: Record<string, string> };

// jsdom ships no types of its own; this is the one constructor used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

/** What would run in a browser: script-bearing elements, event-handler attributes, and script or data URLs. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const pattern of [/<script/i, /<iframe/i, /<svg/i, /<math/i, /<object/i, /<embed/i, /<style/i, /<form/i, /srcdoc/i]) {
    if (pattern.test(html)) found.push(`text matching ${pattern}`);
  }
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  for (const element of document.body.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${element.tagName} ${name}`);
      if (name === 'style' || name === 'srcset' || name === 'srcdoc') found.push(`${element.tagName} ${name}`);
      // eslint-disable-next-line no-control-regex -- browsers ignore these inside a URL's scheme, so the check does too
      const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if ((name === 'href' || name === 'src') && /^(javascript|data|vbscript):/.test(url)) found.push(`${element.tagName} ${name}=${value}`);
    }
  }
  return found;
}

describe.each(backends)('authoring posts and recipes on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let otherAdmin: Customer;
  let doctor: Customer;
  let otherDoctor: Customer;
  let nutritionist: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    [admin, otherAdmin, doctor, otherDoctor, nutritionist] = await Promise.all([
      newCustomer(app(), 'admin'),
      newCustomer(app(), 'admin'),
      newCustomer(app(), 'doctor'),
      newCustomer(app(), 'doctor'),
      newCustomer(app(), 'nutritionist'),
    ]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const getItem = (who: Customer, id: string) => app().inject({ method: 'GET', url: `/api/authoring/items/${id}`, headers: who.auth });
  const list = async (who: Customer, query = '') =>
    expectContract<{ items: AuthoringSummary[]; total: number }>(
      await app().inject({ method: 'GET', url: `/api/authoring/items${query}`, headers: who.auth }),
      'listAuthoringItems',
      200,
    );
  const revisions = async (who: Customer, id: string) =>
    expectContract<{ items: ContentRevision[] }>(
      await app().inject({ method: 'GET', url: `/api/authoring/items/${id}/revisions`, headers: who.auth }),
      'listContentRevisions',
      200,
    ).items;
  const restore = (who: Customer, id: string, revisionId: string) =>
    app().inject({ method: 'POST', url: `/api/authoring/items/${id}/revisions/${revisionId}/restore`, headers: who.auth, payload: {} });
  const saved = async (who: Customer, id: string, payload: AuthoringItemSave) =>
    expectContract<{ item: AuthoringItem }>(await saveItem(app(), who, id, payload), 'saveAuthoringItem', 200).item;
  const auditOf = (id: string) =>
    app().db.query<{ action: string; actor_user_id: string; before: unknown; after: unknown; reason: string | null }>(
      `SELECT action, actor_user_id, before, after, reason FROM audit_log WHERE entity = 'content_item' AND entity_id = $1 ORDER BY id`,
      [id],
    );

  describe('a draft', () => {
    it('starts as its author’s draft, with an address made from its title and its first revision', async () => {
      const item = await newItem(app(), doctor, 'post', 'Dal, Chawal & the Gut: Ghar ka Khana!');
      expect(item).toMatchObject({
        kind: 'post',
        slug: 'dal-chawal-the-gut-ghar-ka-khana',
        state: 'draft',
        author: { name: 'Test Buyer', role: 'doctor' },
        isAuthor: true,
        allowedSteps: ['submit'],
        reviewComment: null,
        history: [],
        revision: 1,
        recipe: null,
        publishedAt: null,
      });
      expect((await auditOf(item._id)).map((row) => row.action)).toEqual(['content.created']);
    });

    it('starts a recipe with its parts empty', async () => {
      const item = await newItem(app(), nutritionist, 'recipe', 'Ragi malt');
      expect(item.recipe).toMatchObject({ ingredients: [], steps: [], servings: null, nutrition: null, gutNote: '' });
    });

    it('gets an address of its own when another piece of its kind has the title’s', async () => {
      const slugs = [];
      for (let count = 0; count < 3; count += 1) slugs.push((await newItem(app(), doctor, 'post', 'Kombucha at home')).slug);
      expect(slugs).toEqual(['kombucha-at-home', 'kombucha-at-home-2', 'kombucha-at-home-3']);
      expect((await newItem(app(), doctor, 'recipe', 'Kombucha at home')).slug).toBe('kombucha-at-home');
    });

    it('refuses a title without words and an unknown kind', async () => {
      expectContract(await createItem(app(), doctor, 'post', '   '), 'createAuthoringItem', 400);
      const unknownKind = await app().inject({ method: 'POST', url: '/api/authoring/items', headers: doctor.auth, payload: { kind: 'video', title: 'Hi' } });
      expectContract(unknownKind, 'createAuthoringItem', 400);
    });
  });

  describe('who sees and writes what', () => {
    let doctorsPost: AuthoringItem;
    let nutritionistsRecipe: AuthoringItem;
    let adminsPost: AuthoringItem;

    beforeAll(async () => {
      doctorsPost = await newItem(app(), otherDoctor, 'post', 'Only mine to write');
      nutritionistsRecipe = await newItem(app(), nutritionist, 'recipe', 'Nutritionist recipe');
      adminsPost = await newItem(app(), otherAdmin, 'post', 'An admin writes too');
    });

    it('shows a doctor or nutritionist their own pieces only', async () => {
      const mine = await list(otherDoctor);
      expect(mine.items.map((item) => item._id)).toEqual([doctorsPost._id]);
      expect(mine.total).toBe(1);
      const recipes = await list(nutritionist, '?kind=recipe');
      expect(recipes.items.every((item) => item.author.role === 'nutritionist' && item.kind === 'recipe')).toBe(true);
      expect(recipes.items.map((item) => item._id)).toContain(nutritionistsRecipe._id);
    });

    it('shows an admin everyone’s pieces, or their own with mine=true', async () => {
      const everyone = await list(admin, '?limit=100');
      expect(everyone.items.map((item) => item._id)).toEqual(expect.arrayContaining([doctorsPost._id, nutritionistsRecipe._id, adminsPost._id]));
      // The demo's nine posts and recipes are there too, published, with any piece another test of this file published.
      const published = await list(admin, '?state=published&limit=100');
      const inDatabase = await app().db.query<{ id: string }>(`SELECT id FROM content_items WHERE state = 'published'`);
      expect(inDatabase.length).toBeGreaterThanOrEqual(9);
      expect(published.items.map((item) => item._id).sort()).toEqual(inDatabase.map((row) => row.id).sort());
      expect(published.total).toBe(inDatabase.length);
      expect((await list(otherAdmin, '?mine=true')).items.map((item) => item._id)).toEqual([adminsPost._id]);
      const opened = expectContract<{ item: AuthoringItem }>(await getItem(admin, doctorsPost._id), 'getAuthoringItem', 200).item;
      expect(opened).toMatchObject({ isAuthor: false, allowedSteps: [] });
    });

    it('answers 404 to anyone else, for every call on the piece', async () => {
      const id = doctorsPost._id;
      const revisionId = (await revisions(otherDoctor, id))[0]!._id;
      expectContract(await getItem(doctor, id), 'getAuthoringItem', 404);
      expectContract(await getItem(nutritionist, id), 'getAuthoringItem', 404);
      expectContract(await saveItem(app(), doctor, id, completeSave(doctorsPost)), 'saveAuthoringItem', 404);
      expectContract(await reviewItem(app(), doctor, id, 'submit'), 'reviewAuthoringItem', 404);
      expectContract(await app().inject({ method: 'GET', url: `/api/authoring/items/${id}/revisions`, headers: doctor.auth }), 'listContentRevisions', 404);
      expectContract(await restore(doctor, id, revisionId), 'restoreContentRevision', 404);
    });

    it('leaves the writing to the author, even for an admin', async () => {
      expectContract(await saveItem(app(), admin, doctorsPost._id, completeSave(doctorsPost)), 'saveAuthoringItem', 404);
      const revisionId = (await revisions(admin, doctorsPost._id))[0]!._id;
      expectContract(await restore(admin, doctorsPost._id, revisionId), 'restoreContentRevision', 404);
    });
  });

  describe('saving', () => {
    it('keeps the text as the server sanitised it, and the reading time at 200 words a minute', async () => {
      const item = await newItem(app(), doctor, 'post', 'Reading time');
      const words = Array.from({ length: 401 }, (_, index) => `word${index}`).join(' ');
      const after = await saved(doctor, item._id, completeSave(item, { bodyHtml: `<p onclick="x()">${words}</p><script>alert(1)</script>` }));
      expect(after.bodyHtml).toBe(`<p>${words}</p>`);
      expect(after.readingMinutes).toBe(3);
      const [row] = await app().db.query<{ body_html: string }>('SELECT body_html FROM content_items WHERE id = $1', [item._id]);
      expect(row!.body_html).toBe(`<p>${words}</p>`);
    });

    it('updates the author’s latest revision within five minutes (the autosave), and adds one after', async () => {
      const item = await newItem(app(), doctor, 'post', 'Autosave');
      await saved(doctor, item._id, completeSave(item, { title: 'Autosave, typing' }));
      const typed = await saved(doctor, item._id, completeSave(item, { title: 'Autosave, typed' }));
      expect(typed.revision).toBe(1);
      expect((await revisions(doctor, item._id)).map((revision) => revision.title)).toEqual(['Autosave, typed']);
      await app().db.query(`UPDATE content_revisions SET created_at = created_at - interval '6 minutes' WHERE item_id = $1`, [item._id]);
      const later = await saved(doctor, item._id, completeSave(item, { title: 'Autosave, later' }));
      expect(later.revision).toBe(2);
      const kept = await revisions(doctor, item._id);
      expect(kept.map((revision) => [revision.number, revision.title, revision.current])).toEqual([
        [2, 'Autosave, later', true],
        [1, 'Autosave, typed', false],
      ]);
      expect(kept[0]!.author).toEqual({ name: 'Test Buyer', role: 'doctor' });
    });

    it('keeps the revision a reviewer read: a save after a review step is a new revision', async () => {
      const item = await newItem(app(), doctor, 'post', 'Reviewed once');
      await saved(doctor, item._id, completeSave(item));
      await stepItem(app(), doctor, item._id, 'submit');
      await stepItem(app(), admin, item._id, 'requestChanges', 'Add a line on water intake.');
      const changed = await saved(doctor, item._id, completeSave(item, { summary: 'Now with water.' }));
      expect(changed.revision).toBe(2);
    });

    it('restores an earlier revision as a new one, with the same rules as a save', async () => {
      const item = await newItem(app(), nutritionist, 'recipe', 'Sprouts chaat');
      await saved(nutritionist, item._id, completeSave(item, { summary: 'First words.' }));
      await app().db.query(`UPDATE content_revisions SET created_at = created_at - interval '6 minutes' WHERE item_id = $1`, [item._id]);
      await saved(nutritionist, item._id, completeSave(item, { summary: 'Second words.', slug: 'sprouts-chaat-bowl' }));
      const [, first] = await revisions(nutritionist, item._id);
      const restored = expectContract<{ item: AuthoringItem }>(await restore(nutritionist, item._id, first!._id), 'restoreContentRevision', 200).item;
      expect(restored).toMatchObject({ revision: 3, summary: 'First words.', slug: 'sprouts-chaat' });
      expect((await revisions(nutritionist, item._id)).map((revision) => [revision.number, revision.current])).toEqual([
        [3, true],
        [2, false],
        [1, false],
      ]);
      expect((await auditOf(item._id)).map((row) => [row.action, row.after])).toContainEqual(['content.restored', { restoredRevision: 1 }]);
      expectContract(await restore(nutritionist, item._id, 'no-such-revision'), 'restoreContentRevision', 404);
    });

    it('lets the author change the address while editable, unless another piece of the kind has it', async () => {
      const item = await newItem(app(), doctor, 'post', 'A fresh address');
      expect((await saved(doctor, item._id, completeSave(item, { slug: 'fresh-address' }))).slug).toBe('fresh-address');
      const refused = expectContract<ErrorBody>(await saveItem(app(), doctor, item._id, completeSave(item, { slug: 'ibs' })), 'saveAuthoringItem', 409);
      expect(refused).toMatchObject({ code: 'CONTENT_SLUG_TAKEN', fields: { slug: expect.any(String) } });
      // A recipe may share a post's address: each kind has its own.
      const recipe = await newItem(app(), nutritionist, 'recipe', 'Not a post');
      expect((await saved(nutritionist, recipe._id, completeSave(recipe, { slug: 'ibs' }))).slug).toBe('ibs');
      expectContract(await saveItem(app(), doctor, item._id, completeSave(item, { slug: 'Not A Slug' })), 'saveAuthoringItem', 400);
    });

    it('refuses changes outside a draft or a piece with changes requested', async () => {
      const item = await newItem(app(), doctor, 'post', 'Sent for review');
      await saved(doctor, item._id, completeSave(item));
      await stepItem(app(), doctor, item._id, 'submit');
      const refused = expectContract<ErrorBody>(await saveItem(app(), doctor, item._id, completeSave(item)), 'saveAuthoringItem', 409);
      expect(refused.code).toBe('CONTENT_NOT_EDITABLE');
      const [first] = await revisions(doctor, item._id);
      expect(expectContract<ErrorBody>(await restore(doctor, item._id, first!._id), 'restoreContentRevision', 409).code).toBe('CONTENT_NOT_EDITABLE');
    });

    it('refuses recipe parts on a post, a recipe without them, a cover never uploaded and unknown fields', async () => {
      const post = await newItem(app(), doctor, 'post', 'Kinds');
      const recipe = await newItem(app(), nutritionist, 'recipe', 'Kinds');
      const refusedField = async (who: Customer, item: AuthoringItem, change: Partial<AuthoringItemSave>) =>
        Object.keys(expectContract<ErrorBody>(await saveItem(app(), who, item._id, completeSave(item, change)), 'saveAuthoringItem', 400).fields ?? {});
      expect(await refusedField(doctor, post, { recipe: RECIPE_PARTS })).toEqual(['recipe']);
      expect(await refusedField(nutritionist, recipe, { recipe: null })).toEqual(['recipe']);
      expect(await refusedField(doctor, post, { coverImageId: 'never-uploaded' })).toEqual(['coverImageId']);
      expectContract(await saveItem(app(), doctor, post._id, { ...completeSave(post), state: 'published' } as AuthoringItemSave), 'saveAuthoringItem', 400);
      expectContract(await saveItem(app(), doctor, post._id, completeSave(post, { bodyHtml: '<p>a\u0000b</p>' })), 'saveAuthoringItem', 400);
    });

    it('takes an uploaded cover picture as the piece’s cover', async () => {
      const uploadImage = (contentType: string, payload: Buffer) =>
        app().inject({ method: 'POST', url: '/api/authoring/images', headers: { ...nutritionist.auth, 'content-type': contentType }, payload });
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d9a441' } }).jpeg().toBuffer();
      const upload = await uploadImage('application/octet-stream', jpeg);
      const { image } = expectContract<{ image: { _id: string; url: string; width: number; height: number } }>(upload, 'uploadContentImage', 201);
      expect(image).toMatchObject({ width: 800, height: 600 });
      const item = await newItem(app(), nutritionist, 'recipe', 'With a cover');
      expect((await saved(nutritionist, item._id, completeSave(item, { coverImageId: image._id }))).cover).toEqual(image);
      expectContract(await uploadImage('image/png', Buffer.from('<svg onload="alert(1)"/>')), 'uploadContentImage', 415);
      expectContract(await uploadImage('image/jpeg', Buffer.alloc(2 * 1024 * 1024 + 1, 0xff)), 'uploadContentImage', 413);
    });
  });

  describe('sanitising', () => {
    it(`neutralises ${XSS_PAYLOADS.length} OWASP filter-evasion payloads on a real save, keeping the text around them`, async () => {
      expect(new Set(XSS_PAYLOADS).size).toBeGreaterThanOrEqual(25);
      const item = await newItem(app(), doctor, 'post', 'Payloads');
      for (const [index, payload] of XSS_PAYLOADS.entries()) {
        const answer = await saved(doctor, item._id, completeSave(item, { bodyHtml: `<p>Before ${index}.</p>${payload}<p>After ${index}.</p>` }));
        const [stored] = await app().db.query<{ body_html: string }>('SELECT body_html FROM content_items WHERE id = $1', [item._id]);
        const reread = expectContract<{ item: AuthoringItem }>(await getItem(doctor, item._id), 'getAuthoringItem', 200).item;
        for (const html of [answer.bodyHtml, stored!.body_html, reread.bodyHtml]) {
          expect(executableParts(html), `${payload} → ${html}`).toEqual([]);
          expect(html).toContain(`<p>Before ${index}.</p>`);
          if (!UNCLOSED_PAYLOADS.has(payload)) expect(html, payload).toContain(`<p>After ${index}.</p>`);
        }
      }
    });

    it('serves a published piece holding every payload without anything that runs', async () => {
      const closed = XSS_PAYLOADS.filter((payload) => !UNCLOSED_PAYLOADS.has(payload));
      const bodyHtml = [`<p>${POST_TEXT}</p>`, ...closed.map((payload, index) => `${payload}<p>Kept ${index}.</p>`), ...UNCLOSED_PAYLOADS].join('');
      const item = await publishedItem(app(), doctor, admin, 'post', 'Every payload at once', { bodyHtml });
      for (const url of [`/api/posts/${item.slug}`, `/api/ghost/posts/${item.slug}`]) {
        const { post } = expectContract<{ post: Post }>(await app().inject({ method: 'GET', url }), url.startsWith('/api/ghost') ? 'getGhostPost' : 'getPost', 200);
        expect(executableParts(post.bodyHtml)).toEqual([]);
        for (const index of closed.keys()) expect(post.bodyHtml).toContain(`<p>Kept ${index}.</p>`);
      }
    });

    it('gives every link rel="noopener noreferrer", and those to other sites a new tab', async () => {
      const item = await newItem(app(), doctor, 'post', 'Links');
      const answer = await saved(
        doctor,
        item._id,
        completeSave(item, {
          bodyHtml:
            '<p><a href="https://www.who.int/" target="_self" rel="opener">WHO</a> <a href="/products/gut360">Gut 360</a> ' +
            '<a href="mailto:care@example.test">write to us</a> <a href="//evil.example/">sneaky</a></p>' +
            '<img src="/api/content-images/abc" alt="ours" width="640" height="auto"><img src="http://plain.example/a.png"><img src="/images/local.png">',
        }),
      );
      expect(answer.bodyHtml).toBe(
        '<p><a href="https://www.who.int/" rel="noopener noreferrer" target="_blank">WHO</a> <a href="/products/gut360" rel="noopener noreferrer">Gut 360</a> ' +
          '<a href="mailto:care@example.test" rel="noopener noreferrer">write to us</a> <a rel="noopener noreferrer">sneaky</a></p>' +
          '<img src="/api/content-images/abc" alt="ours" width="640" />',
      );
    });
  });

  describe('review', () => {
    it('walks a post from draft to the shop and back, each step in the history and the audit log', async () => {
      const item = await newItem(app(), doctor, 'post', 'The whole review');
      await saved(doctor, item._id, completeSave(item));
      const submitted = await stepItem(app(), doctor, item._id, 'submit');
      expect(submitted).toMatchObject({ state: 'submitted', allowedSteps: ['withdraw'] });
      expect(expectContract<{ item: AuthoringItem }>(await getItem(admin, item._id), 'getAuthoringItem', 200).item.allowedSteps).toEqual(['approve', 'requestChanges']);
      expect((await list(admin, '?state=submitted')).items.map((summary) => summary._id)).toContain(item._id);

      const returned = await stepItem(app(), admin, item._id, 'requestChanges', '  Cite the fibre figure.  ');
      expect(returned).toMatchObject({ state: 'changesRequested', reviewComment: 'Cite the fibre figure.', allowedSteps: [] });
      await saved(doctor, item._id, completeSave(item, { summary: 'With the figure cited.' }));
      expect((await stepItem(app(), doctor, item._id, 'submit')).reviewComment).toBeNull();
      await stepItem(app(), admin, item._id, 'approve');
      const published = await stepItem(app(), admin, item._id, 'publish');
      expect(published.state).toBe('published');
      expect(published.publishedAt).not.toBeNull();
      expectContract(await app().inject({ method: 'GET', url: `/api/posts/${item.slug}` }), 'getPost', 200);

      await stepItem(app(), admin, item._id, 'unpublish');
      const again = await stepItem(app(), admin, item._id, 'publish');
      expect(again.publishedAt).toBe(published.publishedAt);
      await stepItem(app(), admin, item._id, 'unpublish');
      const revised = await stepItem(app(), doctor, item._id, 'revise');
      expect(revised).toMatchObject({ state: 'draft', allowedSteps: ['submit'] });

      const steps = ['submit', 'requestChanges', 'submit', 'approve', 'publish', 'unpublish', 'publish', 'unpublish', 'revise'];
      expect(revised.history.map((event) => [event.step, event.from, event.to])).toEqual(
        [
          ['submit', 'draft', 'submitted'],
          ['requestChanges', 'submitted', 'changesRequested'],
          ['submit', 'changesRequested', 'submitted'],
          ['approve', 'submitted', 'approved'],
          ['publish', 'approved', 'published'],
          ['unpublish', 'published', 'unpublished'],
          ['publish', 'unpublished', 'published'],
          ['unpublish', 'published', 'unpublished'],
          ['revise', 'unpublished', 'draft'],
        ].reverse(),
      );
      expect(revised.history.find((event) => event.step === 'requestChanges')).toMatchObject({
        by: { name: 'Test Buyer', role: 'admin' },
        comment: 'Cite the fibre figure.',
      });
      const audit = (await auditOf(item._id)).filter((row) => row.action !== 'content.created');
      expect(audit.map((row) => row.action)).toEqual(steps.map((step) => `content.${step}`));
      expect(audit[1]).toMatchObject({
        actor_user_id: admin.userId,
        before: { state: 'submitted' },
        after: { state: 'changesRequested' },
        reason: 'Cite the fibre figure.',
      });
      expect(audit[4]).toMatchObject({ before: { state: 'approved' }, after: { state: 'published', publishedAt: published.publishedAt } });
    });

    it('refuses a step the state does not allow with 409, and writes nothing', async () => {
      const item = await newItem(app(), doctor, 'post', 'Too early');
      const refused = expectContract<ErrorBody>(await reviewItem(app(), admin, item._id, 'publish'), 'reviewAuthoringItem', 409);
      expect(refused).toEqual({ code: 'CONTENT_REVIEW_STEP_REFUSED', message: 'This post is a draft, so it cannot be published.' });
      expect((await auditOf(item._id)).map((row) => row.action)).toEqual(['content.created']);
      expect(expectContract<{ item: AuthoringItem }>(await getItem(doctor, item._id), 'getAuthoringItem', 200).item.history).toEqual([]);
    });

    it('refuses a step the person may not take with 403', async () => {
      const item = await newItem(app(), doctor, 'post', 'Not yours to judge');
      await saved(doctor, item._id, completeSave(item));
      // Only the author submits, even an admin may not do it for them.
      expectContract(await reviewItem(app(), admin, item._id, 'submit'), 'reviewAuthoringItem', 403);
      await stepItem(app(), doctor, item._id, 'submit');
      // Only an admin approves: not the author, even a doctor.
      expect(expectContract<ErrorBody>(await reviewItem(app(), doctor, item._id, 'approve'), 'reviewAuthoringItem', 403).message).toBe('Only an admin can do this.');
      expectContract(await reviewItem(app(), admin, item._id, 'withdraw'), 'reviewAuthoringItem', 403);
    });

    it('refuses a request for changes without a comment with 400', async () => {
      const item = await newItem(app(), doctor, 'post', 'Say what');
      await saved(doctor, item._id, completeSave(item));
      await stepItem(app(), doctor, item._id, 'submit');
      for (const comment of [undefined, '   ']) {
        const refused = expectContract<ErrorBody>(await reviewItem(app(), admin, item._id, 'requestChanges', comment), 'reviewAuthoringItem', 400);
        expect(refused.fields).toHaveProperty('comment');
      }
    });

    it('sends a post for review only when it has a summary and 300 characters of text', async () => {
      const item = await newItem(app(), doctor, 'post', 'Too short');
      const refused = expectContract<ErrorBody>(await reviewItem(app(), doctor, item._id, 'submit'), 'reviewAuthoringItem', 400);
      expect(refused.code).toBe('CONTENT_INCOMPLETE');
      expect(Object.keys(refused.fields ?? {}).sort()).toEqual(['bodyHtml', 'summary']);
      await saved(doctor, item._id, completeSave(item, { bodyHtml: `<p>${'x'.repeat(299)}</p><p></p>` }));
      expect(Object.keys(expectContract<ErrorBody>(await reviewItem(app(), doctor, item._id, 'submit'), 'reviewAuthoringItem', 400).fields ?? {})).toEqual(['bodyHtml']);
      await saved(doctor, item._id, completeSave(item, { bodyHtml: `<p>${'x'.repeat(300)}</p>` }));
      expect((await stepItem(app(), doctor, item._id, 'submit')).state).toBe('submitted');
    });

    it('sends a recipe for review only with every part a cook needs', async () => {
      const item = await newItem(app(), nutritionist, 'recipe', 'Half a recipe');
      const half = {
        ...item.recipe!,
        ingredients: [{ quantity: '1', item: '  ' }],
        diets: { vegetarian: false, vegan: true, glutenFree: false, jain: false },
      };
      await saved(nutritionist, item._id, completeSave(item, { bodyHtml: '<p>Short.</p>', recipe: half }));
      const refused = expectContract<ErrorBody>(await reviewItem(app(), nutritionist, item._id, 'submit'), 'reviewAuthoringItem', 400);
      expect(Object.keys(refused.fields ?? {}).sort()).toEqual(
        [
          'bodyHtml',
          'recipe.cookMinutes',
          'recipe.diets',
          'recipe.gutNote',
          'recipe.ingredients',
          'recipe.nutrition',
          'recipe.prepMinutes',
          'recipe.servings',
          'recipe.steps',
        ].sort(),
      );
      await saved(nutritionist, item._id, completeSave(item));
      expect((await stepItem(app(), nutritionist, item._id, 'submit')).state).toBe('submitted');
    });
  });
});
