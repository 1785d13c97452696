/**
 * The ebook: its page says what is inside and whom it is for, the form asks for a name and an e-mail address with an
 * optional, unticked consent, and answers with a real download link; a failure keeps what was typed. Admins list
 * the people who asked, filter and sort them on the server and export them as CSV.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { EBOOK_CHAPTERS } from '@/features/ebook/content/ebook';
import { answers, server } from './handlers';
import { renderShop, type ShopView } from './render';

type Schemas = components['schemas'];
type DownloadBody = Schemas['EbookDownloadRequest'];
type EbookLead = Schemas['EbookLead'];
type ExportJob = Schemas['ExportJob'];

const CONSENT = 'Yes, Gut360 Health may e-mail me about gut health, its tests and offers. I can withdraw this at any time.';
const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

/** Answers the download request with `answer` and keeps the bodies it was sent. */
function downloadApi(answer: (body: DownloadBody) => Response) {
  const sent: DownloadBody[] = [];
  server.use(
    http.post('*/api/ebook/downloads', async ({ request }) => {
      const body = (await request.json()) as DownloadBody;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

const linkMade = () =>
  HttpResponse.json<Schemas['EbookDownload']>({ downloadUrl: `/api/ebook/file/${TOKEN}`, expiresAt: '2026-12-03T05:00:00.000Z' }, { status: 201 });

async function fillIn({ user }: ShopView, { consent }: { consent: boolean }) {
  const form = await screen.findByRole('form', { name: 'Get the free ebook' });
  await user.type(within(form).getByLabelText(/^Your name/), 'Asha Menon');
  await user.type(within(form).getByLabelText(/^E-mail address/), 'asha@example.test');
  if (consent) await user.click(within(form).getByRole('checkbox', { name: CONSENT }));
  return form;
}

describe('the ebook page', () => {
  beforeEach(() => {
    server.use(answers.catalogueWithoutOffer());
  });

  it('shows the cover, what is inside and whom it is for, and describes the book to search engines', async () => {
    renderShop('/Microbiomeandhealthebook');
    expect(await screen.findByRole('heading', { level: 1, name: 'Microbiome and Health: the free ebook' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of the ebook The Gut Microbiome and Your Health: A practical guide for India' })).toBeInTheDocument();
    expect(screen.getByText('The cover of the free ebook.')).toBeInTheDocument();
    const inside = screen.getByRole('region', { name: 'What is inside' });
    const chapters = within(inside).getAllByRole('listitem');
    expect(chapters.map((item) => item.textContent?.split('.')[0])).toEqual(EBOOK_CHAPTERS.map((chapter) => chapter.title));
    expect(inside).toHaveTextContent('Glossary.');
    expect(inside).toHaveTextContent('Further reading.');
    expect(screen.getByRole('region', { name: 'Who it is for' })).toHaveTextContent('not medical advice');
    expect(screen.getByRole('link', { name: 'Get the free ebook' })).toHaveAttribute('href', '#get-the-ebook');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    // A script element has no role to find it by.
    // eslint-disable-next-line testing-library/no-node-access
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '{}')).toMatchObject({
      '@type': 'Book',
      name: 'The Gut Microbiome and Your Health: A practical guide for India',
      bookFormat: 'https://schema.org/EBook',
      isAccessibleForFree: true,
      publisher: { name: 'Gut360 Health Private Limited' },
    });
  });

  it('gives the download link once asked, with focus on it, and sends the consent only when ticked', async () => {
    const sent = downloadApi(linkMade);
    const view = renderShop('/Microbiomeandhealthebook');
    const form = await screen.findByRole('form', { name: 'Get the free ebook' });
    const consent = within(form).getByRole('checkbox', { name: CONSENT });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription('Optional. Leave it unticked and you still get the ebook; we will not write to you.');
    await fillIn(view, { consent: true });
    await view.user.click(within(form).getByRole('button', { name: 'Get the ebook' }));

    const ready = await screen.findByTestId('ebook-ready');
    expect(ready).toHaveTextContent('Thank you, Asha Menon. Your ebook is ready.');
    expect(ready).toHaveTextContent('You agreed that we may e-mail you');
    const link = within(ready).getByRole('link', { name: 'Download the ebook (PDF)' });
    expect(link).toHaveAttribute('href', `/api/ebook/file/${TOKEN}`);
    expect(link).toHaveAttribute('download', 'gut360-microbiome-and-health-ebook.pdf');
    expect(link).toHaveAccessibleDescription('Thank you, Asha Menon. Your ebook is ready.');
    await waitFor(() => expect(link).toHaveFocus());
    expect(ready).toHaveTextContent('This link works until 3 Dec 2026, 10:30 am.');
    expect(sent).toEqual([{ name: 'Asha Menon', email: 'asha@example.test', consentToContact: true }]);

    await view.user.click(within(ready).getByRole('button', { name: 'Ask for another copy' }));
    const again = await screen.findByRole('form', { name: 'Get the free ebook' });
    await fillIn(view, { consent: false });
    await view.user.click(within(again).getByRole('button', { name: 'Get the ebook' }));
    expect(await screen.findByTestId('ebook-ready')).toHaveTextContent('We will not e-mail you: you did not tick the box.');
    expect(sent[1]).toEqual({ name: 'Asha Menon', email: 'asha@example.test', consentToContact: false });
  });

  it('says at each field what to fix before asking the server', async () => {
    const sent = downloadApi(linkMade);
    const { user } = renderShop('/Microbiomeandhealthebook');
    const form = await screen.findByRole('form', { name: 'Get the free ebook' });
    await user.type(within(form).getByLabelText(/^E-mail address/), 'asha@');
    await user.click(within(form).getByRole('button', { name: 'Get the ebook' }));
    expect(await within(form).findByText('Please enter your full name.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows what the server refused at its field', async () => {
    downloadApi(() =>
      HttpResponse.json<Schemas['Error']>(
        { message: 'email must be a valid email.', code: 'VALIDATION_FAILED', fields: { email: 'must be a valid email' } },
        { status: 400 },
      ),
    );
    const view = renderShop('/Microbiomeandhealthebook');
    const form = await fillIn(view, { consent: false });
    await view.user.click(within(form).getByRole('button', { name: 'Get the ebook' }));
    expect(await within(form).findByText('must be a valid email')).toBeInTheDocument();
    expect(screen.queryByTestId('ebook-ready')).not.toBeInTheDocument();
  });

  it('passes on the limit per hour and keeps what was typed, ticked box included', async () => {
    downloadApi(() =>
      HttpResponse.json<Schemas['Error']>(
        { message: 'You have asked for the ebook several times in the last hour. Please wait a while, then try again.', code: 'TOO_MANY_REQUESTS' },
        { status: 429 },
      ),
    );
    const view = renderShop('/Microbiomeandhealthebook');
    const form = await fillIn(view, { consent: true });
    await view.user.click(within(form).getByRole('button', { name: 'Get the ebook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have asked for the ebook several times in the last hour. Please wait a while, then try again. What you typed is still here.',
    );
    expect(within(form).getByLabelText(/^Your name/)).toHaveValue('Asha Menon');
    expect(within(form).getByRole('checkbox', { name: CONSENT })).toBeChecked();
  });

  it('keeps what was typed when the shop cannot be reached, and gives the link on the next try', async () => {
    let down = true;
    const sent = downloadApi(() => (down ? HttpResponse.error() : linkMade()));
    const view = renderShop('/Microbiomeandhealthebook');
    const form = await fillIn(view, { consent: false });
    await view.user.click(within(form).getByRole('button', { name: 'Get the ebook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/No connection.*What you typed is still here\./);
    expect(within(form).getByLabelText(/^E-mail address/)).toHaveValue('asha@example.test');
    down = false;
    await view.user.click(within(form).getByRole('button', { name: 'Get the ebook' }));
    expect(await screen.findByRole('link', { name: 'Download the ebook (PDF)' })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });
});

function leadOf(fields: Partial<EbookLead> & Pick<EbookLead, '_id' | 'name'>): EbookLead {
  return {
    email: `${fields._id}@example.in`,
    consentToContact: true,
    consentAt: '2026-11-24T04:30:00.000Z',
    consentText: CONSENT,
    downloads: 1,
    firstRequestedAt: '2026-11-20T04:30:00.000Z',
    lastRequestedAt: '2026-11-24T04:30:00.000Z',
    ...fields,
  };
}

/** The leads' list and export as the contract describes them. */
function leadsApi() {
  const leads = [
    leadOf({ _id: 'l-meera', name: 'Meera Iyer', downloads: 2 }),
    leadOf({ _id: 'l-ravi', name: 'Ravi Kumar', consentToContact: false, consentAt: '2026-11-23T10:00:00.000Z', downloads: 0 }),
  ];
  const listed: string[] = [];
  const exportsStarted: Schemas['EbookLeadFilter'][] = [];
  const job: ExportJob = {
    _id: 'export-1',
    kind: 'ebook-leads',
    status: 'queued',
    rows: 0,
    total: 1,
    createdAt: '2026-11-24T05:00:00.000Z',
    finishedAt: null,
    fileName: 'ebook-leads-2026-11-24.csv',
  };
  server.use(
    answers.catalogueWithoutOffer(),
    http.get('*/api/admin/ebook-leads', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const consent = query.get('consent');
      const items = leads.filter((lead) => consent === null || String(lead.consentToContact) === consent);
      return HttpResponse.json({ items, total: items.length });
    }),
    http.post<never, Schemas['EbookLeadFilter']>('*/api/admin/exports/ebook-leads', async ({ request }) => {
      exportsStarted.push(await request.json());
      return HttpResponse.json({ export: job }, { status: 202 });
    }),
    http.get('*/api/admin/exports/:id', () => HttpResponse.json({ export: { ...job, status: 'done', rows: 1, finishedAt: '2026-11-24T05:00:01.000Z' } })),
    http.get(
      '*/api/admin/exports/:id/file',
      () => new HttpResponse('\uFEFFName,E-mail\r\nMeera Iyer,l-meera@example.in\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    ),
  );
  return { listed, exportsStarted };
}

describe('the ebook leads', () => {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  let saved: string[];
  let clicks: { mockRestore: () => void };

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = () => 'blob:ebook-leads';
    URL.revokeObjectURL = () => undefined;
    clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:ebook-leads') saved.push(this.download);
    });
  });

  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    clicks.mockRestore();
  });

  it('lists each lead’s consent with its time in India, filters and sorts on the server, and exports the same filter', async () => {
    const backend = leadsApi();
    const view = renderShop('/admin/ebook-leads', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Ebook leads, asked most recently' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name↕',
      'E-mail↕',
      'Consent to contact↕',
      'Downloads↕',
      'First asked↕',
      'Last asked▼',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Meera Iyer');
    expect(rows[0]).toHaveTextContent('YesGiven 24 Nov 2026, 10:00 am');
    expect(rows[1]).toHaveTextContent('NoAnswered 23 Nov 2026, 3:30 pm');
    expect(rows[1]).toHaveTextContent('20 Nov 2026, 10:00 am');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Ebook Leads' })).toHaveAttribute('aria-current', 'page');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Consent to contact' }), 'Agreed to be contacted');
    await waitFor(() => expect(window.location.search).toBe('?consent=yes'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    await view.user.click(within(screen.getByRole('table')).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(window.location.search).toBe('?consent=yes&sort=name'));
    await view.user.type(screen.getByRole('searchbox', { name: 'Search the leads' }), 'meera{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?q=meera&consent=yes&sort=name'));
    expect(backend.listed).toEqual([
      'sort=-lastRequestedAt&limit=20&offset=0',
      'consent=true&sort=-lastRequestedAt&limit=20&offset=0',
      'consent=true&sort=name&limit=20&offset=0',
      'q=meera&consent=true&sort=name&limit=20&offset=0',
    ]);

    await view.user.click(screen.getByRole('button', { name: 'Export leads as CSV' }));
    expect(await screen.findByText(/^Saved ebook-leads-2026-11-24\.csv: 1 row\./)).toBeInTheDocument();
    expect(backend.exportsStarted).toEqual([{ q: 'meera', consent: true, sort: 'name' }]);
    expect(saved).toEqual(['ebook-leads-2026-11-24.csv']);
  });

  it('says so when nobody has asked yet', async () => {
    server.use(answers.catalogueWithoutOffer(), http.get('*/api/admin/ebook-leads', () => HttpResponse.json({ items: [], total: 0 })));
    renderShop('/admin/ebook-leads', { as: 'admin' });
    expect(await screen.findByTestId('leads-empty')).toHaveTextContent('Nobody has asked for the ebook yet.');
  });
});
