import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { COULD_NOT_GIVE, kitGiftMachine, type KitGiftRecipient, type KitGiftSnapshot } from '../../machines/kit-gift';
import { PendingCalls, flush, itCoversEveryTransition, walk } from './harness';

const MEERA: KitGiftRecipient = { email: 'meera@example.in', name: 'Meera' };

function provideGift() {
  const calls = new PendingCalls();
  const machine = kitGiftMachine.provide({ actors: { sendGift: calls.actor<void, KitGiftRecipient>('sendGift') } });
  return { calls, machine };
}

describe('kit gift machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideGift();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'gift.open' },
        { type: 'gift.review', recipient: MEERA },
        { type: 'gift.edit' },
        { type: 'gift.send' },
        { type: 'gift.close' },
        { type: 'xstate.done.actor.sendGift' },
        { type: 'xstate.error.actor.sendGift', error: { message: 'This kit is already activated.' } },
      ],
      check: (snapshot: AnyMachineSnapshot) => {
        const gift = snapshot as KitGiftSnapshot;
        // Nothing is sent without the buyer having seen whom it goes to.
        if (gift.matches('sending') || gift.matches('confirming')) expect(gift.context.recipient.email).not.toBe('');
        if (gift.matches('closed') || gift.matches('sent') || gift.matches('confirming')) expect(gift.context.error).toBeNull();
      },
    });
  }, 120_000);

  itCoversEveryTransition(machine, () => result, 10);
});

describe('kit gift machine: the flow', () => {
  function reviewing() {
    const { machine, calls } = provideGift();
    const actor = createActor(machine).start();
    actor.send({ type: 'gift.open' });
    actor.send({ type: 'gift.review', recipient: MEERA });
    return { actor, calls };
  }

  it('sends to the address the buyer confirmed', async () => {
    const { actor, calls } = reviewing();
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'gift.send' });
    expect(calls.lastInput('sendGift')).toEqual(MEERA);
    calls.resolve('sendGift', undefined);
    await flush();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.recipient).toEqual(MEERA);
  });

  it('goes back to the form with the server’s reason, keeping what was typed', async () => {
    const { actor, calls } = reviewing();
    actor.send({ type: 'gift.send' });
    calls.reject('sendGift', { message: 'You can give 5 kits by e-mail a day. Please try again tomorrow.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ recipient: MEERA, error: 'You can give 5 kits by e-mail a day. Please try again tomorrow.' });
  });

  it('says it could not send when the shop cannot be reached', async () => {
    const { actor, calls } = reviewing();
    actor.send({ type: 'gift.send' });
    calls.reject('sendGift', new TypeError(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(COULD_NOT_GIVE);
  });

  it('sends nothing when the buyer goes back or closes', () => {
    const { actor, calls } = reviewing();
    actor.send({ type: 'gift.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'gift.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls.started).toEqual([]);
  });
});
