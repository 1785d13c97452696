/**
 * CSV exports of staff lists, made in the background by a worker of the job queue (server/services/jobs.ts). The rows are read in
 * batches (each continuing after the last, see `customerBatches`), turned into CSV and kept in the database a chunk
 * per batch; between batches the process turns to other requests, so an export of every customer neither holds
 * them all in memory nor holds up anyone else. The file is then streamed out a few chunks at a time.
 *
 * An export lives for a day from when it was started: past that every read finds nothing, and a scheduled sweep
 * (`expiredExportsTask`) deletes it with its file.
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../openapi/schema';
import type { Db, Queryable } from '../db';
import { countCustomers, customerBatches, type CustomerFilter } from '../routes/admin-customers/queries';
import { countStaffOrders, staffOrderBatches } from '../routes/admin-orders/queries';
import { countEbookLeads, ebookLeadBatches, type EbookLeadFilter } from '../routes/ebook/queries';
import type { IndianState } from '../../machines/address';
import {
  countCreditNotes,
  countInvoices,
  CREDIT_NOTE_REGISTER_HEADER,
  creditNoteRegisterBatches,
  INVOICE_REGISTER_HEADER,
  invoiceRegisterBatches,
  ORDER_TAX_HEADER,
  orderTaxFields,
  type GstRegisterFilter,
} from './gst-registers';
import type { ScheduledTask } from './schedule';

type ExportJob = components['schemas']['ExportJob'];
type StaffCustomer = components['schemas']['StaffCustomer'];
type StaffOrderSummary = components['schemas']['StaffOrderSummary'];
type OrderFilter = components['schemas']['OrderFilter'];
type EbookLead = components['schemas']['EbookLead'];
/** Which list to export, with its filter. */
export type ExportRequest =
  | { kind: 'customers'; filter: CustomerFilter }
  | { kind: 'orders'; filter: OrderFilter }
  | { kind: 'ebook-leads'; filter: EbookLeadFilter }
  | { kind: 'invoice-register'; filter: GstRegisterFilter }
  | { kind: 'credit-note-register'; filter: GstRegisterFilter };
type ExportKind = ExportJob['kind'];

export const EXPORT_BATCH_ROWS = 1000;
/** A running export that has not moved for this long lost its process (a restart): it is failed. */
export const STALLED_AFTER_MS = 120_000;
/** How long an export and its file are kept, from when it was started. */
export const KEPT_FOR_HOURS = 24;
/** How often expired exports are deleted (once across all processes, see `schedule.ts`). */
export const EXPORT_SWEEP_EVERY_SECONDS = 15 * 60;
/**
 * The sweep leaves an expired export this long more, so that a download begun in its last minutes is not cut short
 * by its chunks vanishing mid-stream; nobody can start one meanwhile, since every read already finds nothing.
 */
const SWEEP_GRACE_MINUTES = 15;
/** Exports deleted per statement, so that a backlog of large files is deleted in short steps. */
const SWEEP_BATCH = 20;
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

const ORDER_HEADER = [
  'Order',
  'Placed (IST)',
  'Paid (IST)',
  'Status',
  'Payment',
  'Customer',
  'E-mail',
  'Phone',
  'Ship to',
  'Kits',
  'Amount (INR)',
  'Refunded (INR)',
  ...ORDER_TAX_HEADER,
];

const rupees = (paise: number) => (paise / 100).toFixed(2);

const orderLine = (order: StaffOrderSummary, tax: readonly (string | number | null)[] = []) =>
  csvLine([
    order.number,
    indianDateTime(order.createdAt),
    indianDateTime(order.paidAt),
    order.status,
    order.paymentStatus,
    order.customer.fullname,
    order.customer.email,
    order.customer.phone,
    order.shipTo,
    order.products.join('; '),
    rupees(order.price),
    rupees(order.refundedAmount),
    ...tax,
  ]);

const EBOOK_LEAD_HEADER = ['Name', 'E-mail', 'Consent to contact', 'Consent answered (IST)', 'Consent text', 'Downloads', 'First request (IST)', 'Last request (IST)'];

const ebookLeadLine = (lead: EbookLead) =>
  csvLine([
    lead.name,
    lead.email,
    lead.consentToContact ? 'yes' : 'no',
    indianDateTime(lead.consentAt),
    lead.consentText,
    lead.downloads,
    indianDateTime(lead.firstRequestedAt),
    indianDateTime(lead.lastRequestedAt),
  ]);

/** What an export needs beyond its filter: the seller's state, which decides CGST and SGST or IGST. */
export interface ExportContext {
  sellerState: IndianState;
}

/** What each list's export writes: its header, then its rows a batch at a time, each batch as CSV lines. */
interface ExportSource<Filter> {
  header: readonly string[];
  count(db: Queryable, filter: Filter): Promise<number>;
  batches(db: Queryable, filter: Filter, size: number, context: ExportContext): AsyncGenerator<CsvBatch>;
}

/** Some rows as CSV lines. */
interface CsvBatch {
  body: string;
  count: number;
}

interface Filters {
  customers: CustomerFilter;
  orders: OrderFilter;
  'ebook-leads': EbookLeadFilter;
  'invoice-register': GstRegisterFilter;
  'credit-note-register': GstRegisterFilter;
}

const SOURCES: { [Kind in ExportKind]: ExportSource<Filters[Kind]> } = {
  customers: {
    header: CUSTOMER_HEADER,
    count: countCustomers,
    async *batches(db, filter, size) {
      for await (const batch of customerBatches(db, filter, size)) yield { body: batch.map(customerLine).join(''), count: batch.length };
    },
  },
  orders: {
    header: ORDER_HEADER,
    count: countStaffOrders,
    async *batches(db, filter, size, { sellerState }) {
      for await (const batch of staffOrderBatches(db, filter, size)) {
        const tax = await orderTaxFields(db, batch, sellerState);
        yield { body: batch.map((order) => orderLine(order, tax.get(order._id))).join(''), count: batch.length };
      }
    },
  },
  'ebook-leads': {
    header: EBOOK_LEAD_HEADER,
    count: countEbookLeads,
    async *batches(db, filter, size) {
      for await (const batch of ebookLeadBatches(db, filter, size)) yield { body: batch.map(ebookLeadLine).join(''), count: batch.length };
    },
  },
  'invoice-register': {
    header: INVOICE_REGISTER_HEADER,
    count: countInvoices,
    async *batches(db, filter, size, { sellerState }) {
      for await (const lines of invoiceRegisterBatches(db, filter, size, sellerState)) yield { body: lines.map(csvLine).join(''), count: lines.length };
    },
  },
  'credit-note-register': {
    header: CREDIT_NOTE_REGISTER_HEADER,
    count: countCreditNotes,
    async *batches(db, filter, size, { sellerState }) {
      for await (const lines of creditNoteRegisterBatches(db, filter, size, sellerState)) yield { body: lines.map(csvLine).join(''), count: lines.length };
    },
  },
};

function sourceOf<Kind extends ExportKind>(kind: Kind): ExportSource<Filters[Kind]> {
  return SOURCES[kind];
}

function linesOf<Kind extends ExportKind>(kind: Kind, db: Queryable, filter: Filters[Kind], context: ExportContext) {
  const source = sourceOf(kind);
  return { header: source.header, batches: source.batches(db, filter, EXPORT_BATCH_ROWS, context) };
}

/** How many rows the request's filter matches now. Each kind is named: TypeScript does not tie a union's filter to its kind through a lookup. */
function countOf(db: Queryable, request: ExportRequest): Promise<number> {
  switch (request.kind) {
    case 'customers':
      return sourceOf('customers').count(db, request.filter);
    case 'orders':
      return sourceOf('orders').count(db, request.filter);
    case 'ebook-leads':
      return sourceOf('ebook-leads').count(db, request.filter);
    case 'invoice-register':
      return sourceOf('invoice-register').count(db, request.filter);
    case 'credit-note-register':
      return sourceOf('credit-note-register').count(db, request.filter);
  }
}

/** The request's header and its batches of lines. */
function linesFor(db: Queryable, request: ExportRequest, context: ExportContext) {
  switch (request.kind) {
    case 'customers':
      return linesOf('customers', db, request.filter, context);
    case 'orders':
      return linesOf('orders', db, request.filter, context);
    case 'ebook-leads':
      return linesOf('ebook-leads', db, request.filter, context);
    case 'invoice-register':
      return linesOf('invoice-register', db, request.filter, context);
    case 'credit-note-register':
      return linesOf('credit-note-register', db, request.filter, context);
  }
}

interface ExportRow extends Record<string, unknown> {
  id: string;
  kind: ExportJob['kind'];
  status: ExportJob['status'];
  rows_done: number;
  rows_total: number;
  created_at: Date | string;
  touched_at: Date | string;
  finished_at: Date | string | null;
  filter: Record<string, unknown>;
}

const EXPORT_COLUMNS = 'id, kind, status, rows_done, rows_total, created_at, touched_at, finished_at, filter';

/** The file's name: the list and the day it was made, or the register and its period. */
function fileNameOf(row: ExportRow, day: string): string {
  if (row.kind === 'invoice-register' || row.kind === 'credit-note-register') {
    const { from, to } = row.filter as GstRegisterFilter;
    return `${row.kind}-${from}-to-${to}.csv`;
  }
  return `${row.kind}-${day}.csv`;
}

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
    fileName: fileNameOf(row, day),
  };
}

/** The export, unless there is none or it is older than `KEPT_FOR_HOURS` (whether or not the sweep has deleted it yet). */
export async function exportJob(db: Queryable, id: string): Promise<ExportJob | undefined> {
  const [row] = await db.query<ExportRow>(
    `SELECT ${EXPORT_COLUMNS} FROM exports WHERE id = $1 AND created_at > now() - make_interval(hours => $2)`,
    [id, KEPT_FOR_HOURS],
  );
  return row && jobBody(row, Date.now());
}

/** Deletes the exports past their day (and the grace), with their files; returns how many. */
export async function deleteExpiredExports(db: Queryable): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db.query(
      `DELETE FROM exports WHERE id IN (
         SELECT id FROM exports WHERE created_at <= now() - make_interval(hours => $1, mins => $2) ORDER BY created_at LIMIT ${SWEEP_BATCH}
       ) RETURNING id`,
      [KEPT_FOR_HOURS, SWEEP_GRACE_MINUTES],
    );
    deleted += rows.length;
    if (rows.length < SWEEP_BATCH) return deleted;
  }
}

/** The scheduled sweep of expired exports. Two processes never run it at once, and if they did each delete is harmless. */
export function expiredExportsTask(db: Db, log: { info(object: unknown, message: string): void }): ScheduledTask {
  return {
    name: 'exports.delete-expired',
    everySeconds: EXPORT_SWEEP_EVERY_SECONDS,
    run: async () => {
      const deleted = await deleteExpiredExports(db);
      if (deleted > 0) log.info({ deleted }, 'expired exports deleted');
    },
  };
}

/** Queues an export of the list and filter asked for; `runExport` then makes it. */
export async function createExport(db: Queryable, request: ExportRequest, createdBy: string): Promise<ExportJob> {
  const total = await countOf(db, request);
  const [row] = await db.query<ExportRow>(
    `INSERT INTO exports (kind, filter, rows_total, created_by) VALUES ($1, $2::jsonb, $3, $4) RETURNING ${EXPORT_COLUMNS}`,
    [request.kind, JSON.stringify(request.filter), total, createdBy],
  );
  return jobBody(row!, Date.now());
}

/**
 * Makes the export: a chunk per batch, its progress after each. Never throws: a failure is the export's status,
 * logged, since nobody awaits this but the staff member's progress bar.
 */
export async function runExport(db: Queryable, id: string, log: FastifyBaseLogger, context: ExportContext): Promise<void> {
  try {
    const [row] = await db.query<ExportRequest>(`UPDATE exports SET status = 'running', touched_at = now() WHERE id = $1 RETURNING kind, filter`, [id]);
    if (!row) return;
    // A job retried after its process died starts the file again.
    await db.query('DELETE FROM export_chunks WHERE export_id = $1', [id]);
    const lines = linesFor(db, row, context);
    await db.query('INSERT INTO export_chunks (export_id, seq, body) VALUES ($1, 0, $2)', [id, csvLine(lines.header)]);
    let seq = 0;
    let rows = 0;
    for await (const batch of lines.batches) {
      seq += 1;
      rows += batch.count;
      await db.query('INSERT INTO export_chunks (export_id, seq, body) VALUES ($1, $2, $3)', [id, seq, batch.body]);
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
