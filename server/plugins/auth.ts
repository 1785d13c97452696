/**
 * Bearer sessions. The token is opaque and random; only its sha256 is stored. Every request looks the session up
 * together with the user, so a revoked session or a changed role takes effect on the next call. Whether the person's
 * Firebase account still exists and is enabled is asked at most once per `accountRecheckMinutes` per session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest, onRequestAsyncHookHandler, onRouteHookHandler } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import { isRole, roleOf, type Role } from '../../machines/roles';
import type { components } from '../../openapi/schema';
import type { Db } from '../db';
import { forbidden, unauthorized } from '../errors';
import type { Contract, Operation } from '../openapi';
import type { Clock } from './rate-limit';

export interface SessionUser {
  id: string;
  firebaseUid: string | null;
  email: string | null;
  phone: string | null;
  fullname: string;
  role: Role;
}

export interface RequestSession {
  tokenHash: string;
  expiresAt: Date;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SESSION_INVALID = 'Your session has expired. Please sign in again.';

/** 32 random bytes as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The credentials of a Bearer authorization header, possibly malformed; undefined when there is none. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer(?:[ \t]+(.*))?$/i);
  const credentials = match?.[1]?.trim();
  return credentials ? credentials : undefined;
}

/** A row of `users` as the queries that make a SessionUser select it (`USER_COLUMNS`). */
export interface UserRow extends Record<string, unknown> {
  id: string;
  firebase_uid: string | null;
  email: string | null;
  phone: string | null;
  fullname: string;
  /** As stored; `toSessionUser` decides what it grants. */
  role: string;
}

export const USER_COLUMNS = 'id, firebase_uid, email, phone, fullname, role';

export function toSessionUser(row: UserRow): SessionUser {
  // The same SPEC §6 rule as the SPA; a value outside the known roles gets no more than a customer.
  const role = roleOf({ role: row.role });
  return {
    id: row.id,
    firebaseUid: row.firebase_uid,
    email: row.email,
    phone: row.phone,
    fullname: row.fullname,
    role: isRole(role) ? role : 'customer',
  };
}

type SessionEndCode = components['schemas']['SessionEndCode'];

/** Why a session was refused, as the 401's `code` and its message, so that the SPA can say why (SPEC §8). */
const SESSION_ENDS: Record<SessionEndCode, string> = {
  NO_SESSION: SIGN_IN_REQUIRED,
  SESSION_UNKNOWN: 'Your session is no longer valid. Please sign in again.',
  SESSION_EXPIRED: SESSION_INVALID,
  SESSION_REVOKED: 'You were signed out. Please sign in again.',
  ACCOUNT_DISABLED: 'This account is disabled. Please contact us if you think this is a mistake.',
};

function sessionEnded(code: SessionEndCode) {
  return unauthorized(SESSION_ENDS[code], code);
}

/** The live session of a token hash, or why there is none. */
async function findSession(db: Db, tokenHash: string): Promise<RequestSession | SessionEndCode> {
  const [row] = await db.query<
    UserRow & { expires_at: Date; revoked: boolean; revoked_code: string | null; expired: boolean; deactivated: boolean }
  >(
    `SELECT u.id, u.firebase_uid, u.email, u.phone, u.fullname, u.role, s.expires_at,
            s.revoked_at IS NOT NULL AS revoked, s.revoked_code, s.expires_at <= now() AS expired,
            u.deactivated_at IS NOT NULL AS deactivated
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  if (!row) return 'SESSION_UNKNOWN';
  if (row.revoked) return row.revoked_code === 'ACCOUNT_DISABLED' ? 'ACCOUNT_DISABLED' : 'SESSION_REVOKED';
  if (row.expired) return 'SESSION_EXPIRED';
  // An admin deactivated the person: a session begun while that happened ends too.
  if (row.deactivated) return 'ACCOUNT_DISABLED';
  return { tokenHash, expiresAt: new Date(row.expires_at), user: toSessionUser(row) };
}

/** Whether a live session's account may still be used: false when it was disabled or deleted in Firebase. */
export type AccountRecheck = (session: RequestSession, log: FastifyBaseLogger) => Promise<boolean>;

/**
 * Asks Firebase about a session's account when the session is used `minutes` after its last check (or its creation),
 * and ends every session of an account that is disabled or deleted there, however it was ended. The check is claimed
 * on the session row first, so concurrent requests and several servers ask Firebase once per interval, never on
 * every request. `now` replaces the database's clock, for tests.
 */
export function accountRecheck(db: Db, auth: Auth, minutes: number, now?: Clock): AccountRecheck {
  return async (session, log) => {
    const uid = session.user.firebaseUid;
    if (!uid) return true;
    const claimed = await db.query(
      `UPDATE sessions s SET account_checked_at = t.now
         FROM (SELECT coalesce(to_timestamp($2::float8 / 1000), clock_timestamp()) AS now) t
        WHERE s.token_hash = $1 AND coalesce(s.account_checked_at, s.created_at) <= t.now - $3::int * interval '1 minute'
        RETURNING s.token_hash`,
      [session.tokenHash, now ? now() : null, minutes],
    );
    if (claimed.length === 0) return true;
    let ended: boolean;
    try {
      ended = (await auth.getUser(uid)).disabled;
    } catch (error) {
      ended = (error as { code?: unknown }).code === 'auth/user-not-found';
      // Firebase out of reach says nothing about the account: locking every signed-in person out for it would
      // turn an outage of Firebase into one of the shop, so the session goes on until the next interval's check.
      if (!ended) log.warn({ err: error, userId: session.user.id }, 'account re-check failed; the session stays valid');
    }
    if (!ended) return true;
    await db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_code = 'ACCOUNT_DISABLED' WHERE user_id = $1 AND revoked_at IS NULL`,
      [session.user.id],
    );
    log.info({ userId: session.user.id }, 'account disabled or deleted in Firebase; its sessions are ended');
    return false;
  };
}

/** onRequest hook: runs before the body is parsed, so anonymous callers learn nothing about a route's schema. */
export const requireUser: onRequestAsyncHookHandler = async (request) => {
  const token = bearerOf(request.headers.authorization);
  if (!token) throw sessionEnded('NO_SESSION');
  if (!TOKEN_PATTERN.test(token)) throw sessionEnded('SESSION_UNKNOWN');
  const session = await findSession(request.server.db, hashSessionToken(token));
  if (typeof session === 'string') throw sessionEnded(session);
  if (!(await request.server.accountRecheck(session, request.log))) throw sessionEnded('ACCOUNT_DISABLED');
  request.session = session;
};

/** onRequest hook after `requireUser`: the session's role must be one of `roles`. */
export function requireRole(roles: readonly Role[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(sessionOf(request).user.role)) throw forbidden();
  };
}

/** The checks an operation's `security` and `x-roles` ask for, in the order they run. */
export function accessChecks(operation: Pick<Operation, 'secured' | 'roles'>): onRequestAsyncHookHandler[] {
  if (!operation.secured) return [];
  return operation.roles ? [requireUser, requireRole(operation.roles)] : [requireUser];
}

const API_ROUTE = /^\/api(?:\/|$)/;

/**
 * onRoute hook: every API route is an operation of the contract, and gets the session and role checks the contract
 * declares for it ahead of its own hooks, so no route can forget them. A route the contract does not list stops
 * the server from starting.
 */
export function contractAccess(contract: Contract): onRouteHookHandler {
  return (route) => {
    if (!API_ROUTE.test(route.url)) return;
    if (Array.isArray(route.method)) throw new Error(`${route.url}: an API route serves one operation, so one method.`);
    // Fastify adds a HEAD route beside each GET; it is the GET operation without a body.
    const method = route.method === 'HEAD' ? 'GET' : route.method;
    const operation = contract.operationAt(method, route.url);
    if (!operation) throw new Error(`${route.method} ${route.url} is not an operation of the contract.`);
    const checks = accessChecks(operation);
    if (checks.length === 0) return;
    // A new array: Fastify shares the original with the HEAD twin, and other onRoute hooks push into it.
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...checks, ...own];
  };
}

/** The session of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw sessionEnded('NO_SESSION');
  return request.session;
}

/** The contract's User: the role is sent under both names the SPA reads (SPEC §6). */
export function userBody(user: SessionUser): components['schemas']['User'] {
  return { _id: user.id, fullname: user.fullname, email: user.email, phone: user.phone, user_role: user.role, role: user.role };
}
