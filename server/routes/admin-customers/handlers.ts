import type { FastifyInstance } from 'fastify';
import { ADDRESS_LIMITS } from '../../../machines/address';
import { indianMobile } from '../../../machines/phone';
import type { components } from '../../../openapi/schema';
import { sqlState, UNIQUE_VIOLATION } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { correctFirebaseContact, firebaseAccountHolding } from '../../firebase';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { maskEmail } from '../auth/phone-link';
import { defineRoute } from '../define-route';
import { kitBodyOptions } from '../kits/queries';
import {
  addNote,
  contactHeldByAnother,
  correctCustomerContact,
  customerDetail,
  customerExists,
  listCustomers,
  lockCustomerContact,
  type CustomerContact,
} from './queries';

const CUSTOMER_NOT_FOUND = 'There is no such customer.';

interface Correction {
  fullname?: string;
  email?: string;
  phone?: string;
}

/** The fields of a correction as they are kept: trimmed, the mobile number as E.164; 400 with the field to fix. */
function checkCorrection(body: components['schemas']['StaffCustomerCorrection']): Correction {
  const fields: Record<string, string> = {};
  const correction: Correction = {};
  if (body.fullname !== undefined) {
    const fullname = body.fullname.trim();
    if (fullname.length < 2) fields.fullname = 'Enter the full name.';
    else if (fullname.length > ADDRESS_LIMITS.name) fields.fullname = `Keep the name under ${ADDRESS_LIMITS.name} characters.`;
    else correction.fullname = fullname;
  }
  if (body.email !== undefined) correction.email = body.email.trim();
  if (body.phone !== undefined) {
    const phone = indianMobile(body.phone);
    if (phone) correction.phone = phone;
    else fields.phone = 'Enter a 10-digit Indian mobile number, like 98765 43210.';
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  if (Object.keys(correction).length === 0) {
    throw badRequest('Send the name, e-mail address or mobile number to correct.', { fullname: 'give at least one of fullname, email and phone' });
  }
  return correction;
}

/** Only what differs from the profile: an address differing only in case is the same address. */
function changesOf(before: CustomerContact, correction: Correction): Correction {
  const change: Correction = {};
  if (correction.fullname !== undefined && correction.fullname !== before.fullname) change.fullname = correction.fullname;
  if (correction.email !== undefined && correction.email.toLowerCase() !== before.email?.toLowerCase()) change.email = correction.email;
  if (correction.phone !== undefined && correction.phone !== before.phone) change.phone = correction.phone;
  return change;
}

const spokenMobile = (phone: string) => `+91 ${phone.slice(3, 8)} ${phone.slice(8)}`;
/** A number as an e-mail to the old address may show it: its last four digits. */
const maskPhone = (phone: string) => `+91 ••••• •${phone.slice(-4)}`;

function heldByAnother(what: 'email' | 'phone', value: string): HttpError {
  return what === 'email'
    ? new HttpError(409, `${value} belongs to another account, so it cannot be this customer's. Check the address with the customer.`, 'EMAIL_TAKEN', {
        email: 'belongs to another account',
      })
    : new HttpError(409, `${spokenMobile(value)} belongs to another account, so it cannot be this customer's. Check the number with the customer.`, 'PHONE_TAKEN', {
        phone: 'belongs to another account',
      });
}

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

  defineRoute(app, 'correctStaffCustomer', {
    handler: async (request) => {
      const { id } = request.params;
      const correction = checkCorrection(request.body);
      await app.db
        .transaction(async (tx) => {
          const before = await lockCustomerContact(tx, id);
          if (!before) throw notFound(CUSTOMER_NOT_FOUND);
          const change = changesOf(before, correction);
          if (Object.keys(change).length === 0) return;
          // A number is no profile's key, so corrections to the same number take turns.
          if (change.phone) await tx.query(`SELECT pg_advisory_xact_lock(hashtext('gut-shop:user-phone:' || $1))`, [change.phone]);
          for (const what of ['email', 'phone'] as const) {
            const value = change[what];
            if (value === undefined) continue;
            const contact = what === 'email' ? { email: value } : { phone: value };
            if (await contactHeldByAnother(tx, contact, id)) throw heldByAnother(what, value);
            const holder = await firebaseAccountHolding(app.firebaseAuth, contact);
            if (holder !== null && holder !== before.firebase_uid) throw heldByAnother(what, value);
          }
          await correctCustomerContact(tx, id, change);
          await writeAudit(tx, {
            actor: actorOf(request),
            action: 'user.corrected',
            entity: 'user',
            entityId: id,
            subject: id,
            before: Object.fromEntries(Object.keys(change).map((field) => [field, before[field as keyof Correction] ?? null])),
            after: { ...change },
            reason: request.body.reason?.trim() || null,
          });
          // Firebase last: when it refuses, the transaction undoes the profile's change too.
          if (before.firebase_uid && (change.email || change.phone)) {
            const outcome = await correctFirebaseContact(app.firebaseAuth, before.firebase_uid, {
              ...(change.email ? { email: change.email } : {}),
              ...(change.phone ? { phone: change.phone } : {}),
            });
            if (outcome === 'email-taken') throw heldByAnother('email', change.email!);
            if (outcome === 'phone-taken') throw heldByAnother('phone', change.phone!);
          }
          // A new address or number is told to the address the account had: a change not asked for is noticed.
          if (before.email && (change.email || change.phone)) {
            await app.messages.contactDetailsChanged(tx, {
              userId: id,
              previousEmail: before.email,
              name: change.fullname ?? before.fullname ?? '',
              changes: [
                ...(change.fullname ? [{ field: 'fullname' as const, now: change.fullname }] : []),
                ...(change.email ? [{ field: 'email' as const, now: maskEmail(change.email) }] : []),
                ...(change.phone ? [{ field: 'phone' as const, now: maskPhone(change.phone) }] : []),
              ],
            });
          }
        })
        .catch((error: unknown) => {
          // Another correction or sign-up took the address meanwhile.
          if (sqlState(error) === UNIQUE_VIOLATION && correction.email) throw heldByAnother('email', correction.email);
          throw error;
        });
      const customer = await customerDetail(app.db, id, kitOptions);
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
}
