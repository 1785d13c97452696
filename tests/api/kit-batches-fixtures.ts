/** What the kit batch and offline onboarding tests share: batches made through the API and onboarding requests. */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashSessionToken, newSessionToken } from '../../server/plugins/auth';
import { expectContract } from './contract';
import type { Customer } from './orders-fixtures';

export interface KitBatch {
  _id: string;
  number: number;
  product: { _id: string; code: string; name: string };
  size: number;
  note: string | null;
  counts: { free: number; assigned: number; activated: number; closed: number };
}

export async function createBatch(app: FastifyInstance, admin: Customer, productId: string, size: number, note?: string): Promise<KitBatch> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/kit-batches', headers: admin.auth, payload: { productId, size, ...(note ? { note } : {}) } });
  return expectContract<{ batch: KitBatch }>(response, 'createKitBatch', 201).batch;
}

export async function codesOf(app: FastifyInstance, batchId: string): Promise<string[]> {
  const rows = await app.db.query<{ code: string }>('SELECT code FROM kit_codes WHERE batch_id = $1 ORDER BY code', [batchId]);
  return rows.map((row) => row.code);
}

/** A mobile number no other test uses. */
export const uniqueMobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

export function onboardingRequest(productId: string, code: string, overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Meena Pillai',
    phone: uniqueMobile(),
    email: `meena-${randomUUID()}@example.test`,
    productId,
    code,
    payment: { method: 'upi', amount: 499_900 },
    counter: { line1: 'Gut health camp, Jayanagar 4th Block', city: 'Bengaluru', state: 'Karnataka', pincode: '560011' },
    ...overrides,
  };
}

export function onboard(app: FastifyInstance, admin: Customer, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/admin/offline-onboardings', headers: admin.auth, payload });
}

/** A live session for a profile made without one (an onboarded person), as their first sign-in would give. */
export async function sessionOfUser(app: FastifyInstance, userId: string): Promise<Customer> {
  const token = newSessionToken();
  await app.db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashSessionToken(token), userId]);
  return { token, userId, auth: { authorization: `Bearer ${token}` } };
}
