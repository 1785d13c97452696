/**
 * The shop's audit log (`audit_log`): one row for each thing a person or the staff did that someone may later have
 * to account for, with who did it, from where, to which record, what it was before and after, and why. Write the row
 * in the same transaction as the change it records, so that neither exists without the other.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Who did it; every field null is the system itself (a scheduled job, a webhook). */
export interface AuditActor {
  userId: string | null;
  role: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, role: null, ip: null };

/** The signed-in person making the request, and the client address it came from. */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = request.session?.user;
  return { userId: user?.id ?? null, role: user?.role ?? null, ip: request.ip };
}

export interface AuditEntry {
  actor: AuditActor;
  /** `<entity>.<what happened>` in the past tense: `consent.granted`, `erasure.completed`, `order.refunded`. */
  action: `${string}.${string}`;
  /** The kind of record, e.g. `consent`, `erasure_request`, `order`. */
  entity: string;
  entityId?: string | null;
  /** The person whose data it is, when it is someone's. */
  subject?: string | null;
  /** The record, or the part of it that changed, before and after. */
  before?: Json;
  after?: Json;
  /** Why, as the staff member gave it. */
  reason?: string | null;
}

export async function writeAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const json = (value: Json | undefined) => (value === undefined || value === null ? null : JSON.stringify(value));
  await db.query(
    `INSERT INTO audit_log (actor_user_id, actor_role, actor_ip, action, entity, entity_id, subject_user_id, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      entry.actor.userId,
      entry.actor.role,
      entry.actor.ip,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      entry.subject ?? null,
      json(entry.before),
      json(entry.after),
      entry.reason ?? null,
    ],
  );
}
