/**
 * Sending a WhatsApp message. Outside a conversation the person opened, WhatsApp delivers only templates the business
 * had approved by Meta, so each message names its template and the values of its body's placeholders ({{1}}, {{2}}…),
 * in order; `text` is the same message written out, which the log provider keeps for the local mail page.
 *
 * What happens to a message after WhatsApp accepted it (sent to the phone, delivered, read, failed) arrives later on
 * the webhook, signed with the app secret (`X-Hub-Signature-256`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { signaturesMatch } from '../payments/gateway';

export interface WhatsappMessage {
  /** E.164, e.g. +919876543210. */
  to: string;
  /** The approved template's name, e.g. `kit_shipped`. */
  template: string;
  /** The template's language code, e.g. `en`. */
  language: string;
  /** The body's placeholders, in order. */
  params: string[];
  text: string;
  /** The message's idempotency key. */
  reference: string;
}

export interface WhatsappProvider {
  readonly name: 'log' | 'cloud';
  /** Hands the message over; the id is WhatsApp's (`wamid.…`), by which the webhook reports its statuses. */
  send(message: WhatsappMessage): Promise<{ id: string }>;
}

export interface WhatsappLogEntry extends WhatsappMessage {
  id: string;
  at: string;
}

/** The default outside production: each message is logged and kept in memory, where the development mail page shows it. */
export class LogWhatsappProvider implements WhatsappProvider {
  readonly name = 'log';
  readonly #entries: WhatsappLogEntry[] = [];

  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly keep = 500,
  ) {}

  async send(message: WhatsappMessage): Promise<{ id: string }> {
    const entry: WhatsappLogEntry = { ...message, id: `wamid.log-${randomUUID()}`, at: new Date().toISOString() };
    this.#entries.unshift(entry);
    this.#entries.length = Math.min(this.#entries.length, this.keep);
    this.log(`WhatsApp to ${message.to} (${message.template}): ${message.text}`);
    return { id: entry.id };
  }

  /** What was sent, newest first. */
  entries(): readonly WhatsappLogEntry[] {
    return this.#entries;
  }
}

/**
 * Cloud API error codes that a later try may get past even when answered with a 4xx: throughput and pair rate limits,
 * "something went wrong", the API being down or throttled.
 */
const PASSING_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** WhatsApp refused the message, with its HTTP status and Graph API error code. */
export class WhatsappRefused extends Error {
  override readonly name = 'WhatsappRefused';
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(message);
  }
  /**
   * A refusal that another try will not change: a 4xx (but 429) about the request, the recipient (131026, not on
   * WhatsApp), the template (132001, not approved in this language) or the token, unless its code says it passes.
   */
  get permanent(): boolean {
    if (this.status === 429 || this.status >= 500) return false;
    if (this.code !== undefined && PASSING_CODES.has(this.code)) return false;
    return this.status >= 400 && this.status < 500;
  }
}

const WHATSAPP_TIMEOUT_MS = 10_000;
export const GRAPH_API_VERSION = 'v21.0';

interface GraphError {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_data?: { details?: unknown };
}

/** Meta's WhatsApp Cloud API: `POST {base}/v21.0/{phone number id}/messages` with the business's bearer token. */
export class CloudWhatsappProvider implements WhatsappProvider {
  readonly name = 'cloud';
  constructor(
    private readonly token: string,
    private readonly phoneNumberId: string,
    private readonly baseUrl = 'https://graph.facebook.com',
  ) {}

  async send(message: WhatsappMessage): Promise<{ id: string }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/${GRAPH_API_VERSION}/${encodeURIComponent(this.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: message.params.length > 0 ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }] : [],
          },
        }),
        signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
      });
    } catch (error) {
      // Unreachable or too slow: a passing fault, tried again later.
      throw new WhatsappRefused(`WhatsApp did not answer: ${error instanceof Error ? error.message : String(error)}`, 503, undefined);
    }
    const answer = (await response.json().catch(() => ({}))) as { messages?: Array<{ id?: unknown }>; error?: GraphError } | null;
    const id = answer?.messages?.[0]?.id;
    if (response.ok && typeof id === 'string' && id) return { id };
    const error = answer?.error ?? {};
    const code = typeof error.code === 'number' ? error.code : undefined;
    const details = typeof error.error_data?.details === 'string' ? ` (${error.error_data.details})` : '';
    const text = typeof error.message === 'string' ? error.message : `HTTP ${response.status}`;
    throw new WhatsappRefused(
      `WhatsApp refused the message: ${text}${details}${code !== undefined ? ` [${code}]` : ''}`,
      response.ok ? 502 : response.status,
      code,
    );
  }
}

/** Whether `header` (X-Hub-Signature-256) is `sha256=` and the HMAC-SHA256 of `rawBody` with the app secret. */
export function whatsappSignatureValid(rawBody: Buffer | string, header: string | undefined, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const given = header.trim().toLowerCase();
  if (!given.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return signaturesMatch(expected, given.slice('sha256='.length));
}

/** The signature Meta would send with `rawBody`: the tests and the local stand-ins sign with it. */
export function whatsappSignatureOf(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export type WhatsappDelivery = 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsappStatus {
  /** WhatsApp's message id (wamid.…). */
  id: string;
  status: WhatsappDelivery;
  /** When WhatsApp saw it, as a Date. */
  at: Date;
  /** The reason of a failure, as WhatsApp gives it. */
  error: string | undefined;
}

/**
 * The statuses in a webhook notification (`object: whatsapp_business_account`, `entry[].changes[].value.statuses[]`);
 * undefined when the body is not such a notification. Statuses other than the four (e.g. `deleted`) are left out.
 */
export function whatsappStatusesOf(body: unknown): WhatsappStatus[] | undefined {
  if (!isRecord(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return undefined;
  const statuses: WhatsappStatus[] = [];
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) return undefined;
    for (const change of entry.changes) {
      if (!isRecord(change) || !isRecord(change.value)) return undefined;
      const list = change.value.statuses;
      if (list === undefined) continue;
      if (!Array.isArray(list)) return undefined;
      for (const status of list) {
        if (!isRecord(status) || typeof status.id !== 'string' || typeof status.status !== 'string') return undefined;
        if (!['sent', 'delivered', 'read', 'failed'].includes(status.status)) continue;
        const seconds = Number(status.timestamp);
        const errors = Array.isArray(status.errors) ? status.errors.filter(isRecord) : [];
        const first = errors[0];
        statuses.push({
          id: status.id.slice(0, 200),
          status: status.status as WhatsappDelivery,
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
          error: first ? `${String(first.title ?? first.message ?? 'failed')}${first.code !== undefined ? ` [${String(first.code)}]` : ''}`.slice(0, 300) : undefined,
        });
      }
    }
  }
  return statuses;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
