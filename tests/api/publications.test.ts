/**
 * The publications page's entries: the seeded papers for anyone, filtered by topic, year and words, hidden ones left
 * out; admins list every entry with search, filters, sorts and pages, and add, change, hide and delete entries, with
 * a message per field for bad input, DOIs kept bare and unique whatever their case, and every change audited.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract, expectErrorShape } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type PublicationList = components['schemas']['PublicationList'];
type AdminPublication = components['schemas']['AdminPublication'];
type AdminList = { items: AdminPublication[]; total: number };

/** The year in India now; entries may carry up to the next one. */
const thisYear = new Date(Date.now() + 330 * 60_000).getUTCFullYear();

let serial = 0;
/** A DOI and a word no other entry has, so that each test finds its own entries. */
const fresh = () => {
  serial += 1;
  return { doi: `10.5555/test.${Date.now()}.${serial}`, word: `zebrafish${Date.now()}x${serial}` };
};

const entry = (word: string, doi: string) => ({
  title: `A study of ${word} in the gut`,
  authors: 'Rao A, Iyer B, et al.',
  journal: 'Journal of Tests',
  year: 2020,
  doi,
  topic: 'gut-microbiome',
  summary: 'Shows what a test entry looks like.',
});

describe.each(backends)('publications on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  /** The seeded papers: each test starts from them alone, whatever the tests before it added. */
  let seeded: string[];

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    seeded = (await app().db.query<{ id: string }>('SELECT id FROM publications')).map((row) => row.id);
  });
  afterEach(async () => {
    await app().db.query('DELETE FROM publications WHERE NOT (id = ANY($1))', [seeded]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const published = async (query = '') =>
    expectContract<PublicationList>(await app().inject({ method: 'GET', url: `/api/publications${query}` }), 'listPublications', 200);
  const list = async (query = '') =>
    expectContract<AdminList>(
      await app().inject({ method: 'GET', url: `/api/admin/publications${query}`, headers: admin.auth }),
      'listAdminPublications',
      200,
    );
  const create = (payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'POST', url: '/api/admin/publications', headers: who.auth, payload });
  const update = (id: string, payload: Record<string, unknown>, who: Customer = admin) =>
    app().inject({ method: 'PATCH', url: `/api/admin/publications/${id}`, headers: who.auth, payload });
  const remove = (id: string, who: Customer = admin) => app().inject({ method: 'DELETE', url: `/api/admin/publications/${id}`, headers: who.auth });
  const made = async (payload: Record<string, unknown>) =>
    expectContract<{ publication: AdminPublication }>(await create(payload), 'createAdminPublication', 201).publication;
  const auditOf = (id: string) =>
    app().db.query<{ action: string; actor_user_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      `SELECT action, actor_user_id, before, after FROM audit_log WHERE entity = 'publication' AND entity_id = $1 ORDER BY id`,
      [id],
    );

  it('gives anyone the seeded papers, newest year first, with their topics and years', async () => {
    const { items, topics, years } = await published();
    expect(items).toHaveLength(19);
    expect(items.map((item) => item.year)).toEqual([...items.map((item) => item.year)].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({ year: 2021, title: 'Gut-microbiota-targeted diets modulate human immune status', journal: 'Cell' });
    expect(items.at(-1)).toMatchObject({
      title: 'The Pittsburgh Sleep Quality Index: a new instrument for psychiatric practice and research',
      authors: 'Buysse DJ, Reynolds CF 3rd, Monk TH, Berman SR, Kupfer DJ',
      journal: 'Psychiatry Research',
      year: 1989,
      doi: '10.1016/0165-1781(89)90047-4',
      topic: 'questionnaires',
    });
    expect(items.find((item) => item.doi === '10.1038/nature08821')).toMatchObject({
      authors: 'Qin J, Li R, Raes J, et al.',
      title: 'A human gut microbial gene catalogue established by metagenomic sequencing',
      journal: 'Nature',
      year: 2010,
      topic: 'gut-microbiome',
    });
    for (const item of items) expect(item.summary.length).toBeGreaterThan(20);
    expect(topics).toEqual([
      { topic: 'gut-microbiome', count: 4 },
      { topic: 'diet-and-nutrition', count: 5 },
      { topic: 'gut-brain-and-sleep', count: 4 },
      { topic: 'ibs-and-digestive-health', count: 2 },
      { topic: 'methods-and-sequencing', count: 2 },
      { topic: 'questionnaires', count: 2 },
    ]);
    expect(years).toEqual([2021, 2019, 2017, 2016, 2015, 2014, 2012, 2011, 2010, 2006, 1989]);
  });

  it('filters by topic, year and every word of the search, and keeps the topics and years of all', async () => {
    const questionnaires = await published('?topic=questionnaires');
    expect(questionnaires.items.map((item) => item.year)).toEqual([2006, 1989]);
    expect(questionnaires.topics).toHaveLength(6);
    expect((await published('?year=2019')).items.map((item) => item.doi)).toEqual([
      '10.1016/j.cell.2019.01.001',
      '10.1152/physrev.00018.2018',
      '10.1038/s41564-018-0337-x',
      '10.1093/gigascience/giz004',
    ]);
    expect((await published('?year=2019&topic=gut-brain-and-sleep')).items).toHaveLength(2);
    // Authors, journal and title words, in any case.
    expect((await published('?q=raes')).items.map((item) => item.doi)).toEqual(['10.1038/nature09944', '10.1038/nature08821']);
    expect((await published('?q=CELL%20serotonin')).items.map((item) => item.doi)).toEqual(['10.1016/j.cell.2015.02.047']);
    expect((await published('?q=sleep%20nature')).items).toEqual([]);
    expect((await published('?q=100%25')).items).toEqual([]);
  });

  it('refuses filters the contract does not know', async () => {
    for (const query of ['?topic=probiotics', '?year=1800', '?year=twenty', '?q=', `?q=${'x'.repeat(101)}`, '?visible=false', '?sort=title']) {
      expectErrorShape(await app().inject({ method: 'GET', url: `/api/publications${query}` }), 400);
    }
  });

  it('lets only admins list, add, change and delete entries', async () => {
    const customer = await newCustomer(app());
    const doctor = await newCustomer(app(), 'doctor');
    const { doi, word } = fresh();
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/publications' }), 401);
    expectErrorShape(await app().inject({ method: 'POST', url: '/api/admin/publications', payload: entry(word, doi) }), 401);
    for (const who of [customer, doctor]) {
      expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/publications', headers: who.auth }), 403);
      expectErrorShape(await create(entry(word, doi), who), 403);
    }
    const [first] = (await list('?limit=1')).items;
    expectErrorShape(await update(first!._id, { visible: false }, doctor), 403);
    expectErrorShape(await remove(first!._id, customer), 403);
    expect((await list(`?q=${word}`)).total).toBe(0);
    expect((await published()).items).toHaveLength(19);
  });

  it('adds an entry with its DOI kept bare, its texts on one line, and audits it', async () => {
    const { doi, word } = fresh();
    const publication = await made({
      ...entry(word, `https://doi.org/${doi.toUpperCase()}`),
      title: `  A study of ${word}\n  in the gut  `,
      summary: ' Shows   what a test entry looks like. ',
    });
    expect(publication).toMatchObject({
      title: `A study of ${word} in the gut`,
      doi: doi.toUpperCase(),
      summary: 'Shows what a test entry looks like.',
      visible: true,
    });
    expect((await published(`?q=${word}`)).items.map((item) => item._id)).toEqual([publication._id]);
    expect(await auditOf(publication._id)).toEqual([
      {
        action: 'publication.created',
        actor_user_id: admin.userId,
        before: null,
        after: {
          title: `A study of ${word} in the gut`,
          authors: 'Rao A, Iyer B, et al.',
          journal: 'Journal of Tests',
          year: 2020,
          doi: doi.toUpperCase(),
          topic: 'gut-microbiome',
          summary: 'Shows what a test entry looks like.',
          visible: true,
        },
      },
    ]);
    // doi: and dx.doi.org links with an encoded slash are the same DOI.
    const second = fresh();
    expect((await made({ ...entry(second.word, `doi: ${second.doi}`), visible: false })).doi).toBe(second.doi);
    const third = fresh();
    expect((await made(entry(third.word, `http://dx.doi.org/${third.doi.replace('/', '%2F')}`))).doi).toBe(third.doi);
  });

  it('refuses a DOI already listed, whatever its case or form, with the reason at the field', async () => {
    for (const taken of ['10.1038/NATURE08821', 'https://doi.org/10.1038/nature08821']) {
      const { word } = fresh();
      const refused = expectErrorShape(await create(entry(word, taken)), 409);
      expect(refused.code).toBe('PUBLICATION_DOI_TAKEN');
      expect(refused.fields?.doi).toContain('already listed');
    }
  });

  it.each([
    ['title', { title: 'x'.repeat(301) }],
    ['title', { title: '   ' }],
    ['authors', { authors: 'x'.repeat(501) }],
    ['journal', { journal: 'x'.repeat(201) }],
    ['summary', { summary: 'x'.repeat(301) }],
    ['summary', { summary: '\n\t ' }],
    ['year', { year: 1899 }],
    ['year', { year: thisYear + 2 }],
    ['year', { year: '2020' }],
    ['doi', { doi: 'nature08821' }],
    ['doi', { doi: '10.1038 /nature08821' }],
    ['doi', { doi: 'https://example.com/10.1038/nature08821' }],
    ['topic', { topic: 'probiotics' }],
    ['visible', { visible: 'yes' }],
    ['status', { status: 'published' }],
  ])('refuses a bad %s with a message for that field', async (field, change) => {
    const { doi, word } = fresh();
    const refused = expectErrorShape(await create({ ...entry(word, doi), ...change }), 400);
    expect(Object.keys(refused.fields ?? {})).toContain(field);
    expect((await list(`?q=${word}`)).total).toBe(0);
  });

  it('takes next year, and refuses an entry with a field left out', async () => {
    const { doi, word } = fresh();
    expect((await made({ ...entry(word, doi), year: thisYear + 1 })).year).toBe(thisYear + 1);
    const { summary: _left, ...withoutSummary } = entry(fresh().word, fresh().doi);
    expect(expectErrorShape(await create(withoutSummary), 400).fields).toEqual({ summary: 'is required' });
  });

  it('hides and shows an entry, changes it with before and after in the audit log, and keeps the rules', async () => {
    const { doi, word } = fresh();
    const publication = await made(entry(word, doi));
    const hidden = expectContract<{ publication: AdminPublication }>(await update(publication._id, { visible: false }), 'updateAdminPublication', 200).publication;
    expect(hidden.visible).toBe(false);
    expect((await published(`?q=${word}`)).items).toEqual([]);
    expect((await list(`?q=${word}&visible=false`)).items.map((item) => item._id)).toEqual([publication._id]);

    const changed = expectContract<{ publication: AdminPublication }>(
      await update(publication._id, { visible: true, topic: 'methods-and-sequencing', year: 2021, doi: `https://doi.org/${doi}` }),
      'updateAdminPublication',
      200,
    ).publication;
    expect(changed).toMatchObject({ visible: true, topic: 'methods-and-sequencing', year: 2021, doi, title: publication.title });
    expect((await published(`?q=${word}&topic=methods-and-sequencing&year=2021`)).items).toHaveLength(1);

    const audit = await auditOf(publication._id);
    expect(audit.map((row) => row.action)).toEqual(['publication.created', 'publication.updated', 'publication.updated']);
    expect(audit[1]).toMatchObject({ actor_user_id: admin.userId, before: { visible: true }, after: { visible: false } });
    expect(audit[2]).toMatchObject({
      before: { visible: false, topic: 'gut-microbiome', year: 2020 },
      after: { visible: true, topic: 'methods-and-sequencing', year: 2021, doi },
    });

    const taken = expectErrorShape(await update(publication._id, { doi: '10.1038/Nature11234' }), 409);
    expect(taken.code).toBe('PUBLICATION_DOI_TAKEN');
    expect(expectErrorShape(await update(publication._id, { year: thisYear + 2 }), 400).fields).toHaveProperty('year');
    expect(expectErrorShape(await update(publication._id, { title: ' ' }), 400).fields).toHaveProperty('title');
    expectErrorShape(await update(publication._id, {}), 400);
    expectErrorShape(await update(publication._id, { _id: 'other' }), 400);
    expectErrorShape(await update('no-such-publication', { visible: false }), 404);
    expect(await auditOf(publication._id)).toHaveLength(3);
  });

  it('deletes an entry after which it is gone, with what it was in the audit log', async () => {
    const { doi, word } = fresh();
    const publication = await made(entry(word, doi));
    const deleted = await remove(publication._id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list(`?q=${word}`)).total).toBe(0);
    expect((await published(`?q=${word}`)).items).toEqual([]);
    expectErrorShape(await remove(publication._id), 404);
    const audit = await auditOf(publication._id);
    expect(audit.at(-1)).toMatchObject({ action: 'publication.deleted', before: { doi, title: publication.title }, after: null });
    // Its DOI is free again.
    expect((await made(entry(word, doi))).doi).toBe(doi);
  });

  it('searches, filters, sorts and pages every entry for admins', async () => {
    const { word } = fresh();
    const years = [2001, 2003, 2002];
    for (const [index, year] of years.entries()) {
      await made({ ...entry(word, fresh().doi), year, title: `${String.fromCharCode(67 - index)} ${word}`, visible: index !== 1 });
    }
    const all = await list(`?q=${word}`);
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.year)).toEqual([2003, 2002, 2001]);
    expect((await list(`?q=${word}&sort=year`)).items.map((item) => item.year)).toEqual([2001, 2002, 2003]);
    expect((await list(`?q=${word}&sort=title`)).items.map((item) => item.year)).toEqual([2002, 2003, 2001]);
    expect((await list(`?q=${word}&sort=-title&limit=1&offset=1`)).items.map((item) => item.year)).toEqual([2003]);
    expect((await list(`?q=${word}&visible=true`)).total).toBe(2);
    expect((await list(`?q=${word}&topic=questionnaires`)).total).toBe(0);
    // The DOI is searched too, and the seeded papers are listed with the rest.
    expect((await list('?q=10.1001/archinte.166.10.1092')).items.map((item) => item.title)).toEqual([
      'A brief measure for assessing generalized anxiety disorder: the GAD-7',
    ]);
    expect((await list('?topic=questionnaires')).total).toBe(2);
    for (const query of ['?sort=doi', '?limit=101', '?offset=-1', '?visible=maybe', '?topic=other']) {
      expectErrorShape(await app().inject({ method: 'GET', url: `/api/admin/publications${query}`, headers: admin.auth }), 400);
    }
  });
});
