import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError, type Db } from '../../db';
import { defineRoute } from '../define-route';
import { notFound } from '../../errors';
import type { FrontDoor } from '../../front-door';
import { type CatalogueListener, listenForCatalogueChanges } from './listener';
import { listActiveProducts, productBySlug, productImageBytes } from './queries';

/** The catalogue's answer, serialised once and compressed once for each encoding a browser may accept. */
interface CatalogueBody {
  json: string;
  br: Buffer;
  gzip: Buffer;
}

type Product = Awaited<ReturnType<typeof listActiveProducts>>[number];

/** One read of the catalogue: the kits, and their answer once the route has serialised it. */
interface CatalogueRead {
  products: Product[];
  body?: CatalogueBody;
  expiresAt: number;
}

/**
 * The catalogue is public and on every page (the promotion looks for Gut Start), so each process keeps it serialised
 * and compressed in memory, and the home page and the kits' pages are filled in from the same read
 * (server/plugins/catalogue-page.ts). A write to the catalogue by any process empties every process's cache when it
 * commits (`listener.ts`); the TTL only bounds how long a missed notification could last.
 */
export class CatalogueCache {
  private cached: CatalogueRead | undefined;
  /** The last catalogue read, kept through invalidations: what is served while the database is away. */
  private lastRead: CatalogueRead | undefined;
  private loading: Promise<CatalogueRead> | undefined;
  /** Counts invalidations, so that a read begun before one does not fill the cache with what it read. */
  private generation = 0;
  private readonly db: Db;
  private readonly ttlMs: number;
  /** The shop's security headers for API answers, which the catalogue's answers carry like every other. */
  private readonly security: Readonly<Record<string, string>>;
  private answersOf: { body: CatalogueBody; answers: Answers } | undefined;

  constructor(db: Db, ttlMs: number, security: Readonly<Record<string, string>> = {}) {
    this.db = db;
    this.ttlMs = ttlMs;
    this.security = security;
  }

  /** The whole answer in each encoding for a body of this cache's, made once per read. */
  answers(body: CatalogueBody): Answers {
    if (this.answersOf?.body !== body) this.answersOf = { body, answers: catalogueAnswers(body, this.security) };
    return this.answersOf.answers;
  }

  /** The answer while it is fresh, without waiting. */
  fresh(): CatalogueBody | undefined {
    const cached = this.cached;
    return cached?.body && cached.expiresAt > Date.now() ? cached.body : undefined;
  }

  async body(serialize: (payload: unknown) => string): Promise<CatalogueBody> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    const read = await this.read();
    if (!read.body) {
      const json = serialize({ status: true, data: read.products });
      read.body = {
        json,
        br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(json, { level: 9 }),
      };
    }
    return read.body;
  }

  /**
   * The kits as the answer holds them: the same array for as long as the read is kept, so that what is made from
   * it can be kept with it.
   */
  async products(): Promise<readonly Product[]> {
    return (await this.read()).products;
  }

  private async read(): Promise<CatalogueRead> {
    const cached = this.cached;
    if (cached && cached.expiresAt > Date.now()) return cached;
    // One read for all the requests that arrive while the cache is cold.
    const generation = this.generation;
    this.loading ??= listActiveProducts(this.db)
      .then((products) => {
        const read: CatalogueRead = { products, expiresAt: Date.now() + this.ttlMs };
        if (generation === this.generation) this.cached = read;
        this.lastRead = read;
        return read;
      })
      .finally(() => {
        if (generation === this.generation) this.loading = undefined;
      });
    try {
      return await this.loading;
    } catch (error) {
      // The shop stays browsable through a database outage, with the kits as last read.
      if (this.lastRead && isConnectionError(error)) return this.lastRead;
      throw error;
    }
  }

  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
    this.loading = undefined;
  }
}

export type Encoding = 'br' | 'gzip' | undefined;

/** The catalogue's whole answer in one encoding. */
interface Answer {
  /** Every header, names and values in turn, as `writeHead` takes them. */
  headers: string[];
  /** The same with `Connection: close`, for a process that drains. */
  closing: string[];
  /**
   * The bytes as a latin1 string, one character a byte: Node then joins it to the headers and writes one string,
   * where a Buffer would go out as a second chunk.
   */
  body: string;
}

type Answers = Record<'br' | 'gzip' | 'identity', Answer>;

function catalogueAnswers(body: CatalogueBody, security: Readonly<Record<string, string>>): Answers {
  const answer = (bytes: Buffer, encoding?: 'br' | 'gzip'): Answer => {
    const headers = [
      // Served from memory, so a browser may ask each time: a kit hidden or repriced by staff shows at once.
      ['cache-control', 'public, no-cache'],
      ['vary', 'accept-encoding'],
      ['content-type', 'application/json; charset=utf-8'],
      ...(encoding ? [['content-encoding', encoding]] : []),
      ...Object.entries(security),
      ['content-length', String(bytes.length)],
    ].flat();
    return { headers, closing: [...headers, 'connection', 'close'], body: bytes.toString('latin1') };
  };
  return { br: answer(body.br, 'br'), gzip: answer(body.gzip, 'gzip'), identity: answer(Buffer.from(body.json)) };
}

/** The answer in the encoding the client prefers, in one `writeHead` and one `end`; `closing` when the process drains. */
function writeAnswer(answers: Answers, request: IncomingMessage, response: ServerResponse, closing: boolean): void {
  const answer = answers[preferredEncoding(request.headers['accept-encoding']) ?? 'identity'];
  response.writeHead(200, closing ? answer.closing : answer.headers);
  response.end(answer.body, 'latin1');
}

/** Browsers send a handful of distinct headers; each is parsed once (up to a bound, against a flood of made-up ones). */
const encodingOf = new Map<string, Encoding>();
const ENCODINGS_KEPT = 64;

/** The best encoding of ours that the client accepts (a q=0 refusal counts as not accepted). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return undefined;
  const known = encodingOf.get(acceptEncoding);
  if (known !== undefined || encodingOf.has(acceptEncoding)) return known;
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (encodingOf.size < ENCODINGS_KEPT) encodingOf.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  // On Postgres several processes share the catalogue; the embedded database has one process, whose writers empty
  // its cache themselves.
  const databaseUrl = app.config.databaseUrl;
  if (databaseUrl) {
    let listener: CatalogueListener | undefined;
    app.addHook('onReady', async () => {
      listener = listenForCatalogueChanges(databaseUrl, () => app.catalogue.invalidate(), app.log);
      await listener.ready;
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  }

  // The answer in each encoding is made once per cache fill: its headers (the shop's security headers among them,
  // as the app's onSend hook would add) and its bytes. When the front door (`catalogueFromMemory`) leaves a request
  // to the route, the answer is written straight to the response, past Fastify's reply (whose onSend hooks it
  // therefore skips), in one `writeHead` and one `end`; the onResponse hooks (the request metrics) and Fastify's
  // request logging still see it.
  const send = (request: FastifyRequest, reply: FastifyReply, body: CatalogueBody): void => {
    reply.hijack();
    // A request that arrives while the process drains is not kept alive, as the lifecycle's onSend hook would say.
    writeAnswer(app.catalogue.answers(body), request.raw, reply.raw, app.lifecycle.draining);
  };
  defineRoute(app, 'listProducts', {
    // Compressed once per cache fill below, instead of once per request by the compression plugin; a GET has no body
    // to decompress either.
    compress: false,
    decompress: false,
    // From memory at once while the catalogue is fresh: it is on every page.
    handler: (request, reply) => {
      const fresh = app.catalogue.fresh();
      if (fresh) {
        send(request, reply, fresh);
        return;
      }
      // Serialised through the contract's response schema once; a string with a JSON type is then sent as is.
      return app.catalogue.body((payload) => String(reply.serialize(payload))).then((body) => send(request, reply, body));
    },
  });

  defineRoute(app, 'getProduct', {
    handler: async (request, reply) => {
      const product = await productBySlug(app.db, request.params.slug);
      if (!product) throw notFound('There is no such product.');
      reply.header('cache-control', 'no-cache');
      return { product };
    },
  });

  defineRoute(app, 'getProductImage', {
    handler: async (request, reply) => {
      const bytes = await productImageBytes(app.db, request.params.id);
      if (!bytes) throw notFound('There is no such picture.');
      // A picture's address never serves other bytes: a new picture gets a new id.
      return reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  });
}

const CATALOGUE_PATH = '/api/products';
/** The levels at which Fastify logs every request it receives and answers. */
const LEVELS_LOGGING_REQUESTS = new Set(['trace', 'debug', 'info']);

/**
 * The catalogue from memory at the server's front door (`server/front-door.ts`): a plain `GET /api/products` while
 * the catalogue is fresh gets the route's own answer (the same bytes and headers) without Fastify's routing, hooks
 * and reply, and is counted in the request metrics as the route's. The route answers the rest: a catalogue to read
 * first, a query string, HEAD, a process that drains (its 503), and a process that logs every request, so that
 * the catalogue's requests are logged like all others.
 */
export function catalogueFromMemory(app: FastifyInstance): FrontDoor {
  return (request, response) => {
    if (request.url !== CATALOGUE_PATH || request.method !== 'GET' || app.lifecycle.draining || LEVELS_LOGGING_REQUESTS.has(app.log.level)) return false;
    const body = app.catalogue.fresh();
    if (!body) return false;
    const started = performance.now();
    writeAnswer(app.catalogue.answers(body), request, response, false);
    app.metrics.request('GET', CATALOGUE_PATH, 200, (performance.now() - started) / 1000);
    return true;
  };
}
