import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/schema';
import { isStaff } from '../../../machines/roles';
import { conflict, forbidden } from '../../errors';
import { verifyIdentity } from '../../firebase';
import { hashSessionToken, newSessionToken, requireUser, sessionOf, userBody } from '../../plugins/auth';
import { createSession, profileForIdentity, revokeSession } from './queries';

type SessionRequest = components['schemas']['SessionRequest'];
type SessionBody = components['schemas']['Session'];

export const STAFF_ONLY = 'This sign-in is for staff. Please use the customer login.';
export const EMAIL_TAKEN =
  'An account with this e-mail address already exists. Please sign in the way you signed in before.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.route<{ Body: SessionRequest }>({
    ...app.contract.route('createSession'),
    config: { rateLimit: { max: app.config.sessionRateLimitPerMinute, timeWindow: 60_000 } },
    handler: async (request): Promise<SessionBody> => {
      const identity = await verifyIdentity(app.firebaseAuth, request.body.idToken);
      const profile = await profileForIdentity(app.db, identity);
      if ('conflict' in profile) throw conflict(EMAIL_TAKEN);
      const { user } = profile;
      if (request.body.audience === 'staff' && !isStaff(user.role)) throw forbidden(STAFF_ONLY);
      const token = newSessionToken();
      const expiresAt = await createSession(app.db, user.id, hashSessionToken(token), app.config.sessionTtlHours);
      return { token, expiresAt: expiresAt.toISOString(), user: userBody(user) };
    },
  });

  app.route({
    ...app.contract.route('getLoginSuccess'),
    onRequest: requireUser,
    handler: async (request) => ({ user: userBody(sessionOf(request).user) }),
  });

  app.route({
    ...app.contract.route('logout'),
    onRequest: requireUser,
    handler: async (request) => {
      await revokeSession(app.db, sessionOf(request).tokenHash);
      return { message: 'Logout successful.' };
    },
  });
}
