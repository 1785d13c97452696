/**
 * DESIGN §7/§10: literal configs Stately can draw, a description on every state, implementations referenced by
 * name, namespaced events, and an onError on every invoke.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { authMachine } from '../../machines/auth';
import { cartMachine } from '../../machines/cart';
import { checkoutMachine } from '../../machines/checkout';
import { kitJourneyMachine } from '../../machines/kit-journey';
import { phoneOtpMachine } from '../../machines/phone-otp';
import { promoMachine } from '../../machines/promo';

/**
 * Each machine, the prefix of its events (its id, or the domain word the server also speaks), and whether it calls
 * out: the kit journey is a pure lifecycle that the server and the dashboard step through themselves.
 */
const machines: Array<[string, AnyStateMachine, string, 'invokes' | 'pure']> = [
  ['auth', authMachine, 'auth', 'invokes'],
  ['cart', cartMachine, 'cart', 'invokes'],
  ['promo', promoMachine, 'promo', 'invokes'],
  ['checkout', checkoutMachine, 'checkout', 'invokes'],
  ['phoneOtp', phoneOtpMachine, 'phoneOtp', 'invokes'],
  ['kitJourney', kitJourneyMachine, 'journey', 'pure'],
];

function referencedName(reference: unknown): string | undefined {
  if (typeof reference === 'string') return reference;
  if (typeof reference === 'object' && reference !== null && 'type' in reference) return String(reference.type);
  return undefined;
}

describe.each(machines)('%s machine structure', (id, machine, eventPrefix, effects) => {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const transitions = nodes.flatMap((node) => [...node.transitions.values()].flat());
  const implementations = machine.implementations as unknown as Record<
    'actions' | 'guards' | 'actors',
    Record<string, unknown>
  >;

  it(`has the id '${id}'`, () => {
    expect(machine.id).toBe(id);
  });

  it('describes every state', () => {
    expect(nodes.filter((node) => !node.description).map((node) => node.id)).toEqual([]);
  });

  it(`names its events '${eventPrefix}.<event>'`, () => {
    const ownEvents = transitions.map((t) => t.eventType).filter((type) => !type.startsWith('xstate.'));
    expect(ownEvents.length).toBeGreaterThan(0);
    expect(ownEvents.filter((type) => !type.startsWith(`${eventPrefix}.`))).toEqual([]);
  });

  it('references every action and guard by a name it implements', () => {
    // The written entry/exit, not the resolved ones, which also hold the timers that `after` schedules.
    const written = nodes.flatMap((node) => [node.config.entry, node.config.exit].flat().filter(Boolean));
    const actions = [...transitions.flatMap((t) => t.actions), ...written];
    const names = actions.map(referencedName);
    expect(names).not.toContain(undefined);
    names.forEach((name) => expect(implementations.actions).toHaveProperty(name as string));
    transitions
      .filter((t) => t.guard !== undefined)
      .forEach((t) => expect(implementations.guards).toHaveProperty(referencedName(t.guard) as string));
  });

  it('invokes only named actors and handles every invocation error', () => {
    const invocations = nodes.flatMap((node) => node.invoke.map((invoke) => ({ node, invoke })));
    if (effects === 'pure') expect(invocations).toEqual([]);
    else expect(invocations.length).toBeGreaterThan(0);
    for (const { node, invoke } of invocations) {
      expect(typeof invoke.src).toBe('string');
      expect(implementations.actors).toHaveProperty(invoke.src as string);
      expect(invoke.id).toBe(invoke.src);
      expect(node.transitions.has(`xstate.error.actor.${invoke.id}`)).toBe(true);
    }
  });

  it('serialises to JSON for the visualizer and inspector', () => {
    expect(() => JSON.stringify(machine.definition)).not.toThrow();
    expect(JSON.parse(JSON.stringify(machine.root.definition))).toMatchObject({ id });
  });
});
