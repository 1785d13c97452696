/**
 * Serves the built SPA beside the API. Hashed files under /assets never change, so browsers may keep them for a
 * year; index.html must be revalidated so that a deploy reaches everyone on their next visit.
 */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${sep}assets${sep}`)) return IMMUTABLE;
  // The precompressed twin of a file (index.html.br) is cached as the file itself.
  if (/\.html(?:\.br|\.gz)?$/.test(filePath)) return REVALIDATE;
  return SHORT;
}

/** Registers the SPA when `staticDir` holds a build; returns whether it did. */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const root = resolve(staticDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built SPA found (index.html missing); serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    // Build steps may emit .br/.gz beside each file; they are sent to clients that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  return true;
}

/** Client-side routes (e.g. /products/gut360) have no file: they get index.html and the router takes over. */
export function sendSpaShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}
