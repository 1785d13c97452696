import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { createCustomerExport, exportFile, exportJob, runExport } from '../../services/exports';
import { defineRoute } from '../define-route';
import { kitBodyOptions } from '../kits/queries';
import { addNote, customerDetail, customerExists, listCustomers } from './queries';

const CUSTOMER_NOT_FOUND = 'There is no such customer.';
const EXPORT_NOT_FOUND = 'There is no such export, or it was more than a day old and has been deleted.';
/** An export reads every matching customer: a few in ten minutes is plenty for one person. */
const EXPORTS_PER_TEN_MINUTES = 10;

export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const kitOptions = kitBodyOptions(app.config);

  defineRoute(app, 'listCustomers', {
    handler: async (request) => listCustomers(app.db, request.query),
  });

  defineRoute(app, 'getStaffCustomer', {
    handler: async (request) => {
      const customer = await customerDetail(app.db, request.params.id, kitOptions);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      return { customer };
    },
  });

  defineRoute(app, 'addCustomerNote', {
    handler: async (request, reply) => {
      const { id } = request.params;
      const author = sessionOf(request).user;
      const body = request.body.body.trim();
      const note = await app.db.transaction(async (tx) => {
        if (!(await customerExists(tx, id))) throw notFound(CUSTOMER_NOT_FOUND);
        const added = await addNote(tx, id, author.id, body);
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'note.added',
          entity: 'customer_note',
          entityId: added._id,
          subject: id,
          after: { body },
        });
        return added;
      });
      return reply.code(201).send({ note });
    },
  });

  defineRoute(app, 'startExport', {
    config: {
      rateLimit: { max: EXPORTS_PER_TEN_MINUTES, timeWindow: 600_000, keyGenerator: (request) => `export:${sessionOf(request).user.id}` },
    },
    handler: async (request, reply) => {
      const { filter } = request.body;
      const job = await createCustomerExport(app.db, filter, sessionOf(request).user.id);
      await writeAudit(app.db, {
        actor: actorOf(request),
        action: 'export.started',
        entity: 'export',
        entityId: job._id,
        after: { kind: job.kind, filter, rows: job.total },
      });
      // Made after the answer, in this process; the staff member's page follows it with getExport.
      void runExport(app.db, job._id, request.log);
      return reply.code(202).send({ export: job });
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
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${job.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(exportFile(app.db, job._id));
    },
  });
}
