/**
 * Turning an outbox message into what is sent: the e-mail's subject, HTML and plain-text part, and for the two
 * messages that also go by SMS (kit shipped, report ready) the SMS text and its DLT template variables.
 */
import { createElement, type ReactElement } from 'react';
import { render, toPlainText } from 'react-email';
import { formatRupees } from '../../../machines/pricing';
import { AccountReady } from './templates/AccountReady';
import { ContactAck } from './templates/ContactAck';
import { ContactDetailsChanged } from './templates/ContactDetailsChanged';
import { ContactReply } from './templates/ContactReply';
import { EbookLink } from './templates/EbookLink';
import { KitDelivered } from './templates/KitDelivered';
import { KitGift } from './templates/KitGift';
import { KitShipped } from './templates/KitShipped';
import { TrackingCorrected } from './templates/TrackingCorrected';
import { BRAND, greetingName, kitWord, pickupDay } from './templates/Layout';
import { OrderConfirmation } from './templates/OrderConfirmation';
import { OrderUnpaid } from './templates/OrderUnpaid';
import { QcFailed } from './templates/QcFailed';
import { Refund } from './templates/Refund';
import { ReportReady } from './templates/ReportReady';
import { PickupBooked } from './templates/PickupBooked';
import { PickupReminder } from './templates/PickupReminder';
import { SampleReceived } from './templates/SampleReceived';
import { StaffInvitation } from './templates/StaffInvitation';
import type { MessageContent, MessageFooter, Payloads, RenderedEmail, SmsTemplateName, TemplateName, WhatsappTemplateName } from './types';

/** A subject is one line: a name or topic typed with a line break must not break the header. */
function oneLine(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function subjectOf(content: MessageContent): string {
  switch (content.template) {
    case 'order-confirmation':
      return oneLine(`Order ${content.payload.orderNumber} confirmed: your invoice is attached`);
    case 'order-unpaid':
      return oneLine(`Order ${content.payload.orderNumber} is waiting for your payment`);
    case 'kit-shipped': {
      const { kits, orderNumber } = content.payload;
      return oneLine(`Order ${orderNumber} has shipped: your ${kitWord(kits.length)} ${kits.length === 1 ? 'is' : 'are'} on the way`);
    }
    case 'tracking-corrected':
      return oneLine(`Order ${content.payload.orderNumber}: the right tracking number is ${content.payload.trackingNumber}`);
    case 'kit-delivered': {
      const { kits, orderNumber } = content.payload;
      return oneLine(`Order ${orderNumber} delivered: how to activate your ${kitWord(kits.length)}`);
    }
    case 'sample-received':
      return oneLine(`Your ${content.payload.kit} sample has reached our lab`);
    case 'pickup-reminder':
      return oneLine(`Send your ${content.payload.kit} sample to the lab: book its free pickup`);
    case 'pickup-booked':
      return oneLine(`${content.payload.moved ? 'Pickup moved' : 'Pickup booked'}: the courier comes for your ${content.payload.kit} sample on ${pickupDay(content.payload.date)}`);
    case 'report-ready':
      return oneLine(`Your ${content.payload.kit} report is ready`);
    case 'qc-failed':
      return oneLine(`We could not analyse your ${content.payload.kit} sample: a new kit is on its way`);
    case 'refund': {
      const { full, amount, orderNumber } = content.payload;
      return oneLine(`${full ? 'Full refund' : 'Refund'} of ${formatRupees(amount)} for order ${orderNumber}: your credit note`);
    }
    case 'contact-ack': {
      const { reference, topic } = content.payload;
      return oneLine(`We have your message${reference ? ` ${reference}` : ''}: ${oneLine(topic, 60)}`);
    }
    case 'contact-reply':
      return oneLine(content.payload.subject);
    case 'contact-details-changed':
      return oneLine(`The details of your ${BRAND} account were changed`);
    case 'kit-gift': {
      const from = greetingName(content.payload.from);
      return oneLine(`${from ? `${from} has given you` : 'A gift for you:'} a ${content.payload.kit} kit: activate it in your own ${BRAND} account`);
    }
    case 'ebook-link':
      return oneLine(`Your download link: ${content.payload.title}`);
    case 'staff-invitation':
      return oneLine(`You have been added to the ${BRAND} team`);
    case 'account-ready':
      return oneLine(`Order ${content.payload.orderNumber}: your ${content.payload.kit} kit is ready to activate in your ${BRAND} account`);
  }
}

function elementOf(content: MessageContent, footer: MessageFooter, subject: string): ReactElement {
  switch (content.template) {
    case 'order-confirmation':
      return createElement(OrderConfirmation, { payload: content.payload, footer, subject });
    case 'order-unpaid':
      return createElement(OrderUnpaid, { payload: content.payload, footer, subject });
    case 'kit-shipped':
      return createElement(KitShipped, { payload: content.payload, footer, subject });
    case 'tracking-corrected':
      return createElement(TrackingCorrected, { payload: content.payload, footer, subject });
    case 'kit-delivered':
      return createElement(KitDelivered, { payload: content.payload, footer, subject });
    case 'sample-received':
      return createElement(SampleReceived, { payload: content.payload, footer, subject });
    case 'pickup-booked':
      return createElement(PickupBooked, { payload: content.payload, footer, subject });
    case 'pickup-reminder':
      return createElement(PickupReminder, { payload: content.payload, footer, subject });
    case 'report-ready':
      return createElement(ReportReady, { payload: content.payload, footer, subject });
    case 'qc-failed':
      return createElement(QcFailed, { payload: content.payload, footer, subject });
    case 'refund':
      return createElement(Refund, { payload: content.payload, footer, subject });
    case 'contact-ack':
      return createElement(ContactAck, { payload: content.payload, footer, subject });
    case 'contact-reply':
      return createElement(ContactReply, { payload: content.payload, footer, subject });
    case 'contact-details-changed':
      return createElement(ContactDetailsChanged, { payload: content.payload, footer, subject });
    case 'kit-gift':
      return createElement(KitGift, { payload: content.payload, footer, subject });
    case 'ebook-link':
      return createElement(EbookLink, { payload: content.payload, footer, subject });
    case 'staff-invitation':
      return createElement(StaffInvitation, { payload: content.payload, footer, subject });
    case 'account-ready':
      return createElement(AccountReady, { payload: content.payload, footer, subject });
  }
}

/**
 * How the plain-text part reads: headings as written (not in capitals), tables of facts and order lines as aligned
 * lines, and every link followed by its address.
 */
const TEXT_SELECTORS = [
  ...['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
  { selector: '[data-text-format="dataTable"]', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 48 } },
  { selector: 'caption', format: 'block' },
];

export async function renderEmail(content: MessageContent, footer: MessageFooter): Promise<RenderedEmail> {
  const subject = subjectOf(content);
  const html = await render(elementOf(content, footer, subject));
  const text = toPlainText(html, { selectors: TEXT_SELECTORS })
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject, html, text: `${text}\n` };
}

// ---- SMS ----

/** The GSM 03.38 basic character set: an SMS of these alone fits 160 characters (any other character makes it 70). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_STAND_INS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '₹': 'Rs ',
  '×': 'x',
};

/** A value as GSM-7 text: typographic marks as their plain forms, accents dropped where GSM lacks the letter, the rest left out. */
function gsm7(value: string): string {
  let out = '';
  for (const character of value.replace(/\s+/g, ' ')) {
    if (GSM7_BASIC.has(character)) out += character;
    else if (GSM7_STAND_INS[character]) out += GSM7_STAND_INS[character];
    else
      out += Array.from(character.normalize('NFKD'))
        .filter((part) => GSM7_BASIC.has(part))
        .join('');
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** DLT lets a template variable hold at most 30 characters. */
const DLT_VARIABLE_MAX = 30;

function variable(value: string): string {
  return gsm7(value).slice(0, DLT_VARIABLE_MAX).trim();
}

/** The name an SMS greets: the full name when short, else the first name; "there" when nothing GSM-7 is left. */
function smsName(name: string): string {
  const clean = gsm7(name);
  const short = clean.length > 20 ? (clean.split(' ')[0] ?? '') : clean;
  return variable(short) || 'there';
}

const SMS_SIGNATURE = `- ${BRAND}`;

/** The registered SMS texts, filled with their variables; `{#var#}` in the DLT registration stands where each value goes. */
const SMS_TEXTS: { [Name in SmsTemplateName]: (vars: Record<string, string>) => string } = {
  'kit-shipped': (vars) =>
    `Hi ${vars.name}, your order ${vars.orderNumber} has shipped with ${vars.courier}. Tracking no. ${vars.trackingNumber}. ${SMS_SIGNATURE}`,
  'report-ready': (vars) => `Hi ${vars.name}, your ${vars.kit} report is ready. Read it here: ${vars.reportUrl} ${SMS_SIGNATURE}`,
};

export function isSmsTemplate(template: TemplateName): template is SmsTemplateName {
  return Object.hasOwn(SMS_TEXTS, template);
}

/** The DLT template variables of the SMS that goes with this message, in the order the registered text uses them. */
export function smsVars(content: MessageContent): Record<string, string> | undefined {
  switch (content.template) {
    case 'kit-shipped':
      return {
        name: smsName(content.payload.name),
        orderNumber: variable(content.payload.orderNumber),
        courier: variable(content.payload.courier),
        trackingNumber: variable(content.payload.trackingNumber),
      };
    case 'report-ready':
      // The link is not cut to the variable limit: a cut link would not open. DLT registers it as a URL variable.
      return { name: smsName(content.payload.name), kit: variable(content.payload.kit), reportUrl: gsm7(content.payload.reportUrl) };
    default:
      return undefined;
  }
}

/** The SMS text for kit shipped and report ready, in GSM-7 characters; undefined for messages sent by e-mail only. */
export function smsText(content: MessageContent): string | undefined {
  const vars = smsVars(content);
  if (!vars || !isSmsTemplate(content.template)) return undefined;
  return SMS_TEXTS[content.template](vars);
}

// ---- WhatsApp ----

/** WhatsApp refuses a template parameter with line breaks, tabs or long runs of spaces, or an empty one. */
function whatsappParam(value: string, max = 200): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return (flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat) || '-';
}

interface WhatsappTemplate<Name extends WhatsappTemplateName> {
  /** The template's name as approved in the WhatsApp Business Manager. */
  name: string;
  /** The body's placeholders {{1}}, {{2}}…, in order, from the message's payload. */
  params(payload: Payloads[Name]): string[];
  /** The approved body, filled: what the log provider keeps and the local mail page shows. */
  text(params: string[]): string;
}

/**
 * The approved WhatsApp templates, by the message they go with. A step of the journey gets its WhatsApp message by an
 * entry here (and its name in WhatsappTemplateName); the outbox, the consent rule and the SMS fallback follow.
 */
const WHATSAPP_TEMPLATES: { [Name in WhatsappTemplateName]: WhatsappTemplate<Name> } = {
  'kit-shipped': {
    name: 'kit_shipped',
    params: (payload) => [payload.name, payload.orderNumber, payload.courier, payload.trackingUrl || payload.ordersUrl].map((value) => whatsappParam(value)),
    text: ([name, order, courier, link]) => `Hi ${name}, your order ${order} has shipped with ${courier}. Follow it here: ${link}`,
  },
  'kit-delivered': {
    name: 'kit_delivered',
    params: (payload) => [payload.name, payload.orderNumber, payload.activateUrl].map((value) => whatsappParam(value)),
    text: ([name, order, link]) => `Hi ${name}, your order ${order} has been delivered. Activate your kit before you collect the sample: ${link}`,
  },
  'pickup-booked': {
    name: 'pickup_booked',
    params: (payload) => [payload.name, payload.kit, pickupDay(payload.date), payload.courier, payload.trackingUrl].map((value) => whatsappParam(value)),
    text: ([name, kit, day, courier, link]) => `Hi ${name}, the courier ${courier} comes for your ${kit} sample on ${day}. Keep the sealed sample box ready. Follow it: ${link}`,
  },
  'sample-received': {
    name: 'sample_received',
    params: (payload) => [payload.name, payload.kit, payload.dashboardUrl].map((value) => whatsappParam(value)),
    text: ([name, kit, link]) => `Hi ${name}, your ${kit} sample has reached our lab. Follow its analysis here: ${link}`,
  },
  'report-ready': {
    name: 'report_ready',
    params: (payload) => [payload.name, payload.kit, payload.reportUrl].map((value) => whatsappParam(value)),
    text: ([name, kit, link]) => `Hi ${name}, your ${kit} report is ready. Read it here: ${link}`,
  },
};

export function isWhatsappTemplate(template: TemplateName): template is WhatsappTemplateName {
  return Object.hasOwn(WHATSAPP_TEMPLATES, template);
}

/** The WhatsApp template of this message, its parameters and its text; undefined for messages without one. */
export function whatsappMessageOf(content: MessageContent): { name: string; params: string[]; text: string } | undefined {
  if (!isWhatsappTemplate(content.template)) return undefined;
  const template = WHATSAPP_TEMPLATES[content.template] as WhatsappTemplate<WhatsappTemplateName>;
  const params = template.params(content.payload as Payloads[WhatsappTemplateName] as never);
  return { name: template.name, params, text: template.text(params) };
}
