/**
 * MSG91 and Twilio, each against a local HTTP server that answers as their documented APIs do: what the shop sends
 * them, how it reads their answers, and which refusals are final (the worker fails the message at once) or passing
 * (the worker tries again later).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Msg91SmsProvider, SmsRefused, TwilioSmsProvider, type SmsMessage } from '../../server/services/messages/sms';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Answer = { status: number; body: unknown };

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: Answer = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
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
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const SHIPPED: SmsMessage = {
  to: '+919876543210',
  templateKey: 'kit-shipped',
  vars: { name: 'Asha', courier: 'Blue Dart', tracking: 'BD123456789IN' },
  text: 'Gut360: Asha, your Gut 360 kit is on its way with Blue Dart, tracking BD123456789IN.',
  reference: 'kit-shipped:sms:order-42',
};

async function refusal(sending: Promise<unknown>): Promise<SmsRefused> {
  const error = await sending.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(SmsRefused);
  return error as SmsRefused;
}

describe('MSG91 (Flow API)', () => {
  const provider = () => new Msg91SmsProvider('auth-key-1', { 'kit-shipped': 'flow-shipped-id' }, baseUrl);

  it('sends the flow of the message with its variables to the number without its plus, and keeps MSG91’s request id', async () => {
    answer = { status: 200, body: { type: 'success', message: '3763646c3058373530393830' } };
    expect(await provider().send(SHIPPED)).toEqual({ id: '3763646c3058373530393830' });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v5/flow' });
    expect(request!.headers).toMatchObject({ authkey: 'auth-key-1', 'content-type': 'application/json' });
    expect(JSON.parse(request!.body)).toEqual({
      template_id: 'flow-shipped-id',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', name: 'Asha', courier: 'Blue Dart', tracking: 'BD123456789IN' }],
    });
  });

  it('refuses for good, without asking MSG91, a message whose flow is not configured', async () => {
    const refused = await refusal(provider().send({ ...SHIPPED, templateKey: 'report-ready' }));
    expect(refused.message).toBe('No MSG91 flow is configured for report-ready.');
    expect(refused.permanent).toBe(true);
    expect(received).toEqual([]);
  });

  it('reads an error in a 200 answer as a final refusal, with MSG91’s reason', async () => {
    answer = { status: 200, body: { type: 'error', message: 'Invalid template id' } };
    const refused = await refusal(provider().send(SHIPPED));
    expect(refused.message).toBe('MSG91 refused the SMS: Invalid template id');
    expect(refused.permanent).toBe(true);
  });

  it('tries again after a 5xx or a 429, and not after a 401', async () => {
    for (const [status, permanent] of [
      [500, false],
      [503, false],
      [429, false],
      [401, true],
    ] as const) {
      answer = { status, body: { type: 'error', message: `status ${status}` } };
      const refused = await refusal(provider().send(SHIPPED));
      expect([refused.status, refused.permanent], String(status)).toEqual([status, permanent]);
    }
  });

  it('cannot look a message up by our reference, so a retry sends it again', async () => {
    expect(await provider().find()).toBeUndefined();
  });
});

describe('Twilio (Messages API)', () => {
  const provider = () => new TwilioSmsProvider('AC0123456789abcdef', 'token-1', '+15005550006', baseUrl);

  it('posts the written-out text as a form with Basic auth, and keeps the message’s sid', async () => {
    answer = { status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' } };
    expect(await provider().send(SHIPPED)).toEqual({ id: 'SM0123456789abcdef0123456789abcdef' });

    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC0123456789abcdef/Messages.json' });
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:token-1').toString('base64')}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({ To: '+919876543210', From: '+15005550006', Body: SHIPPED.text });
  });

  it('reads a 400 as a final refusal with Twilio’s reason, and a 5xx as passing', async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number +919876543210 is not a valid phone number." } };
    const refused = await refusal(provider().send(SHIPPED));
    expect(refused.message).toBe("Twilio refused the SMS: The 'To' number +919876543210 is not a valid phone number.");
    expect(refused.permanent).toBe(true);

    answer = { status: 503, body: 'Service Unavailable' };
    const passing = await refusal(provider().send(SHIPPED));
    expect(passing.message).toBe('Twilio refused the SMS: 503');
    expect(passing.permanent).toBe(false);
  });
});

it('a provider that cannot be reached fails the try without a refusal, so the worker tries again later', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  for (const provider of [new Msg91SmsProvider('key', { 'kit-shipped': 'flow' }, url), new TwilioSmsProvider('AC1', 'token', '+15005550006', url)]) {
    const error = await provider.send(SHIPPED).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error, provider.name).toBeInstanceOf(Error);
    expect(error, provider.name).not.toBeInstanceOf(SmsRefused);
  }
});
