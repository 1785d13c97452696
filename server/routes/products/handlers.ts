import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { listActiveProducts } from './queries';

/**
 * The catalogue is public and on every page (the promotion looks for Gut Start), so each process keeps it serialised
 * in memory for a short time. Writers call `invalidate()`; other processes pick a change up within the TTL.
 */
export class CatalogueCache {
  private cached: { body: string; expiresAt: number } | undefined;
  private loading: Promise<string> | undefined;
  private readonly db: Db;
  private readonly ttlMs: number;

  constructor(db: Db, ttlMs: number) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  async body(serialize: (payload: unknown) => string): Promise<string> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.body;
    // One read for all the requests that arrive while the cache is cold.
    this.loading ??= listActiveProducts(this.db)
      .then((data) => {
        const body = serialize({ status: true, data });
        this.cached = { body, expiresAt: Date.now() + this.ttlMs };
        return body;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    ...app.contract.route('listProducts'),
    handler: async (_request, reply) => {
      // Serialised through the contract's response schema once; a string with a JSON type is then sent as is.
      const body = await app.catalogue.body((payload) => String(reply.serialize(payload)));
      return reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8').send(body);
    },
  });
}
