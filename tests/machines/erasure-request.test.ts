import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  COULD_NOT_REQUEST,
  COULD_NOT_SEND_CODE,
  erasureRequestMachine,
  type ErasureRequestSnapshot,
  type Reauthentication,
} from '../../machines/erasure-request';
import { PendingCalls, flush, itCoversEveryTransition, walk } from './harness';

const TOKEN = 'fresh-id-token-of-the-owner';

function provideErasure() {
  const calls = new PendingCalls();
  const machine = erasureRequestMachine.provide({
    actors: {
      sendCode: calls.actor<void>('sendCode'),
      reauthenticate: calls.actor<string, Reauthentication>('reauthenticate'),
      submitRequest: calls.actor<void, { idToken: string }>('submitRequest'),
    },
  });
  return { calls, machine };
}

describe('erasure request machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideErasure();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'erasure.open' },
        { type: 'erasure.continue' },
        { type: 'erasure.sendCode' },
        { type: 'erasure.signIn', secret: 'the-password' },
        { type: 'erasure.close' },
        { type: 'xstate.done.actor.sendCode' },
        { type: 'xstate.error.actor.sendCode', error: new TypeError('Failed to fetch') },
        { type: 'xstate.done.actor.reauthenticate', output: TOKEN },
        { type: 'xstate.error.actor.reauthenticate', error: { message: 'That code is not right.' } },
        { type: 'xstate.done.actor.submitRequest' },
        { type: 'xstate.error.actor.submitRequest', error: { message: 'Please sign in again to confirm it is you.' } },
      ],
      check: (snapshot: AnyMachineSnapshot) => {
        const erasure = snapshot as ErasureRequestSnapshot;
        // The token lives only between signing in again and the server's answer.
        if (!erasure.matches('submitting')) expect(erasure.context.idToken).toBeNull();
        if (erasure.matches('closed') || erasure.matches('requested')) expect(erasure.context.error).toBeNull();
      },
    });
  }, 120_000);

  itCoversEveryTransition(machine, () => result, 12);
});

describe('erasure request machine: the flow', () => {
  function opened() {
    const { machine, calls } = provideErasure();
    const actor = createActor(machine).start();
    actor.send({ type: 'erasure.open' });
    actor.send({ type: 'erasure.continue' });
    return { actor, calls };
  }

  it('sends the request with the token of the fresh sign-in', async () => {
    const { actor, calls } = opened();
    actor.send({ type: 'erasure.signIn', secret: 'the-password' });
    expect(calls.lastInput('reauthenticate')).toEqual({ secret: 'the-password' });
    calls.resolve('reauthenticate', TOKEN);
    await flush();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls.lastInput('submitRequest')).toEqual({ idToken: TOKEN });
    calls.resolve('submitRequest', undefined);
    await flush();
    expect(actor.getSnapshot().value).toBe('requested');
    expect(actor.getSnapshot().context).toEqual({ codeSent: false, idToken: null, error: null });
  });

  it('keeps a wrong SMS code on the code step, with the reason', async () => {
    const { actor, calls } = opened();
    actor.send({ type: 'erasure.sendCode' });
    calls.resolve('sendCode', undefined);
    await flush();
    actor.send({ type: 'erasure.signIn', secret: '000000' });
    calls.reject('reauthenticate', { message: 'That code is not right.' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ reauthenticating: 'codeSent' });
    expect(actor.getSnapshot().context.error).toBe('That code is not right.');
  });

  it('says so when the code cannot be sent, and when the server cannot be reached', async () => {
    const { actor, calls } = opened();
    actor.send({ type: 'erasure.sendCode' });
    calls.reject('sendCode', new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(COULD_NOT_SEND_CODE);
    actor.send({ type: 'erasure.signIn', secret: 'pw' });
    calls.resolve('reauthenticate', TOKEN);
    await flush();
    calls.reject('submitRequest', {});
    await flush();
    expect(actor.getSnapshot().value).toEqual({ reauthenticating: 'ready' });
    expect(actor.getSnapshot().context).toEqual({ codeSent: false, idToken: null, error: COULD_NOT_REQUEST });
  });

  it('closes without sending anything while the person is still signing in', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'erasure.signIn', secret: 'pw' });
    actor.send({ type: 'erasure.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls.isPending('reauthenticate')).toBe(false);
    expect(calls.started.some((call) => call.src === 'submitRequest')).toBe(false);
  });
});
