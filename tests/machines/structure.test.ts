/**
 * DESIGN §7/§10: literal configs Stately can draw, a description on every state, implementations referenced by
 * name, namespaced events, and an onError on every invoke. Each machine's file pastes into Stately's editor as it
 * is: it imports values from XState only, and its config is written out in place, context included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { authMachine } from '../../machines/auth';
import { cartMachine } from '../../machines/cart';
import { checkoutMachine } from '../../machines/checkout';
import { contentReviewMachine } from '../../machines/content-review';
import { erasureRequestMachine } from '../../machines/erasure-request';
import { intakeMachine } from '../../machines/intake';
import { kitGiftMachine } from '../../machines/kit-gift';
import { kitJourneyMachine } from '../../machines/kit-journey';
import { phoneOtpMachine } from '../../machines/phone-otp';
import { promoMachine } from '../../machines/promo';
import { questionnaireMachine } from '../../machines/questionnaire';

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
  ['erasureRequest', erasureRequestMachine, 'erasure', 'invokes'],
  ['contentReview', contentReviewMachine, 'review', 'pure'],
  ['questionnaire', questionnaireMachine, 'questionnaire', 'invokes'],
  ['intake', intakeMachine, 'intake', 'invokes'],
  ['kitGift', kitGiftMachine, 'gift', 'invokes'],
];

/** Every file of machines/ that defines a machine, and the machine's id. */
const machineFiles: Array<[string, string]> = [
  ['auth.ts', 'auth'],
  ['cart.ts', 'cart'],
  ['checkout.ts', 'checkout'],
  ['promo.ts', 'promo'],
  ['phone-otp.ts', 'phoneOtp'],
  ['kit-journey.ts', 'kitJourney'],
  ['erasure-request.ts', 'erasureRequest'],
  ['content-review.ts', 'contentReview'],
  ['questionnaire.ts', 'questionnaire'],
  ['intake.ts', 'intake'],
  ['kit-gift.ts', 'kitGift'],
];

/** The machines whose every transition says, for QA, who causes it (the person or the server) and what follows. */
const describedTransitions = new Set(['auth', 'cart', 'checkout', 'promo', 'erasureRequest', 'contentReview', 'questionnaire', 'intake', 'kitGift']);

describe.each(machines.filter(([id]) => describedTransitions.has(id)))('%s machine transitions', (_, machine) => {
  it('each carry a description', () => {
    const nodes = [machine.root, ...getStateNodes(machine.root)];
    const transitions = nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
    expect(transitions.length).toBeGreaterThan(0);
    const undescribed = transitions.filter((t) => !t.description).map((t) => `${t.source.id} on ${t.eventType || '(always)'}`);
    expect(undescribed).toEqual([]);
  });
});

const MACHINES_DIR = join(import.meta.dirname, '../../machines');

/** The modules a file takes values from (type-only imports left out). */
function valueImports(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms);
  return [...statements]
    .filter(([, typeOnly, clause]) => {
      if (typeOnly) return false;
      const named = /^\{([^}]*)\}$/s.exec(clause?.trim() ?? '');
      if (!named) return true;
      const specifiers = (named[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
      return specifiers.some((name) => !name.startsWith('type '));
    })
    .map(([, , , from]) => from as string);
}

describe.each(machineFiles)('machines/%s pastes into Stately as it is', (file, id) => {
  const source = readFileSync(join(MACHINES_DIR, file), 'utf8');
  const config = source.slice(source.indexOf('}).createMachine({'));

  it('takes values from xstate only (types may come from anywhere)', () => {
    expect(valueImports(source)).toContain('xstate');
    expect(valueImports(source).filter((from) => from !== 'xstate')).toEqual([]);
  });

  it('is written as setup({...}).createMachine({...}), once', () => {
    expect(source.match(/\bsetup\(\{/g)).toHaveLength(1);
    expect(source.match(/\}\)\.createMachine\(\{/g)).toHaveLength(1);
  });

  it(`has the literal id '${id}'`, () => {
    expect(config).toMatch(new RegExp(`^\\}\\)\\.createMachine\\(\\{\\s*id: '${id}',`));
  });

  it('writes its context out in place, if it has one: an object or a function, never a name from elsewhere', () => {
    const context = /\n {2}context: (.)/.exec(config);
    expect(context?.[1] ?? 'none').toMatch(/^(\{|\(|none)$/);
  });
});

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
