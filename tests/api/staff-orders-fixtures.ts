/**
 * What the staff order and refund tests share: a shop whose kits wait for staff to ship them (demo data off, as in
 * production, with the catalogue and the coupon seeded), and the staff's calls on an order.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../openapi/schema';
import type { Config } from '../../server/config';
import { seedDemoData } from '../../server/db/seed';
import { expectContract } from './contract';
import type { Customer } from './orders-fixtures';
import { startTestApp, type Backend, type TestApp } from './setup/app';

export type StaffOrder = components['schemas']['StaffOrder'];
export type StaffRefund = components['schemas']['StaffRefund'];
export type OwnedKit = components['schemas']['OwnedKit'];

/** The shop without the demo warehouse: a paid kit stays paid until staff ship it. */
export async function startFulfilmentApp(backend: Backend, overrides: Partial<Config> = {}): Promise<TestApp> {
  const testApp = await startTestApp(backend, { demoData: false, ...overrides });
  await seedDemoData(testApp.app.db, null);
  testApp.app.catalogue.invalidate();
  return testApp;
}

export async function staffOrder(app: FastifyInstance, admin: Customer, orderId: string): Promise<StaffOrder> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: admin.auth });
  return expectContract<{ order: StaffOrder }>(response, 'getStaffOrder', 200).order;
}

export function journeyStep(app: FastifyInstance, admin: Customer, orderId: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/journey`, headers: admin.auth, payload });
}

/** Takes a step that must succeed; returns the order after it. */
export async function takeStep(app: FastifyInstance, admin: Customer, orderId: string, payload: Record<string, unknown>): Promise<StaffOrder> {
  return expectContract<{ order: StaffOrder }>(await journeyStep(app, admin, orderId, payload), 'advanceStaffOrder', 200).order;
}

export function refund(app: FastifyInstance, admin: Customer, orderId: string, payload: Record<string, unknown>, key: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...admin.auth, 'idempotency-key': key },
    payload,
  });
}

export async function customerKits(app: FastifyInstance, customer: Customer): Promise<OwnedKit[]> {
  const response = await app.inject({ method: 'GET', url: '/api/kits', headers: customer.auth });
  return expectContract<{ kits: OwnedKit[] }>(response, 'listKits', 200).kits;
}

/** The customer activates a shipped kit with the code printed in its box, as the dashboard does. */
export async function activate(app: FastifyInstance, customer: Customer, boxCode: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/kits/activate', headers: customer.auth, payload: { code: boxCode } });
  expect(response.statusCode, response.body).toBe(200);
}

export async function auditActions(app: FastifyInstance, orderId: string): Promise<string[]> {
  const rows = await app.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'order' AND entity_id = $1 ORDER BY id`, [orderId]);
  return rows.map((row) => row.action);
}
