/**
 * The publications page's entries: the published ones for everyone, with the topics and years of them all; every
 * entry for the staff, searched, filtered, sorted and paged; adding, changing (hiding and showing too) and deleting
 * one, each with its rules checked and a message per field, and written to the audit log in the same transaction.
 */
import type { components } from '../../../openapi/schema';
import { bareDoi } from '../../../machines/doi';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db';
import { badRequest, HttpError, notFound, type FieldErrors } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';

type Publication = components['schemas']['Publication'];
type PublicationList = components['schemas']['PublicationList'];
type PublicationTopic = components['schemas']['PublicationTopic'];
type AdminPublication = components['schemas']['AdminPublication'];
type AdminPublicationInput = components['schemas']['AdminPublicationInput'];
type AdminPublicationPatch = components['schemas']['AdminPublicationPatch'];
type AdminPublicationSort = components['schemas']['AdminPublicationSort'];

export const PUBLICATION_NOT_FOUND = 'There is no such publication.';

/** The topics in the order the page lists them (the contract's order). */
const TOPICS = [
  'gut-microbiome',
  'diet-and-nutrition',
  'gut-brain-and-sleep',
  'ibs-and-digestive-health',
  'methods-and-sequencing',
  'questionnaires',
] as const satisfies readonly PublicationTopic[];

interface PublicationRow extends Record<string, unknown> {
  id: string;
  title: string;
  authors: string;
  journal: string;
  year: number;
  doi: string;
  topic: PublicationTopic;
  summary: string;
  visible: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = 'SELECT id, title, authors, journal, year, doi, topic, summary, visible, created_at, updated_at FROM publications p';

function publicBody(row: PublicationRow): Publication {
  return { _id: row.id, title: row.title, authors: row.authors, journal: row.journal, year: row.year, doi: row.doi, topic: row.topic, summary: row.summary };
}

function adminBody(row: PublicationRow): AdminPublication {
  return { ...publicBody(row), visible: row.visible, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

/** `text` as the inside of a LIKE pattern: its own % and _ match themselves. */
const containsPattern = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A WHERE clause builder: each value becomes the next `$n`. */
function clauses() {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, where, param, sql: () => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '') };
}

/** Every word of `q` somewhere in one of `columns`, any case. */
function wordsIn(q: string | undefined, columns: string, param: (value: unknown) => string): string[] {
  const words = q?.trim().split(/\s+/).filter(Boolean) ?? [];
  return words.map((word) => `lower(${columns}) LIKE ${param(containsPattern(word))}`);
}

export interface PublicationQuery {
  topic?: PublicationTopic | undefined;
  year?: number | undefined;
  q?: string | undefined;
}

export async function listPublications(db: Queryable, query: PublicationQuery): Promise<PublicationList> {
  const { params, where, param, sql } = clauses();
  where.push('p.visible');
  if (query.topic) where.push(`p.topic = ${param(query.topic)}`);
  if (query.year !== undefined) where.push(`p.year = ${param(query.year)}`);
  where.push(...wordsIn(query.q, `p.title || ' ' || p.authors || ' ' || p.journal`, param));
  const [rows, topics, years] = await Promise.all([
    db.query<PublicationRow>(`${SELECT} ${sql()} ORDER BY p.year DESC, lower(p.title), p.id`, params),
    db.query<{ topic: PublicationTopic; count: number }>('SELECT topic, count(*)::int AS count FROM publications WHERE visible GROUP BY topic'),
    db.query<{ year: number }>('SELECT DISTINCT year FROM publications WHERE visible ORDER BY year DESC'),
  ]);
  return {
    items: rows.map(publicBody),
    topics: TOPICS.flatMap((topic) => topics.filter((row) => row.topic === topic)),
    years: years.map((row) => row.year),
  };
}

/** Each sort ends in the entry's id, so that pages never repeat or skip an entry. */
const SORTS: Record<AdminPublicationSort, string> = {
  '-year': 'p.year DESC, lower(p.title), p.id',
  year: 'p.year, lower(p.title), p.id',
  title: 'lower(p.title), p.id',
  '-title': 'lower(p.title) DESC, p.id DESC',
  journal: 'lower(p.journal), p.year DESC, p.id',
  '-journal': 'lower(p.journal) DESC, p.year DESC, p.id',
  '-createdAt': 'p.created_at DESC, p.id DESC',
  createdAt: 'p.created_at, p.id',
  '-updatedAt': 'p.updated_at DESC, p.id DESC',
  updatedAt: 'p.updated_at, p.id',
};

export interface AdminPublicationQuery {
  q?: string | undefined;
  topic?: PublicationTopic | undefined;
  visible?: boolean | undefined;
  sort: AdminPublicationSort;
  limit: number;
  offset: number;
}

export async function listAdminPublications(db: Queryable, query: AdminPublicationQuery): Promise<{ items: AdminPublication[]; total: number }> {
  const { params, where, param, sql } = clauses();
  where.push(...wordsIn(query.q, `p.title || ' ' || p.authors || ' ' || p.journal || ' ' || p.doi`, param));
  if (query.topic) where.push(`p.topic = ${param(query.topic)}`);
  if (query.visible !== undefined) where.push(`p.visible = ${param(query.visible)}`);
  const filter = sql();
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<PublicationRow>(`${SELECT} ${filter} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM publications p ${filter}`, counted),
  ]);
  return { total: count?.total ?? 0, items: rows.map(adminBody) };
}

export async function adminPublicationById(db: Queryable, id: string, lock = false): Promise<AdminPublication | undefined> {
  const [row] = await db.query<PublicationRow>(`${SELECT} WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row && adminBody(row);
}

/** An entry as the audit log keeps it: what an admin can change. */
function auditOf(publication: AdminPublication) {
  const { title, authors, journal, year, doi, topic, summary, visible } = publication;
  return { title, authors, journal, year, doi, topic, summary, visible };
}

/** The entry's fields as they are kept. */
interface PublicationValues {
  title: string;
  authors: string;
  journal: string;
  year: number;
  doi: string;
  topic: PublicationTopic;
  summary: string;
  visible: boolean;
}

/** One line: trimmed, each run of spaces and line breaks one space. */
const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Next year in India: a paper accepted now may carry it. */
const latestYear = () => new Date(Date.now() + 330 * 60_000).getUTCFullYear() + 1;

const DOI_REFUSED = 'must be a DOI: 10., the publisher’s digits, a slash and the rest (e.g. 10.1038/nature08821), or its https://doi.org/ link';

/** The rules an entry keeps, each with the field's message; the contract has already checked types and lengths. */
function valuesOf(typed: PublicationValues): PublicationValues {
  const doi = bareDoi(typed.doi);
  const values: PublicationValues = {
    ...typed,
    title: oneLine(typed.title),
    authors: oneLine(typed.authors),
    journal: oneLine(typed.journal),
    summary: oneLine(typed.summary),
    doi: doi ?? typed.doi,
  };
  const fields: FieldErrors = {};
  for (const name of ['title', 'authors', 'journal', 'summary'] as const) {
    if (values[name] === '') fields[name] = 'is required';
  }
  if (values.year > latestYear()) fields.year = `must be at most ${latestYear()}`;
  if (doi === undefined) fields.doi = DOI_REFUSED;
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`Please correct the publication: ${first[0]} ${first[1]}.`, fields);
  return values;
}

const doiTaken = (doi: string) =>
  new HttpError(409, `There is already a publication with the DOI ${doi}.`, 'PUBLICATION_DOI_TAKEN', {
    doi: `${doi} is already listed (DOIs are the same whatever their case)`,
  });

async function refuseTakenDoi(db: Queryable, doi: string, exceptId: string | null): Promise<void> {
  const [taken] = await db.query<{ id: string }>('SELECT id FROM publications WHERE lower(doi) = lower($1) AND id IS DISTINCT FROM $2', [doi, exceptId]);
  if (taken) throw doiTaken(doi);
}

/** A duplicate DOI that slipped past the check (two admins at once) is the same 409. */
async function uniqueDoi<T>(doi: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw doiTaken(doi);
    throw error;
  }
}

export async function createPublication(tx: Queryable, actor: AuditActor, input: AdminPublicationInput): Promise<AdminPublication> {
  const values = valuesOf({ ...input, visible: input.visible ?? true });
  await refuseTakenDoi(tx, values.doi, null);
  const [row] = await uniqueDoi(values.doi, () =>
    tx.query<PublicationRow>(
      `INSERT INTO publications (title, authors, journal, year, doi, topic, summary, visible)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, title, authors, journal, year, doi, topic, summary, visible, created_at, updated_at`,
      [values.title, values.authors, values.journal, values.year, values.doi, values.topic, values.summary, values.visible],
    ),
  );
  if (!row) throw new Error('publication was not inserted');
  const made = adminBody(row);
  await writeAudit(tx, { actor, action: 'publication.created', entity: 'publication', entityId: made._id, after: auditOf(made) });
  return made;
}

export async function updatePublication(tx: Queryable, actor: AuditActor, id: string, patch: AdminPublicationPatch): Promise<AdminPublication> {
  const before = await adminPublicationById(tx, id, true);
  if (!before) throw notFound(PUBLICATION_NOT_FOUND);
  const values = valuesOf({
    title: patch.title ?? before.title,
    authors: patch.authors ?? before.authors,
    journal: patch.journal ?? before.journal,
    year: patch.year ?? before.year,
    doi: patch.doi ?? before.doi,
    topic: patch.topic ?? before.topic,
    summary: patch.summary ?? before.summary,
    visible: patch.visible ?? before.visible,
  });
  if (values.doi.toLowerCase() !== before.doi.toLowerCase()) await refuseTakenDoi(tx, values.doi, id);
  const [row] = await uniqueDoi(values.doi, () =>
    tx.query<PublicationRow>(
      `UPDATE publications SET title = $2, authors = $3, journal = $4, year = $5, doi = $6, topic = $7, summary = $8, visible = $9, updated_at = now()
        WHERE id = $1
       RETURNING id, title, authors, journal, year, doi, topic, summary, visible, created_at, updated_at`,
      [id, values.title, values.authors, values.journal, values.year, values.doi, values.topic, values.summary, values.visible],
    ),
  );
  if (!row) throw new Error(`publication ${id} was not updated`);
  const after = adminBody(row);
  await writeAudit(tx, { actor, action: 'publication.updated', entity: 'publication', entityId: id, before: auditOf(before), after: auditOf(after) });
  return after;
}

export async function deletePublication(tx: Queryable, actor: AuditActor, id: string): Promise<void> {
  const before = await adminPublicationById(tx, id, true);
  if (!before) throw notFound(PUBLICATION_NOT_FOUND);
  await tx.query('DELETE FROM publications WHERE id = $1', [id]);
  await writeAudit(tx, { actor, action: 'publication.deleted', entity: 'publication', entityId: id, before: auditOf(before) });
}
