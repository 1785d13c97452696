import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { createExport, exportFile, exportJob, type ExportRequest } from '../../services/exports';
import { registerPeriodProblem } from '../../services/gst-registers';
import { EXPORT_QUEUE } from '../../services/jobs';
import { defineRoute } from '../define-route';

const EXPORT_NOT_FOUND = 'There is no such export, or it was more than a day old and has been deleted.';
/** An export reads every matching row of a list: a few in ten minutes is plenty for one person. */
const EXPORTS_PER_TEN_MINUTES = 10;

/** CSV exports of the staff lists (customers, orders, ebook leads) and the GST registers, made in the background: server/services/exports.ts. */
export async function adminExportRoutes(app: FastifyInstance): Promise<void> {
  const exportLimit = {
    rateLimit: { max: EXPORTS_PER_TEN_MINUTES, timeWindow: 600_000, keyGenerator: (request: FastifyRequest) => `export:${sessionOf(request).user.id}` },
  };

  /** Queues the export with its audit entry and its job in one transaction; a worker of the job queue makes it. */
  async function start(request: FastifyRequest, exportRequest: ExportRequest) {
    const job = await app.db.transaction(async (tx) => {
      const created = await createExport(tx, exportRequest, sessionOf(request).user.id);
      await writeAudit(tx, {
        actor: actorOf(request),
        action: 'export.started',
        entity: 'export',
        entityId: created._id,
        after: { kind: created.kind, filter: exportRequest.filter, rows: created.total },
      });
      await app.jobs.queue.send(tx, EXPORT_QUEUE, { id: created._id });
      return created;
    });
    // The staff member's page follows it with getExport; this process's worker starts on it at once.
    app.jobs.queue.wake(EXPORT_QUEUE);
    return { export: job };
  }

  defineRoute(app, 'startCustomerExport', {
    config: exportLimit,
    handler: async (request, reply) => reply.code(202).send(await start(request, { kind: 'customers', filter: request.body })),
  });

  defineRoute(app, 'startOrderExport', {
    config: exportLimit,
    handler: async (request, reply) => reply.code(202).send(await start(request, { kind: 'orders', filter: request.body })),
  });

  defineRoute(app, 'startEbookLeadExport', {
    config: exportLimit,
    handler: async (request, reply) => reply.code(202).send(await start(request, { kind: 'ebook-leads', filter: request.body })),
  });

  defineRoute(app, 'startGstRegisterExport', {
    config: exportLimit,
    handler: async (request, reply) => {
      const { register, from, to } = request.body;
      const problem = registerPeriodProblem({ from, to });
      if (problem) throw new HttpError(400, problem, 'BAD_PERIOD', { to: problem });
      const kind = register === 'invoices' ? 'invoice-register' : 'credit-note-register';
      return reply.code(202).send(await start(request, { kind, filter: { register, from, to } }));
    },
  });

  defineRoute(app, 'getExport', {
    handler: async (request) => {
      const job = await exportJob(app.db, request.params.id);
      if (!job) throw notFound(EXPORT_NOT_FOUND);
      return { export: job };
    },
  });

  defineRoute(app, 'getExportFile', {
    handler: async (request, reply) => {
      const job = await exportJob(app.db, request.params.id);
      if (!job) throw notFound(EXPORT_NOT_FOUND);
      if (job.status !== 'done') {
        throw new HttpError(409, job.status === 'failed' ? 'This export failed. Please start it again.' : 'This export is not finished yet.', 'EXPORT_NOT_READY');
      }
      // Personal data leaving the shop: who took which file, and from where.
      await writeAudit(app.db, {
        actor: actorOf(request),
        action: 'export.downloaded',
        entity: 'export',
        entityId: job._id,
        after: { kind: job.kind, rows: job.rows, fileName: job.fileName },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${job.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(exportFile(app.db, job._id));
    },
  });
}
