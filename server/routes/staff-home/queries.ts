/**
 * What the staff landing page shows: the business's figures and work queues for admins (the kits at each step, the
 * erasure requests to complete and the contact messages to answer), recent reports for clinicians.
 */
import { KIT_JOURNEY_STATES } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import type { KitBodyOptions } from '../kits/queries';
import { NO_PICKUP, STUCK_PARCEL } from '../admin-orders/queries';

type StaffHome = components['schemas']['StaffHome'];
type Figures = NonNullable<StaffHome['figures']>;
type StaffQueue = components['schemas']['StaffQueue'];
type StaffReport = components['schemas']['StaffReport'];

/** A kit delivered this many days ago and still not activated is chased. */
export const ACTIVATION_REMINDER_DAYS = 14;
const RECENT_REPORTS = 20;

/** The start of today in India (no daylight saving: UTC + 5:30 all year). */
function startOfIndianToday(now: Date): Date {
  const india = new Date(now.getTime() + 330 * 60_000);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()) - 330 * 60_000);
}

const DAY_MS = 86_400_000;

export async function businessFigures(db: Queryable, now: Date): Promise<Figures> {
  const today = startOfIndianToday(now);
  const since = [today, new Date(today.getTime() - 6 * DAY_MS), new Date(today.getTime() - 29 * DAY_MS)];
  const [[orders], [refunds], states] = await Promise.all([
    db.query<{ today: number; week: number; month: number; revenue_today: string; revenue_week: string; revenue_month: string }>(
      `SELECT count(*) FILTER (WHERE paid_at >= $1)::int AS today,
              count(*) FILTER (WHERE paid_at >= $2)::int AS week,
              count(*)::int AS month,
              coalesce(sum(price) FILTER (WHERE paid_at >= $1), 0)::text AS revenue_today,
              coalesce(sum(price) FILTER (WHERE paid_at >= $2), 0)::text AS revenue_week,
              coalesce(sum(price), 0)::text AS revenue_month
         FROM orders WHERE paid_at >= $3`,
      since,
    ),
    // What refunds made in each period gave back, whenever their orders were paid; a failed refund gave nothing.
    db.query<{ today: string; week: string; month: string }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE created_at >= $1), 0)::text AS today,
              coalesce(sum(amount) FILTER (WHERE created_at >= $2), 0)::text AS week,
              coalesce(sum(amount), 0)::text AS month
         FROM refunds WHERE created_at >= $3 AND status <> 'failed'`,
      since,
    ),
    db.query<{ state: string; count: number }>('SELECT state, count(*)::int AS count FROM kits GROUP BY state'),
  ]);
  const counts = new Map(states.map((row) => [row.state, row.count]));
  return {
    paidOrders: { today: orders?.today ?? 0, last7Days: orders?.week ?? 0, last30Days: orders?.month ?? 0 },
    revenue: {
      today: Number(orders?.revenue_today ?? 0),
      last7Days: Number(orders?.revenue_week ?? 0),
      last30Days: Number(orders?.revenue_month ?? 0),
    },
    refunds: { today: Number(refunds?.today ?? 0), last7Days: Number(refunds?.week ?? 0), last30Days: Number(refunds?.month ?? 0) },
    kitsByState: KIT_JOURNEY_STATES.map((state) => ({ state, count: counts.get(state) ?? 0 })),
  };
}

export async function workQueues(db: Queryable, pickupReminderDays: number): Promise<StaffQueue[]> {
  const [row] = await db.query<Record<StaffQueue['id'], number>>(
    `SELECT count(*) FILTER (WHERE state = 'paid')::int AS "toShip",
            count(*) FILTER (WHERE state = 'delivered' AND state_changed_at <= now() - $1::int * interval '1 day')::int AS "notActivated",
            count(*) FILTER (WHERE state = 'sampleReceived')::int AS "awaitingReport",
            count(*) FILTER (WHERE state = 'qcFailed')::int AS "qcFailed",
            count(*) FILTER (WHERE state = 'cancelled')::int AS "refundsDue"
       FROM kits WHERE state IN ('paid', 'delivered', 'sampleReceived', 'qcFailed', 'cancelled')`,
    [ACTIVATION_REMINDER_DAYS],
  );
  const [others] = await db.query<{ erasureRequests: number; newMessages: number; stuckParcels: number; unbookedPickups: number }>(
    `SELECT (SELECT count(*)::int FROM erasure_requests WHERE status = 'pending') AS "erasureRequests",
            (SELECT count(*)::int FROM contact_messages WHERE closed_at IS NULL) AS "newMessages",
            (SELECT count(*)::int FROM shipments s WHERE ${STUCK_PARCEL}) AS "stuckParcels",
            (SELECT count(*)::int FROM kits k WHERE k.state = 'activated' AND k.state_changed_at <= now() - $1::int * interval '1 day'
                AND ${NO_PICKUP}) AS "unbookedPickups"`,
    [pickupReminderDays],
  );
  const counts = { ...row, ...others };
  const ids: StaffQueue['id'][] = ['toShip', 'stuckParcels', 'notActivated', 'unbookedPickups', 'awaitingReport', 'qcFailed', 'refundsDue', 'erasureRequests', 'newMessages'];
  const days: Partial<Record<StaffQueue['id'], number>> = { notActivated: ACTIVATION_REMINDER_DAYS, unbookedPickups: pickupReminderDays };
  return ids.map((id) => ({ id, count: counts[id] ?? 0, ...(days[id] ? { days: days[id] } : {}) }));
}

export async function recentReports(db: Queryable, options: KitBodyOptions): Promise<StaffReport[]> {
  const rows = await db.query<{ id: string; user_id: string; fullname: string; product: string; ready_at: Date | string }>(
    `SELECT k.id, k.user_id, u.fullname, p.name AS product, k.state_changed_at AS ready_at
       FROM kits k JOIN users u ON u.id = k.user_id JOIN products p ON p.id = k.product_id
      WHERE k.state = 'reportReady' AND u.erased_at IS NULL
      ORDER BY k.state_changed_at DESC, k.id DESC LIMIT ${RECENT_REPORTS}`,
  );
  return rows.map((row) => ({
    kitId: row.id,
    customerId: row.user_id,
    customerName: row.fullname,
    product: row.product,
    readyAt: new Date(row.ready_at).toISOString(),
    reportUrl: options.journeyAppUrl ? `${options.journeyAppUrl}/reports/${encodeURIComponent(row.id)}` : null,
  }));
}
