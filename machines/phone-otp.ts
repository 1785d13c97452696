/**
 * Phone sign-in on /verify-otp: the number, the SMS code, a new code after a countdown, and a limit on wrong codes
 * per SMS. Sending the code and confirming it (which ends in our own session) are actors the page provides.
 *
 * One person, one account: when the proven number belongs to an existing account (the server's PHONE_HELD), no
 * account is made; the person signs in to that account once its own way and the number is added to it, or says it
 * is not theirs and gets an account of their own.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** Seconds before another code may be asked for. */
export const RESEND_AFTER_SECONDS = 30;
/** Wrong codes allowed for one SMS before a new one must be asked for. */
export const MAX_CODE_TRIES = 5;
export const TOO_MANY_TRIES = 'Too many wrong codes. Please ask for a new code.';
export const COULD_NOT_SEND = 'We could not send the code. Please try again.';
export const COULD_NOT_CHECK = 'We could not check the code. Please try again.';

export const COULD_NOT_LINK = 'We could not add the number to your account. Please try again.';
export const COULD_NOT_CREATE = 'We could not make your account. Please try again.';

export function wrongCodeMessage(triesLeft: number): string {
  return triesLeft <= 0
    ? TOO_MANY_TRIES
    : `That code is not right. Check the SMS and try again (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left).`;
}

export interface PhoneOtpContext {
  /** The number the code went to, E.164. */
  phone: string | null;
  /** Wrong codes entered for the current SMS. */
  tries: number;
  /** How many times the resend countdown has started; the page restarts its countdown display when it grows. */
  countdowns: number;
  /** What went wrong last, in words for the person. */
  error: string | null;
  /** The existing account that holds the proven number (the server's PHONE_HELD), while the person decides. */
  held: PhoneHeld | null;
}

/** What the server says of the account that holds a proven number, and its proof of the number. */
export interface PhoneHeld {
  /** The shop's signed proof that this browser proved the number; the actors send it back. */
  token: string;
  phone: string;
  /** The account's e-mail address, mostly hidden, for the person to recognise it. */
  accountHint: string | null;
  /** How that account signs in: `password`, `google.com`. */
  signInMethods: string[];
}

/** How the person proves the existing account: its e-mail and password, or Google. */
export type AccountProof = { method: 'password'; email: string; password: string } | { method: 'google' };

/**
 * What the provided actors throw: `wrongCode` for a code that is not right, `held` when the number belongs to an
 * existing account, `proofExpired` when the proof of the number no longer holds, else a message to show.
 */
export interface PhoneOtpError {
  wrongCode?: boolean;
  held?: PhoneHeld;
  proofExpired?: boolean;
  message?: string;
}

export type PhoneOtpEvent =
  | { type: 'phoneOtp.send'; phone: string }
  | { type: 'phoneOtp.verify'; code: string }
  | { type: 'phoneOtp.resend' }
  | { type: 'phoneOtp.changeNumber' }
  | { type: 'phoneOtp.proveAccount'; proof: AccountProof }
  | { type: 'phoneOtp.notMine' };

function messageOf(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

function isWrongCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'wrongCode' in error && error.wrongCode === true;
}

function heldOf(error: unknown): PhoneHeld | null {
  return typeof error === 'object' && error !== null && 'held' in error && typeof error.held === 'object' && error.held !== null
    ? (error.held as PhoneHeld)
    : null;
}

function isProofExpired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'proofExpired' in error && error.proofExpired === true;
}

export const phoneOtpMachine = setup({
  types: {} as {
    context: PhoneOtpContext;
    events: PhoneOtpEvent;
  },
  actors: {
    /** Asks our server, then the identity provider, to send the SMS. */
    sendCode: fromPromise<void, { phone: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    /** Confirms the code and signs in (our session included); rejects with PhoneOtpError. */
    confirmCode: fromPromise<void, { code: string }>(async () => {
      throw new Error('confirmCode not provided');
    }),
    /** Signs in to the existing account with `proof`, then has the server add the number to it and sign in. */
    linkToAccount: fromPromise<void, { token: string; proof: AccountProof }>(async () => {
      throw new Error('linkToAccount not provided');
    }),
    /** Has the server make an account of the person's own for the number, and signs in. */
    createOwnAccount: fromPromise<void, { token: string }>(async () => {
      throw new Error('createOwnAccount not provided');
    }),
  },
  actions: {
    assignPhone: assign((_, params: { phone: string }) => ({ phone: params.phone, error: null })),
    codeWasSent: assign(({ context }) => ({ tries: 0, error: null, countdowns: context.countdowns + 1 })),
    restartCountdown: assign(({ context }) => ({ countdowns: context.countdowns + 1 })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    countWrongCode: assign(({ context }) => ({
      tries: context.tries + 1,
      error: wrongCodeMessage(MAX_CODE_TRIES - context.tries - 1),
    })),
    forgetNumber: assign({ phone: null, error: null, tries: 0, held: null }),
    assignHeld: assign((_, params: { held: PhoneHeld | null }) => ({ held: params.held, error: null })),
  },
  guards: {
    hasTriesLeft: ({ context }) => context.tries < MAX_CODE_TRIES,
    isWrongCode: (_, params: { error: unknown }) => isWrongCode(params.error),
    isLastWrongCode: ({ context }, params: { error: unknown }) => isWrongCode(params.error) && context.tries + 1 >= MAX_CODE_TRIES,
    isHeld: (_, params: { error: unknown }) => heldOf(params.error) !== null,
    isProofExpired: (_, params: { error: unknown }) => isProofExpired(params.error),
  },
  delays: {
    RESEND_DELAY: RESEND_AFTER_SECONDS * 1000,
  },
}).createMachine({
  id: 'phoneOtp',
  description: 'Signing in with an Indian mobile number and the SMS code sent to it (/verify-otp).',
  context: { phone: null, tries: 0, countdowns: 0, error: null, held: null },
  initial: 'enteringNumber',
  states: {
    enteringNumber: {
      description: 'The person types their mobile number.',
      on: {
        'phoneOtp.send': {
          target: 'sending',
          actions: { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) },
        },
      },
    },
    sending: {
      description: 'The first SMS is being asked for.',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone ?? '' }),
        onDone: { target: 'codeSent', actions: 'codeWasSent' },
        onError: {
          target: 'enteringNumber',
          actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_SEND) }) },
        },
      },
    },
    codeSent: {
      description: 'A code is on its way: the person types it, and may ask for another once the countdown ends.',
      type: 'parallel',
      on: { 'phoneOtp.changeNumber': { target: 'enteringNumber', actions: 'forgetNumber' } },
      states: {
        resend: {
          description: 'Whether another SMS may be asked for yet.',
          initial: 'locked',
          states: {
            locked: {
              description: 'Less than RESEND_DELAY since the last SMS was sent (or asked for).',
              after: { RESEND_DELAY: { target: 'open' } },
            },
            open: {
              description: 'Another SMS may be asked for.',
              on: { 'phoneOtp.resend': { target: '#phoneOtp.resending' } },
            },
          },
        },
        code: {
          description: 'The code the person types.',
          initial: 'entering',
          states: {
            entering: {
              description: 'Waiting for the 6-digit code.',
              on: {
                'phoneOtp.verify': { guard: 'hasTriesLeft', target: 'verifying', actions: 'clearError' },
              },
            },
            verifying: {
              description: 'Checking the code and signing in.',
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: ({ event }) => ({ code: event.type === 'phoneOtp.verify' ? event.code : '' }),
                onDone: { target: '#phoneOtp.signedIn' },
                onError: [
                  {
                    guard: { type: 'isHeld', params: ({ event }) => ({ error: event.error }) },
                    target: '#phoneOtp.held',
                    actions: { type: 'assignHeld', params: ({ event }) => ({ held: heldOf(event.error) }) },
                  },
                  {
                    guard: { type: 'isLastWrongCode', params: ({ event }) => ({ error: event.error }) },
                    target: 'usedUp',
                    actions: 'countWrongCode',
                  },
                  {
                    guard: { type: 'isWrongCode', params: ({ event }) => ({ error: event.error }) },
                    target: 'entering',
                    actions: 'countWrongCode',
                  },
                  {
                    target: 'entering',
                    actions: {
                      type: 'assignError',
                      params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_CHECK) }),
                    },
                  },
                ],
              },
            },
            usedUp: {
              description: 'Too many wrong codes for this SMS: only a new code (or another number) helps.',
            },
          },
        },
      },
    },
    resending: {
      description: 'Another SMS is being asked for.',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone ?? '' }),
        onDone: { target: 'codeSent', actions: 'codeWasSent' },
        onError: {
          // The earlier code still works; tries are kept, and the countdown starts again before another attempt.
          target: 'codeSent',
          actions: [
            'restartCountdown',
            { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_SEND) }) },
          ],
        },
      },
    },
    held: {
      description:
        'The proven number belongs to an existing account, and no account was made: the person proves that account its own way (the number is then added to it), or says it is not theirs.',
      initial: 'choosing',
      on: { 'phoneOtp.changeNumber': { target: 'enteringNumber', actions: 'forgetNumber' } },
      states: {
        choosing: {
          description: 'Sign in to the existing account, or make an account of their own.',
          on: {
            'phoneOtp.proveAccount': { target: 'linking', actions: 'clearError' },
            'phoneOtp.notMine': { target: 'creating', actions: 'clearError' },
          },
        },
        linking: {
          description: 'Signing in to the existing account, then adding the number to it.',
          invoke: {
            id: 'linkToAccount',
            src: 'linkToAccount',
            input: ({ context, event }) => ({
              token: context.held?.token ?? '',
              proof: event.type === 'phoneOtp.proveAccount' ? event.proof : { method: 'google' as const },
            }),
            onDone: { target: '#phoneOtp.signedIn' },
            onError: [
              {
                guard: { type: 'isProofExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneOtp.enteringNumber',
                actions: ['forgetNumber', { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_LINK) }) }],
              },
              {
                target: 'choosing',
                actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_LINK) }) },
              },
            ],
          },
        },
        creating: {
          description: 'Making an account of their own for the number.',
          invoke: {
            id: 'createOwnAccount',
            src: 'createOwnAccount',
            input: ({ context }) => ({ token: context.held?.token ?? '' }),
            onDone: { target: '#phoneOtp.signedIn' },
            onError: [
              {
                guard: { type: 'isProofExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneOtp.enteringNumber',
                actions: ['forgetNumber', { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_CREATE) }) }],
              },
              {
                target: 'choosing',
                actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_CREATE) }) },
              },
            ],
          },
        },
      },
    },
    signedIn: {
      description: 'Signed in; the page has moved on.',
      type: 'final',
    },
  },
});

export type PhoneOtpSnapshot = SnapshotFrom<typeof phoneOtpMachine>;
