import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { nextPickupState, PICKUP_EVENTS, PICKUP_STATES, pickupChangeable, samplePickupMachine } from '../../machines/sample-pickup';
import { PendingCalls, itCoversEveryTransition, walk } from './harness';

describe('sample-pickup machine: every transition walked on a live actor', () => {
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(samplePickupMachine, {
      calls: new PendingCalls(),
      events: PICKUP_EVENTS.map((type) => ({ type })),
      check: (snapshot: AnyMachineSnapshot) => {
        expect(PICKUP_STATES).toContain(snapshot.value);
      },
    });
  }, 60_000);

  itCoversEveryTransition(samplePickupMachine, () => result, 6);
});

describe('sample-pickup machine: the rules the server applies', () => {
  it('books, reschedules, is collected and reaches the lab', () => {
    let state: (typeof PICKUP_STATES)[number] = 'none';
    for (const event of ['pickup.book', 'pickup.reschedule', 'pickup.reschedule', 'pickup.collect', 'pickup.arrive'] as const) {
      const next = nextPickupState(state, event);
      expect(next, `${state} + ${event}`).not.toBeNull();
      state = next!;
    }
    expect(state).toBe('atLab');
  });

  it('lets the customer change or cancel the pickup only until the courier has the sample', () => {
    expect(PICKUP_STATES.filter(pickupChangeable)).toEqual(['booked']);
    expect(nextPickupState('booked', 'pickup.cancel')).toBe('none');
    expect(nextPickupState('none', 'pickup.book')).toBe('booked');
    for (const state of ['none', 'inTransit', 'atLab'] as const) {
      expect(nextPickupState(state, 'pickup.reschedule'), state).toBeNull();
      expect(nextPickupState(state, 'pickup.cancel'), state).toBeNull();
    }
  });

  it('refuses a courier’s update out of order: nothing moves a sample back, nor past the lab', () => {
    expect(nextPickupState('none', 'pickup.collect')).toBeNull();
    expect(nextPickupState('none', 'pickup.arrive')).toBeNull();
    expect(nextPickupState('inTransit', 'pickup.collect')).toBeNull();
    expect(nextPickupState('atLab', 'pickup.collect')).toBeNull();
    expect(nextPickupState('atLab', 'pickup.book')).toBeNull();
    expect(nextPickupState('inTransit', 'pickup.book')).toBeNull();
    expect(nextPickupState('booked', 'pickup.book')).toBeNull();
    expect(nextPickupState('booked', 'pickup.arrive')).toBe('atLab');
  });
});
