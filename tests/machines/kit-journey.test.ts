import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  allowedJourneyEvents,
  KIT_JOURNEY_EVENTS,
  KIT_JOURNEY_STATES,
  kitJourneyMachine,
  nextJourneyState,
} from '../../machines/kit-journey';
import { PendingCalls, itCoversEveryTransition, walk } from './harness';

describe('kit-journey machine: every transition walked on a live actor', () => {
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(kitJourneyMachine, {
      calls: new PendingCalls(),
      events: KIT_JOURNEY_EVENTS.map((type) => ({ type })),
      check: (snapshot: AnyMachineSnapshot) => {
        expect(KIT_JOURNEY_STATES).toContain(snapshot.value);
      },
    });
  }, 60_000);

  itCoversEveryTransition(kitJourneyMachine, () => result, 15);

  it('walks the corrections: a tracking number corrected, a report withdrawn', () => {
    const taken = [...result.taken];
    expect(taken.filter((key) => key.includes('journey.correctTracking'))).toHaveLength(2);
    expect(taken.filter((key) => key.includes('journey.withdrawReport'))).toHaveLength(1);
  });
});

describe('kit-journey machine: the rules the server applies', () => {
  it('follows the main line from order to report', () => {
    const steps = ['journey.pay', 'journey.ship', 'journey.deliver', 'journey.activate', 'journey.receiveSample', 'journey.publishReport'] as const;
    let state = 'ordered' as (typeof KIT_JOURNEY_STATES)[number];
    for (const step of steps) {
      const next = nextJourneyState(state, step);
      expect(next, `${state} + ${step}`).not.toBeNull();
      state = next!;
    }
    expect(state).toBe('reportReady');
  });

  it('refuses steps out of order', () => {
    expect(nextJourneyState('ordered', 'journey.activate')).toBeNull();
    expect(nextJourneyState('paid', 'journey.activate')).toBeNull();
    expect(nextJourneyState('activated', 'journey.activate')).toBeNull();
    expect(nextJourneyState('reportReady', 'journey.refund')).toBeNull();
    expect(nextJourneyState('refunded', 'journey.pay')).toBeNull();
    expect(nextJourneyState('shipped', 'journey.cancel')).toBeNull();
  });

  it('refunds in full until the sample reaches the lab, never while the lab works on it nor after the report', () => {
    for (const state of ['paid', 'shipped', 'delivered', 'activated', 'qcFailed', 'cancelled'] as const) {
      expect(nextJourneyState(state, 'journey.refund'), state).toBe('refunded');
    }
    for (const state of ['ordered', 'sampleReceived', 'reportReady', 'refunded', 'replaced'] as const) {
      expect(nextJourneyState(state, 'journey.refund'), state).toBeNull();
    }
  });

  it('replaces a kit whose sample failed quality control, and only then', () => {
    expect(nextJourneyState('qcFailed', 'journey.replace')).toBe('replaced');
    expect(nextJourneyState('sampleReceived', 'journey.replace')).toBeNull();
    expect(allowedJourneyEvents('replaced')).toEqual([]);
  });

  it('has the cancel, refund and quality-control branches', () => {
    expect(nextJourneyState('paid', 'journey.cancel')).toBe('cancelled');
    expect(nextJourneyState('cancelled', 'journey.refund')).toBe('refunded');
    expect(nextJourneyState('sampleReceived', 'journey.failQc')).toBe('qcFailed');
    expect(nextJourneyState('qcFailed', 'journey.resample')).toBe('activated');
    expect(nextJourneyState('qcFailed', 'journey.refund')).toBe('refunded');
  });

  it('lists the allowed steps of a state', () => {
    expect(allowedJourneyEvents('delivered').sort()).toEqual(['journey.activate', 'journey.correctTracking', 'journey.refund']);
    expect(allowedJourneyEvents('reportReady')).toEqual(['journey.withdrawReport']);
  });

  it('corrects a tracking number while the kit is with the courier or delivered, keeping it where it is', () => {
    expect(nextJourneyState('shipped', 'journey.correctTracking')).toBe('shipped');
    expect(nextJourneyState('delivered', 'journey.correctTracking')).toBe('delivered');
    for (const state of ['ordered', 'paid', 'activated', 'sampleReceived', 'reportReady', 'qcFailed', 'cancelled', 'refunded', 'replaced'] as const) {
      expect(nextJourneyState(state, 'journey.correctTracking'), state).toBeNull();
    }
  });

  it('withdraws a published report back to the sample at the lab, and only a published one', () => {
    expect(nextJourneyState('reportReady', 'journey.withdrawReport')).toBe('sampleReceived');
    // Withdrawn, the kit takes its own report, or fails quality control, as any sample at the lab.
    expect(nextJourneyState('sampleReceived', 'journey.publishReport')).toBe('reportReady');
    expect(nextJourneyState('sampleReceived', 'journey.failQc')).toBe('qcFailed');
    for (const state of ['ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived', 'qcFailed', 'cancelled', 'refunded', 'replaced'] as const) {
      expect(nextJourneyState(state, 'journey.withdrawReport'), state).toBeNull();
    }
  });
});
