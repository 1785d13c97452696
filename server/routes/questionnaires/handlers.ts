/**
 * The GAD-7 and PSQI questionnaires: which are offered (the PSQI only while its licence is on file, PSQI_OFFERED),
 * a person keeping a result scored by the server, their own history, and the care team's list and reading of a
 * customer's history, which is audited.
 */
import type { FastifyInstance } from 'fastify';
import { INSTRUMENTS } from '../../../machines/questionnaire-scoring';
import { notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf } from '../../services/audit';
import { defineRoute } from '../define-route';
import { questionnaireResultsOf } from '../privacy/queries';
import {
  auditQuestionnaireListing,
  auditQuestionnaireReading,
  CUSTOMER_NOT_FOUND,
  HISTORY_LIMIT,
  listStaffQuestionnaireResults,
  PSQI_NOT_OFFERED,
  questionnaireConsent,
  questionnaireCustomer,
  questionnaireResultOf,
  RESULT_NOT_FOUND,
  saveQuestionnaireResult,
} from './queries';

export async function questionnaireRoutes(app: FastifyInstance): Promise<void> {
  const offered = (instrument: (typeof INSTRUMENTS)[number]) => instrument !== 'psqi' || app.config.psqiOffered;

  defineRoute(app, 'listQuestionnaires', {
    handler: async () => ({ instruments: INSTRUMENTS.map((instrument) => ({ instrument, offered: offered(instrument) })) }),
  });

  defineRoute(app, 'saveQuestionnaireResult', {
    handler: async (request, reply) => {
      const { instrument } = request.params;
      if (!offered(instrument)) throw notFound(PSQI_NOT_OFFERED);
      const userId = sessionOf(request).user.id;
      const result = await app.db.transaction((tx) => saveQuestionnaireResult(tx, actorOf(request), userId, instrument, request.body));
      return reply.status(201).send({ result });
    },
  });

  defineRoute(app, 'listMyQuestionnaireResults', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const [results, consent] = await Promise.all([questionnaireResultsOf(app.db, userId, HISTORY_LIMIT), questionnaireConsent(app.db, userId)]);
      return { results, consent };
    },
  });

  defineRoute(app, 'getMyQuestionnaireResult', {
    handler: async (request) => {
      const result = await questionnaireResultOf(app.db, sessionOf(request).user.id, request.params.id);
      if (!result) throw notFound(RESULT_NOT_FOUND);
      return { result };
    },
  });

  defineRoute(app, 'listStaffQuestionnaireResults', {
    handler: async (request) => {
      const { q, instrument, sort = '-createdAt', limit = 20, offset = 0 } = request.query;
      const query = { q, instrument, sort, limit, offset };
      const page = await listStaffQuestionnaireResults(app.db, query);
      await auditQuestionnaireListing(app.db, actorOf(request), query, page.items);
      return page;
    },
  });

  defineRoute(app, 'getStaffCustomerQuestionnaires', {
    handler: async (request) => {
      const { id } = request.params;
      const customer = await questionnaireCustomer(app.db, id);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      const results = await questionnaireResultsOf(app.db, id, HISTORY_LIMIT);
      // Health data: each reading by the staff is written down before it is answered.
      await auditQuestionnaireReading(app.db, actorOf(request), id, results.length);
      return { customer, results };
    },
  });
}
