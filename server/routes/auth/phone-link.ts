/**
 * One person, one account: a first sign-in by SMS that proves a mobile number which an existing account already
 * lists does not open a second, empty account. The server answers 409 PHONE_HELD with a proof of the number (a token
 * it signs, good for 15 minutes) and a hint of the account; the person then either proves that account with its own
 * sign-in and the number is added to it (`linkPhone`), or says it is not theirs and gets an account of their own
 * (`createPhoneAccount`). Without one of those proofs nothing is linked and nobody gets in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/schema';
import type { Db, Queryable } from '../../db';
import { HttpError, unauthorized } from '../../errors';
import { confirmsReauthentication, firebaseAccountOf, movePhoneToAccount, verifyIdentity } from '../../firebase';
import { toSessionUser, USER_COLUMNS, type SessionUser, type UserRow } from '../../plugins/auth';
import { writeAudit } from '../../services/audit';
import { defineRoute } from '../define-route';

type Session = components['schemas']['Session'];
type PhoneLinkOffer = components['schemas']['PhoneLinkOffer'];

export const PHONE_HELD = 'PHONE_HELD';
export const PHONE_HELD_MESSAGE =
  'This mobile number belongs to an account that already exists. Sign in to it once the way you usually do, and the number will be added to it.';
export const PHONE_LINK_EXPIRED =
  'The check of your mobile number has expired. Please sign in with your phone again.';
export const ACCOUNT_MISMATCH =
  'The account you signed in to does not have this mobile number. Sign in to the account that has it, or choose that it is not yours.';
export const PHONE_IN_USE = 'This mobile number already signs in to an account of its own. Sign in with your phone to reach it.';
export const SIGN_IN_AGAIN = 'Please sign in to your account again to add the number.';

/** How long a proof of a number holds. */
export const PHONE_LINK_TTL_MS = 15 * 60_000;

interface PhoneProof {
  /** The phone-only Firebase account the SMS sign-in made. */
  uid: string;
  /** The number it proved, E.164. */
  phone: string;
  /** When the proof stops holding, ms since the epoch. */
  expires: number;
}

const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(`phone-link:${payload}`).digest('base64url');

export function phoneLinkToken(secret: string, proof: PhoneProof): string {
  const payload = Buffer.from(JSON.stringify([proof.uid, proof.phone, proof.expires])).toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** The proof a token carries, or undefined when the shop did not sign it or it no longer holds at `now`. */
export function readPhoneLinkToken(secret: string, token: string, now = Date.now()): PhoneProof | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return undefined;
  const [uid, phone, expires] = fields as unknown[];
  if (typeof uid !== 'string' || typeof phone !== 'string' || typeof expires !== 'number' || expires <= now) return undefined;
  return { uid, phone, expires };
}

/** `chetan@demo.test` → `c••••n@d•••.test`: enough for its owner to recognise, too little to learn it from. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const hide = (part: string) => (part.length <= 2 ? `${part[0]}•` : `${part[0]}${'•'.repeat(Math.min(part.length - 2, 5))}${part.at(-1)}`);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const maskedDomain = dot > 0 ? `${hide(domain.slice(0, dot))}${domain.slice(dot)}` : hide(domain);
  return `${hide(email.slice(0, at))}@${maskedDomain}`;
}

/**
 * The account, other than `uid`'s own, that lists this number and signs in some other way: the one signed in to
 * most recently when several do. Erased profiles hold no number.
 */
export async function phoneHolder(db: Queryable, phone: string, uid: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE phone = $1 AND firebase_uid IS NOT NULL AND firebase_uid <> $2 AND deactivated_at IS NULL
      ORDER BY last_sign_in_at DESC NULLS LAST, created_at DESC LIMIT 1`,
    [phone, uid],
  );
  return row && toSessionUser(row);
}

/** The 409 PHONE_HELD answer for a proven number that `holder` lists. */
export async function phoneHeldError(app: FastifyInstance, proof: { uid: string; phone: string }, holder: SessionUser): Promise<HttpError> {
  const account = await firebaseAccountOf(app.firebaseAuth, holder.firebaseUid, app.log);
  const phoneLink: PhoneLinkOffer = {
    token: phoneLinkToken(app.config.messages.signingSecret, { ...proof, expires: Date.now() + PHONE_LINK_TTL_MS }),
    phone: proof.phone,
    accountHint: holder.email ? maskEmail(holder.email) : null,
    signInMethods: account.signInMethods.filter((method) => method !== 'phone'),
  };
  return new HttpError(409, PHONE_HELD_MESSAGE, PHONE_HELD, undefined, { phoneLink });
}

async function profileOfUid(db: Db, uid: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE firebase_uid = $1`, [uid]);
  return row && toSessionUser(row);
}

export function phoneLinkRoutes(
  app: FastifyInstance,
  startSession: (user: SessionUser) => Promise<Session>,
  makeProfile: (identity: { uid: string; phone: string }) => Promise<SessionUser>,
  config: object,
): void {
  const proofOf = (token: string) => {
    const proof = readPhoneLinkToken(app.config.messages.signingSecret, token);
    if (!proof) throw new HttpError(400, PHONE_LINK_EXPIRED, 'PHONE_LINK_EXPIRED');
    return proof;
  };

  defineRoute(app, 'linkPhone', {
    config,
    handler: async (request) => {
      const proof = proofOf(request.body.linkToken);
      const identity = await verifyIdentity(app.firebaseAuth, request.body.idToken);
      if (!confirmsReauthentication(identity, identity.uid, new Date())) throw unauthorized(SIGN_IN_AGAIN, 'REAUTHENTICATION_REQUIRED');
      const account = await profileOfUid(app.db, identity.uid);
      if (!account || account.phone !== proof.phone) throw new HttpError(409, ACCOUNT_MISMATCH, 'ACCOUNT_MISMATCH');
      // The number's own account may have become a profile meanwhile (the person chose a new account in another tab).
      if (await profileOfUid(app.db, proof.uid)) throw new HttpError(409, PHONE_IN_USE, 'PHONE_IN_USE');
      const moved = await movePhoneToAccount(app.firebaseAuth, { fromUid: proof.uid, toUid: identity.uid, phone: proof.phone });
      if (moved === 'phone-in-use') throw new HttpError(409, PHONE_IN_USE, 'PHONE_IN_USE');
      await writeAudit(app.db, {
        actor: { userId: account.id, role: account.role, ip: request.ip },
        action: 'user.phone_linked',
        entity: 'user',
        entityId: account.id,
        subject: account.id,
        before: { phoneSignIn: false },
        after: { phoneSignIn: true },
      });
      return startSession(account);
    },
  });

  defineRoute(app, 'createPhoneAccount', {
    config,
    handler: async (request) => {
      const proof = proofOf(request.body.linkToken);
      return startSession(await makeProfile({ uid: proof.uid, phone: proof.phone }));
    },
  });
}
