/**
 * What the customer receives when staff take a step on their kits, as the confirmation shows it before the step:
 * the e-mail's subject, word for word as the shop's e-mails write it (server/services/messages/render.ts, checked by
 * tests/unit/staff-step-messages.test.ts), and what it tells them.
 */
import type { OrderJourneyStep } from '../api/order';

const kitWord = (count: number) => (count === 1 ? 'kit' : 'kits');

export interface CustomerMessage {
  subject: string;
  /** What the e-mail tells them, in a sentence. */
  gist: string;
  /** It also goes by SMS to a customer who accepted texts. */
  sms: boolean;
}

export interface StepMessageInput {
  orderNumber: string;
  /** The names of the kits the step moves, as the e-mail lists them. */
  kits: string[];
  step: OrderJourneyStep;
}

/** The message a journey step sends; null for a step that sends none. */
export function stepMessage({ orderNumber, kits, step }: StepMessageInput): CustomerMessage | null {
  const [first = 'kit'] = kits;
  switch (step.step) {
    case 'ship':
      return {
        subject: `Order ${orderNumber} has shipped: your ${kitWord(kits.length)} ${kits.length === 1 ? 'is' : 'are'} on the way`,
        gist: `The courier ${step.courier ?? ''} and tracking number ${step.trackingNumber ?? ''}, to follow the parcel on the courier’s website.`,
        sms: true,
      };
    case 'deliver':
      return {
        subject: `Order ${orderNumber} delivered: how to activate your ${kitWord(kits.length)}`,
        gist: 'How to activate each kit with the code printed on its box before collecting the sample.',
        sms: false,
      };
    case 'receiveSample':
      return {
        subject: `Your ${first} sample has reached our lab`,
        gist: 'The lab is analysing the sample; the report follows in 3 to 4 weeks.',
        sms: false,
      };
    case 'publishReport':
      return {
        subject: `Your ${first} report is ready`,
        gist: step.reportPdf ? 'A link to read the report: they download the PDF from their dashboard.' : `A link to read the report: ${step.reportUrl ?? ''}`,
        sms: true,
      };
    case 'failQc':
      return {
        subject: `We could not analyse your ${first} sample: a new kit is on its way`,
        gist: 'The sample failed quality control; a replacement kit with a code of its own is sent at no cost.',
        sms: false,
      };
  }
}

/** The e-mail a corrected tracking number sends. */
export function trackingCorrectedMessage(orderNumber: string, courier: string, trackingNumber: string, previous: string): CustomerMessage {
  return {
    subject: `Order ${orderNumber}: the right tracking number is ${trackingNumber}`,
    gist: `An apology, the courier ${courier} and tracking number ${trackingNumber}, and that they replace ${previous}.`,
    sms: false,
  };
}
