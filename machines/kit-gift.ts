/**
 * Giving a kit to someone (a family member) from its card on My kits: the buyer types their e-mail address (and a
 * first name to greet them by), is shown what happens (the code is the claim: whoever activates it first owns the
 * sample's results), confirms, and the shop e-mails them the kit's code. Sending is an actor the page provides.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const COULD_NOT_GIVE = 'The e-mail could not be sent. Nothing was sent; please try again.';

export interface KitGiftRecipient {
  email: string;
  /** The first name to greet them by; empty when none was typed. */
  name: string;
}

export interface KitGiftContext {
  recipient: KitGiftRecipient;
  /** What went wrong last, in words for the person. */
  error: string | null;
}

export type KitGiftEvent =
  | { type: 'gift.open' }
  | { type: 'gift.review'; recipient: KitGiftRecipient }
  | { type: 'gift.edit' }
  | { type: 'gift.send' }
  | { type: 'gift.close' };

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return COULD_NOT_GIVE;
}

export const kitGiftMachine = setup({
  types: {} as {
    context: KitGiftContext;
    events: KitGiftEvent;
  },
  actors: {
    /** Asks the shop to e-mail the kit's code to the recipient; rejects with the server's reason. */
    sendGift: fromPromise<void, KitGiftRecipient>(async () => {
      throw new Error('sendGift not provided');
    }),
  },
  actions: {
    assignRecipient: assign((_, params: { recipient: KitGiftRecipient }) => ({ recipient: params.recipient, error: null })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    reset: assign({ recipient: { email: '', name: '' }, error: null }),
  },
}).createMachine({
  id: 'kitGift',
  description: 'A buyer gives a kit not yet activated to someone, who activates its code in an account of their own.',
  context: { recipient: { email: '', name: '' }, error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The kit\'s card, with its "Give this kit to someone" button.',
      on: {
        'gift.open': { target: 'editing', actions: 'reset', description: 'The buyer opens the form on the kit\'s card.' },
      },
    },
    editing: {
      description: 'The buyer types the recipient\'s e-mail address and, if they like, the first name to greet them by.',
      on: {
        'gift.review': {
          target: 'confirming',
          actions: { type: 'assignRecipient', params: ({ event }) => ({ recipient: event.recipient }) },
          description: 'The buyer asks to send, with an address the form accepted.',
        },
        'gift.close': { target: 'closed', actions: 'reset', description: 'The buyer changes their mind.' },
      },
    },
    confirming: {
      description: 'The page says who receives the code and that whoever activates it first owns the results.',
      on: {
        'gift.send': { target: 'sending', description: 'The buyer confirms.' },
        'gift.edit': { target: 'editing', description: 'The buyer goes back to change the address or the name.' },
        'gift.close': { target: 'closed', actions: 'reset', description: 'The buyer changes their mind.' },
      },
    },
    sending: {
      description: 'The shop records the gift and queues the e-mail.',
      invoke: {
        id: 'sendGift',
        src: 'sendGift',
        input: ({ context }) => context.recipient,
        onDone: { target: 'sent', description: 'The server queued the e-mail.' },
        onError: {
          target: 'editing',
          description: 'The server refused (the kit was activated meanwhile, or too many today) or could not be reached.',
          actions: { type: 'assignError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    sent: {
      description: 'The card says the code was e-mailed, to whom, and that the buyer may still activate it.',
      on: {
        'gift.close': { target: 'closed', description: 'The buyer closes the note.' },
        'gift.open': { target: 'editing', actions: 'reset', description: 'The buyer sends it again, to another address.' },
      },
    },
  },
});

export type KitGiftSnapshot = SnapshotFrom<typeof kitGiftMachine>;
