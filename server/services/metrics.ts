/**
 * The server's metrics, in Prometheus' text format (prom-client). Each app counts into a registry of its own, so
 * that the apps a test process starts do not add to each other's figures. What is in the database (the job queue,
 * the outbox) is read when Prometheus asks, by cheap queries; a database that does not answer leaves those gauges
 * out of that scrape rather than failing it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isConnectionError, type Db, type DbObserver, type PoolUse } from '../db';

const PREFIX = 'gutshop_';

/** From a cached catalogue answer (a few ms) to a slow export or a gateway call (seconds). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Statements are mostly a millisecond or two; the long tail is what matters. */
const STATEMENT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** How long a scrape waits for the database: Prometheus gives a scrape 10 s, and the process's figures must get through. */
const DATABASE_READ_TIMEOUT_MS = 2_000;

/** The label of a request no route matched (an unknown address): raw URLs would make a series per address tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * How a payment ended: `verified` when the customer's return from the gateway marked the order paid, `captured`
 * when the gateway's webhook did, `failed` when the bank declined it, `rejected` when the server refused a payment
 * it could not verify (a wrong signature, or the gateway not confirming it for the order's amount).
 */
export type PaymentOutcome = 'verified' | 'captured' | 'failed' | 'rejected';

/**
 * What came of a refund: the gateway took it and it is `pending` or already `processed`; its webhook later said
 * `processed` or `failed`; or the gateway `refused` it or was `unavailable`, and nothing was refunded.
 */
export type RefundOutcome = 'pending' | 'processed' | 'failed' | 'refused' | 'unavailable';

/** The outbox's open statuses: the sent and failed messages stay as the record, so counting them would grow without end. */
const OPEN_STATUSES = ['queued', 'sending'] as const;

let processRegistry: Registry | undefined;

/**
 * The process's own figures (memory, CPU, event-loop lag, GC), set up once per process: each setup starts an
 * event-loop monitor and a GC observer that are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

/** The part of a logger the metrics write to. */
interface Log {
  info(message: string): void;
  warn(object: object, message: string): void;
}

export interface MetricsOptions {
  db: Db;
  /** The schema pg-boss keeps its tables in. */
  queueSchema: string;
  log: Log;
  /** Whether the metrics are served, and so worth the process's figures. */
  exposed: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One series of the request metrics: a method, a route and a status. */
interface RequestSeries {
  labels: string;
  classLabels: string;
  count: number;
  sum: number;
  /** Requests at or under each of REQUEST_BUCKETS' bounds, not cumulated. */
  buckets: number[];
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The requests' counter and duration histogram, tallied by hand: they are counted on every request, the cached
 * catalogue's included, where prom-client's label hashing and validation cost more than the rest of the request's
 * own work. Written out in the same text format, with the same names and labels.
 */
class RequestTally {
  /** In the order first seen, for the text. */
  readonly #series: RequestSeries[] = [];
  /**
   * By route, method and status: maps keyed by the very strings Fastify hands over each time (the route's pattern,
   * the method), whose hashes V8 keeps, where one key made per request would be hashed afresh every time.
   */
  readonly #index = new Map<string, Map<string, Map<number, RequestSeries>>>();

  add(method: string, route: string, status: number, seconds: number): void {
    let methods = this.#index.get(route);
    if (!methods) this.#index.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let series = statuses.get(status);
    if (!series) {
      const common = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
      series = {
        labels: `${common},status="${status}"`,
        classLabels: `${common},status_class="${Math.floor(status / 100)}xx"`,
        count: 0,
        sum: 0,
        buckets: REQUEST_BUCKETS.map(() => 0),
      };
      statuses.set(status, series);
      this.#series.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    for (let bucket = 0; bucket < REQUEST_BUCKETS.length; bucket++) {
      if (seconds <= REQUEST_BUCKETS[bucket]!) {
        series.buckets[bucket]! += 1;
        return;
      }
    }
  }

  text(): string {
    const counter = `${PREFIX}http_requests_total`;
    const histogram = `${PREFIX}http_request_duration_seconds`;
    const lines = [
      `# HELP ${counter} Requests answered, by method, route pattern and status code.`,
      `# TYPE ${counter} counter`,
    ];
    for (const series of this.#series) lines.push(`${counter}{${series.labels}} ${series.count}`);
    lines.push(
      `# HELP ${histogram} Time from a request arriving to its answer being sent, by method, route pattern and status class.`,
      `# TYPE ${histogram} histogram`,
    );
    // The histogram's series are by status class: the statuses of a class add up.
    const byClass = new Map<string, { count: number; sum: number; buckets: number[] }>();
    for (const series of this.#series) {
      const merged = byClass.get(series.classLabels) ?? { count: 0, sum: 0, buckets: REQUEST_BUCKETS.map(() => 0) };
      merged.count += series.count;
      merged.sum += series.sum;
      series.buckets.forEach((n, i) => (merged.buckets[i]! += n));
      byClass.set(series.classLabels, merged);
    }
    for (const [labels, series] of byClass) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets[i]!;
        lines.push(`${histogram}_bucket{le="${bound}",${labels}} ${cumulative}`);
      });
      lines.push(`${histogram}_bucket{le="+Inf",${labels}} ${series.count}`);
      lines.push(`${histogram}_sum{${labels}} ${series.sum}`);
      lines.push(`${histogram}_count{${labels}} ${series.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

export class Metrics {
  readonly #registry = new Registry();
  /** What a scrape shows: this app's figures and, when served, the process's. */
  readonly #scraped: Registry;
  readonly #db: Db;
  readonly #log: Log;
  /** The readings from the database that failed last time, so that an outage is logged once, not per scrape. */
  readonly #failing = new Set<string>();

  readonly #requests = new RequestTally();
  readonly #serverErrors: Counter<'method' | 'route'>;
  readonly #statementSeconds: Histogram;
  readonly #statementErrors: Counter<'kind'>;
  readonly #payments: Counter<'outcome'>;
  readonly #refunds: Counter<'outcome'>;
  readonly #sendFailures: Counter<'channel' | 'final'>;

  constructor({ db, queueSchema, log, exposed }: MetricsOptions) {
    // The schema is spliced into SQL, as pg-boss itself does: only a plain identifier is.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(queueSchema)) throw new Error(`The queue schema "${queueSchema}" is not a plain identifier.`);
    this.#db = db;
    this.#log = log;
    const registers = [this.#registry];

    this.#serverErrors = new Counter({
      name: `${PREFIX}http_server_errors_total`,
      help: 'Requests answered with a 5xx status, by method and route pattern.',
      labelNames: ['method', 'route'],
      registers,
    });

    this.#statementSeconds = new Histogram({
      name: `${PREFIX}db_query_duration_seconds`,
      help: 'Time of each database statement, the wait for a connection included.',
      buckets: STATEMENT_BUCKETS,
      registers,
    });
    this.#statementErrors = new Counter({
      name: `${PREFIX}db_query_errors_total`,
      help: 'Database statements that failed: kind="connection" when the database could not be reached, "statement" otherwise.',
      labelNames: ['kind'],
      registers,
    });
    const poolUse = db.poolUse?.bind(db);
    if (poolUse) {
      const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name: `${PREFIX}${name}`,
          help,
          registers,
          collect() {
            this.set(read(poolUse()));
          },
        });
      poolGauge('db_pool_clients', 'Connections the pool holds, busy or idle.', (use) => use.total);
      poolGauge('db_pool_idle_clients', 'Connections of the pool that are idle.', (use) => use.idle);
      poolGauge('db_pool_waiting_clients', 'Callers waiting for a connection because every one is busy.', (use) => use.waiting);
    }

    const jobs = new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs in the job queue by queue and state, read from the database when scraped.',
      labelNames: ['queue', 'state'],
      registers,
      collect: async () => {
        // Every state of every queue, zeros included, so that an alert on a state sees 0 rather than nothing.
        // pg-boss keeps finished jobs in this table only until it archives them, so the count stays small.
        const rows = await this.#read<{ queue: string; state: string; jobs: number }>(
          'job queue',
          `SELECT q.name AS queue, s.state::text AS state, coalesce(c.jobs, 0)::int AS jobs
             FROM ${queueSchema}.queue q
            CROSS JOIN unnest(enum_range(NULL::${queueSchema}.job_state)) AS s(state)
             LEFT JOIN (SELECT name, state, count(*) AS jobs FROM ${queueSchema}.job GROUP BY name, state) c
                    ON c.name = q.name AND c.state = s.state`,
        );
        jobs.reset();
        for (const row of rows ?? []) jobs.set({ queue: row.queue, state: row.state }, row.jobs);
      },
    });

    // The two outbox gauges come from one query; a scrape asks both at once, so they share the reading in flight.
    let outboxReading: Promise<void> | undefined;
    const readOutbox = () =>
      (outboxReading ??= (async () => {
        // Only the open messages, which the outbox's partial index holds.
        const rows = await this.#read<{ status: string; messages: number; oldest: number }>(
          'outbox',
          `SELECT status, count(*)::int AS messages, extract(epoch FROM now() - min(created_at))::float8 AS oldest
             FROM outbound_messages WHERE status IN ('queued', 'sending') GROUP BY status`,
        );
        outboxMessages.reset();
        outboxOldest.reset();
        if (!rows) return;
        for (const status of OPEN_STATUSES) {
          const row = rows.find((candidate) => candidate.status === status);
          outboxMessages.set({ status }, row?.messages ?? 0);
          outboxOldest.set({ status }, Math.max(0, row?.oldest ?? 0));
        }
      })().finally(() => {
        outboxReading = undefined;
      }));
    const outboxMessages = new Gauge({
      name: `${PREFIX}outbox_messages`,
      help: 'E-mail and SMS messages waiting in the outbox (queued) or being sent, read from the database when scraped.',
      labelNames: ['status'],
      registers,
      collect: readOutbox,
    });
    const outboxOldest = new Gauge({
      name: `${PREFIX}outbox_oldest_message_age_seconds`,
      help: 'Age of the oldest message queued or being sent (0 when there is none): what a stuck outbox shows first.',
      labelNames: ['status'],
      registers,
      collect: readOutbox,
    });

    this.#payments = new Counter({
      name: `${PREFIX}payments_total`,
      help: 'Payments by outcome: verified or captured (the order is paid), failed (declined), rejected (could not be verified).',
      labelNames: ['outcome'],
      registers,
    });
    this.#refunds = new Counter({
      name: `${PREFIX}refunds_total`,
      help: 'Refunds by outcome: pending or processed when made, processed or failed when the gateway reports back, refused or unavailable when not made.',
      labelNames: ['outcome'],
      registers,
    });
    this.#sendFailures = new Counter({
      name: `${PREFIX}message_send_failures_total`,
      help: 'Tries to send an e-mail or SMS that failed, by channel; final="true" when the message is given up.',
      labelNames: ['channel', 'final'],
      registers,
    });

    this.#scraped = exposed ? Registry.merge([this.#registry, processMetrics()]) : this.#registry;
  }

  /** One request answered, with the route's pattern (undefined when no route matched). */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    const label = route ?? UNMATCHED_ROUTE;
    this.#requests.add(method, label, status, seconds);
    if (status >= 500) this.#serverErrors.inc({ method, route: label });
  }

  readonly database: DbObserver = {
    statement: (seconds, error) => {
      this.#statementSeconds.observe(seconds);
      if (error !== undefined) this.#statementErrors.inc({ kind: isConnectionError(error) ? 'connection' : 'statement' });
    },
  };

  payment(outcome: PaymentOutcome): void {
    this.#payments.inc({ outcome });
  }

  refund(outcome: RefundOutcome): void {
    this.#refunds.inc({ outcome });
  }

  sendFailure(channel: string, final: boolean): void {
    this.#sendFailures.inc({ channel, final: String(final) });
  }

  get contentType(): string {
    return this.#scraped.contentType;
  }

  /** The exposition text of a scrape. */
  async text(): Promise<string> {
    return (await this.#scraped.metrics()) + this.#requests.text();
  }

  /** Rows of a scrape-time query, or undefined when the database does not answer in time. */
  async #read<T extends Record<string, unknown>>(what: string, sql: string): Promise<T[] | undefined> {
    try {
      const rows = await withTimeout(this.#db.query<T>(sql), DATABASE_READ_TIMEOUT_MS);
      if (this.#failing.delete(what)) this.#log.info(`metrics: the ${what} can be read again`);
      return rows;
    } catch (error) {
      if (!this.#failing.has(what)) {
        this.#failing.add(what);
        this.#log.warn({ reason: error instanceof Error ? error.message : String(error) }, `metrics: the ${what} cannot be read; its gauges are left out until it can`);
      }
      return undefined;
    }
  }
}
