/**
 * The ebook's leads: one row per e-mail address, kept with the person's answer to the optional consent to be
 * contacted (as last given, when, and in the words the page showed), their client address, when they first and last
 * asked, and how often they downloaded. The download link is a random token; only its hash is kept, with its expiry.
 * Staff list the leads with search, a consent filter, orders and pages, and export them in batches.
 */
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { hashSessionToken, newSessionToken } from '../../plugins/auth';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';

type EbookDownloadRequest = components['schemas']['EbookDownloadRequest'];
type EbookDownload = components['schemas']['EbookDownload'];
type EbookLead = components['schemas']['EbookLead'];
export type EbookLeadFilter = components['schemas']['EbookLeadFilter'];
type EbookLeadSort = components['schemas']['EbookLeadSort'];

/**
 * The consent as the ebook page words it beside its box (src/features/ebook/content/ebook.ts shows the same words;
 * the API test holds them together). Each lead keeps the words it was given with.
 */
export const EBOOK_CONSENT_TEXT = 'Yes, Gut360 Health may e-mail me about gut health, its tests and offers. I can withdraw this at any time.';

export const EBOOK_LINK_DAYS = 7;
export const EBOOK_LINK_NOT_FOUND =
  'This download link is not valid, or it is more than 7 days old or was replaced by a newer one. Ask for the ebook again on the ebook page: it takes a moment.';

/** A download link's token: 32 random bytes as base64url, the same kind of secret as a session's. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const DEFAULT_EBOOK_LEAD_SORT: EbookLeadSort = '-lastRequestedAt';

/**
 * Records the request and answers a new link. Under a lock on the address, so that two requests at once see each
 * other's consent and the audit log records each change once: a row only when the consent changes, never asking
 * counting as not given.
 */
export async function requestEbookDownload(tx: Queryable, input: EbookDownloadRequest, actor: AuditActor): Promise<EbookDownload & { leadId: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const token = newSessionToken();
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('gut-shop:ebook-lead:' || $1))`, [email]);
  const [before] = await tx.query<{ consent_to_contact: boolean }>('SELECT consent_to_contact FROM ebook_leads WHERE email = $1', [email]);
  const [lead] = await tx.query<{ id: string; link_expires_at: Date | string }>(
    `INSERT INTO ebook_leads (name, email, consent_to_contact, consent_at, consent_text, client_ip, link_hash, link_expires_at)
     VALUES ($1, $2, $3, now(), $4, $5, $6, now() + make_interval(days => $7::int))
     ON CONFLICT (email) DO UPDATE
        SET name = EXCLUDED.name, consent_to_contact = EXCLUDED.consent_to_contact, consent_at = EXCLUDED.consent_at,
            consent_text = EXCLUDED.consent_text, client_ip = EXCLUDED.client_ip, last_requested_at = now(),
            link_hash = EXCLUDED.link_hash, link_expires_at = EXCLUDED.link_expires_at
     RETURNING id, link_expires_at`,
    [name, email, input.consentToContact, EBOOK_CONSENT_TEXT, actor.ip, hashSessionToken(token), EBOOK_LINK_DAYS],
  );
  if (!lead) throw new Error('the ebook lead was not stored');
  const wasGiven = before?.consent_to_contact ?? false;
  if (wasGiven !== input.consentToContact) {
    await writeAudit(tx, {
      actor,
      action: input.consentToContact ? 'ebook.consent_given' : 'ebook.consent_withdrawn',
      entity: 'ebook_lead',
      entityId: lead.id,
      before: { consentToContact: wasGiven },
      after: { consentToContact: input.consentToContact, consentText: EBOOK_CONSENT_TEXT },
    });
  }
  return { leadId: lead.id, downloadUrl: `/api/ebook/file/${token}`, expiresAt: iso(lead.link_expires_at) };
}

/** Counts a download on the lead whose link `token` is, if the link is known and current; false otherwise. */
export async function countEbookDownload(db: Queryable, token: string): Promise<boolean> {
  if (!LINK_TOKEN.test(token)) return false;
  const counted = await db.query('UPDATE ebook_leads SET downloads = downloads + 1 WHERE link_hash = $1 AND link_expires_at > now() RETURNING id', [
    hashSessionToken(token),
  ]);
  return counted.length > 0;
}

/**
 * Each sort as the expression it orders by; the id comes last, so that pages never overlap and an export can
 * continue after a row (keyset).
 */
const SORT_EXPRESSIONS: Record<string, string> = {
  name: 'lower(l.name)',
  email: 'l.email',
  consentAt: 'l.consent_at',
  downloads: 'l.downloads',
  firstRequestedAt: 'l.created_at',
  lastRequestedAt: 'l.last_requested_at',
};

interface SortPlan {
  expression: string;
  descending: boolean;
}

function sortPlan(sort: EbookLeadSort): SortPlan {
  const descending = sort.startsWith('-');
  // The contract's enum admits only these columns.
  return { expression: SORT_EXPRESSIONS[descending ? sort.slice(1) : sort]!, descending };
}

const orderBy = ({ expression, descending }: SortPlan) => {
  const direction = descending ? 'DESC' : 'ASC';
  return `${expression} ${direction}, l.id ${direction}`;
};

/** `text` anywhere in a LIKE pattern: its own % and _ match themselves. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function leadWhere(filter: EbookLeadFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const q = filter.q?.trim();
  if (q) {
    params.push(containsPattern(q));
    conditions.push(`(lower(l.name) LIKE $${params.length} OR l.email LIKE $${params.length})`);
  }
  if (filter.consent !== undefined) {
    params.push(filter.consent);
    conditions.push(`l.consent_to_contact = $${params.length}`);
  }
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : 'true', params };
}

const LEAD_SELECT = (plan: SortPlan) => `
  SELECT l.id, l.name, l.email, l.consent_to_contact, l.consent_at, l.consent_text, l.downloads, l.created_at, l.last_requested_at,
         -- As text, which keeps a timestamp's microseconds that a JavaScript Date would drop.
         (${plan.expression})::text AS sort_key
    FROM ebook_leads l`;

interface LeadRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  consent_to_contact: boolean;
  consent_at: Date | string;
  consent_text: string;
  downloads: number;
  created_at: Date | string;
  last_requested_at: Date | string;
  sort_key: string;
}

const leadBody = (row: LeadRow): EbookLead => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  consentToContact: row.consent_to_contact,
  consentAt: iso(row.consent_at),
  consentText: row.consent_text,
  downloads: row.downloads,
  firstRequestedAt: iso(row.created_at),
  lastRequestedAt: iso(row.last_requested_at),
});

export interface EbookLeadQuery extends EbookLeadFilter {
  limit: number;
  offset: number;
}

export async function listEbookLeads(db: Queryable, query: EbookLeadQuery): Promise<{ items: EbookLead[]; total: number }> {
  const plan = sortPlan(query.sort ?? DEFAULT_EBOOK_LEAD_SORT);
  const where = leadWhere(query);
  const n = where.params.length;
  const [rows, [count]] = await Promise.all([
    db.query<LeadRow>(`${LEAD_SELECT(plan)} WHERE ${where.sql} ORDER BY ${orderBy(plan)} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...where.params,
      query.limit,
      query.offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ebook_leads l WHERE ${where.sql}`, where.params),
  ]);
  return { items: rows.map(leadBody), total: count?.total ?? 0 };
}

export async function countEbookLeads(db: Queryable, filter: EbookLeadFilter): Promise<number> {
  const where = leadWhere(filter);
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ebook_leads l WHERE ${where.sql}`, where.params);
  return count?.total ?? 0;
}

/**
 * Every lead the filter matches, in its order, `batchSize` at a time: each batch continues after the last row of the
 * one before (keyset), so that nothing holds them all.
 */
export async function* ebookLeadBatches(db: Queryable, filter: EbookLeadFilter, batchSize: number): AsyncGenerator<EbookLead[]> {
  const plan = sortPlan(filter.sort ?? DEFAULT_EBOOK_LEAD_SORT);
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const where = leadWhere(filter);
    const params = [...where.params];
    let keyset = '';
    if (after) {
      params.push(after.key, after.id);
      keyset = ` AND (${plan.expression}, l.id) ${plan.descending ? '<' : '>'} ($${params.length - 1}, $${params.length})`;
    }
    params.push(batchSize);
    const rows: LeadRow[] = await db.query<LeadRow>(`${LEAD_SELECT(plan)} WHERE ${where.sql}${keyset} ORDER BY ${orderBy(plan)} LIMIT $${params.length}`, params);
    if (rows.length === 0) return;
    yield rows.map(leadBody);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
}
