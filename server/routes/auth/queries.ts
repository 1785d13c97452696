import type { Role } from '../../../machines/roles';
import { sqlState, UNIQUE_VIOLATION, type Db, type Queryable } from '../../db';
import { toSessionUser, USER_COLUMNS, type SessionUser, type UserRow } from '../../plugins/auth';
import type { VerifiedIdentity } from '../../firebase';
import { writeAudit, type AuditActor } from '../../services/audit';
import { HttpError } from '../../errors';
import { hasOtherActiveAdmin, LAST_ADMIN, lockTeam } from '../admin-team/queries';
import { phoneHolder } from './phone-link';

async function findByFirebaseUid(db: Queryable, uid: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE firebase_uid = $1`, [uid]);
  return row && toSessionUser(row);
}

export type ProfileResult = { user: SessionUser } | { conflict: 'email-taken' } | { conflict: 'phone-held'; holder: SessionUser };

export interface ProfileOptions {
  /**
   * Whether a first sign-in by phone may make an account for a number that an existing account lists (the person
   * said that account is not theirs). Otherwise the answer is `phone-held`, and no account is made.
   */
  phoneMayBeShared?: boolean;
}

/**
 * The profile of a verified Firebase identity. A profile created ahead of time by e-mail (a team member an admin
 * added) is linked on first sign-in, but only when Firebase has verified that the person owns that address:
 * anyone can create an unverified Firebase account with someone else's e-mail. For the same reason an address
 * that a phone-only person merely typed on /get-email gives way to its proven owner: that profile loses the
 * address (and is asked for one again) rather than locking the owner out. A profile whose own address Firebase now
 * reports verified (its owner confirmed it) is marked as proven. A first sign-in by phone whose number an existing
 * account lists makes no account (`phone-held`): the person proves that account, or says it is not theirs
 * (./phone-link.ts).
 */
export async function profileForIdentity(db: Db, identity: VerifiedIdentity, options: ProfileOptions = {}): Promise<ProfileResult> {
  const existing = await findByFirebaseUid(db, identity.uid);
  if (existing) {
    if (identity.email && identity.emailVerified) await confirmProfileEmail(db, existing.id, identity.email);
    return { user: existing };
  }
  if (identity.phone && !identity.email && !options.phoneMayBeShared) {
    const holder = await phoneHolder(db, identity.phone, identity.uid);
    if (holder) return { conflict: 'phone-held', holder };
  }
  try {
    return await db.transaction(async (tx) => {
      if (identity.email) {
        const [byEmail] = await tx.query<UserRow & { email_verified: boolean }>(
          `SELECT ${USER_COLUMNS}, email_verified FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
          [identity.email],
        );
        if (byEmail && byEmail.firebase_uid !== null && !byEmail.email_verified && identity.emailVerified) {
          await tx.query('UPDATE users SET email = NULL, email_verified = true WHERE id = $1', [byEmail.id]);
        } else if (byEmail) {
          if (byEmail.firebase_uid !== null || !identity.emailVerified) return { conflict: 'email-taken' as const };
          const [linked] = await tx.query<UserRow>(
            `UPDATE users SET firebase_uid = $2, phone = coalesce(phone, $3), email_verified = true WHERE id = $1 RETURNING ${USER_COLUMNS}`,
            [byEmail.id, identity.uid, identity.phone],
          );
          return { user: toSessionUser(linked!) };
        }
      }
      const [created] = await tx.query<UserRow>(
        `INSERT INTO users (firebase_uid, email, email_verified, phone, fullname, role) VALUES ($1, $2, $3, $4, $5, 'customer')
         RETURNING ${USER_COLUMNS}`,
        [identity.uid, identity.email, identity.email === null || identity.emailVerified, identity.phone, identity.name ?? ''],
      );
      return { user: toSessionUser(created!) };
    });
  } catch (error) {
    // Two first sign-ins of the same person at once: the other request created the profile.
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    const raced = await findByFirebaseUid(db, identity.uid);
    if (raced) return { user: raced };
    return { conflict: 'email-taken' };
  }
}

/**
 * Records that the profile's e-mail address is proven, when Firebase has verified that very address for the person's
 * own account (at a sign-in, or read from Firebase on the privacy page). From then on what is kept under that address
 * (contact messages, an ebook request, the e-mails sent to it) is part of the person's data.
 */
export async function confirmProfileEmail(db: Queryable, userId: string, verifiedEmail: string): Promise<void> {
  await db.query('UPDATE users SET email_verified = true WHERE id = $1 AND lower(email) = lower($2) AND NOT email_verified', [
    userId,
    verifiedEmail,
  ]);
}

/** Starts a session, and records it as the person's latest sign-in. */
export async function createSession(db: Db, userId: string, tokenHash: string, ttlHours: number): Promise<Date> {
  const [row] = await db.query<{ expires_at: Date }>(
    `WITH signed_in AS (UPDATE users SET last_sign_in_at = now() WHERE id = $2)
     INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3::int))
     RETURNING expires_at`,
    [tokenHash, userId, ttlHours],
  );
  return row!.expires_at;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/**
 * Fills in the name and phone given on /register for a profile that lacks them; what the person already has is
 * kept, so registering twice never overwrites a profile.
 */
export async function completeProfile(db: Db, userId: string, fullname: string, phone: string): Promise<SessionUser> {
  const [row] = await db.query<UserRow>(
    `UPDATE users SET fullname = CASE WHEN fullname = '' THEN $2 ELSE fullname END, phone = coalesce(phone, $3)
      WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId, fullname, phone],
  );
  return toSessionUser(row!);
}

export type SetEmailResult = { user: SessionUser } | { conflict: 'has-email' | 'email-taken' };

/** Gives a profile without an e-mail address the one the person typed on /get-email, as not yet proven. */
export async function setProfileEmail(db: Db, userId: string, email: string): Promise<SetEmailResult> {
  try {
    const [row] = await db.query<UserRow>(
      `UPDATE users SET email = $2, email_verified = false WHERE id = $1 AND email IS NULL RETURNING ${USER_COLUMNS}`,
      [userId, email],
    );
    return row ? { user: toSessionUser(row) } : { conflict: 'has-email' };
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    return { conflict: 'email-taken' };
  }
}

/** Revokes every live session of the person except `keepTokenHash`; returns how many were revoked. */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now()
      RETURNING token_hash`,
    [userId, keepTokenHash],
  );
  return rows.length;
}

/**
 * Gives a person another role, and writes the change, with its before and after, to the audit log. The last active
 * admin keeps their role, checked under the team's lock as the team pages do.
 */
export async function setUserRole(db: Db, actor: AuditActor, userId: string, role: Role): Promise<SessionUser | undefined> {
  return db.transaction(async (tx) => {
    await lockTeam(tx, actor);
    const [before] = await tx.query<{ role: Role; active: boolean }>(
      'SELECT role, deactivated_at IS NULL AS active FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!before) return undefined;
    if (before.role === 'admin' && role !== 'admin' && before.active && !(await hasOtherActiveAdmin(tx, userId))) {
      throw new HttpError(409, LAST_ADMIN, 'LAST_ADMIN');
    }
    const [row] = await tx.query<UserRow>(`UPDATE users SET role = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, role]);
    if (before.role !== role) {
      await writeAudit(tx, { actor, action: 'user.role_changed', entity: 'user', entityId: userId, subject: userId, before: { role: before.role }, after: { role } });
    }
    return row && toSessionUser(row);
  });
}
