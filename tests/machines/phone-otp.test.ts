import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import {
  MAX_CODE_TRIES,
  phoneOtpMachine,
  RESEND_AFTER_SECONDS,
  TOO_MANY_TRIES,
  wrongCodeMessage,
  type AccountProof,
  type PhoneHeld,
  type PhoneOtpSnapshot,
} from '../../machines/phone-otp';
import { PendingCalls, flush, itCoversEveryTransition, walk } from './harness';

const PHONE = '+919876543210';
const WRONG = { wrongCode: true };
const HELD: PhoneHeld = { token: 'proof.signature', phone: PHONE, accountHint: 'm•••a@e•••e.test', signInMethods: ['password'] };
const PASSWORD_PROOF: AccountProof = { method: 'password', email: 'meera@example.test', password: 'S3cret-pass' };

function provideOtp() {
  const calls = new PendingCalls();
  const machine = phoneOtpMachine.provide({
    actors: {
      sendCode: calls.actor<void, { phone: string }>('sendCode'),
      confirmCode: calls.actor<void, { code: string }>('confirmCode'),
      linkToAccount: calls.actor<void, { token: string; proof: AccountProof }>('linkToAccount'),
      createOwnAccount: calls.actor<void, { token: string }>('createOwnAccount'),
    },
  });
  return { calls, machine };
}

describe('phone OTP machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideOtp();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'phoneOtp.send', phone: PHONE },
        { type: 'phoneOtp.verify', code: '123456' },
        { type: 'phoneOtp.resend' },
        { type: 'phoneOtp.changeNumber' },
        { type: 'xstate.done.actor.sendCode' },
        { type: 'xstate.error.actor.sendCode', error: { message: 'Too many messages. Wait an hour.' } },
        { type: 'xstate.error.actor.sendCode', error: new TypeError('Failed to fetch') },
        { type: 'xstate.done.actor.confirmCode' },
        { type: 'xstate.error.actor.confirmCode', error: WRONG },
        { type: 'xstate.error.actor.confirmCode', error: { message: 'That code has expired. Please ask for a new one.' } },
        { type: 'xstate.after.RESEND_DELAY.phoneOtp.codeSent.resend.locked' },
        { type: 'xstate.error.actor.confirmCode', error: { held: HELD } },
        { type: 'phoneOtp.proveAccount', proof: PASSWORD_PROOF },
        { type: 'phoneOtp.notMine' },
        { type: 'xstate.done.actor.linkToAccount' },
        { type: 'xstate.error.actor.linkToAccount', error: { message: 'The password is not right.' } },
        { type: 'xstate.error.actor.linkToAccount', error: { proofExpired: true, message: 'The check has expired.' } },
        { type: 'xstate.done.actor.createOwnAccount' },
        { type: 'xstate.error.actor.createOwnAccount', error: new TypeError('Failed to fetch') },
        { type: 'xstate.error.actor.createOwnAccount', error: { proofExpired: true, message: 'The check has expired.' } },
      ],
      // `countdowns` only grows; states that differ in it alone are the same state of the flow.
      serializeState: (snapshot) => {
        const { countdowns: _countdowns, ...rest } = (snapshot as PhoneOtpSnapshot).context;
        return JSON.stringify([snapshot.value, rest]);
      },
      check: (snapshot: AnyMachineSnapshot) => {
        const otp = snapshot as PhoneOtpSnapshot;
        expect(otp.context.tries).toBeLessThanOrEqual(MAX_CODE_TRIES);
        if (otp.matches({ codeSent: { code: 'usedUp' } })) expect(otp.context.tries).toBe(MAX_CODE_TRIES);
        if (otp.matches('enteringNumber')) expect(otp.context).toMatchObject({ tries: 0, held: null });
        if (otp.matches('held')) expect(otp.context.held).toEqual(HELD);
      },
    });
  }, 120_000);

  itCoversEveryTransition(machine, () => result, 20);
});

describe('phone OTP machine: the flow', () => {
  async function codeSent() {
    const { machine, calls } = provideOtp();
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'phoneOtp.send', phone: PHONE });
    expect(calls.lastInput('sendCode')).toEqual({ phone: PHONE });
    calls.resolve('sendCode', undefined);
    await flush();
    return { actor, calls, clock };
  }

  it('sends the code, then lets a new one be asked for only after the countdown', async () => {
    const { actor, clock } = await codeSent();
    expect(actor.getSnapshot().matches({ codeSent: { resend: 'locked', code: 'entering' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ phone: PHONE, tries: 0, countdowns: 1, error: null });
    actor.send({ type: 'phoneOtp.resend' });
    expect(actor.getSnapshot().matches('codeSent')).toBe(true);
    clock.increment(RESEND_AFTER_SECONDS * 1000 - 1);
    expect(actor.getSnapshot().matches({ codeSent: { resend: 'locked' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ codeSent: { resend: 'open' } })).toBe(true);
    actor.send({ type: 'phoneOtp.resend' });
    expect(actor.getSnapshot().value).toBe('resending');
  });

  it('counts wrong codes and stops after the last try until a new code comes', async () => {
    const { actor, calls, clock } = await codeSent();
    for (let attempt = 1; attempt <= MAX_CODE_TRIES; attempt++) {
      actor.send({ type: 'phoneOtp.verify', code: '000000' });
      expect(calls.lastInput('confirmCode')).toEqual({ code: '000000' });
      calls.reject('confirmCode', WRONG);
      await flush();
      expect(actor.getSnapshot().context.error).toBe(wrongCodeMessage(MAX_CODE_TRIES - attempt));
    }
    expect(actor.getSnapshot().context.error).toBe(TOO_MANY_TRIES);
    expect(actor.getSnapshot().matches({ codeSent: { code: 'usedUp' } })).toBe(true);
    actor.send({ type: 'phoneOtp.verify', code: '123456' });
    expect(calls.isPending('confirmCode')).toBe(false);

    clock.increment(RESEND_AFTER_SECONDS * 1000);
    actor.send({ type: 'phoneOtp.resend' });
    calls.resolve('sendCode', undefined);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ tries: 0, countdowns: 2, error: null });
    expect(actor.getSnapshot().matches({ codeSent: { code: 'entering', resend: 'locked' } })).toBe(true);
  });

  it('keeps the tries and restarts the countdown when a new code cannot be sent', async () => {
    const { actor, calls, clock } = await codeSent();
    actor.send({ type: 'phoneOtp.verify', code: '000000' });
    calls.reject('confirmCode', WRONG);
    await flush();
    clock.increment(RESEND_AFTER_SECONDS * 1000);
    actor.send({ type: 'phoneOtp.resend' });
    calls.reject('sendCode', { message: 'Please wait an hour.' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ tries: 1, countdowns: 2, error: 'Please wait an hour.' });
    expect(actor.getSnapshot().matches({ codeSent: { resend: 'locked' } })).toBe(true);
  });

  it('ends signed in once the code is confirmed', async () => {
    const { actor, calls } = await codeSent();
    actor.send({ type: 'phoneOtp.verify', code: '123456' });
    calls.resolve('confirmCode', undefined);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows why a number could not get a code, and keeps it for another try', async () => {
    const { machine, calls } = provideOtp();
    const actor = createActor(machine).start();
    actor.send({ type: 'phoneOtp.send', phone: PHONE });
    calls.reject('sendCode', new TypeError(''));
    await flush();
    expect(actor.getSnapshot().value).toBe('enteringNumber');
    expect(actor.getSnapshot().context.error).toBe('We could not send the code. Please try again.');
  });

  it('forgets the number and the tries when the person uses another number', async () => {
    const { actor, calls } = await codeSent();
    actor.send({ type: 'phoneOtp.verify', code: '000000' });
    calls.reject('confirmCode', WRONG);
    await flush();
    actor.send({ type: 'phoneOtp.changeNumber' });
    expect(actor.getSnapshot().value).toBe('enteringNumber');
    expect(actor.getSnapshot().context).toMatchObject({ phone: null, tries: 0, error: null });
  });

  async function held() {
    const sent = await codeSent();
    sent.actor.send({ type: 'phoneOtp.verify', code: '123456' });
    sent.calls.reject('confirmCode', { held: HELD });
    await flush();
    return sent;
  }

  it('makes no account for a number an existing account holds, and waits for the person to choose', async () => {
    const { actor } = await held();
    expect(actor.getSnapshot().matches({ held: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ held: HELD, error: null });
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('adds the number to the account the person proves, with the proof of the number', async () => {
    const { actor, calls } = await held();
    actor.send({ type: 'phoneOtp.proveAccount', proof: PASSWORD_PROOF });
    expect(calls.lastInput('linkToAccount')).toEqual({ token: HELD.token, proof: PASSWORD_PROOF });
    calls.reject('linkToAccount', { message: 'That password is not right.' });
    await flush();
    expect(actor.getSnapshot().matches({ held: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('That password is not right.');
    actor.send({ type: 'phoneOtp.proveAccount', proof: { method: 'google' } });
    expect(calls.lastInput('linkToAccount')).toEqual({ token: HELD.token, proof: { method: 'google' } });
    calls.resolve('linkToAccount', undefined);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('makes an account of their own for a person who says the account is not theirs', async () => {
    const { actor, calls } = await held();
    actor.send({ type: 'phoneOtp.notMine' });
    expect(calls.lastInput('createOwnAccount')).toEqual({ token: HELD.token });
    calls.resolve('createOwnAccount', undefined);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('starts again from the number when the proof of the number has expired', async () => {
    const { actor, calls } = await held();
    actor.send({ type: 'phoneOtp.notMine' });
    calls.reject('createOwnAccount', { proofExpired: true, message: 'The check of your mobile number has expired.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('enteringNumber');
    expect(actor.getSnapshot().context).toMatchObject({ phone: null, held: null, error: 'The check of your mobile number has expired.' });
  });
});
