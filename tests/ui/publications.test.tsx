import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type Publication = Schemas['Publication'];
type AdminPublication = Schemas['AdminPublication'];
type PublicList = Schemas['PublicationList'];
type AdminList = operations['listAdminPublications']['responses'][200]['content']['application/json'];
type CreateBody = Schemas['AdminPublicationInput'];
type PatchBody = Schemas['AdminPublicationPatch'];
type ErrorBody = Schemas['Error'];

const PAPERS: Publication[] = [
  {
    _id: 'pub-wastyk',
    title: 'Gut-microbiota-targeted diets modulate human immune status',
    authors: 'Wastyk HC, Fragiadakis GK, Perelman D, et al.',
    journal: 'Cell',
    year: 2021,
    doi: '10.1016/j.cell.2021.06.019',
    topic: 'diet-and-nutrition',
    summary: 'In a diet study, eating more fermented foods raised gut microbiome diversity and lowered markers of inflammation.',
  },
  {
    _id: 'pub-qin',
    title: 'A human gut microbial gene catalogue established by metagenomic sequencing',
    authors: 'Qin J, Li R, Raes J, et al.',
    journal: 'Nature',
    year: 2010,
    doi: '10.1038/nature08821',
    topic: 'gut-microbiome',
    summary: 'Built the first large catalogue of the genes of human gut microbes.',
  },
  {
    _id: 'pub-psqi',
    title: 'The Pittsburgh Sleep Quality Index: a new instrument for psychiatric practice and research',
    authors: 'Buysse DJ, Reynolds CF 3rd, Monk TH, Berman SR, Kupfer DJ',
    journal: 'Psychiatry Research',
    year: 1989,
    doi: '10.1016/0165-1781(89)90047-4',
    topic: 'questionnaires',
    summary: 'Introduced the Pittsburgh Sleep Quality Index (PSQI), a questionnaire on sleep quality over the past month.',
  },
];

/** GET /api/publications as the contract describes it: filtered by the server, the topics and years of all. */
function publicApi(papers: Publication[] = PAPERS) {
  const asked: string[] = [];
  let failing = false;
  const handler = http.get<never, never, PublicList | ErrorBody>('*/api/publications', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query.toString());
    if (failing) return HttpResponse.json({ message: 'Database unavailable.' }, { status: 503 });
    const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const items = papers.filter(
      (paper) =>
        (!query.get('topic') || paper.topic === query.get('topic')) &&
        (!query.get('year') || paper.year === Number(query.get('year'))) &&
        words.every((word) => `${paper.title} ${paper.authors} ${paper.journal}`.toLowerCase().includes(word)),
    );
    const topics = [...new Set(papers.map((paper) => paper.topic))].map((topic) => ({ topic, count: papers.filter((paper) => paper.topic === topic).length }));
    return HttpResponse.json({ items, topics, years: [...new Set(papers.map((paper) => paper.year))].sort((a, b) => b - a) });
  });
  return {
    handler,
    asked,
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

const entries = () => screen.getAllByTestId('publication');

describe('the publications page', () => {
  let backend: ReturnType<typeof publicApi>;
  beforeEach(() => {
    backend = publicApi();
    server.use(answers.catalogueWithoutOffer(), backend.handler);
  });

  it('lists each paper with its link, authors, journal, year, topic, summary and DOI', async () => {
    renderShop('/publications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Publications' })).toBeInTheDocument();
    expect(screen.getByText(/Peer-reviewed research that the science behind our kits draws on/)).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(backend.asked).toEqual(['']);
    expect(screen.getByTestId('publications-status')).toHaveTextContent('3 papers, newest first.');
    const [first, second] = entries();
    const link = within(second!).getByRole('link', { name: 'A human gut microbial gene catalogue established by metagenomic sequencing (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://doi.org/10.1038/nature08821');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second!).getByRole('heading', { level: 2 })).toContainElement(link);
    expect(second).toHaveTextContent('Qin J, Li R, Raes J, et al.');
    expect(second).toHaveTextContent('Nature, 2010');
    expect(second).toHaveTextContent('Gut microbiome');
    expect(second).toHaveTextContent('Built the first large catalogue of the genes of human gut microbes.');
    expect(second).toHaveTextContent('DOI: 10.1038/nature08821');
    expect(first).toHaveTextContent('Diet and nutrition');
    // A DOI with brackets stays one address.
    expect(within(entries()[2]!).getByRole('link')).toHaveAttribute('href', 'https://doi.org/10.1016/0165-1781(89)90047-4');
    // The filters say how many papers each topic holds, and offer the years there are.
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(within(topic).getByRole('option', { name: 'All topics (3)' })).toBeInTheDocument();
    expect(within(topic).getByRole('option', { name: 'Questionnaires (1)' })).toBeInTheDocument();
    expect(within(topic).getByRole('option', { name: 'Methods and sequencing' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Year' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All years',
      '2021',
      '2010',
      '1989',
    ]);
  });

  it('filters by topic and year and searches words on the server, keeping them in the address', async () => {
    const view = renderShop('/publications');
    await waitFor(() => expect(entries()).toHaveLength(3));
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Questionnaires (1)');
    await waitFor(() => expect(window.location.search).toBe('?topic=questionnaires'));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('The Pittsburgh Sleep Quality Index');
    expect(screen.getByTestId('publications-status')).toHaveTextContent('Showing 1 paper of 3.');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'All topics (3)');
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2010');
    await waitFor(() => expect(window.location.search).toBe('?year=2010'));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(backend.asked.at(-1)).toBe('year=2010');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), 'All years');
    await view.user.type(screen.getByRole('searchbox', { name: 'Search by title, author or journal' }), 'cell immune{Enter}');
    await waitFor(() => expect(backend.asked.at(-1)).toBe('q=cell+immune'));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('Gut-microbiota-targeted diets');

    await view.user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(window.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by title, author or journal' })).toHaveValue('');
  });

  it('opens with the filters of its address, and ignores those it does not know', async () => {
    renderShop('/publications?topic=gut-microbiome&year=2010&q=raes');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(backend.asked).toContain('topic=gut-microbiome&year=2010&q=raes');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('gut-microbiome');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2010');
    expect(screen.getByRole('searchbox', { name: 'Search by title, author or journal' })).toHaveValue('raes');
  });

  it('drops filters that do not fit', async () => {
    renderShop('/publications?topic=probiotics&year=1066');
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(backend.asked).toEqual(['']);
  });

  it('says when nothing matches, and shows them all again', async () => {
    const view = renderShop('/publications?q=zebrafish');
    expect(await screen.findByTestId('publications-empty')).toHaveTextContent('No paper matches these filters.');
    await view.user.click(screen.getByRole('button', { name: 'Show all publications' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
  });

  it('says when there is nothing listed yet', async () => {
    server.use(publicApi([]).handler);
    renderShop('/publications');
    expect(await screen.findByTestId('publications-empty')).toHaveTextContent('No publications are listed yet.');
  });

  it('says what stopped the list from loading, and loads it on a retry', async () => {
    backend.fail(true);
    const view = renderShop('/publications');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(/^We could not load the publications\./);
    backend.fail(false);
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
  });
});

const forbidden = () => HttpResponse.json<ErrorBody>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });
const isAdmin = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role === 'admin';

function adminEntry(paper: Publication, visible = true): AdminPublication {
  return { ...paper, visible, createdAt: '2026-11-01T06:00:00.000Z', updatedAt: '2026-11-01T06:00:00.000Z' };
}

/** The staff's operations as the contract describes them: admins only, the rules the server's. */
function adminApi() {
  const rows = [adminEntry(PAPERS[0]!), adminEntry(PAPERS[1]!), adminEntry(PAPERS[2]!, false)];
  const listed: string[] = [];
  const created: CreateBody[] = [];
  const patched: Array<{ id: string; body: PatchBody }> = [];
  const deleted: string[] = [];
  const handlers = [
    http.get<never, never, AdminList | ErrorBody>('*/api/admin/publications', ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const visible = query.get('visible');
      const items = rows.filter(
        (row) =>
          (!query.get('topic') || row.topic === query.get('topic')) &&
          (visible === null || String(row.visible) === visible) &&
          (!query.get('q') || row.title.toLowerCase().includes(query.get('q')!.toLowerCase())),
      );
      return HttpResponse.json({ items, total: items.length });
    }),
    http.post<never, CreateBody, { publication: AdminPublication } | ErrorBody>('*/api/admin/publications', async ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const body = await request.json();
      created.push(body);
      if (rows.some((row) => row.doi.toLowerCase() === body.doi.replace('https://doi.org/', '').toLowerCase())) {
        return HttpResponse.json(
          { message: `There is already a publication with the DOI ${body.doi}.`, code: 'PUBLICATION_DOI_TAKEN', fields: { doi: `${body.doi} is already listed` } },
          { status: 409 },
        );
      }
      const made = adminEntry({ ...body, _id: 'pub-new', doi: body.doi.replace('https://doi.org/', '') }, body.visible ?? true);
      rows.unshift(made);
      return HttpResponse.json({ publication: made }, { status: 201 });
    }),
    http.patch<{ id: string }, PatchBody, { publication: AdminPublication } | ErrorBody>('*/api/admin/publications/:id', async ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const body = await request.json();
      patched.push({ id: params.id, body });
      const row = rows.find((entry) => entry._id === params.id)!;
      Object.assign(row, body);
      return HttpResponse.json({ publication: row });
    }),
    http.delete<{ id: string }>('*/api/admin/publications/:id', ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      deleted.push(params.id);
      rows.splice(
        rows.findIndex((entry) => entry._id === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, listed, created, patched, deleted };
}

describe('the staff’s publications page', () => {
  let backend: ReturnType<typeof adminApi>;
  beforeEach(() => {
    backend = adminApi();
    server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
  });

  const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

  it('lists every entry, hidden ones too, and is in the admin sidebar', async () => {
    renderShop('/admin/publications', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publications' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Publications, newest year first/ })).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(within(rows()[1]!).getByRole('rowheader')).toHaveTextContent('A human gut microbial gene catalogue established by metagenomic sequencingQin J, Li R, Raes J, et al.');
    expect(rows()[1]).toHaveTextContent('10.1038/nature08821');
    expect(rows()[1]).toHaveTextContent('Shown');
    expect(rows()[2]).toHaveTextContent('Hidden');
    expect(within(rows()[2]!).getByRole('button', { name: /^Show The Pittsburgh/ })).toBeInTheDocument();
    expect(backend.listed).toEqual(['sort=-year&limit=20&offset=0']);
    const sidebar = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(sidebar.getByRole('link', { name: 'Publications' })).toHaveAttribute('aria-current', 'page');
  });

  it('turns a doctor away with the admin area’s message', async () => {
    renderShop('/admin/publications', { as: 'doctor' });
    expect(await screen.findByText("You don't have access to view dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(backend.listed).toEqual([]);
  });

  it('filters by topic and by whether an entry is shown, searches and sorts on the server, keeping it all in the address', async () => {
    const view = renderShop('/admin/publications', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.selectOptions(screen.getByLabelText('On the page'), 'Hidden');
    await waitFor(() => expect(window.location.search).toBe('?state=hidden'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(backend.listed.at(-1)).toBe('visible=false&sort=-year&limit=20&offset=0');
    await view.user.selectOptions(screen.getByLabelText('On the page'), 'Shown or hidden');
    await view.user.selectOptions(screen.getByLabelText('Topic'), 'Gut microbiome');
    await waitFor(() => expect(backend.listed.at(-1)).toBe('topic=gut-microbiome&sort=-year&limit=20&offset=0'));
    await view.user.type(screen.getByRole('searchbox', { name: 'Search publications' }), 'catalogue{Enter}');
    await waitFor(() => expect(backend.listed.at(-1)).toBe('q=catalogue&topic=gut-microbiome&sort=-year&limit=20&offset=0'));
    await view.user.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(backend.listed.at(-1)).toBe('q=catalogue&topic=gut-microbiome&sort=title&limit=20&offset=0'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('title');
  });

  it('adds an entry in a dialog, checking the fields first and showing the server’s refusals at them', async () => {
    const view = renderShop('/admin/publications', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(screen.getByRole('button', { name: 'New publication' }));
    const dialog = await screen.findByRole('dialog', { name: 'New publication' });
    const form = within(dialog).getByRole('form', { name: 'New publication' });
    await view.user.click(within(form).getByRole('button', { name: 'Add the publication' }));
    expect(await within(form).findByText('Enter the title.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the DOI, e.g. 10.1038/nature08821, or its https://doi.org/ link.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the topic it is listed under.')).toBeInTheDocument();

    await view.user.type(within(form).getByLabelText(/^Title/), 'Enterotypes of the human gut microbiome');
    await view.user.type(within(form).getByLabelText(/^Authors/), 'Arumugam M, Raes J, Pelletier E, et al.');
    await view.user.type(within(form).getByLabelText(/^Journal/), 'Nature');
    await view.user.type(within(form).getByLabelText(/^Year/), '1850');
    await view.user.type(within(form).getByLabelText(/^DOI/), 'nature09944');
    await view.user.selectOptions(within(form).getByLabelText(/^Topic/), 'Gut microbiome');
    await view.user.type(within(form).getByLabelText(/^Summary/), 'Proposed that gut microbiomes fall into a few broad types.');
    await view.user.click(within(form).getByRole('button', { name: 'Add the publication' }));
    expect(await within(form).findByText(/^Enter a year from 1900 to \d{4}\.$/)).toBeInTheDocument();
    expect(within(form).getByText('Enter the DOI, e.g. 10.1038/nature08821, or its https://doi.org/ link.')).toBeInTheDocument();
    expect(backend.created).toEqual([]);

    await view.user.clear(within(form).getByLabelText(/^Year/));
    await view.user.type(within(form).getByLabelText(/^Year/), '2011');
    await view.user.clear(within(form).getByLabelText(/^DOI/));
    await view.user.type(within(form).getByLabelText(/^DOI/), 'https://doi.org/10.1038/NATURE08821');
    await view.user.click(within(form).getByRole('button', { name: 'Add the publication' }));
    // The server's 409 at the DOI.
    expect(await within(form).findByText('DOI https://doi.org/10.1038/NATURE08821 is already listed.')).toBeInTheDocument();
    expect(within(form).getByText('Please correct the fields marked below.')).toBeInTheDocument();

    await view.user.clear(within(form).getByLabelText(/^DOI/));
    await view.user.type(within(form).getByLabelText(/^DOI/), 'https://doi.org/10.1038/nature09944');
    await view.user.click(within(form).getByRole('checkbox', { name: 'Show it on the publications page' }));
    await view.user.click(within(form).getByRole('button', { name: 'Add the publication' }));
    expect(await screen.findByText('“Enterotypes of the human gut microbiome” is added.')).toBeInTheDocument();
    expect(backend.created.at(-1)).toEqual({
      title: 'Enterotypes of the human gut microbiome',
      authors: 'Arumugam M, Raes J, Pelletier E, et al.',
      journal: 'Nature',
      year: 2011,
      doi: 'https://doi.org/10.1038/nature09944',
      topic: 'gut-microbiome',
      summary: 'Proposed that gut microbiomes fall into a few broad types.',
      visible: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('changes an entry in the dialog, filled in with what it holds', async () => {
    const view = renderShop('/admin/publications', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rows()[1]!).getByRole('button', { name: /^Edit A human gut microbial/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change publication' });
    expect(within(dialog).getByLabelText(/^DOI/)).toHaveValue('10.1038/nature08821');
    expect(within(dialog).getByLabelText(/^Topic/)).toHaveValue('gut-microbiome');
    await view.user.clear(within(dialog).getByLabelText(/^Summary/));
    await view.user.type(within(dialog).getByLabelText(/^Summary/), 'Catalogued the genes of gut microbes from stool.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('“A human gut microbial gene catalogue established by metagenomic sequencing” is saved.')).toBeInTheDocument();
    expect(backend.patched).toEqual([
      {
        id: 'pub-qin',
        body: expect.objectContaining({ summary: 'Catalogued the genes of gut microbes from stool.', doi: '10.1038/nature08821', year: 2010, visible: true }) as PatchBody,
      },
    ]);
  });

  it('hides and shows an entry at once', async () => {
    const view = renderShop('/admin/publications', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rows()[0]!).getByRole('button', { name: /^Hide Gut-microbiota-targeted/ }));
    expect(await screen.findByText('“Gut-microbiota-targeted diets modulate human immune status” is hidden from the publications page.')).toBeInTheDocument();
    expect(backend.patched).toEqual([{ id: 'pub-wastyk', body: { visible: false } }]);
    await waitFor(() => expect(within(rows()[0]!).getByRole('button', { name: /^Show Gut-microbiota-targeted/ })).toBeInTheDocument());
    await view.user.click(within(rows()[0]!).getByRole('button', { name: /^Show Gut-microbiota-targeted/ }));
    expect(await screen.findByText('“Gut-microbiota-targeted diets modulate human immune status” is shown on the publications page.')).toBeInTheDocument();
    expect(backend.patched.at(-1)).toEqual({ id: 'pub-wastyk', body: { visible: true } });
  });

  it('deletes an entry only after a confirmation', async () => {
    const view = renderShop('/admin/publications', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rows()[2]!).getByRole('button', { name: /^Delete The Pittsburgh/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this publication?' });
    expect(confirm).toHaveTextContent('This cannot be undone');
    await view.user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.deleted).toEqual([]);

    await view.user.click(within(rows()[2]!).getByRole('button', { name: /^Delete The Pittsburgh/ }));
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is deleted\.$/)).toHaveTextContent('“The Pittsburgh Sleep Quality Index: a new instrument for psychiatric practice and research” is deleted.');
    expect(backend.deleted).toEqual(['pub-psqi']);
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
