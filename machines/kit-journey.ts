/**
 * The life of one test kit (DESIGN §7): ordered → paid → shipped → delivered → activated → sample received →
 * report ready, with the cancel, refund and lab quality-control branches.
 *
 * Refunds follow the shop's rule: in full until the sample reaches the lab, and again if the lab cannot analyse it;
 * never while the lab works on a sample nor once its report is ready.
 *
 * Two corrections keep the kit where it is or step it back: a mistyped tracking number is corrected while the kit is
 * with the courier or delivered (before its owner activates it), and a report published on the wrong kit is withdrawn,
 * which takes the kit back to its sample at the lab, waiting for its own report.
 *
 * Pure and shared: the dashboard draws its timeline from it, and the server asks it whether a requested step is
 * legal before writing it (`nextJourneyState`), so an illegal step is refused in one place for both.
 */
import { setup, transition, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

/**
 * The contract's KitJourneyState enum, in its order. The contract is the source: `satisfies` refuses a state it
 * does not define, and tests/unit/contract-enums.test.ts fails when one of its states is missing here.
 */
export const KIT_JOURNEY_STATES = [
  'ordered',
  'paid',
  'shipped',
  'delivered',
  'activated',
  'sampleReceived',
  'reportReady',
  'cancelled',
  'refunded',
  'qcFailed',
  'replaced',
] as const satisfies readonly components['schemas']['KitJourneyState'][];
export type KitJourneyState = (typeof KIT_JOURNEY_STATES)[number];

export const KIT_JOURNEY_EVENTS = [
  'journey.pay',
  'journey.ship',
  'journey.deliver',
  'journey.activate',
  'journey.receiveSample',
  'journey.publishReport',
  'journey.failQc',
  'journey.resample',
  'journey.replace',
  'journey.cancel',
  'journey.refund',
  'journey.correctTracking',
  'journey.withdrawReport',
] as const;
export type KitJourneyEventType = (typeof KIT_JOURNEY_EVENTS)[number];
export type KitJourneyEvent = { type: KitJourneyEventType };

/** The happy path, in order, for timelines. */
export const KIT_JOURNEY_MAIN_LINE: readonly KitJourneyState[] = [
  'ordered',
  'paid',
  'shipped',
  'delivered',
  'activated',
  'sampleReceived',
  'reportReady',
];

/** Words a customer reads on the timeline. */
export const KIT_JOURNEY_LABELS: Record<KitJourneyState, string> = {
  ordered: 'Ordered',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  activated: 'Activated',
  sampleReceived: 'Sample received at the lab',
  reportReady: 'Report ready',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  qcFailed: 'Sample could not be analysed',
  replaced: 'Replaced by a new kit',
};

export const kitJourneyMachine = setup({
  types: {} as {
    events: KitJourneyEvent;
  },
}).createMachine({
  id: 'kitJourney',
  description: 'One kit from its order to its report, with cancel, refund and quality-control branches.',
  initial: 'ordered',
  states: {
    ordered: {
      description: 'The order is placed and waits for its payment.',
      on: {
        'journey.pay': { target: 'paid' },
        'journey.cancel': { target: 'cancelled' },
      },
    },
    paid: {
      description: 'Paid; the kit is being packed.',
      on: {
        'journey.ship': { target: 'shipped' },
        'journey.cancel': { target: 'cancelled' },
        'journey.refund': { target: 'refunded' },
      },
    },
    shipped: {
      description: 'With the courier.',
      on: {
        'journey.deliver': { target: 'delivered' },
        // The person holds the box (and its printed code) even if the courier has not confirmed delivery yet.
        'journey.activate': { target: 'activated' },
        'journey.refund': { target: 'refunded' },
        // Staff mistyped the courier or the tracking number: the kit stays with the courier, the customer is told.
        'journey.correctTracking': { target: 'shipped' },
      },
    },
    delivered: {
      description: 'Delivered; waiting for the person to activate it with the code printed in the box.',
      on: {
        'journey.activate': { target: 'activated' },
        'journey.refund': { target: 'refunded' },
        'journey.correctTracking': { target: 'delivered' },
      },
    },
    activated: {
      description: 'Activated by its owner; the sample is on its way to the lab.',
      on: {
        'journey.receiveSample': { target: 'sampleReceived' },
        'journey.refund': { target: 'refunded' },
      },
    },
    sampleReceived: {
      description: 'The lab has the sample and is analysing it.',
      on: {
        'journey.publishReport': { target: 'reportReady' },
        'journey.failQc': { target: 'qcFailed' },
      },
    },
    qcFailed: {
      description: 'The sample failed quality control: a new sample is sent, a new kit replaces this one, or the kit is refunded.',
      on: {
        'journey.resample': { target: 'activated' },
        'journey.replace': { target: 'replaced' },
        'journey.refund': { target: 'refunded' },
      },
    },
    replaced: {
      description: 'A new kit, with a code of its own, was sent in place of this one.',
      type: 'final',
    },
    reportReady: {
      description: 'The report is ready in the journey web app.',
      on: {
        // Published on the wrong kit: the customer loses it at once and the kit waits for its own report again.
        'journey.withdrawReport': { target: 'sampleReceived' },
      },
    },
    cancelled: {
      description: 'Cancelled before shipping; any payment is refunded.',
      on: {
        'journey.refund': { target: 'refunded' },
      },
    },
    refunded: {
      description: 'The money went back to the person.',
      type: 'final',
    },
  },
});

export type KitJourneySnapshot = SnapshotFrom<typeof kitJourneyMachine>;

export function isKitJourneyState(value: string): value is KitJourneyState {
  return (KIT_JOURNEY_STATES as readonly string[]).includes(value);
}

/** The state `event` leads to from `from`, or null when the machine does not allow that step. */
export function nextJourneyState(from: KitJourneyState, event: KitJourneyEventType): KitJourneyState | null {
  const snapshot = kitJourneyMachine.resolveState({ value: from, context: undefined as never });
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(kitJourneyMachine, snapshot, { type: event });
  return next.value as KitJourneyState;
}

/** The steps allowed from `from`. */
export function allowedJourneyEvents(from: KitJourneyState): KitJourneyEventType[] {
  return KIT_JOURNEY_EVENTS.filter((event) => nextJourneyState(from, event) !== null);
}
