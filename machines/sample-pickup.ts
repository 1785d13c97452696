/**
 * The pickup of one kit's sample, from the customer's door to the lab, once the kit is activated: booked with the
 * courier service for a day the customer chooses, rescheduled or cancelled while the courier has not come yet, then
 * with the courier, then at the lab. The kit's own journey (`kit-journey.ts`) stays "activated" through the pickup and
 * moves to "sample received" when the sample reaches the lab, by the return's tracking webhook or by the lab's staff.
 *
 * Pure and shared: the server asks it whether a booking, a change or a courier's update is legal
 * (`nextPickupState`), and the dashboard draws the sample's steps and offers the changes it allows.
 */
import { setup, transition } from 'xstate';

export const PICKUP_STATES = ['none', 'booked', 'inTransit', 'atLab'] as const;
export type PickupState = (typeof PICKUP_STATES)[number];

export const PICKUP_EVENTS = ['pickup.book', 'pickup.reschedule', 'pickup.cancel', 'pickup.collect', 'pickup.arrive'] as const;
export type PickupEventType = (typeof PICKUP_EVENTS)[number];

/** The sample's steps as the customer reads them. */
export const PICKUP_LABELS: Record<PickupState, string> = {
  none: 'Pickup not booked',
  booked: 'Pickup booked',
  inTransit: 'Sample on its way to the lab',
  atLab: 'Received at the lab',
};

export const samplePickupMachine = setup({
  types: {} as { events: { type: PickupEventType } },
}).createMachine({
  id: 'samplePickup',
  description: 'The courier pickup of one activated kit’s sample, to the lab.',
  initial: 'none',
  states: {
    none: {
      description: 'Activated; no pickup is booked (or the one booked was cancelled).',
      on: { 'pickup.book': { target: 'booked' } },
    },
    booked: {
      description: 'The courier comes on the chosen day; the day can be changed or the pickup cancelled until then.',
      on: {
        'pickup.reschedule': { target: 'booked', reenter: true },
        'pickup.cancel': { target: 'none' },
        'pickup.collect': { target: 'inTransit' },
        // The lab can receive a sample the courier never scanned as picked up.
        'pickup.arrive': { target: 'atLab' },
      },
    },
    inTransit: {
      description: 'The courier has the sample; it can no longer be changed.',
      on: { 'pickup.arrive': { target: 'atLab' } },
    },
    atLab: {
      description: 'The sample reached the lab.',
      type: 'final',
    },
  },
});

/** The state `event` leads to from `from`, or null when the pickup does not allow it. */
export function nextPickupState(from: PickupState, event: PickupEventType): PickupState | null {
  const snapshot = samplePickupMachine.resolveState({ value: from, context: undefined as never });
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(samplePickupMachine, snapshot, { type: event });
  return next.value as PickupState;
}

/** Whether the customer may still change the pickup (its day, or cancel it). */
export const pickupChangeable = (state: PickupState) => nextPickupState(state, 'pickup.cancel') !== null;
