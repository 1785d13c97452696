import type { Role } from '../../../machines/roles';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { forbidden, HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';

type TeamMember = components['schemas']['TeamMember'];
type TeamRole = components['schemas']['TeamRole'];
type TeamMemberStatus = components['schemas']['TeamMemberStatus'];
type TeamMemberSort = components['schemas']['TeamMemberSort'];

export const MEMBER_NOT_FOUND = 'There is no such team member.';
export const LAST_ADMIN =
  'This is the last active admin, and the shop needs at least one. Make another team member an admin first.';
export const OWN_ROLE_CHANGE = 'You cannot change your own role. Ask another admin.';
export const OWN_DEACTIVATION = 'You cannot deactivate your own account. Ask another admin.';
export const ONLY_ADMIN = 'You are the only active admin: make another team member an admin first, and they can.';
export const MEMBER_DEACTIVATED = 'This team member is deactivated. Reactivate them first, then send the link.';

const STAFF = `u.role IN ('admin', 'doctor', 'nutritionist')`;

const STATUS = `CASE WHEN u.deactivated_at IS NOT NULL THEN 'deactivated' WHEN u.last_sign_in_at IS NULL THEN 'invited' ELSE 'active' END`;

const STATUS_FILTERS: Record<TeamMemberStatus, string> = {
  deactivated: 'u.deactivated_at IS NOT NULL',
  invited: 'u.deactivated_at IS NULL AND u.last_sign_in_at IS NULL',
  active: 'u.deactivated_at IS NULL AND u.last_sign_in_at IS NOT NULL',
};

/** Each sort ends in the id, so that pages never repeat or skip a member. */
const SORTS: Record<TeamMemberSort, string> = {
  name: 'lower(u.fullname), u.id',
  '-name': 'lower(u.fullname) DESC, u.id DESC',
  email: 'lower(u.email), u.id',
  '-email': 'lower(u.email) DESC, u.id DESC',
  role: 'u.role, lower(u.fullname), u.id',
  '-role': 'u.role DESC, lower(u.fullname), u.id',
  lastSignInAt: 'u.last_sign_in_at NULLS FIRST, u.id',
  '-lastSignInAt': 'u.last_sign_in_at DESC NULLS LAST, u.id DESC',
  createdAt: 'u.created_at, u.id',
  '-createdAt': 'u.created_at DESC, u.id DESC',
};

const MEMBER_COLUMNS = `u.id, u.fullname, u.email, u.phone, u.role, ${STATUS} AS status, u.last_sign_in_at, u.created_at,
  u.deactivated_at, u.password_link_sent_at, u.firebase_uid`;

interface MemberRow extends Record<string, unknown> {
  id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  role: TeamRole;
  status: TeamMemberStatus;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  deactivated_at: Date | string | null;
  password_link_sent_at: Date | string | null;
  firebase_uid: string | null;
}

function memberBody(row: MemberRow): TeamMember {
  return {
    _id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    createdAt: iso(row.created_at),
    deactivatedAt: row.deactivated_at ? iso(row.deactivated_at) : null,
    passwordLinkSentAt: row.password_link_sent_at ? iso(row.password_link_sent_at) : null,
  };
}

/** What the handlers need of a member besides what the contract shows. */
export interface MemberRecord {
  member: TeamMember;
  firebaseUid: string | null;
}

const recordOf = (row: MemberRow): MemberRecord => ({ member: memberBody(row), firebaseUid: row.firebase_uid });

export interface TeamQuery {
  q?: string | undefined;
  role?: TeamRole | undefined;
  status?: TeamMemberStatus | undefined;
  sort: TeamMemberSort;
  limit: number;
  offset: number;
}

/** `text` anywhere in a LIKE pattern: its own % and _ match themselves. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTeamMembers(db: Queryable, query: TeamQuery): Promise<{ items: TeamMember[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [STAFF];
  const q = query.q?.trim();
  if (q) {
    const pattern = param(containsPattern(q));
    where.push(`(lower(u.fullname) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})`);
  }
  if (query.role) where.push(`u.role = ${param(query.role)}`);
  if (query.status) where.push(STATUS_FILTERS[query.status]);
  const filter = `WHERE ${where.join(' AND ')}`;
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM users u ${filter} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${filter}`, counted),
  ]);
  return { items: rows.map(memberBody), total: count?.total ?? 0 };
}

export async function teamMember(db: Queryable, id: string, lock = false): Promise<MemberRecord | undefined> {
  const [row] = await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = $1 AND ${STAFF}${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row && recordOf(row);
}

/** The role of the profile with this e-mail address, if there is one. */
export async function roleOfEmail(db: Queryable, email: string): Promise<Role | undefined> {
  const [row] = await db.query<{ role: Role }>('SELECT role FROM users WHERE lower(email) = lower($1)', [email]);
  return row?.role;
}

/**
 * Serialises every change to the team's roles and access (one transaction-scoped lock), so that rules about the team
 * as a whole (at least one active admin) hold however many admins act at once. Under the lock the acting admin must
 * still be an active admin: one demoted or deactivated a moment ago by another admin acts no more.
 */
export async function lockTeam(tx: Queryable, actor: AuditActor): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('gut-shop:team'))`);
  if (!actor.userId) return;
  const [row] = await tx.query<{ active_admin: boolean }>(
    `SELECT role = 'admin' AND deactivated_at IS NULL AS active_admin FROM users WHERE id = $1`,
    [actor.userId],
  );
  if (!row?.active_admin) throw forbidden();
}

/** Whether anyone but `userId` is an active admin; call under `lockTeam`. */
export async function hasOtherActiveAdmin(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx.query<{ others: number }>(
    `SELECT count(*)::int AS others FROM users WHERE role = 'admin' AND deactivated_at IS NULL AND id <> $1`,
    [userId],
  );
  return (row?.others ?? 0) > 0;
}

const lastAdmin = () => new HttpError(409, LAST_ADMIN, 'LAST_ADMIN');

/**
 * Why an admin may not change their own role or deactivate themselves, said so that it can be acted on: another
 * admin can do it, or, for the only active admin, nobody can until there is another.
 */
export async function ownAccountRefusal(db: Queryable, userId: string, what: 'role' | 'deactivation'): Promise<HttpError> {
  const refused = what === 'role' ? OWN_ROLE_CHANGE : OWN_DEACTIVATION;
  const message = (await hasOtherActiveAdmin(db, userId)) ? refused : refused.replace('Ask another admin.', ONLY_ADMIN);
  return new HttpError(409, message, 'OWN_ACCOUNT');
}

export interface NewMember {
  firebaseUid: string;
  email: string;
  fullname: string;
  phone: string | null;
  role: TeamRole;
}

export async function insertTeamMember(tx: Queryable, actor: AuditActor, details: NewMember): Promise<MemberRecord> {
  await lockTeam(tx, actor);
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO users (firebase_uid, email, email_verified, phone, fullname, role) VALUES ($1, $2, true, $3, $4, $5) RETURNING id`,
    [details.firebaseUid, details.email, details.phone, details.fullname, details.role],
  );
  const id = inserted!.id;
  const record = (await teamMember(tx, id))!;
  const { fullname, email, phone, role } = record.member;
  await writeAudit(tx, { actor, action: 'team.member_added', entity: 'user', entityId: id, subject: id, after: { fullname, email, phone, role } });
  return record;
}

export async function changeTeamMemberRole(tx: Queryable, actor: AuditActor, id: string, role: TeamRole): Promise<TeamMember> {
  if (id === actor.userId) throw await ownAccountRefusal(tx, id, 'role');
  await lockTeam(tx, actor);
  const before = await teamMember(tx, id, true);
  if (!before) throw notFound(MEMBER_NOT_FOUND);
  if (before.member.role === role) return before.member;
  if (before.member.role === 'admin' && before.member.status !== 'deactivated' && !(await hasOtherActiveAdmin(tx, id))) throw lastAdmin();
  await tx.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
  await writeAudit(tx, {
    actor,
    action: 'team.role_changed',
    entity: 'user',
    entityId: id,
    subject: id,
    before: { role: before.member.role },
    after: { role },
  });
  return (await teamMember(tx, id))!.member;
}

/**
 * Ends a member's access: marks them deactivated and ends every one of their sessions with ACCOUNT_DISABLED, so that
 * their next call says why. `changed` is false when they were deactivated already.
 */
export async function deactivateTeamMember(tx: Queryable, actor: AuditActor, id: string): Promise<MemberRecord & { changed: boolean }> {
  if (id === actor.userId) throw await ownAccountRefusal(tx, id, 'deactivation');
  await lockTeam(tx, actor);
  const before = await teamMember(tx, id, true);
  if (!before) throw notFound(MEMBER_NOT_FOUND);
  if (before.member.status === 'deactivated') return { ...before, changed: false };
  if (before.member.role === 'admin' && !(await hasOtherActiveAdmin(tx, id))) throw lastAdmin();
  await tx.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [id]);
  const ended = await tx.query(
    `UPDATE sessions SET revoked_at = now(), revoked_code = 'ACCOUNT_DISABLED'
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING token_hash`,
    [id],
  );
  await writeAudit(tx, {
    actor,
    action: 'team.deactivated',
    entity: 'user',
    entityId: id,
    subject: id,
    before: { status: before.member.status },
    after: { status: 'deactivated', sessionsEnded: ended.length },
  });
  return { ...(await teamMember(tx, id))!, changed: true };
}

export async function reactivateTeamMember(tx: Queryable, actor: AuditActor, id: string): Promise<TeamMember> {
  await lockTeam(tx, actor);
  const before = await teamMember(tx, id, true);
  if (!before) throw notFound(MEMBER_NOT_FOUND);
  if (before.member.status !== 'deactivated') return before.member;
  await tx.query('UPDATE users SET deactivated_at = NULL WHERE id = $1', [id]);
  const after = (await teamMember(tx, id))!.member;
  await writeAudit(tx, {
    actor,
    action: 'team.reactivated',
    entity: 'user',
    entityId: id,
    subject: id,
    before: { status: 'deactivated' },
    after: { status: after.status },
  });
  return after;
}

/** Records that Firebase sent the member the link to set their password. */
export async function recordPasswordLinkSent(tx: Queryable, actor: AuditActor, id: string, email: string): Promise<TeamMember> {
  await tx.query('UPDATE users SET password_link_sent_at = now() WHERE id = $1', [id]);
  await writeAudit(tx, { actor, action: 'team.invite_sent', entity: 'user', entityId: id, subject: id, after: { email } });
  return (await teamMember(tx, id))!.member;
}

/** Whether the profile's access was ended by an admin. */
export async function isDeactivated(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ deactivated: boolean }>('SELECT deactivated_at IS NOT NULL AS deactivated FROM users WHERE id = $1', [userId]);
  return row?.deactivated ?? false;
}
