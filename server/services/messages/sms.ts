/**
 * Sending an SMS. The shop sends two (kit shipped, report ready), to a mobile number the person gave and with their
 * consent. Indian operators deliver only texts registered on the DLT platform, so each message names its template and
 * the values that fill it; `text` is the same message written out, which the log provider keeps and Twilio sends.
 */
import { randomUUID } from 'node:crypto';

export interface SmsMessage {
  /** E.164, e.g. +919876543210. */
  to: string;
  /** Our template name; the provider maps it to its own template id. */
  templateKey: string;
  vars: Record<string, string>;
  text: string;
  /** The message's idempotency key: the provider keeps it with the message, so a retry can look it up first. */
  reference: string;
}

export interface SmsProvider {
  readonly name: 'log' | 'msg91' | 'twilio';
  send(message: SmsMessage): Promise<{ id: string }>;
  /** The provider's id of a message sent earlier with this reference, when the provider can tell. */
  find(reference: string): Promise<{ id: string } | undefined>;
}

export interface SmsLogEntry extends SmsMessage {
  id: string;
  at: string;
}

/** The default outside production: each message is logged and kept in memory, where the development mail page shows it. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly #entries: SmsLogEntry[] = [];

  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly keep = 500,
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const entry: SmsLogEntry = { ...message, id: `sms-${randomUUID()}`, at: new Date().toISOString() };
    this.#entries.unshift(entry);
    this.#entries.length = Math.min(this.#entries.length, this.keep);
    this.log(`SMS to ${message.to} (${message.templateKey}): ${message.text}`);
    return { id: entry.id };
  }

  async find(reference: string): Promise<{ id: string } | undefined> {
    const entry = this.#entries.find((candidate) => candidate.reference === reference);
    return entry && { id: entry.id };
  }

  /** What was sent, newest first. */
  entries(): readonly SmsLogEntry[] {
    return this.#entries;
  }
}

/** A provider's refusal, with its answer; a 4xx will not change on a retry. */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  /** A refusal of the request itself (4xx but 429) rather than a passing fault. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

const SMS_TIMEOUT_MS = 10_000;

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json().catch(() => ({}))) as unknown;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/**
 * MSG91's Flow API (`POST https://control.msg91.com/api/v5/flow`): the DLT-approved flow of each message with its
 * variables. MSG91 keeps no reference of ours that can be asked for, so `find` cannot tell; an interrupted send is
 * the one case that may reach the person twice.
 */
export class Msg91SmsProvider implements SmsProvider {
  readonly name = 'msg91';
  constructor(
    private readonly authKey: string,
    private readonly templates: Readonly<Record<string, string>>,
    private readonly baseUrl = 'https://control.msg91.com',
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const templateId = this.templates[message.templateKey];
    if (!templateId) throw new SmsRefused(`No MSG91 flow is configured for ${message.templateKey}.`, 400);
    const response = await fetch(`${this.baseUrl}/api/v5/flow`, {
      method: 'POST',
      headers: { authkey: this.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        template_id: templateId,
        short_url: '0',
        recipients: [{ mobiles: message.to.replace(/^\+/, ''), ...message.vars }],
      }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    const answer = await answerOf(response);
    if (!response.ok || answer.type === 'error')
      throw new SmsRefused(`MSG91 refused the SMS: ${String(answer.message ?? response.status)}`, response.ok ? 400 : response.status);
    return { id: String(answer.message ?? answer.request_id ?? message.reference) };
  }

  async find(): Promise<undefined> {
    return undefined;
  }
}

/** Twilio's Messages API (`POST …/Accounts/{sid}/Messages.json`, Basic auth). Like MSG91 it keeps no reference of ours to ask for. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  constructor(
    private readonly accountSid: string,
    private readonly authToken: string,
    private readonly from: string,
    private readonly baseUrl = 'https://api.twilio.com',
  ) {}

  private get auth() {
    return `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
  }

  async send(message: SmsMessage): Promise<{ id: string }> {
    const response = await fetch(`${this.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: { authorization: this.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: message.to, From: this.from, Body: message.text }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    const answer = await answerOf(response);
    if (!response.ok) throw new SmsRefused(`Twilio refused the SMS: ${String(answer.message ?? response.status)}`, response.status);
    return { id: String(answer.sid ?? message.reference) };
  }

  async find(): Promise<undefined> {
    return undefined;
  }
}
