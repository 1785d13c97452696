import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';
import { kitBodyOptions } from '../kits/queries';
import { businessFigures, recentReports, workQueues } from './queries';

export async function staffHomeRoutes(app: FastifyInstance): Promise<void> {
  const kitOptions = kitBodyOptions(app.config);

  defineRoute(app, 'getStaffHome', {
    handler: async (request) => {
      const { role } = sessionOf(request).user;
      if (role === 'admin') {
        const [figures, queues] = await Promise.all([businessFigures(app.db, new Date()), workQueues(app.db, app.config.samplePickupReminderDays)]);
        return { role, figures, queues, reports: null };
      }
      return { role, figures: null, queues: null, reports: await recentReports(app.db, kitOptions) };
    },
  });
}
