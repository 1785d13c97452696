/**
 * `@xstate/react`'s hooks for the machines a page starts, inspected under `?inspect` like the long-lived actors. Kept
 * apart from `inspect.ts` so that the actors, loaded by every page, do not bring React's bindings with them.
 */
import { useActorRef, useMachine } from '@xstate/react';
import type { ActorOptions, AnyStateMachine } from 'xstate';
import { inspectOptions } from './inspect';

/** `useMachine`, inspected under `?inspect`. */
export function useShopMachine<TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine> = {}) {
  return useMachine(machine, { ...inspectOptions(), ...options });
}

/** `useActorRef`, inspected under `?inspect`. */
export function useShopActorRef<TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine> = {}) {
  return useActorRef(machine, { ...inspectOptions(), ...options });
}
