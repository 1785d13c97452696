/**
 * The team: admins add staff (their Firebase account, their profile with the role, and Firebase's e-mail with the
 * link to set a password), change their roles, and end or give back their access. Admins only; the server keeps the
 * rules (at least one active admin, no admin deactivating or demoting themselves) and audits every change.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { indianMobile } from '../../../machines/phone';
import { siteUrlOf } from '../../config';
import { sqlState, UNIQUE_VIOLATION } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { createTeamAccount, sendPasswordSetupEmail, setFirebaseAccountDisabled, setPasswordLinkFor } from '../../firebase';
import { actorOf, type AuditActor } from '../../services/audit';
import { defineRoute } from '../define-route';
import { emptyBodyAsObject } from '../orders/body';
import {
  changeTeamMemberRole,
  deactivateTeamMember,
  insertTeamMember,
  listTeamMembers,
  MEMBER_DEACTIVATED,
  MEMBER_NOT_FOUND,
  reactivateTeamMember,
  recordPasswordLinkSent,
  roleOfEmail,
  teamMember,
  type MemberRecord,
} from './queries';

/** No spaces and no invisible characters (a right-to-left override, a zero-width space), which make one address look like another. */
const EMAIL = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

export const ALREADY_ON_TEAM = 'This e-mail address is already on the team.';
export const CUSTOMER_EMAIL =
  'This e-mail address belongs to a customer’s account, and a customer is not made staff from here. Add the team member with another e-mail address.';
export const SIGN_IN_ACCOUNT_EXISTS =
  'Firebase already has a sign-in account with this e-mail address that is not one of the shop’s profiles. Add the team member with another address, or remove that account in the Firebase console first.';

const emailConflict = (message: string, code: string) => new HttpError(409, message, code, { email: message });

export async function adminTeamRoutes(app: FastifyInstance): Promise<void> {
  /** Where the e-mailed link leads once the password is set: the staff sign-in of the shop's address. */
  const signInUrl = `${siteUrlOf(app.config)}/admin/login`;

  /** Has Firebase send the member the link to set their password; a failure is logged and answered as `notSent`. */
  async function sendPasswordLink(actor: AuditActor, record: MemberRecord, log: FastifyBaseLogger) {
    const email = record.member.email;
    if (!email) return { member: record.member, passwordLink: 'notSent' as const };
    let ours = false;
    try {
      await sendPasswordSetupEmail(app.config, email, signInUrl);
    } catch (error) {
      // Firebase could not send it: the shop makes the link and sends the invitation itself.
      log.warn({ err: error, userId: record.member._id }, 'Firebase did not send the link to set a team member’s password; the shop sends it');
      ours = true;
    }
    let setPasswordUrl: string | undefined;
    if (ours) {
      try {
        setPasswordUrl = await setPasswordLinkFor(app.firebaseAuth, siteUrlOf(app.config), email);
      } catch (error) {
        log.warn({ err: error, userId: record.member._id }, 'the link to set a team member’s password could not be made');
        return { member: record.member, passwordLink: 'notSent' as const };
      }
    }
    const member = await app.db.transaction(async (tx) => {
      if (setPasswordUrl) {
        await app.messages.staffInvited(tx, { userId: record.member._id, name: record.member.fullname, email, role: record.member.role, setPasswordUrl });
      }
      return recordPasswordLinkSent(tx, actor, record.member._id, email);
    });
    return { member, passwordLink: 'sent' as const };
  }

  defineRoute(app, 'listTeamMembers', {
    handler: async (request) => {
      const { sort = 'name', limit = 20, offset = 0, q, role, status } = request.query;
      return listTeamMembers(app.db, { q, role, status, sort, limit, offset });
    },
  });

  defineRoute(app, 'addTeamMember', {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const fullname = request.body.fullname.trim();
      const email = request.body.email.trim().toLowerCase();
      const typedPhone = request.body.phone?.trim() ?? '';
      const phone = typedPhone ? indianMobile(typedPhone) : null;
      const fields: Record<string, string> = {};
      if (!fullname) fields.fullname = 'Enter the team member’s full name.';
      if (!EMAIL.test(email)) fields.email = 'Enter a valid e-mail address, like name@example.com.';
      if (phone === undefined) fields.phone = 'Enter a 10-digit Indian mobile number, like 98765 43210, or leave it empty.';
      const [first] = Object.values(fields);
      if (first) throw badRequest(first, fields);

      const existing = await roleOfEmail(app.db, email);
      if (existing === 'customer') throw emailConflict(CUSTOMER_EMAIL, 'CUSTOMER_ACCOUNT');
      if (existing) throw emailConflict(ALREADY_ON_TEAM, 'ALREADY_ON_TEAM');

      const account = await createTeamAccount(app.firebaseAuth, { email, fullname });
      if (account === 'email-taken') throw emailConflict(SIGN_IN_ACCOUNT_EXISTS, 'SIGN_IN_ACCOUNT_EXISTS');
      let record: MemberRecord;
      try {
        record = await app.db.transaction((tx) =>
          insertTeamMember(tx, actor, { firebaseUid: account.uid, email, fullname, phone: phone ?? null, role: request.body.role }),
        );
      } catch (error) {
        // Nothing of the member is kept: the Firebase account made a moment ago goes too.
        await app.firebaseAuth.deleteUser(account.uid).catch((cause: unknown) => {
          request.log.error({ err: cause, uid: account.uid }, 'a Firebase account made for a team member who was not added is left over');
        });
        // The same address added by another admin at the same moment, or given to a profile meanwhile.
        if (sqlState(error) === UNIQUE_VIOLATION) throw emailConflict(ALREADY_ON_TEAM, 'ALREADY_ON_TEAM');
        throw error;
      }
      return reply.status(201).send(await sendPasswordLink(actor, record, request.log));
    },
  });

  defineRoute(app, 'changeTeamMemberRole', {
    handler: async (request) => {
      const member = await app.db.transaction((tx) => changeTeamMemberRole(tx, actorOf(request), request.params.id, request.body.role));
      return { member };
    },
  });

  defineRoute(app, 'deactivateTeamMember', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const { member, firebaseUid, changed } = await app.db.transaction((tx) => deactivateTeamMember(tx, actorOf(request), request.params.id));
      // Our sessions and sign-in already refuse them; Firebase refusing them too keeps them out of its own sign-in.
      if (changed && firebaseUid) {
        await setFirebaseAccountDisabled(app.firebaseAuth, firebaseUid, true).catch((error: unknown) => {
          request.log.error({ err: error, userId: member._id }, 'a deactivated team member’s Firebase account could not be disabled');
        });
      }
      return { member };
    },
  });

  defineRoute(app, 'reactivateTeamMember', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const { id } = request.params;
      const before = await teamMember(app.db, id);
      if (!before) throw notFound(MEMBER_NOT_FOUND);
      // Firebase first: a member whose Firebase account stayed disabled could not sign in, whatever our profile says.
      if (before.firebaseUid && before.member.status === 'deactivated') await setFirebaseAccountDisabled(app.firebaseAuth, before.firebaseUid, false);
      const member = await app.db.transaction((tx) => reactivateTeamMember(tx, actorOf(request), id));
      return { member };
    },
  });

  defineRoute(app, 'sendTeamMemberPasswordLink', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const record = await teamMember(app.db, request.params.id);
      if (!record) throw notFound(MEMBER_NOT_FOUND);
      if (record.member.status === 'deactivated') throw new HttpError(409, MEMBER_DEACTIVATED, 'MEMBER_DEACTIVATED');
      return sendPasswordLink(actorOf(request), record, request.log);
    },
  });
}
