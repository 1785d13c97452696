/**
 * Model-based walking of the real machines: `xstate/graph` enumerates paths over the machine's pure transition
 * function, and each path is replayed on a live actor whose invoked actors are promises the test settles and whose
 * delays run on a simulated clock. Coverage is measured from the transitions the live actor actually took.
 */
import { expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  initialTransition,
  transition,
  fromPromise,
  pathToStateValue,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot, type StatePath } from 'xstate/graph';

type Path = StatePath<AnyMachineSnapshot, AnyEventObject>;

/** Invoked promise actors whose outcome the test decides, recording the input each call received. */
export class PendingCalls {
  readonly started: Array<{ src: string; input: unknown }> = [];
  private readonly pending = new Map<
    string,
    { resolve: (output: unknown) => void; reject: (error: unknown) => void }
  >();

  actor<TOutput, TInput = unknown>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.started.push({ src, input });
          this.pending.set(src, { resolve: resolve as (output: unknown) => void, reject });
          signal.addEventListener('abort', () => this.pending.delete(src));
        }),
    );
  }

  isPending(src: string): boolean {
    return this.pending.has(src);
  }

  lastInput(src: string): unknown {
    return [...this.started].reverse().find((call) => call.src === src)?.input;
  }

  resolve(src: string, output: unknown): void {
    this.take(src).resolve(output);
  }

  reject(src: string, error: unknown): void {
    this.take(src).reject(error);
  }

  private take(src: string) {
    const call = this.pending.get(src);
    if (!call) throw new Error(`no pending call to ${src}`);
    this.pending.delete(src);
    return call;
  }
}

/** Lets settled promises deliver their done/error events to the actor. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Named action implementations that record the params they were called with. */
export function recordingActions<const TNames extends readonly string[]>(names: TNames) {
  const calls: Array<{ type: TNames[number]; params: unknown }> = [];
  const implementations = Object.fromEntries(
    names.map((type) => [type, (_: unknown, params: unknown) => void calls.push({ type, params })]),
  ) as Record<TNames[number], (args: unknown, params: unknown) => void>;
  return { calls, implementations };
}

function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** One key per transition written in the config: source, event and the candidate's position for guarded lists. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const candidates =
    transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const targets = (transition.target ?? []).map((target) => target.id).join(',') || '(self)';
  return `${source.id} --${transition.eventType || 'always'}[${candidates.indexOf(transition)}]--> ${targets}`;
}

export function configuredTransitions(machine: AnyStateMachine): string[] {
  return allStateNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

/** Every state node below the root. */
export function configuredStates(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/**
 * The states some snapshot was in, and those a taken transition left: a transient state, left at once by an
 * eventless transition, is never in a snapshot.
 */
export function reachedStates(machine: AnyStateMachine, snapshots: AnyMachineSnapshot[], taken: Set<string> = new Set()): string[] {
  const left = new Set([...taken].map((key) => key.slice(0, key.indexOf(' --'))));
  return configuredStates(machine)
    .filter((node) => left.has(node.id) || snapshots.some((snapshot) => snapshot.matches(pathToStateValue(node.path))))
    .map((node) => node.id);
}

export interface WalkOptions {
  /**
   * Events offered in every active state. Built-in ones (`xstate.done.actor.*`, `xstate.error.actor.*`,
   * `xstate.after.*`) carry their payloads here and are offered only where the state handles them; the machine's own
   * events are offered everywhere, so the walk also checks that a state ignores the events it does not list.
   */
  events: AnyEventObject[];
  filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** Which snapshots count as the same vertex; defaults to state value plus context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** The machine's input, for machines that start from one. */
  input?: unknown;
}

function isBuiltIn(event: AnyEventObject): boolean {
  return event.type.startsWith('xstate.');
}

/**
 * A shortest path to every reachable vertex, each extended by every event offered there, so that every edge of the
 * reachable graph is walked at least once.
 */
export function edgeCoveringPaths(machine: AnyStateMachine, options: WalkOptions): Path[] {
  const serializeState = options.serializeState ?? serializeSnapshot;
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState,
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      snapshot.status === 'active' &&
      (!isBuiltIn(event) || snapshot.can(event)) &&
      (options.filterEvents?.(snapshot, event) ?? true),
  } as never;
  const shortest = getShortestPaths(machine, traversal) as unknown as Path[];
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }
  >;
  return shortest.flatMap((path) =>
    Object.values(adjacency[serializeState(path.state)]?.transitions ?? {}).map(({ event, state }) => ({
      state,
      steps: [...path.steps, { state, event }],
      weight: path.weight + 1,
    })),
  );
}

function eventsOf(path: Path): AnyEventObject[] {
  return path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
}

export function describePath(path: Path): string {
  return (
    eventsOf(path)
      .map((event) => event.type)
      .join(' → ') || '(initial)'
  );
}

function delayOf(machine: AnyStateMachine, afterEventType: string): number {
  const ref = afterEventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const configured = (machine.implementations.delays as Record<string, unknown>)[ref];
  return typeof configured === 'number' ? configured : Number(ref);
}

interface NamedAction {
  type: string;
  params: unknown;
}

/** The actions a caller provides (built-ins such as assign and spawning are the machine's own business). */
function providedActions(actions: ReadonlyArray<{ type: string; params?: unknown }>): NamedAction[] {
  return actions.filter((action) => !action.type.startsWith('xstate.')).map(({ type, params }) => ({ type, params }));
}

export interface ReplayResult {
  taken: Set<string>;
  snapshots: AnyMachineSnapshot[];
}

/**
 * Replays the events of `path` on a live actor of `machine`, whose invoked actors must come from `calls`. After
 * every event the live state value, context and executed actions must equal what the machine's pure transition
 * function predicts, and `check` runs on every live snapshot.
 */
export async function replay(
  machine: AnyStateMachine,
  path: Path,
  calls: PendingCalls,
  check?: (snapshot: AnyMachineSnapshot) => void,
  input?: unknown,
): Promise<ReplayResult> {
  const taken = new Set<string>();
  const snapshots: AnyMachineSnapshot[] = [];
  let executed: NamedAction[] = [];
  const clock = new SimulatedClock();
  // The inspector also reports the invoked children; only the machine's own steps count.
  const root: { actor?: unknown } = {};
  const actor = createActor(machine, {
    clock,
    input,
    inspect: (inspection: InspectionEvent) => {
      if (inspection.actorRef !== root.actor) return;
      if (inspection.type === '@xstate.microstep') {
        inspection._transitions.forEach((definition) => taken.add(transitionKey(definition)));
      } else if (inspection.type === '@xstate.action') {
        executed.push(...providedActions([inspection.action]));
      }
    },
  });
  const description = describePath(path);
  const expectLiveToMatch = (model: AnyMachineSnapshot, modelActions: NamedAction[], afterEvent: string) => {
    const live = actor.getSnapshot();
    const where = `${description} (after ${afterEvent})`;
    expect(live.value, where).toEqual(model.value);
    expect(live.status, where).toEqual(model.status);
    expect(live.context, where).toEqual(model.context);
    expect(executed, where).toEqual(modelActions);
    check?.(live);
    snapshots.push(live);
    executed = [];
  };

  root.actor = actor;
  let [model, modelActions] = initialTransition(machine, input);
  actor.start();
  await flush();
  expectLiveToMatch(model, providedActions(modelActions), 'start');
  for (const event of eventsOf(path)) {
    [model, modelActions] = transition(machine, model, event);
    if (event.type.startsWith('xstate.done.actor.')) {
      calls.resolve(event.type.slice('xstate.done.actor.'.length), event.output);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      calls.reject(event.type.slice('xstate.error.actor.'.length), event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, event.type));
    } else {
      actor.send(event);
    }
    await flush();
    expectLiveToMatch(model, providedActions(modelActions), event.type);
  }
  actor.stop();
  return { taken, snapshots };
}

/** Walks every edge-covering path of `machine` and returns what the live actors reached and took. */
export async function walk(
  machine: AnyStateMachine,
  options: WalkOptions & { calls: PendingCalls; check?: (snapshot: AnyMachineSnapshot) => void },
) {
  const paths = edgeCoveringPaths(machine, options);
  const taken = new Set<string>();
  const snapshots: AnyMachineSnapshot[] = [];
  for (const path of paths) {
    const result = await replay(machine, path, options.calls, options.check, options.input);
    result.taken.forEach((key) => taken.add(key));
    snapshots.push(...result.snapshots);
  }
  return { paths, taken, snapshots };
}

/**
 * The same config and implementations, whose context is computed by the machine's own context function from a fixed
 * input: the walk starts its actors without input.
 */
export function withInput<TInput>(machine: AnyStateMachine, input: TInput): AnyStateMachine {
  const contextOf = machine.config.context as (args: { input: TInput }) => unknown;
  return createMachine(
    { ...machine.config, context: (args: { input: unknown }) => contextOf({ ...args, input }) } as never,
    machine.implementations as never,
  );
}

/**
 * The transitions a live actor of `machine` takes as it starts. `walk` listens to an actor only once it is created,
 * and eventless transitions taken while it is created (leaving a state such as `restoring`) are measured here.
 */
export function takenAtStart(machine: AnyStateMachine): Set<string> {
  const taken = new Set<string>();
  const actor = createActor(machine, {
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef.sessionId === inspection.rootId) {
        inspection._transitions.forEach((definition) => taken.add(transitionKey(definition)));
      }
    },
  });
  actor.start();
  actor.stop();
  return taken;
}

/**
 * Walks a machine that starts from its input once per input: the whole graph where `walkWhole` says so, elsewhere only
 * the events offered at the first vertex (the rest is the same graph), and merges what the walks reached and took.
 */
export async function walkFromInputs<TInput>(
  machine: AnyStateMachine,
  inputs: readonly TInput[],
  options: {
    calls: PendingCalls;
    events: AnyEventObject[];
    serializeState: (snapshot: AnyMachineSnapshot) => string;
    check: (snapshot: AnyMachineSnapshot) => void;
    walkWhole: (input: TInput) => boolean;
  },
): Promise<{ paths: unknown[]; snapshots: AnyMachineSnapshot[]; taken: Set<string> }> {
  const { walkWhole, ...walkOptions } = options;
  const walks: Array<{ paths: unknown[]; snapshots: AnyMachineSnapshot[]; taken: Set<string> }> = [];
  for (const input of inputs) {
    const resumed = withInput(machine, input);
    const start = options.serializeState(initialTransition(resumed)[0]);
    walks.push({ paths: [], snapshots: [], taken: takenAtStart(resumed) });
    walks.push(
      await walk(resumed, {
        ...walkOptions,
        filterEvents: (snapshot) => walkWhole(input) || options.serializeState(snapshot) === start,
      }),
    );
  }
  return {
    paths: walks.flatMap((walked) => walked.paths),
    snapshots: walks.flatMap((walked) => walked.snapshots),
    taken: new Set(walks.flatMap((walked) => [...walked.taken])),
  };
}

/** The coverage checks every model-based walk ends with: paths found, every state reached, every transition taken. */
export function itCoversEveryTransition(
  machine: AnyStateMachine,
  walked: () => { paths: unknown[]; snapshots: AnyMachineSnapshot[]; taken: Set<string> },
  minPaths: number,
): void {
  it('generates paths to walk', () => {
    expect(walked().paths.length).toBeGreaterThan(minPaths);
  });

  it('reaches every state', () => {
    expect(reachedStates(machine, walked().snapshots, walked().taken).sort()).toEqual(
      configuredStates(machine)
        .map((node) => node.id)
        .sort(),
    );
  });

  it('takes every transition in the config (100% transition coverage)', () => {
    const configured = configuredTransitions(machine);
    expect(configured.filter((key) => !walked().taken.has(key))).toEqual([]);
    expect(walked().taken.size).toBe(configured.length);
  });
}
