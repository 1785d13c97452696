/**
 * The free ebook: anyone asks for it with a name and an e-mail address and gets a link that works for 7 days; the
 * link answers the PDF the server made from its own content (title, chapters, contents, page numbers, colophon),
 * counted on the lead. One lead per address keeps the consent as last given, audited only when it changes; requests
 * are limited per client address. Admins list the leads and export them as CSV.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { EBOOK_REQUESTS_PER_HOUR } from '../../server/routes/ebook/handlers';
import { ebookLeadBatches, EBOOK_CONSENT_TEXT } from '../../server/routes/ebook/queries';
import { EBOOK_BACK_MATTER, EBOOK_CHAPTERS, EBOOK_TITLE } from '../../server/services/ebook/content';
import * as page from '../../src/features/ebook/content/ebook';
import { expectContract, expectContractFile, expectErrorShape } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, startTestApp, type TestApp } from './setup/app';

type EbookDownload = components['schemas']['EbookDownload'];
type EbookLead = components['schemas']['EbookLead'];
type ExportJob = components['schemas']['ExportJob'];
type LeadList = { items: EbookLead[]; total: number };

let serial = 0;
/** A client address of its own per request, so that the limit per address is only the limit test's. */
const freshAddress = () => `10.2.${Math.floor((serial += 1) / 250)}.${serial % 250}`;
const uniqueEmail = (who: string) => `${who}-${(serial += 1)}-${Date.now()}@Example.test`;

describe('the ebook’s content', () => {
  it('is the one the ebook page describes, with the consent’s words the page shows', () => {
    expect(EBOOK_TITLE).toBe(page.EBOOK.title);
    expect(EBOOK_CHAPTERS.map((chapter) => chapter.title)).toEqual(page.EBOOK_CHAPTERS.map((chapter) => chapter.title));
    expect(EBOOK_BACK_MATTER.map((part) => part.title)).toEqual(page.EBOOK_BACK_MATTER.map((part) => part.title));
    expect(EBOOK_CONSENT_TEXT).toBe(page.EBOOK_CONSENT_TEXT);
  });
});

describe.each(backends)('the ebook on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const ask = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    app().inject({ method: 'POST', url: '/api/ebook/downloads', payload, remoteAddress });
  const asked = async (payload: Record<string, unknown>) => expectContract<EbookDownload>(await ask(payload), 'requestEbookDownload', 201);
  const download = (url: string) => app().inject({ method: 'GET', url });
  const leadOf = async (email: string) => {
    const [row] = await app().db.query<{
      id: string;
      name: string;
      consent_to_contact: boolean;
      consent_at: Date;
      consent_text: string;
      client_ip: string;
      downloads: number;
      created_at: Date;
      last_requested_at: Date;
      link_hash: string;
    }>('SELECT * FROM ebook_leads WHERE email = $1', [email.toLowerCase()]);
    return row!;
  };
  const auditOf = (leadId: string) =>
    app().db.query<{ action: string; actor_ip: string; before: unknown; after: unknown }>(
      `SELECT action, actor_ip, before, after FROM audit_log WHERE entity = 'ebook_lead' AND entity_id = $1 ORDER BY id`,
      [leadId],
    );
  const list = async (query = '', who: Customer = admin) =>
    expectContract<LeadList>(await app().inject({ method: 'GET', url: `/api/admin/ebook-leads${query}`, headers: who.auth }), 'listEbookLeads', 200);

  it('answers a link for 7 days that downloads the PDF, each download counted', async () => {
    const email = uniqueEmail('reader');
    const address = freshAddress();
    const answer = expectContract<EbookDownload>(await ask({ name: ' Asha Menon ', email, consentToContact: false }, address), 'requestEbookDownload', 201);
    expect(answer.downloadUrl).toMatch(/^\/api\/ebook\/file\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(answer.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const lead = await leadOf(email);
    expect(lead).toMatchObject({ name: 'Asha Menon', consent_to_contact: false, consent_text: EBOOK_CONSENT_TEXT, client_ip: address, downloads: 0 });
    // Only the token's hash is kept.
    expect(lead.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lead.link_hash).not.toContain(answer.downloadUrl.split('/').pop());

    const first = await download(answer.downloadUrl);
    const pdf = expectContractFile(first, 'getEbookFile', 200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="gut360-microbiome-and-health-ebook.pdf"');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Made once per process: the second download is the same document, byte for byte.
    expect(expectContractFile(await download(answer.downloadUrl), 'getEbookFile', 200).equals(pdf)).toBe(true);
    expect((await leadOf(email)).downloads).toBe(2);
  });

  it('is a real ebook: title, contents with page numbers, every chapter, further reading and the colophon', async () => {
    const { downloadUrl } = await asked({ name: 'Ravi Kumar', email: uniqueEmail('pages'), consentToContact: false });
    const pdf = expectContractFile(await download(downloadUrl), 'getEbookFile', 200);
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const pages = document.numPages;
    const { info } = (await document.getMetadata()) as { info: { Title?: string; Author?: string } };
    /** Each page's text, its items in reading order joined by spaces. */
    const pageTexts: string[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const items = (await (await document.getPage(number)).getTextContent()).items;
      pageTexts.push(
        items
          .flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : []))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    await document.destroy();
    expect(pages).toBeGreaterThanOrEqual(12);
    expect(pages).toBeLessThanOrEqual(20);
    expect(pages, 'the ebook page says how many pages it has').toBe(page.EBOOK.pages);
    expect(info).toMatchObject({ Title: 'The Gut Microbiome and Your Health: A practical guide for India', Author: 'Gut360 Health Private Limited' });

    const rows = await pdfRows(pdf);
    const text = rows.join('\n');
    expect(rows.slice(0, 3)).toEqual(['GUT360 HEALTH · FREE EBOOK', 'The Gut Microbiome', 'and Your Health']);
    expect(rows).toContain('A practical guide for India');
    // Each chapter is in the contents with the page it starts on, and opens that page under its number.
    expect(pageTexts[1]).toMatch(/^Contents Introduction 3 /);
    const contents = new Map(rows.map((row) => /^(.+) \| (\d+)$/.exec(row)).flatMap((match) => (match ? [[match[1]!, Number(match[2])] as const] : [])));
    let previous = 3;
    EBOOK_CHAPTERS.forEach((chapter, index) => {
      const at = contents.get(`${index + 1}. ${chapter.title}`);
      expect(at, chapter.title).toBeGreaterThan(previous);
      expect(pageTexts[at! - 1]).toMatch(new RegExp(`^CHAPTER ${index + 1} ${chapter.title} `));
      previous = at!;
    });
    for (const part of EBOOK_BACK_MATTER) {
      const at = contents.get(part.title);
      expect(at, part.title).toBeGreaterThan(previous);
      expect(pageTexts[at! - 1]).toMatch(new RegExp(`^${part.title} `));
      previous = at!;
    }
    // Every page but the cover carries the title and its number at its foot.
    expect(pageTexts[0]).not.toMatch(/The Gut Microbiome and Your Health 1$/);
    pageTexts.slice(1).forEach((text, index) => expect(text).toMatch(new RegExp(`The Gut Microbiome and Your Health ${index + 2}$`)));
    for (const doi of ['10.1038/nature08821', '10.1038/nature12820', '10.1016/j.cell.2016.05.041', '10.1152/physrev.00018.2018', '10.1093/gigascience/giz004']) {
      expect(text).toContain(`DOI: ${doi}`);
    }
    expect(text).toContain('blood in your stool');
    expect(text).toContain('This guide is for information, not medical advice.');
    expect(text).toMatch(new RegExp(`© ${new Date().getFullYear()} Gut360 Health Private Limited`));
  });

  it('keeps one lead per address, the consent as last given, audited only when it changes, with a new link each time', async () => {
    const email = uniqueEmail('Meera');
    const first = await asked({ name: 'Meera Iyer', email, consentToContact: false });
    const { id, created_at: created } = await leadOf(email);
    // Never asked is not given: refusing at first changes nothing to audit.
    expect(await auditOf(id)).toEqual([]);

    const second = await asked({ name: 'Meera S. Iyer', email: email.toUpperCase(), consentToContact: true });
    expect(second.downloadUrl).not.toBe(first.downloadUrl);
    const given = await leadOf(email);
    expect(given).toMatchObject({ id, name: 'Meera S. Iyer', consent_to_contact: true, consent_text: EBOOK_CONSENT_TEXT });
    expect(given.created_at).toEqual(created);
    expect(given.last_requested_at.getTime()).toBeGreaterThan(created.getTime());
    // The earlier link stops working once a newer one is made.
    expect(expectErrorShape(await download(first.downloadUrl), 404).message).toContain('Ask for the ebook again');
    expect((await download(second.downloadUrl)).statusCode).toBe(200);

    await asked({ name: 'Meera S. Iyer', email, consentToContact: true });
    await asked({ name: 'Meera S. Iyer', email, consentToContact: false });
    const audit = await auditOf(id);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['ebook.consent_given', { consentToContact: false }, { consentToContact: true, consentText: EBOOK_CONSENT_TEXT }],
      ['ebook.consent_withdrawn', { consentToContact: true }, { consentToContact: false, consentText: EBOOK_CONSENT_TEXT }],
    ]);
    expect(audit[0]!.actor_ip).toMatch(/^10\.2\./);
    expect(await app().db.query('SELECT 1 FROM ebook_leads WHERE email = $1', [email.toLowerCase()])).toHaveLength(1);
    expect((await leadOf(email)).consent_to_contact).toBe(false);
  });

  it.each([
    ['name', { name: 'A' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-address' }],
    ['consentToContact', { consentToContact: 'yes' }],
    ['consentToContact', { consentToContact: undefined }],
    ['source', { source: 'newsletter' }],
  ])('refuses a bad %s with a message for that field', async (field, change) => {
    const body = expectErrorShape(await ask({ name: 'Asha Menon', email: uniqueEmail('bad'), consentToContact: true, ...change }), 400);
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it('answers 404 with what to do for an unknown, malformed or expired link', async () => {
    const email = uniqueEmail('late');
    const { downloadUrl } = await asked({ name: 'Late Reader', email, consentToContact: false });
    for (const url of ['/api/ebook/file/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/api/ebook/file/short']) {
      expect(expectContract(await download(url), 'getEbookFile', 404)).toMatchObject({ message: expect.stringContaining('more than 7 days old') });
    }
    await app().db.query(`UPDATE ebook_leads SET link_expires_at = now() - interval '1 second' WHERE email = $1`, [email.toLowerCase()]);
    expectContract(await download(downloadUrl), 'getEbookFile', 404);
    expect((await leadOf(email)).downloads).toBe(0);
  });

  it('limits the requests of one client address per hour', async () => {
    const address = freshAddress();
    for (let sent = 0; sent < EBOOK_REQUESTS_PER_HOUR; sent += 1) {
      expect((await ask({ name: 'Same Place', email: uniqueEmail('limit'), consentToContact: false }, address)).statusCode).toBe(201);
    }
    const refused = expectContract<{ message: string }>(await ask({ name: 'Same Place', email: uniqueEmail('limit'), consentToContact: false }, address), 'requestEbookDownload', 429);
    expect(refused.message).toContain('Please wait a while');
    expect((await ask({ name: 'Elsewhere', email: uniqueEmail('limit'), consentToContact: false })).statusCode).toBe(201);
  });

  it('lists the leads for admins only', async () => {
    const customer = await newCustomer(app());
    const doctor = await newCustomer(app(), 'doctor');
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads' }), 401);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads', headers: customer.auth }), 403);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads', headers: doctor.auth }), 403);
    expectErrorShape(await app().inject({ method: 'POST', url: '/api/admin/exports/ebook-leads', headers: doctor.auth, payload: {} }), 403);
  });

  it('finds leads by name or e-mail, filters them by consent, sorts and pages them', async () => {
    const word = `zebrafish${Date.now()}`;
    await asked({ name: `Anil ${word}`, email: uniqueEmail('anil'), consentToContact: true });
    await asked({ name: 'Bela Das', email: uniqueEmail(`bela.${word}`), consentToContact: false });
    await asked({ name: `Chitra ${word}`, email: uniqueEmail('chitra'), consentToContact: true });
    const found = await list(`?q=${word.toUpperCase()}`);
    expect(found.total).toBe(3);
    // Newest request first by default.
    expect(found.items.map((lead) => lead.name)).toEqual([`Chitra ${word}`, 'Bela Das', `Anil ${word}`]);
    expect(found.items[1]).toMatchObject({ consentToContact: false, consentText: EBOOK_CONSENT_TEXT, downloads: 0 });
    expect(found.items[1]!.email).toMatch(/^bela\.zebrafish\d+-\d+-\d+@example\.test$/);
    expect((await list(`?q=${word}&consent=true&sort=name`)).items.map((lead) => lead.name)).toEqual([`Anil ${word}`, `Chitra ${word}`]);
    expect((await list(`?q=${word}&consent=false`)).items.map((lead) => lead.name)).toEqual(['Bela Das']);
    const second = await list(`?q=${word}&sort=-name&limit=1&offset=1`);
    expect(second).toMatchObject({ total: 3, items: [{ name: 'Bela Das' }] });
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads?sort=ip', headers: admin.auth }), 400);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads?limit=101', headers: admin.auth }), 400);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/ebook-leads?consent=maybe', headers: admin.auth }), 400);
  });

  it('exports the filtered leads as CSV in the list’s order, through the export framework', async () => {
    const word = `kingfisher${Date.now()}`;
    await asked({ name: `=HYPERLINK("x") ${word}`, email: uniqueEmail('formula'), consentToContact: true });
    await asked({ name: `Zara ${word}`, email: uniqueEmail('zara'), consentToContact: true });
    await asked({ name: `Esha ${word}`, email: uniqueEmail('esha'), consentToContact: false });
    const start = await app().inject({ method: 'POST', url: '/api/admin/exports/ebook-leads', headers: admin.auth, payload: { q: word, consent: true, sort: 'name' } });
    const { export: job } = expectContract<{ export: ExportJob }>(start, 'startEbookLeadExport', 202);
    expect(job).toMatchObject({ kind: 'ebook-leads', total: 2, fileName: expect.stringMatching(/^ebook-leads-\d{4}-\d{2}-\d{2}\.csv$/) });
    let finished = job;
    for (let attempt = 0; attempt < 100 && (finished.status === 'queued' || finished.status === 'running'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = expectContract<{ export: ExportJob }>(
        await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}`, headers: admin.auth }),
        'getExport',
        200,
      ).export;
    }
    expect(finished).toMatchObject({ status: 'done', rows: 2 });
    const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Consent to contact,Consent answered (IST),Consent text,Downloads,First request (IST),Last request (IST)');
    expect(lines).toHaveLength(3);
    // Sorted by name as the list sorts it; a name a spreadsheet would run as a formula stays text.
    expect(lines[1]).toMatch(new RegExp(`^"'=HYPERLINK\\(""x""\\) ${word}",formula-.*,yes,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},`));
    expect(lines[2]).toContain(`Zara ${word},zara-`);
    expect(lines[2]).toContain(`,yes,`);
    expect(lines[2]).toContain(`,"${EBOOK_CONSENT_TEXT}",0,`);
    expectContract(
      await app().inject({ method: 'POST', url: '/api/admin/exports/ebook-leads', headers: admin.auth, payload: { status: 'open' } }),
      'startEbookLeadExport',
      400,
    );
  });

  it('reads batch after batch in every order without skipping or repeating a lead, ties included', async () => {
    for (let index = 0; index < 5; index += 1) await asked({ name: 'Twin Name', email: uniqueEmail('twin'), consentToContact: index % 2 === 0 });
    // Leads asked in the same instant still come out once each, in the order the list shows them.
    await app().db.query(`UPDATE ebook_leads SET last_requested_at = date_trunc('second', now()), created_at = date_trunc('second', now()), consent_at = date_trunc('second', now())`);
    for (const sort of ['name', '-name', 'email', '-email', 'consentAt', '-consentAt', 'downloads', '-downloads', 'firstRequestedAt', '-firstRequestedAt', 'lastRequestedAt', '-lastRequestedAt'] as const) {
      const all = await list(`?sort=${sort}&limit=100`);
      const read: string[] = [];
      for await (const batch of ebookLeadBatches(app().db, { sort }, 2)) read.push(...batch.map((lead) => lead._id));
      expect(read, sort).toEqual(all.items.map((lead) => lead._id));
    }
  });
});
