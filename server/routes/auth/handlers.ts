import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/schema';
import { indianMobile } from '../../../machines/phone';
import { isStaff } from '../../../machines/roles';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../errors';
import { verifyIdentity } from '../../firebase';
import { hashSessionToken, newSessionToken, sessionOf, userBody, type SessionUser } from '../../plugins/auth';
import { actorOf } from '../../services/audit';
import { isDeactivated, ownAccountRefusal } from '../admin-team/queries';
import { phoneHeldError, phoneLinkRoutes } from './phone-link';
import { defineRoute } from '../define-route';
import { emptyBodyAsObject } from '../orders/body';
import {
  completeProfile,
  createSession,
  profileForIdentity,
  revokeOtherSessions,
  revokeSession,
  setProfileEmail,
  setUserRole,
} from './queries';

type SessionBody = components['schemas']['Session'];

export const STAFF_ONLY = 'This sign-in is for staff. Please use the customer login.';
export const EMAIL_TAKEN =
  'An account with this e-mail address already exists. Please sign in the way you signed in before.';
export const HAS_EMAIL = 'Your profile already has an e-mail address.';
export const CHALLENGE_ALLOWED = 'Go ahead.';
export const TOO_MANY_MESSAGES =
  'We have sent several messages to this address or number in the last hour. Please wait an hour and try again, or use another way to sign in.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an admin of the shop to reactivate it if you still need access.';

const HOUR_MS = 3_600_000;
/** No spaces and no invisible characters (a right-to-left override, a zero-width space), which make one address look like another. */
const EMAIL = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const signInLimit = { rateLimit: { max: app.config.sessionRateLimitPerMinute, timeWindow: 60_000 } };

  async function startSession(user: SessionUser): Promise<SessionBody> {
    // 403 rather than 401: nothing the person had ended, their sign-in is refused.
    if (await isDeactivated(app.db, user.id)) throw new HttpError(403, ACCOUNT_DEACTIVATED, 'ACCOUNT_DISABLED');
    const token = newSessionToken();
    const expiresAt = await createSession(app.db, user.id, hashSessionToken(token), app.config.sessionTtlHours);
    return { token, expiresAt: expiresAt.toISOString(), user: userBody(user) };
  }

  defineRoute(app, 'createSession', {
    config: signInLimit,
    handler: async (request) => {
      const identity = await verifyIdentity(app.firebaseAuth, request.body.idToken);
      const profile = await profileForIdentity(app.db, identity);
      if ('holder' in profile) {
        // A staff sign-in page offers no phone sign-in; a customer's is asked to prove the account that holds it.
        if (request.body.audience === 'staff') throw forbidden(STAFF_ONLY);
        throw await phoneHeldError(app, { uid: identity.uid, phone: identity.phone! }, profile.holder);
      }
      if ('conflict' in profile) throw conflict(EMAIL_TAKEN);
      const { user } = profile;
      if (request.body.audience === 'staff' && !isStaff(user.role)) throw forbidden(STAFF_ONLY);
      return startSession(user);
    },
  });

  phoneLinkRoutes(app, startSession, async ({ uid, phone }) => {
    const profile = await profileForIdentity(app.db, { uid, phone, email: null, emailVerified: false, name: null, authTime: new Date() }, { phoneMayBeShared: true });
    if ('conflict' in profile) throw conflict(EMAIL_TAKEN);
    return profile.user;
  }, signInLimit);

  defineRoute(app, 'registerProfile', {
    config: signInLimit,
    handler: async (request) => {
      const identity = await verifyIdentity(app.firebaseAuth, request.body.idToken);
      const profile = await profileForIdentity(app.db, { ...identity, name: identity.name ?? request.body.fullname.trim() });
      if ('conflict' in profile) throw conflict(EMAIL_TAKEN);
      const user = await completeProfile(app.db, profile.user.id, request.body.fullname.trim(), request.body.phone);
      return startSession(user);
    },
  });

  defineRoute(app, 'requestAuthChallenge', {
    config: { rateLimit: { max: app.config.authChallengeRateLimitPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const { kind } = request.body;
      const to = request.body.to.trim().toLowerCase();
      // The shop sends its SMS codes to Indian mobiles only, read by the rule the sign-in form applies.
      if (kind === 'phone-code' ? indianMobile(to) !== to : !EMAIL.test(to)) {
        const what = kind === 'phone-code' ? 'an Indian mobile number with +91, like +919876543210' : 'an e-mail address';
        throw badRequest(`to must be ${what}.`, { to: `must be ${what}` });
      }
      const { current, ttl } = await app.attempts.count(`challenge|${kind}|${to}`, HOUR_MS);
      if (current > app.config.authChallengeLimitPerTargetPerHour) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
        throw tooManyRequests(TOO_MANY_MESSAGES);
      }
      return { message: CHALLENGE_ALLOWED };
    },
  });

  defineRoute(app, 'getLoginSuccess', {
    handler: async (request) => {
      const session = sessionOf(request);
      return { user: userBody(session.user), expiresAt: session.expiresAt.toISOString() };
    },
  });

  defineRoute(app, 'setProfileEmail', {
    handler: async (request) => {
      const result = await setProfileEmail(app.db, sessionOf(request).user.id, request.body.email.trim());
      if ('conflict' in result) throw conflict(result.conflict === 'has-email' ? HAS_EMAIL : EMAIL_TAKEN);
      return { user: userBody(result.user) };
    },
  });

  defineRoute(app, 'revokeOtherSessions', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const session = sessionOf(request);
      const revoked = await revokeOtherSessions(app.db, session.user.id, session.tokenHash);
      return { message: revoked === 1 ? 'Signed out of 1 other session.' : `Signed out of ${revoked} other sessions.`, revoked };
    },
  });

  defineRoute(app, 'setUserRole', {
    handler: async (request) => {
      if (request.params.id === sessionOf(request).user.id) throw await ownAccountRefusal(app.db, request.params.id, 'role');
      const user = await setUserRole(app.db, actorOf(request), request.params.id, request.body.role);
      if (!user) throw notFound('There is no such person.');
      return { user: userBody(user) };
    },
  });

  defineRoute(app, 'logout', {
    handler: async (request) => {
      await revokeSession(app.db, sessionOf(request).tokenHash);
      return { message: 'Logout successful.' };
    },
  });
}
