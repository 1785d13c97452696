/**
 * Every actor the shop starts gets its options here (the long-lived ones in `src/app/actors.ts`, the pages' through
 * `use-shop-machine.ts`), so that `?inspect` in `npm run dev` shows all of them in one Stately inspector window.
 * Production builds never load the inspector: `import.meta.env.DEV` removes it there.
 */
import type { ActorOptions, AnyStateMachine, InspectionEvent } from 'xstate';
import { env } from './env';

type Inspect = (event: InspectionEvent) => void;

let shared: Inspect | undefined;

/** One inspector for the page; what happens before its code arrives is replayed to it. */
function inspector(): Inspect {
  let inspect: Inspect | undefined;
  let queue: InspectionEvent[] = [];
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const observer = createBrowserInspector().inspect;
    inspect = (event) => observer.next?.(event);
    queue.forEach(inspect);
    queue = [];
  });
  return (event) => (inspect ? inspect(event) : queue.push(event));
}

/** The actor options that attach the inspector when the page was opened with `?inspect`; none otherwise. */
export function inspectOptions(): Pick<ActorOptions<AnyStateMachine>, 'inspect'> {
  if (!import.meta.env.DEV || !env.inspect) return {};
  shared ??= inspector();
  return { inspect: shared };
}
