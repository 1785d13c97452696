/**
 * The free ebook: anyone asks for it with a name and an e-mail address (limited per client address) and gets a link
 * that works for 7 days; the link answers the PDF. Admins list the people who asked (the leads).
 */
import type { FastifyInstance } from 'fastify';
import { limitKeyOf } from '../../client-address';
import { notFound, tooManyRequests } from '../../errors';
import { actorOf } from '../../services/audit';
import { EBOOK_FILE_NAME, EBOOK_TITLE } from '../../services/ebook/content';
import { ebookPdf } from '../../services/ebook/pdf';
import { defineRoute } from '../define-route';
import { countEbookDownload, EBOOK_LINK_NOT_FOUND, listEbookLeads, requestEbookDownload } from './queries';

const HOUR_MS = 3_600_000;
/** Enough for a family sharing a connection, or someone fixing a typo; not enough to fill the list with made-up people. */
export const EBOOK_REQUESTS_PER_HOUR = 10;
export const EBOOK_LIMIT_MESSAGE = 'You have asked for the ebook several times in the last hour. Please wait a while, then try again.';

export async function ebookRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'requestEbookDownload', {
    config: {
      rateLimit: {
        max: EBOOK_REQUESTS_PER_HOUR,
        timeWindow: HOUR_MS,
        keyGenerator: (request) => `ebook:${limitKeyOf(request.ip)}`,
        errorResponseBuilder: () => tooManyRequests(EBOOK_LIMIT_MESSAGE),
      },
    },
    handler: async (request, reply) =>
      reply.status(201).send(
        await app.db.transaction(async (tx) => {
          const download = await requestEbookDownload(tx, request.body, actorOf(request));
          await app.messages.ebookRequested(tx, {
            leadId: download.leadId,
            name: request.body.name.trim(),
            email: request.body.email.trim().toLowerCase(),
            title: EBOOK_TITLE,
            downloadUrl: `${app.messages.siteUrl}${download.downloadUrl}`,
          });
          return { downloadUrl: download.downloadUrl, expiresAt: download.expiresAt };
        }),
      ),
  });

  defineRoute(app, 'getEbookFile', {
    handler: async (request, reply) => {
      // Made (or taken from memory) first, so that a download is counted only once there is a file to send.
      const pdf = await ebookPdf();
      if (!(await countEbookDownload(app.db, request.params.token))) throw notFound(EBOOK_LINK_NOT_FOUND);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${EBOOK_FILE_NAME}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  defineRoute(app, 'listEbookLeads', {
    handler: async (request) => {
      const { q, consent, sort, limit = 20, offset = 0 } = request.query;
      return listEbookLeads(app.db, { q, consent, sort, limit, offset });
    },
  });
}
