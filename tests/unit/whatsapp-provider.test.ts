/**
 * Meta's WhatsApp Cloud API against a local HTTP server that answers as the Graph API does: the exact request the shop
 * sends, the message id it keeps, which refusals are final (the worker fails the message and the SMS takes its place)
 * and which pass (the worker tries again later), and the webhook's signature and statuses.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CloudWhatsappProvider,
  LogWhatsappProvider,
  WhatsappRefused,
  whatsappSignatureOf,
  whatsappSignatureValid,
  whatsappStatusesOf,
  type WhatsappMessage,
} from '../../server/services/messages/whatsapp';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = () => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  received = [];
  answer = { status: 200, body: {} };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const SHIPPED: WhatsappMessage = {
  to: '+919876543210',
  template: 'kit_shipped',
  language: 'en',
  params: ['Asha', 'GUT-1042', 'Blue Dart', 'https://track.example/BD123'],
  text: 'Hi Asha, your order GUT-1042 has shipped with Blue Dart. Track it: https://track.example/BD123',
  reference: 'kit-shipped:kit-1:whatsapp',
};

const provider = () => new CloudWhatsappProvider('token-1', '106540352242922', baseUrl);

async function refusal(sending: Promise<unknown>): Promise<WhatsappRefused> {
  const error = await sending.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WhatsappRefused);
  return error as WhatsappRefused;
}

const graphError = (code: number, message: string, subcode?: number) => ({
  error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEf' },
});

describe('WhatsApp Cloud API', () => {
  it('sends the template with its body parameters to the number without its plus, and keeps WhatsApp’s message id', async () => {
    answer = {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: '919876543210', wa_id: '919876543210' }], messages: [{ id: 'wamid.HBgLOTE5ODc2NTQzMjEwFQIAERgSQ0' }] },
    };
    expect(await provider().send(SHIPPED)).toEqual({ id: 'wamid.HBgLOTE5ODc2NTQzMjEwFQIAERgSQ0' });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/v21.0/106540352242922/messages' });
    expect(request!.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    expect(JSON.parse(request!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'kit_shipped',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha' },
              { type: 'text', text: 'GUT-1042' },
              { type: 'text', text: 'Blue Dart' },
              { type: 'text', text: 'https://track.example/BD123' },
            ],
          },
        ],
      },
    });
  });

  it('refuses for good an invalid recipient, a missing template and a bad token, with WhatsApp’s reason', async () => {
    for (const [status, body, text] of [
      [400, graphError(131026, 'Message Undeliverable.'), 'WhatsApp refused the message: Message Undeliverable. [131026]'],
      [404, graphError(132001, 'Template name does not exist in the translation'), 'WhatsApp refused the message: Template name does not exist in the translation [132001]'],
      [400, graphError(100, 'Invalid parameter'), 'WhatsApp refused the message: Invalid parameter [100]'],
      [401, graphError(190, 'Error validating access token: Session has expired', 463), 'WhatsApp refused the message: Error validating access token: Session has expired [190]'],
    ] as const) {
      answer = { status, body };
      const refused = await refusal(provider().send(SHIPPED));
      expect(refused.message).toBe(text);
      expect([refused.status, refused.permanent], text).toEqual([status, true]);
    }
  });

  it('tries again after a 429, a 5xx, a rate limit answered as a 400, and an answer without a message id', async () => {
    for (const [status, body] of [
      [429, graphError(130429, 'Rate limit hit')],
      [500, graphError(131000, 'Something went wrong')],
      [503, graphError(2, 'Service temporarily unavailable')],
      [400, graphError(131056, '(Business Account, Consumer Account) pair rate limit hit')],
      [200, { messaging_product: 'whatsapp' }],
    ] as const) {
      answer = { status, body };
      const refused = await refusal(provider().send(SHIPPED));
      expect(refused.permanent, `${status} ${JSON.stringify(body)}`).toBe(false);
    }
  });

  it('takes an unreachable API as passing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await refusal(new CloudWhatsappProvider('token-1', '1065', url).send(SHIPPED));
    expect(refused.permanent).toBe(false);
  });
});

describe('the log provider', () => {
  it('keeps each message, newest first, with an id of WhatsApp’s form', async () => {
    const lines: string[] = [];
    const log = new LogWhatsappProvider((line) => lines.push(line));
    const first = await log.send(SHIPPED);
    await log.send({ ...SHIPPED, template: 'report_ready', reference: 'report-ready:kit-1:whatsapp' });
    expect(first.id).toMatch(/^wamid\./);
    expect(log.entries().map((entry) => entry.template)).toEqual(['report_ready', 'kit_shipped']);
    expect(lines[0]).toBe(`WhatsApp to +919876543210 (kit_shipped): ${SHIPPED.text}`);
  });
});

describe('the webhook', () => {
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });

  it('is signed with the HMAC-SHA256 of the raw body under the app secret, checked exactly', () => {
    const signature = whatsappSignatureOf(body, 'app-secret');
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(whatsappSignatureValid(Buffer.from(body), signature, 'app-secret')).toBe(true);
    expect(whatsappSignatureValid(body, signature.toUpperCase().replace('SHA256', 'sha256'), 'app-secret')).toBe(true);
    expect(whatsappSignatureValid(`${body} `, signature, 'app-secret')).toBe(false);
    expect(whatsappSignatureValid(body, signature, 'another-secret')).toBe(false);
    expect(whatsappSignatureValid(body, signature.slice('sha256='.length), 'app-secret')).toBe(false);
    expect(whatsappSignatureValid(body, 'sha256=abc', 'app-secret')).toBe(false);
    expect(whatsappSignatureValid(body, undefined, 'app-secret')).toBe(false);
    expect(whatsappSignatureValid(body, signature, '')).toBe(false);
  });

  it('reads the statuses of a notification, and nothing of a body that is not one', () => {
    const notification = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                statuses: [
                  { id: 'wamid.A', status: 'delivered', timestamp: '1750263773', recipient_id: '919876543210' },
                  {
                    id: 'wamid.B',
                    status: 'failed',
                    timestamp: '1750263774',
                    recipient_id: '919876543211',
                    errors: [{ code: 131026, title: 'Message undeliverable' }],
                  },
                  { id: 'wamid.C', status: 'deleted', timestamp: '1750263775' },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(whatsappStatusesOf(notification)).toEqual([
      { id: 'wamid.A', status: 'delivered', at: new Date(1750263773000), error: undefined },
      { id: 'wamid.B', status: 'failed', at: new Date(1750263774000), error: 'Message undeliverable [131026]' },
    ]);
    expect(whatsappStatusesOf({ object: 'whatsapp_business_account', entry: [{ changes: [{ value: { messages: [] } }] }] })).toEqual([]);
    for (const bad of [null, [], 'text', { object: 'page', entry: [] }, { object: 'whatsapp_business_account' }, { object: 'whatsapp_business_account', entry: [{ changes: [{ value: { statuses: [{ status: 'read' }] } }] }] }])
      expect(whatsappStatusesOf(bad), JSON.stringify(bad)).toBeUndefined();
  });
});
