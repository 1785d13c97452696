import type { FastifyInstance } from 'fastify';
import { cleanIntake, intakeProblems } from '../../../machines/intake-answers';
import { HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { defineRoute } from '../define-route';
import { kitOfUser } from '../kits/queries';
import { questionnaireCustomer } from '../questionnaires/queries';
import { BEFORE_ACTIVATION, intakeEditable, intakeOfKit, saveIntake, staffIntakesOfUser } from './queries';

const KIT_NOT_FOUND = 'There is no such kit in your account.';

/** The food and lifestyle intake of a kit: its owner answers it, the care team reads it. */
export async function kitIntakeRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'getKitIntake', {
    handler: async (request) => {
      const kit = await kitOfUser(app.db, sessionOf(request).user.id, request.params.id);
      if (!kit) throw notFound(KIT_NOT_FOUND);
      return { intake: await intakeOfKit(app.db, kit.id), editable: intakeEditable(kit.state) };
    },
  });

  defineRoute(app, 'saveKitIntake', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const kit = await kitOfUser(app.db, userId, request.params.id);
      if (!kit) throw notFound(KIT_NOT_FOUND);
      const { answers } = request.body;
      const problems = intakeProblems(answers);
      if (Object.keys(problems).length > 0) {
        const fields = Object.fromEntries(Object.entries(problems).map(([field, reason]) => [`answers.${field}`, reason]));
        throw new HttpError(400, Object.values(problems)[0]!, 'INTAKE_INVALID', fields);
      }
      return app.db.transaction(async (tx) => {
        // The kit's row is locked so that the lab receiving the sample and a change of answers do not cross.
        const [locked] = await tx.query<{ state: typeof kit.state }>('SELECT state FROM kits WHERE id = $1 FOR UPDATE', [kit.id]);
        const state = locked?.state ?? kit.state;
        if (BEFORE_ACTIVATION.has(state)) {
          throw new HttpError(409, 'Activate this kit first; then tell us about your food and lifestyle.', 'INTAKE_NOT_ACTIVATED');
        }
        if (!intakeEditable(state)) {
          throw new HttpError(409, 'The lab has received this sample, so these answers can no longer be changed.', 'INTAKE_CLOSED');
        }
        const { intake, created } = await saveIntake(tx, kit.id, cleanIntake(answers));
        await writeAudit(tx, {
          actor: actorOf(request),
          action: created ? 'intake.answered' : 'intake.changed',
          entity: 'kit',
          entityId: kit.id,
          subject: userId,
        });
        return { intake, editable: true };
      });
    },
  });

  defineRoute(app, 'getStaffCustomerIntakes', {
    handler: async (request) => {
      const { id } = request.params;
      const customer = await questionnaireCustomer(app.db, id);
      if (!customer) throw notFound('There is no such customer.');
      const intakes = await staffIntakesOfUser(app.db, id);
      // Health data: each reading by the staff is written down before it is answered.
      await writeAudit(app.db, { actor: actorOf(request), action: 'intakes.viewed', entity: 'user', entityId: id, subject: id, after: { intakes: intakes.length } });
      return { intakes };
    },
  });
}
