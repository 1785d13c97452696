import { act, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowedReviewSteps, nextReviewState, reviewStepRefusal, type ContentReviewState } from '../../machines/content-review';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions, users, type User } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type Item = Schemas['AuthoringItem'];
type Revision = Schemas['ContentRevision'];
type SaveBody = Schemas['AuthoringItemSave'];
type ErrorBody = Schemas['Error'];
type ItemAnswer = Schemas['AuthoringItemAnswer'];
type ListAnswer = operations['listAuthoringItems']['responses'][200]['content']['application/json'];
type CreateBody = Schemas['AuthoringItemCreate'];
type ReviewBody = NonNullable<operations['reviewAuthoringItem']['requestBody']>['content']['application/json'];
type ImageAnswer = operations['uploadContentImage']['responses'][201]['content']['application/json'];
type RevisionsAnswer = operations['listContentRevisions']['responses'][200]['content']['application/json'];
type HomeAnswer = operations['getStaffHome']['responses'][200]['content']['application/json'];
type MessagesAnswer = operations['listContactMessages']['responses'][200]['content']['application/json'];

const authorOf = (user: User): Schemas['ContentAuthor'] => ({ name: user.fullname ?? '', role: user.role as 'admin' | 'doctor' | 'nutritionist' });

/** A time `minutes` after 24 Nov 2026, 10:00 am in India. */
const at = (minutes: number) => new Date(Date.parse('2026-11-24T04:30:00.000Z') + minutes * 60_000).toISOString();

/**
 * The authoring calls as the contract describes them: authors see and save their own pieces (404 for anyone else but
 * an admin), review steps follow machines/content-review.ts, saves keep revisions, and the text is "sanitised".
 */
function authoringApi() {
  const items = new Map<string, Item & { authorId: string }>();
  const revisions = new Map<string, (Revision & { snapshot: SaveBody })[]>();
  const saves: SaveBody[] = [];
  const reviews: ReviewBody[] = [];
  const listed: string[] = [];
  const uploads: string[] = [];
  let failNextSave = false;
  let clock = 0;

  const userOf = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
  const notFound = () => HttpResponse.json<ErrorBody>({ message: 'There is no such piece.', code: 'NOT_FOUND' }, { status: 404 });
  const view = (stored: Item & { authorId: string }, user: User): Item => {
    const { authorId, ...item } = stored;
    const isAuthor = authorId === user._id;
    const steps = allowedReviewSteps(item.state, { role: user.role as 'admin' | 'doctor' | 'nutritionist', isAuthor });
    return { ...item, isAuthor, allowedSteps: steps.map((step) => step.replace('review.', '') as Schemas['ContentReviewStep']) };
  };
  const visible = (stored: Item & { authorId: string }, user: User) => stored.authorId === user._id || user.role === 'admin';
  const snapshotOf = (item: Item): SaveBody => ({
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    bodyHtml: item.bodyHtml,
    tags: item.tags,
    coverImageId: item.cover?._id ?? null,
    recipe: item.recipe,
  });
  const keepRevision = (item: Item, by: User) => {
    const list = revisions.get(item._id) ?? [];
    list.forEach((revision) => (revision.current = false));
    list.unshift({
      _id: `${item._id}-r${list.length + 1}`,
      number: list.length + 1,
      title: item.title,
      author: authorOf(by),
      createdAt: item.updatedAt,
      current: true,
      snapshot: snapshotOf(item),
    });
    revisions.set(item._id, list);
    item.revision = list.length;
  };

  function add(fields: Partial<Item> & { _id: string; kind: Item['kind']; title: string }, author: User, state: ContentReviewState = 'draft') {
    const item: Item & { authorId: string } = {
      slug: fields.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      summary: '',
      bodyHtml: '',
      tags: [],
      cover: null,
      recipe: null,
      state,
      author: authorOf(author),
      isAuthor: false,
      allowedSteps: [],
      reviewComment: null,
      history: [],
      revision: 1,
      readingMinutes: 1,
      createdAt: at(clock),
      updatedAt: at(clock++),
      publishedAt: null,
      ...fields,
      authorId: author._id,
    };
    items.set(item._id, item);
    keepRevision(item, author);
    return item;
  }

  const handlers = [
    http.get<never, never, ListAnswer | ErrorBody>('*/api/authoring/items', ({ request }) => {
      const user = userOf(request);
      if (!user) return HttpResponse.json({ message: 'Please sign in.' }, { status: 401 });
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const found = [...items.values()]
        .filter((item) => (user.role === 'admin' && query.get('mine') !== 'true' ? true : item.authorId === user._id))
        .filter((item) => !query.get('kind') || item.kind === query.get('kind'))
        .filter((item) => !query.get('state') || item.state === query.get('state'))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      const offset = Number(query.get('offset') ?? 0);
      const page = found.slice(offset, offset + Number(query.get('limit') ?? 20));
      return HttpResponse.json({
        items: page.map(({ _id, kind, slug, title, state, author, updatedAt, publishedAt }) => ({
          _id,
          kind,
          slug,
          title,
          state,
          author,
          updatedAt,
          publishedAt,
        })),
        total: found.length,
      });
    }),
    http.post<never, CreateBody, ItemAnswer | ErrorBody>('*/api/authoring/items', async ({ request }) => {
      const user = userOf(request);
      if (!user) return HttpResponse.json({ message: 'Please sign in.' }, { status: 401 });
      const body = await request.json();
      const item = add({ _id: `piece-${items.size + 1}`, kind: body.kind, title: body.title }, user);
      return HttpResponse.json({ item: view(item, user) }, { status: 201 });
    }),
    http.get<{ id: string }, never, ItemAnswer | ErrorBody>('*/api/authoring/items/:id', ({ request, params }) => {
      const user = userOf(request);
      const item = items.get(params.id);
      if (!user || !item || !visible(item, user)) return notFound();
      return HttpResponse.json({ item: view(item, user) });
    }),
    http.put<{ id: string }, SaveBody, ItemAnswer | ErrorBody>('*/api/authoring/items/:id', async ({ request, params }) => {
      const user = userOf(request);
      const item = items.get(params.id);
      const body = await request.json();
      saves.push(body);
      if (failNextSave) {
        failNextSave = false;
        return HttpResponse.json({ message: 'Database unavailable.' }, { status: 503 });
      }
      if (!user || !item || item.authorId !== user._id) return notFound();
      if (item.state !== 'draft' && item.state !== 'changesRequested') {
        return HttpResponse.json({ message: 'This piece cannot be changed now.', code: 'CONTENT_NOT_EDITABLE' }, { status: 409 });
      }
      // The server's allowlist keeps pictures of its own only.
      const bodyHtml = body.bodyHtml.replace(/<img(?![^>]*src="\/api\/content-images\/)[^>]*>/g, '');
      Object.assign(item, { ...body, bodyHtml, updatedAt: at(clock++ + 42) });
      keepRevision(item, user);
      return HttpResponse.json({ item: view(item, user) });
    }),
    http.post<{ id: string }, ReviewBody, ItemAnswer | ErrorBody>('*/api/authoring/items/:id/review', async ({ request, params }) => {
      const user = userOf(request);
      const item = items.get(params.id);
      const body = await request.json();
      reviews.push(body);
      if (!user || !item || !visible(item, user)) return notFound();
      const event = {
        type: `review.${body.step}` as const,
        by: { role: user.role as 'admin', isAuthor: item.authorId === user._id },
        comment: body.comment,
      };
      const refusal = reviewStepRefusal(item.state, event);
      if (refusal === 'comment')
        return HttpResponse.json(
          { message: 'Say what should change.', code: 'VALIDATION_FAILED', fields: { comment: 'must not be empty' } },
          { status: 400 },
        );
      if (refusal === 'role') return HttpResponse.json({ message: 'Only an admin takes this step.', code: 'FORBIDDEN' }, { status: 403 });
      if (refusal === 'state')
        return HttpResponse.json({ message: 'This step is not possible now.', code: 'CONTENT_REVIEW_STEP_REFUSED' }, { status: 409 });
      if (body.step === 'submit' && item.summary.trim() === '') {
        return HttpResponse.json(
          { message: 'Complete the piece before submitting it.', code: 'VALIDATION_FAILED', fields: { summary: 'must not be empty' } },
          { status: 400 },
        );
      }
      const to = nextReviewState(item.state, event)!;
      item.history.unshift({ step: body.step, from: item.state, to, by: authorOf(user), comment: body.comment ?? null, at: at(clock++) });
      item.reviewComment = to === 'changesRequested' ? (body.comment ?? null) : null;
      item.state = to;
      return HttpResponse.json({ item: view(item, user) });
    }),
    http.get<{ id: string }, never, RevisionsAnswer | ErrorBody>('*/api/authoring/items/:id/revisions', ({ request, params }) => {
      const user = userOf(request);
      const item = items.get(params.id);
      if (!user || !item || !visible(item, user)) return notFound();
      return HttpResponse.json({ items: (revisions.get(item._id) ?? []).map(({ snapshot: _snapshot, ...revision }) => revision) });
    }),
    http.post<{ id: string; revisionId: string }, never, ItemAnswer | ErrorBody>(
      '*/api/authoring/items/:id/revisions/:revisionId/restore',
      ({ request, params }) => {
        const user = userOf(request);
        const item = items.get(params.id);
        if (!user || !item || item.authorId !== user._id) return notFound();
        const revision = revisions.get(item._id)?.find((candidate) => candidate._id === params.revisionId);
        if (!revision) return notFound();
        Object.assign(item, { ...revision.snapshot, updatedAt: at(clock++ + 42) });
        keepRevision(item, user);
        return HttpResponse.json({ item: view(item, user) });
      },
    ),
    http.post<never, never, ImageAnswer | ErrorBody>('*/api/authoring/images', async ({ request }) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.length > 2 * 1024 * 1024) return HttpResponse.json({ message: 'Too large.' }, { status: 413 });
      // The kind is read from the content: PNG's signature, whatever the declared type.
      if (![0x89, 0x50, 0x4e, 0x47].every((byte, index) => bytes[index] === byte))
        return HttpResponse.json({ message: 'Not a picture.' }, { status: 415 });
      uploads.push(request.headers.get('Content-Type') ?? '');
      return HttpResponse.json({ image: { _id: 'img-1', url: '/api/content-images/img-1', width: 1200, height: 675 } }, { status: 201 });
    }),
  ];

  /** A later save by its author, as the edit page would have sent it. */
  function revise(id: string, fields: Partial<Item>) {
    const item = items.get(id)!;
    Object.assign(item, fields, { updatedAt: at(clock++ + 30) });
    keepRevision(
      item,
      [...sessions.values()].find((user) => user._id === item.authorId)!,
    );
  }

  return {
    handlers,
    items,
    revise,
    uploads,
    saves,
    reviews,
    listed,
    add,
    failNextSave: () => {
      failNextSave = true;
    },
  };
}

/** The staff home's other calls, answered empty. */
const staffHomeHandlers = [
  http.get<never, never, HomeAnswer>('*/api/staff/home', ({ request }) => {
    const user = sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
    return HttpResponse.json(
      user?.role === 'admin'
        ? {
            role: 'admin',
            figures: { paidOrders: { today: 0, last7Days: 0, last30Days: 0 }, revenue: { today: 0, last7Days: 0, last30Days: 0 }, refunds: { today: 0, last7Days: 0, last30Days: 0 }, kitsByState: [] },
            queues: [],
            reports: null,
          }
        : { role: user?.role ?? 'doctor', figures: null, queues: null, reports: [] },
    );
  }),
  http.get<never, never, MessagesAnswer>('*/api/admin/contact-messages', () => HttpResponse.json({ items: [], total: 0 })),
];

/** The Tiptap editor behind the labelled text area (ProseMirror keeps it on its element). */
async function editorOf(name: string): Promise<Editor> {
  const area = await screen.findByRole('textbox', { name });
  return (area as HTMLElement & { editor: Editor }).editor;
}

// jsdom lays nothing out and gives a Range no rectangles; ProseMirror asks for them to scroll the cursor into view.
Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

let backend: ReturnType<typeof authoringApi>;

beforeEach(() => {
  backend = authoringApi();
  server.use(answers.catalogueWithoutOffer(), ...staffHomeHandlers, ...backend.handlers);
});

describe('writing a piece', () => {
  it('starts a post from its title and opens its edit page', async () => {
    const { user } = renderShop('/blogs/create', { as: 'doctor' });
    await user.click(await screen.findByRole('button', { name: 'Start writing' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Five fermented foods');
    await user.click(screen.getByRole('button', { name: 'Start writing' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a blog post' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/blog/edit');
    expect(window.location.search).toBe('?id=piece-1');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Five fermented foods');
    expect(screen.getByRole('textbox', { name: 'Address (slug)' })).toHaveValue('five-fermented-foods');
    expect(screen.getByText('Once published it is read at /blog?slug=five-fermented-foods')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-panel')).getByTestId('review-state')).toHaveTextContent('Draft');
  });

  it('saves the draft 2 seconds after the last change, with the text the editor wrote, and shows the server’s text', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', bodyHtml: '<p>Cool and calming.</p>' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const editor = await editorOf('Text');
    expect(editor.getHTML()).toBe('<p>Cool and calming.</p>');

    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'A bowl for hot days.');
    act(() => {
      editor.commands.setContent(
        '<h2>Why curd</h2><p>Cool and <strong>calming</strong>.</p><img src="https://elsewhere.example/bowl.png" alt="A bowl">',
        {
          emitUpdate: true,
        },
      );
    });
    const status = screen.getByTestId('save-status');
    expect(status).toHaveTextContent('Changes not saved yet');
    expect(backend.saves).toHaveLength(0);

    await waitFor(() => expect(status).toHaveTextContent(/^Saved at 10:\d\d am$/), { timeout: 5000 });
    expect(backend.saves).toHaveLength(1);
    expect(backend.saves[0]).toMatchObject({ title: 'Curd rice', summary: 'A bowl for hot days.', recipe: null, coverImageId: null });
    expect(backend.saves[0]!.bodyHtml).toMatch(
      /^<h2>Why curd<\/h2><p>Cool and <strong>calming<\/strong>\.<\/p><img src="https:\/\/elsewhere\.example\/bowl\.png" alt="A bowl">/,
    );
    // The text as the server kept it (without the other site's picture) replaces the editor's.
    const kept = backend.items.get('post-1')!.bodyHtml;
    expect(kept).not.toContain('<img');
    expect(editor.getHTML()).toBe(kept);
    expect(status).toHaveTextContent(/^Saved at/);
  });

  it('formats the text from its toolbar, and links to web pages only', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', bodyHtml: '<p>Cool and calming.</p>' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const editor = await editorOf('Text');
    const toolbar = within(screen.getByRole('toolbar', { name: 'Formatting' }));
    act(() => {
      editor.commands.selectAll();
    });
    expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(toolbar.getByRole('button', { name: 'Bold' }));
    expect(editor.getHTML()).toBe('<p><strong>Cool and calming.</strong></p>');
    expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(toolbar.getByRole('button', { name: 'Link' }));
    const form = within(screen.getByRole('form', { name: 'Link' }));
    await user.type(form.getByRole('textbox', { name: 'Link address' }), 'javascript:alert(1){Enter}');
    expect(form.getByText(/Enter a web address starting with https:\/\/ or http:\/\//)).toBeInTheDocument();
    await user.clear(form.getByRole('textbox', { name: 'Link address' }));
    await user.type(form.getByRole('textbox', { name: 'Link address' }), 'https://www.who.int/{Enter}');
    expect(screen.queryByRole('form', { name: 'Link' })).not.toBeInTheDocument();
    expect(editor.getHTML()).toContain('<a rel="noopener noreferrer nofollow" href="https://www.who.int/">');
  });

  it('puts an uploaded picture in the text with the alt text it asks for', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', bodyHtml: '<p>Cool and calming.</p>' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const editor = await editorOf('Text');
    await user.click(within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name: 'Picture' }));
    const form = within(screen.getByRole('form', { name: 'Picture' }));
    await user.upload(form.getByLabelText('Picture file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bowl.png', { type: 'image/png' }));
    await user.click(form.getByRole('button', { name: 'Insert picture' }));
    expect(form.getByText('Say what the picture shows, for readers who cannot see it.')).toBeInTheDocument();
    expect(backend.uploads).toEqual([]);

    await user.type(form.getByRole('textbox', { name: 'What the picture shows (alt text)' }), 'A bowl of curd rice');
    await user.click(form.getByRole('button', { name: 'Insert picture' }));
    await waitFor(() => expect(editor.getHTML()).toContain('<img src="/api/content-images/img-1" alt="A bowl of curd rice" width="1200" height="675">'));
    expect(screen.queryByRole('form', { name: 'Picture' })).not.toBeInTheDocument();
  });

  it('asks before leaving with changes not saved yet', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    await user.type(await screen.findByRole('textbox', { name: 'Summary' }), 'Cool');
    await user.click(screen.getByRole('link', { name: 'Back to the staff home' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Leave this page?' }));
    await user.click(dialog.getByRole('button', { name: 'Stay on this page' }));
    expect(window.location.pathname).toBe('/blog/edit');
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveValue('Cool');

    await user.click(screen.getByRole('link', { name: 'Back to the staff home' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Save and leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin-home'));
    expect(backend.items.get('post-1')!.summary).toBe('Cool');
  });

  it('says when a save failed, keeps every word, and saves on Retry', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    backend.failNextSave();
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const summary = await screen.findByRole('textbox', { name: 'Summary' });
    await user.type(summary, 'Cooling');

    const status = screen.getByTestId('save-status');
    await waitFor(() => expect(status).toHaveTextContent('Not saved: The shop is busy right now. Please wait a moment, then try again.'), {
      timeout: 5000,
    });
    expect(summary).toHaveValue('Cooling');
    expect(backend.items.get('post-1')!.summary).toBe('');

    await user.click(within(status).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status).toHaveTextContent(/^Saved at/));
    expect(backend.items.get('post-1')!.summary).toBe('Cooling');
    expect(summary).toHaveValue('Cooling');
  });

  it('holds back a draft the contract would refuse and says why at the field', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const slug = await screen.findByRole('textbox', { name: 'Address (slug)' });
    await user.clear(slug);
    await user.type(slug, 'Curd Rice!');

    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent(/^Not saved: Use lower-case letters/), { timeout: 5000 });
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(backend.saves).toHaveLength(0);
  });

  it('uploads a cover picture, saying in plain words why one is refused', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const input = await screen.findByLabelText('Cover picture');

    await user.upload(input, new File(['not a picture'], 'bowl.png', { type: 'image/png' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP picture.')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('The picture is larger than 2 MB. Choose a smaller one, or reduce it first.')).toBeInTheDocument();
    expect(backend.uploads).toEqual([]);

    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'bowl.png', { type: 'image/png' }));
    expect(await screen.findByTestId('cover-picture')).toHaveTextContent('1200 × 675 pixels');
    expect(backend.uploads).toEqual(['image/png']);
    await waitFor(() => expect(backend.saves.at(-1)?.coverImageId).toBe('img-1'), { timeout: 5000 });
  });

  it('turns typed tags into lower-case chips', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    await user.type(await screen.findByRole('textbox', { name: 'Tags' }), 'Fibre, Gut Health,');
    const chips = within(screen.getByRole('list', { name: 'Tags' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['fibre×', 'gut health×']);
    await user.click(chips.getByRole('button', { name: 'Remove the tag fibre' }));
    await waitFor(() => expect(backend.saves.at(-1)?.tags).toEqual(['gut health']), { timeout: 5000 });
  });

  it('submits a saved draft for review and is then read-only', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', summary: 'A cooling bowl.' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const panel = within(await screen.findByTestId('review-panel'));
    expect(panel.getAllByRole('button').map((button) => button.textContent)).toEqual(['Submit for review']);

    await user.click(panel.getByRole('button', { name: 'Submit for review' }));

    await waitFor(() => expect(panel.getByTestId('review-state')).toHaveTextContent('Waiting for review'));
    expect(backend.reviews).toEqual([{ step: 'submit' }]);
    expect(panel.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByTestId('read-only-note')).toHaveTextContent(
      'It is waiting for review, so the text cannot change now. Withdraw it to go on writing.',
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    expect(within(panel.getByTestId('review-history')).getByText('Submitted for review')).toBeInTheDocument();
  });

  it('shows the server’s refusal of an incomplete piece at its field', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const panel = within(await screen.findByTestId('review-panel'));
    await user.click(panel.getByRole('button', { name: 'Submit for review' }));

    expect(await panel.findByRole('alert')).toHaveTextContent('Complete the piece before submitting it.');
    expect(screen.getByText('Must not be empty')).toBeInTheDocument();
    expect(panel.getByTestId('review-state')).toHaveTextContent('Draft');
  });

  it('shows the author the reviewer’s comment when changes are requested', async () => {
    const piece = backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', summary: 'A bowl.' }, users.doctor, 'changesRequested');
    piece.reviewComment = 'Please cite where the cooling effect comes from.';
    piece.history = [
      { step: 'requestChanges', from: 'submitted', to: 'changesRequested', by: authorOf(users.admin), comment: piece.reviewComment, at: at(5) },
    ];
    renderShop('/blog/edit?id=post-1', { as: 'doctor' });

    const comment = await screen.findByTestId('review-comment');
    expect(comment).toHaveTextContent('The reviewer asks you to change this');
    expect(comment).toHaveTextContent('Please cite where the cooling effect comes from.');
    expect(comment).toHaveTextContent('Make the changes, then submit it again.');
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('read-only-note')).not.toBeInTheDocument();
  });

  it('shows a doctor’s draft read-only to another author’s eyes: the admin reads it and takes only review steps', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', bodyHtml: '<p>Cool.</p>' }, users.doctor);
    renderShop('/blog/edit?id=post-1', { as: 'admin' });
    expect(await screen.findByTestId('read-only-note')).toHaveTextContent('Only its author, Dev Doctor, changes the text.');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: 'Text' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Text' })).toHaveTextContent('Cool.');
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('review-panel')).getByText('There is no review step for you to take now.')).toBeInTheDocument();
  });

  it('tells a doctor that another author’s piece cannot be found', async () => {
    backend.add({ _id: 'post-9', kind: 'post', title: 'Someone else’s' }, users.nutritionist);
    renderShop('/blog/edit?id=post-9', { as: 'doctor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a blog post' })).toBeInTheDocument();
    expect(screen.getByText(/We could not find this piece\. It may have been deleted, or it is someone else’s/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });

  it('restores an earlier revision after asking', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', summary: 'First summary.' }, users.doctor);
    backend.revise('post-1', { summary: 'Second summary.' });
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'doctor' });
    const revisions = within(await screen.findByTestId('revisions-panel'));
    const rows = await revisions.findAllByTestId('revision');
    expect(rows.map((row) => within(row).getByText(/^Revision \d$/).textContent)).toEqual(['Revision 2', 'Revision 1']);
    expect(within(rows[0]!).getByText('Current')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveValue('Second summary.');

    await user.click(revisions.getByRole('button', { name: 'Restore revision 1' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Restore revision 1?' }));
    await user.click(dialog.getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveValue('First summary.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(revisions.getAllByTestId('revision')).toHaveLength(3));
  });
});

describe('recipes', () => {
  it('edits a recipe’s parts at /recipe/create?id= and saves them', async () => {
    backend.add({ _id: 'recipe-1', kind: 'recipe', title: 'Ragi dosa' }, users.nutritionist);
    const { user } = renderShop('/recipe/create?id=recipe-1', { as: 'nutritionist' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a recipe' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /Course/ }), 'breakfast');
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fermented' }));
    await user.type(screen.getByRole('textbox', { name: 'Servings' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add an ingredient' }));
    await user.click(screen.getByRole('textbox', { name: 'Quantity of ingredient 1' }));
    await user.paste('1 katori');
    await user.click(screen.getByRole('textbox', { name: 'Ingredient 1' }));
    await user.paste('ragi flour');
    await user.click(screen.getByRole('button', { name: 'Add an ingredient' }));
    await user.click(screen.getByRole('textbox', { name: 'Ingredient 2' }));
    await user.paste('salt to taste');
    await user.click(screen.getByRole('button', { name: 'Move ingredient 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.click(screen.getByRole('textbox', { name: 'Step 1' }));
    await user.paste('Ferment the batter overnight.');

    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent(/^Saved at/), { timeout: 6000 });
    expect(backend.saves.at(-1)!.recipe).toMatchObject({
      course: 'breakfast',
      diets: { vegetarian: false, vegan: true, glutenFree: false, jain: false },
      benefits: ['fermented'],
      servings: 2,
      prepMinutes: null,
      ingredients: [
        { quantity: '', item: 'salt to taste' },
        { quantity: '1 katori', item: 'ragi flour' },
      ],
      steps: ['Ferment the batter overnight.'],
      nutrition: null,
    });
  });

  it('previews a draft recipe marked as not published', async () => {
    backend.add(
      {
        _id: 'recipe-1',
        kind: 'recipe',
        title: 'Ragi dosa',
        summary: 'A fermented breakfast.',
        bodyHtml: '<p>From Karnataka.</p>',
        recipe: {
          course: 'breakfast',
          diets: { vegetarian: true, vegan: true, glutenFree: true, jain: false },
          benefits: ['fermented'],
          prepMinutes: 15,
          cookMinutes: 20,
          servings: 2,
          ingredients: [{ quantity: '1 katori', item: 'ragi flour' }],
          steps: ['Ferment the batter overnight.'],
          nutrition: null,
          gutNote: 'Fermentation adds live cultures.',
        },
      },
      users.nutritionist,
    );
    renderShop('/recipe/test?id=recipe-1', { as: 'nutritionist' });
    expect(await screen.findByTestId('preview-banner')).toHaveTextContent('Preview — not published');
    expect(screen.getByRole('heading', { level: 1, name: 'Ragi dosa' })).toBeInTheDocument();
    expect(screen.getByText('From Karnataka.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ingredients' })).getByRole('listitem')).toHaveTextContent('1 katori ragi flour');
    expect(within(screen.getByRole('region', { name: 'Method' })).getByRole('listitem')).toHaveTextContent('Ferment the batter overnight.');
    expect(screen.getByText('Fermentation adds live cultures.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the recipe' })).toHaveAttribute('href', '/recipe/create?id=recipe-1');
  });

  it('opens a post given to the recipe pages at its own address', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor);
    renderShop('/recipe/create?id=post-1', { as: 'doctor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a blog post' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/blog/edit');
  });
});

describe('reviewing', () => {
  it('lists the pieces waiting for review, the longest waiting first, filtered by kind', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor, 'submitted');
    backend.add({ _id: 'recipe-1', kind: 'recipe', title: 'Ragi dosa' }, users.nutritionist, 'submitted');
    backend.add({ _id: 'post-2', kind: 'post', title: 'Still a draft' }, users.doctor);
    const { user } = renderShop('/recipe/approve', { as: 'admin' });

    const queue = within(await screen.findByTestId('review-queue'));
    expect(screen.getByTestId('queue-count')).toHaveTextContent('2 waiting for review, the longest waiting first.');
    const links = queue.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/blog/edit?id=post-1', '/recipe/create?id=recipe-1']);
    expect(links[0]).toHaveTextContent('Curd rice');
    expect(links[0]).toHaveTextContent('Blog post');
    expect(links[0]).toHaveTextContent('by Dev Doctor, Doctor');
    expect(links[0]).toHaveTextContent('submitted 24 Nov 2026, 10:00 am');

    await user.click(screen.getByRole('link', { name: 'Recipes' }));
    await waitFor(() => expect(within(screen.getByTestId('review-queue')).getAllByRole('link')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Recipes' })).toHaveAttribute('aria-current', 'page');
    expect(backend.listed).toContain('state=submitted&limit=100&kind=recipe');
  });

  it('tells the other staff that only admins review', async () => {
    renderShop('/recipe/approve', { as: 'doctor' });
    expect(await screen.findByTestId('admins-only')).toHaveTextContent('Only admins review posts and recipes.');
    expect(backend.listed).toEqual([]);
  });

  it('asks for a comment before requesting changes, and sends it', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice', summary: 'A bowl.' }, users.doctor, 'submitted');
    const { user } = renderShop('/blog/edit?id=post-1', { as: 'admin' });
    const panel = within(await screen.findByTestId('review-panel'));
    expect(panel.getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Request changes']);

    await user.click(panel.getByRole('button', { name: 'Request changes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request changes' }));
    await user.click(dialog.getByRole('button', { name: 'Send back to the author' }));
    expect(dialog.getByText('Write what should change; the author needs to know.')).toBeInTheDocument();
    expect(backend.reviews).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: /What should change/ }), 'Cite a source for the cooling claim.');
    await user.click(dialog.getByRole('button', { name: 'Send back to the author' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.reviews).toEqual([{ step: 'requestChanges', comment: 'Cite a source for the cooling claim.' }]);
    expect(panel.getByTestId('review-state')).toHaveTextContent('Changes requested');
    expect(panel.getByTestId('review-comment')).toHaveTextContent('Cite a source for the cooling claim.');
  });
});

describe('the staff home', () => {
  it('shows every author their writing, and an admin what waits for review', async () => {
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor, 'changesRequested');
    backend.add({ _id: 'recipe-1', kind: 'recipe', title: 'Ragi dosa' }, users.nutritionist, 'submitted');
    backend.add({ _id: 'post-2', kind: 'post', title: 'Admin’s own note' }, users.admin);

    renderShop('/admin-home', { as: 'doctor' });
    const writing = within(await screen.findByTestId('your-writing'));
    const own = await writing.findAllByRole('listitem');
    expect(own).toHaveLength(1);
    expect(own[0]).toHaveTextContent('Curd rice');
    expect(own[0]).toHaveTextContent('Changes requested');
    expect(within(own[0]!).getByRole('link')).toHaveAttribute('href', '/blog/edit?id=post-1');
    expect(screen.queryByTestId('waiting-for-review')).not.toBeInTheDocument();
  });

  it('shows an admin the count and the oldest pieces waiting for review', async () => {
    backend.add({ _id: 'recipe-1', kind: 'recipe', title: 'Ragi dosa' }, users.nutritionist, 'submitted');
    backend.add({ _id: 'post-1', kind: 'post', title: 'Curd rice' }, users.doctor, 'submitted');
    renderShop('/admin-home', { as: 'admin' });
    const waiting = within(await screen.findByTestId('waiting-for-review'));
    expect(await waiting.findByTestId('waiting-count')).toHaveTextContent('2 waiting for review, the longest waiting first.');
    expect(waiting.getAllByRole('listitem').map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/recipe/create?id=recipe-1',
      '/blog/edit?id=post-1',
    ]);
    expect(within(await screen.findByTestId('your-writing')).getByText('You have not started a post or recipe yet.')).toBeInTheDocument();
  });
});
