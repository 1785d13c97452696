/**
 * One-click unsubscribe (RFC 8058) for promotional e-mail. The link carries the address and a signature, so it works
 * without signing in and cannot be made for someone else's address; opening it only shows a button (mail scanners
 * open links), and the POST, from that button or from the mail program's own unsubscribe, withdraws the consent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db';
import { setConsent } from '../../routes/privacy/queries';
import type { AuditActor } from '../audit';

const signatureOf = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');

export function unsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email.toLowerCase()).toString('base64url')}.${signatureOf(secret, email)}`;
}

export function unsubscribeUrl(siteUrl: string, secret: string, email: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/unsubscribe/${unsubscribeToken(secret, email)}`;
}

/** The address, a dot and its HMAC-SHA256 (43 characters of base64url), and nothing else. */
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * The address a token was made for, or undefined when it was not made by us. Only the form `unsubscribeToken` writes
 * is taken: nothing before or after it, and the address written as the one encoding of itself, in lower case, so
 * that one signature stands for one token.
 */
export function addressOfToken(secret: string, token: string): string | undefined {
  const [, encoded, signature] = TOKEN.exec(token) ?? [];
  if (!encoded || !signature) return undefined;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (email !== email.toLowerCase() || Buffer.from(email).toString('base64url') !== encoded) return undefined;
  const expected = Buffer.from(signatureOf(secret, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : undefined;
}

/**
 * Withdraws promotional consent for the address: the account's marketing consent (audited as the person's own
 * choice) and an ebook reader's consent to be contacted. Returns whether anything was still granted.
 */
export async function unsubscribe(tx: Queryable, email: string, ip: string | null): Promise<boolean> {
  let changed = false;
  const users = await tx.query<{ id: string; role: string }>('SELECT id, role FROM users WHERE lower(email) = $1', [email]);
  for (const user of users) {
    const [consent] = await tx.query<{ granted: boolean }>(`SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'marketing'`, [
      user.id,
    ]);
    if (consent?.granted) changed = true;
    const actor: AuditActor = { userId: user.id, role: user.role, ip };
    await setConsent(tx, actor, user.id, 'marketing', false);
  }
  const leads = await tx.query(
    'UPDATE ebook_leads SET consent_to_contact = false, consent_at = now() WHERE email = $1 AND consent_to_contact RETURNING id',
    [email],
  );
  return changed || leads.length > 0;
}
