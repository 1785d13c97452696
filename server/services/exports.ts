/**
 * CSV exports of staff lists, made in the background by the API process that was asked. The rows are read in
 * batches (each continuing after the last, see `customerBatches`), turned into CSV and kept in the database a chunk
 * per batch; between batches the process turns to other requests, so an export of every customer neither holds
 * them all in memory nor holds up anyone else. The file is then streamed out a few chunks at a time.
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db';
import { countCustomers, customerBatches, type CustomerFilter } from '../routes/admin-customers/queries';

type ExportJob = components['schemas']['ExportJob'];
type StaffCustomer = components['schemas']['StaffCustomer'];

export const EXPORT_BATCH_ROWS = 1000;
/** A running export that has not moved for this long lost its process (a restart): it is failed. */
export const STALLED_AFTER_MS = 120_000;
const KEPT_FOR_HOURS = 24;
const CHUNKS_PER_READ = 8;

/** Spreadsheet programs read a UTF-8 file as such only with this mark in front. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * One CSV field. A value that a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is
 * kept as text with a leading apostrophe: a customer's name must never become a formula on a staff computer.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A date and time in India, as staff read them: 2026-11-24 19:45. */
function indianDateTime(at: string | null): string | null {
  if (at === null) return null;
  const india = new Date(Date.parse(at) + 330 * 60_000);
  return india.toISOString().slice(0, 16).replace('T', ' ');
}

const CUSTOMER_HEADER = ['Name', 'E-mail', 'Phone', 'Signed up (IST)', 'Paid orders', 'Last order (IST)', 'Products', 'Kits', 'Kits activated'];

const customerLine = (customer: StaffCustomer) =>
  csvLine([
    customer.fullname,
    customer.email,
    customer.phone,
    indianDateTime(customer.signedUpAt),
    customer.orders,
    indianDateTime(customer.lastOrderAt),
    customer.products.join('; '),
    customer.kits.total,
    customer.kits.activated,
  ]);

interface ExportRow extends Record<string, unknown> {
  id: string;
  kind: ExportJob['kind'];
  status: ExportJob['status'];
  rows_done: number;
  rows_total: number;
  created_at: Date | string;
  touched_at: Date | string;
  finished_at: Date | string | null;
}

const EXPORT_COLUMNS = 'id, kind, status, rows_done, rows_total, created_at, touched_at, finished_at';

function jobBody(row: ExportRow, now: number): ExportJob {
  const stalled = (row.status === 'running' || row.status === 'queued') && now - new Date(row.touched_at).getTime() > STALLED_AFTER_MS;
  const created = new Date(row.created_at);
  const day = new Date(created.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  return {
    _id: row.id,
    kind: row.kind,
    status: stalled ? 'failed' : row.status,
    rows: row.rows_done,
    total: row.rows_total,
    createdAt: created.toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    fileName: `${row.kind}-${day}.csv`,
  };
}

export async function exportJob(db: Queryable, id: string): Promise<ExportJob | undefined> {
  const [row] = await db.query<ExportRow>(`SELECT ${EXPORT_COLUMNS} FROM exports WHERE id = $1`, [id]);
  return row && jobBody(row, Date.now());
}

/** Queues an export of the customers `filter` matches; `run` then makes it. Files older than a day go first. */
export async function createCustomerExport(db: Queryable, filter: CustomerFilter, createdBy: string): Promise<ExportJob> {
  await db.query(`DELETE FROM exports WHERE created_at < now() - interval '${KEPT_FOR_HOURS} hours'`);
  const total = await countCustomers(db, filter);
  const [row] = await db.query<ExportRow>(
    `INSERT INTO exports (kind, filter, rows_total, created_by) VALUES ('customers', $1::jsonb, $2, $3) RETURNING ${EXPORT_COLUMNS}`,
    [JSON.stringify(filter), total, createdBy],
  );
  return jobBody(row!, Date.now());
}

/**
 * Makes the export: a chunk per batch, its progress after each. Never throws: a failure is the export's status,
 * logged, since nobody awaits this but the staff member's progress bar.
 */
export async function runExport(db: Queryable, id: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const [row] = await db.query<{ filter: CustomerFilter }>(`UPDATE exports SET status = 'running', touched_at = now() WHERE id = $1 RETURNING filter`, [id]);
    if (!row) return;
    await db.query('INSERT INTO export_chunks (export_id, seq, body) VALUES ($1, 0, $2)', [id, csvLine(CUSTOMER_HEADER)]);
    let seq = 0;
    let rows = 0;
    for await (const batch of customerBatches(db, row.filter, EXPORT_BATCH_ROWS)) {
      seq += 1;
      rows += batch.length;
      await db.query('INSERT INTO export_chunks (export_id, seq, body) VALUES ($1, $2, $3)', [id, seq, batch.map(customerLine).join('')]);
      await db.query('UPDATE exports SET rows_done = $2, touched_at = now() WHERE id = $1', [id, rows]);
      // Other requests' turn before the next batch.
      await yieldToOthers();
    }
    await db.query(`UPDATE exports SET status = 'done', rows_done = $2, rows_total = GREATEST(rows_total, $2), finished_at = now(), touched_at = now() WHERE id = $1`, [
      id,
      rows,
    ]);
  } catch (error) {
    log.error({ err: error, exportId: id }, 'export failed');
    await db.query(`UPDATE exports SET status = 'failed', finished_at = now() WHERE id = $1`, [id]).catch(() => {});
  }
}

/** The finished file, read a few chunks at a time as the client takes it. */
export function exportFile(db: Queryable, id: string): Readable {
  async function* chunks() {
    yield BYTE_ORDER_MARK;
    let next = 0;
    for (;;) {
      const rows = await db.query<{ seq: number; body: string }>(
        'SELECT seq, body FROM export_chunks WHERE export_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3',
        [id, next, CHUNKS_PER_READ],
      );
      for (const row of rows) yield row.body;
      if (rows.length < CHUNKS_PER_READ) return;
      next = rows[rows.length - 1]!.seq + 1;
    }
  }
  return Readable.from(chunks());
}
