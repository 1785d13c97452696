/**
 * Asking for the account to be erased (/user/privacy): the dialog says what is erased and what tax law keeps, the
 * person signs in again (password, Google, or an SMS code), and the request is sent with that fresh sign-in's ID
 * token. Signing in again, sending the code and sending the request are actors the page provides.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const COULD_NOT_SIGN_IN = 'We could not confirm it is you. Please try again.';
export const COULD_NOT_SEND_CODE = 'We could not send the code. Please try again.';
export const COULD_NOT_REQUEST = 'Your request could not be sent. Nothing was changed; please try again.';

export interface ErasureRequestContext {
  /** Whether an SMS code was sent in this dialog, so that a wrong code is typed again rather than asked for again. */
  codeSent: boolean;
  /** The fresh sign-in's ID token, between signing in again and sending the request. */
  idToken: string | null;
  /** What went wrong last, in words for the person. */
  error: string | null;
}

/** The person's proof: their password, the SMS code, or nothing for Google (its own window asks). */
export interface Reauthentication {
  secret: string;
}

export type ErasureRequestEvent =
  | { type: 'erasure.open' }
  | { type: 'erasure.continue' }
  | { type: 'erasure.sendCode' }
  | { type: 'erasure.signIn'; secret: string }
  | { type: 'erasure.close' };

function messageOf(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

export const erasureRequestMachine = setup({
  types: {} as {
    context: ErasureRequestContext;
    events: ErasureRequestEvent;
  },
  actors: {
    /** Sends an SMS code to the account's own mobile number. */
    sendCode: fromPromise<void>(async () => {
      throw new Error('sendCode not provided');
    }),
    /** Signs in again as the account's owner and resolves with the new ID token; rejects with a message. */
    reauthenticate: fromPromise<string, Reauthentication>(async () => {
      throw new Error('reauthenticate not provided');
    }),
    /** Records the request on the server; rejects with the server's reason. */
    submitRequest: fromPromise<void, { idToken: string }>(async () => {
      throw new Error('submitRequest not provided');
    }),
  },
  actions: {
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    markCodeSent: assign({ codeSent: true, error: null }),
    assignIdToken: assign((_, params: { idToken: string }) => ({ idToken: params.idToken })),
    reset: assign({ codeSent: false, idToken: null, error: null }),
  },
  guards: {
    codeWasSent: ({ context }) => context.codeSent,
  },
}).createMachine({
  id: 'erasureRequest',
  description: 'A customer asks for their account to be erased, confirmed by signing in again (DPDP Act 2023).',
  context: { codeSent: false, idToken: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The data rights page, with its "Erase my account" button.',
      on: {
        'erasure.open': { target: 'explaining', actions: 'reset', description: 'The person opens the erasure dialog.' },
      },
    },
    explaining: {
      description: 'The dialog says what is erased, what is kept for 72 months and by when staff complete it.',
      on: {
        'erasure.continue': { target: 'reauthenticating', description: 'The person goes on to confirm it is them.' },
        'erasure.close': { target: 'closed', actions: 'reset', description: 'The person changes their mind.' },
      },
    },
    reauthenticating: {
      description: 'The person signs in again with the way their account signs in.',
      initial: 'ready',
      on: {
        'erasure.close': { target: 'closed', actions: 'reset', description: 'The person changes their mind.' },
      },
      states: {
        ready: {
          description: 'Waiting for the password, for Google, or for the person to ask for an SMS code.',
          on: {
            'erasure.sendCode': { target: 'sendingCode', actions: 'clearError', description: 'The person asks for an SMS code.' },
            'erasure.signIn': { target: 'signingIn', actions: 'clearError', description: 'The person gives their password or opens Google.' },
          },
        },
        sendingCode: {
          description: 'The SMS code is being sent to the account\'s mobile number.',
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            onDone: { target: 'codeSent', actions: 'markCodeSent', description: 'The identity provider sent the code.' },
            onError: {
              target: 'ready',
              description: 'The code could not be sent.',
              actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_SEND_CODE) }) },
            },
          },
        },
        codeSent: {
          description: 'The person types the SMS code, or asks for another.',
          on: {
            'erasure.signIn': { target: 'signingIn', actions: 'clearError', description: 'The person gives the SMS code.' },
            'erasure.sendCode': { target: 'sendingCode', actions: 'clearError', description: 'The person asks for another code.' },
          },
        },
        signingIn: {
          description: 'The identity provider checks the password, the code or the Google account.',
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ event }) => ({ secret: event.type === 'erasure.signIn' ? event.secret : '' }),
            onDone: {
              target: '#erasureRequest.submitting',
              description: 'The identity provider confirmed the person.',
              actions: { type: 'assignIdToken', params: ({ event }) => ({ idToken: event.output }) },
            },
            onError: [
              {
                guard: 'codeWasSent',
                target: 'codeSent',
                description: 'The code was not right: the person types it again.',
                actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_SIGN_IN) }) },
              },
              {
                target: 'ready',
                description: 'The password was not right, or the Google window was closed.',
                actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_SIGN_IN) }) },
              },
            ],
          },
        },
      },
    },
    submitting: {
      description: 'The request, with the fresh sign-in\'s token, is being recorded by the server.',
      invoke: {
        id: 'submitRequest',
        src: 'submitRequest',
        input: ({ context }) => ({ idToken: context.idToken ?? '' }),
        onDone: { target: 'requested', actions: 'reset', description: 'The server recorded the request.' },
        onError: {
          target: 'reauthenticating',
          description: 'The server refused or could not be reached: the person may sign in and try again.',
          actions: ['reset', { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error, COULD_NOT_REQUEST) }) }],
        },
      },
    },
    requested: {
      description: 'The request is recorded; the dialog says by when staff complete it.',
      on: {
        'erasure.close': { target: 'closed', description: 'The person closes the dialog.' },
      },
    },
  },
});

export type ErasureRequestSnapshot = SnapshotFrom<typeof erasureRequestMachine>;
