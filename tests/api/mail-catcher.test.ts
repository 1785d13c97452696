/**
 * The local mail catcher that development and the browser tests send the shop's e-mail to, and the development page
 * that reads it. No database: the page's routes are mounted on a bare Fastify with the shop's own header hook.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devMailRoutes } from '../../server/routes/dev-mail/handlers';
import { securityHeadersFor } from '../../server/plugins/security-headers';
import { startMailCatcher, type MailCatcher } from '../../server/services/messages/catcher';
import { LogSmsProvider } from '../../server/services/messages/sms';
import { LogWhatsappProvider } from '../../server/services/messages/whatsapp';

const INVOICE = Buffer.from('%PDF-1.7\n% an invoice, with a byte above ASCII: \xff\n%%EOF\n', 'latin1');

function transport(catcher: MailCatcher, pool = false) {
  return createTransport({ host: '127.0.0.1', port: catcher.port, secure: false, ignoreTLS: true, pool, connectionTimeout: 2_000 });
}

function orderConfirmation(messageId: string, subject = 'Your Gut360 order GUT-1042 is confirmed') {
  return {
    from: 'Gut360 Health <orders@gut360.example>',
    to: 'Priya Sharma <priya@example.in>',
    bcc: 'records@gut360.example',
    subject,
    messageId,
    text: 'Thank you for your order GUT-1042.\nTotal: ₹4,999\nYour orders: https://shop.gut360.example/orders?o=GUT-1042&tab=all.',
    html: '<p style="color:#2f855a">Thank you for your order <b>GUT-1042</b>.</p><img src="cid:logo@gut360">',
    list: { unsubscribe: { url: 'https://shop.gut360.example/unsubscribe?t=abc', comment: 'Unsubscribe' } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [
      { filename: 'invoice-GUT-1042.pdf', content: INVOICE, contentType: 'application/pdf' },
      { filename: 'logo.png', content: Buffer.from('not really a png'), contentType: 'image/png', cid: 'logo@gut360' },
    ],
  };
}

describe('the mail catcher', () => {
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0, keep: 3 });
  });
  afterAll(async () => {
    await catcher?.stop();
  });
  beforeEach(() => catcher.clear());

  it('keeps what it is sent: addresses, parts, the selected headers and the attachments', async () => {
    await transport(catcher).sendMail(orderConfirmation('<order-paid.o-1042@gut360.example>'));
    const [mail] = catcher.messages();
    expect(mail).toMatchObject({
      messageId: '<order-paid.o-1042@gut360.example>',
      from: 'orders@gut360.example',
      to: ['priya@example.in', 'records@gut360.example'],
      subject: 'Your Gut360 order GUT-1042 is confirmed',
      text: 'Thank you for your order GUT-1042.\nTotal: ₹4,999\nYour orders: https://shop.gut360.example/orders?o=GUT-1042&tab=all.',
      html: expect.stringContaining('src="cid:logo@gut360"'),
      headers: {
        'Message-ID': '<order-paid.o-1042@gut360.example>',
        'List-Unsubscribe': '<https://shop.gut360.example/unsubscribe?t=abc> (Unsubscribe)',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      // In the message's order: nodemailer puts the embedded image beside the HTML, before the invoice.
      attachments: [
        { filename: 'logo.png', contentType: 'image/png', contentId: 'logo@gut360', inline: true },
        { filename: 'invoice-GUT-1042.pdf', contentType: 'application/pdf', size: INVOICE.length, contentId: null, inline: false },
      ],
      deliveries: 1,
    });
    expect(new Date(mail!.receivedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(catcher.message(mail!.id)).toEqual(mail);
    expect(catcher.attachment(mail!.id, 1)).toEqual({ filename: 'invoice-GUT-1042.pdf', contentType: 'application/pdf', content: INVOICE });
    expect(catcher.attachment(mail!.id, 2)).toBeUndefined();
  });

  it('folds a second delivery of the same Message-ID into the first, as mailbox providers do', async () => {
    const sender = transport(catcher);
    await sender.sendMail(orderConfirmation('<report-ready.k-7@gut360.example>', 'Your report is ready'));
    await sender.sendMail(orderConfirmation('<report-ready.k-7@gut360.example>', 'Your report is ready'));
    await sender.sendMail(orderConfirmation('<report-ready.k-8@gut360.example>', 'Your other report is ready'));
    expect(catcher.messages().map(({ subject, deliveries }) => ({ subject, deliveries }))).toEqual([
      { subject: 'Your other report is ready', deliveries: 1 },
      { subject: 'Your report is ready', deliveries: 2 },
    ]);
  });

  it('keeps the newest messages up to its limit', async () => {
    const sender = transport(catcher);
    for (const n of [1, 2, 3, 4])
      await sender.sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: `Message ${n}`, text: 'x' });
    expect(catcher.messages().map((mail) => mail.subject)).toEqual(['Message 4', 'Message 3', 'Message 2']);
  });

  it('waits for a message that has not arrived yet, and says what did arrive when none matches', async () => {
    const waiting = catcher.waitFor((mail) => mail.subject === 'Kit shipped', 5_000);
    await transport(catcher).sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: 'Kit shipped', text: 'On its way' });
    await expect(waiting).resolves.toMatchObject({ subject: 'Kit shipped', to: ['b@example.in'] });
    await expect(catcher.waitFor((mail) => mail.subject === 'Never sent', 50)).rejects.toThrow(/"Kit shipped" to b@example\.in/);
  });

  it('stops (closing open sessions and the port) and starts again on the same port', async () => {
    const port = catcher.port;
    const pooled = transport(catcher, true);
    await pooled.sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: 'Before the outage', text: 'x' });
    const started = Date.now();
    await catcher.stop();
    expect(Date.now() - started).toBeLessThan(500);
    pooled.close();

    await expect(
      transport(catcher).sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: 'During', text: 'x' }),
    ).rejects.toMatchObject({
      code: 'ESOCKET',
      message: expect.stringMatching(/ECONNREFUSED/),
    });

    // A second catcher on the released port, as a restarted process would.
    const other = await startMailCatcher({ port });
    try {
      await transport(other).sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: 'Elsewhere', text: 'x' });
      expect(other.messages().map((mail) => mail.subject)).toEqual(['Elsewhere']);
    } finally {
      await other.stop();
    }

    // The same catcher again, with what it caught before the outage.
    await catcher.start();
    expect(catcher.port).toBe(port);
    await transport(catcher).sendMail({ from: 'a@gut360.example', to: 'b@example.in', subject: 'After the outage', text: 'x' });
    expect(catcher.messages().map((mail) => mail.subject)).toEqual(['After the outage', 'Before the outage']);
  });
});

describe('the development mail page', () => {
  let catcher: MailCatcher;
  let app: FastifyInstance;
  const sms = new LogSmsProvider();
  const whatsapp = new LogWhatsappProvider();
  const pageHeaders = securityHeadersFor({ firebaseAuthEmulatorHost: '127.0.0.1:9099', razorpay: undefined, production: false }).pages;
  let mail: { id: string };
  /** Where the invoice sits among the message's attachments. */
  let invoice: number;

  /** The e-mail the page shows: caught again after the test that clears the catcher. */
  const catchTheMail = async () => {
    await transport(catcher).sendMail({
      ...orderConfirmation('<contact-ack.c-1@gut360.example>', 'Re: <script>alert("subject")</script> & more'),
      html: '<p>We got your message</p><img src="cid:logo@gut360"><script>alert("body")</script>',
    });
    const caught = catcher.messages()[0]!;
    mail = caught;
    invoice = caught.attachments.findIndex((attachment) => attachment.filename === 'invoice-GUT-1042.pdf');
  };

  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0 });
    app = Fastify();
    // As server/app.ts: the shop's page headers on every answer outside /api.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(pageHeaders);
      done(null, payload);
    });
    await app.register(async (scope) => devMailRoutes(scope, { mail: catcher, sms, whatsapp }));
    await app.ready();

    await catchTheMail();
    await sms.send({
      to: '+919876543210',
      templateKey: 'kit-shipped',
      vars: {},
      text: 'Your kit <b>GUT-1042</b> is on its way',
      reference: 'r-1',
    });
    await whatsapp.send({
      to: '+919876543210',
      template: 'kit_shipped',
      language: 'en',
      params: ['Asha'],
      text: 'Hi Asha, your order <i>GUT-1042</i> has shipped',
      reference: 'r-2',
    });
  });
  afterAll(async () => {
    await app?.close();
    await catcher?.stop();
  });

  it('lists e-mail and SMS as JSON for the browser tests, bodies included', async () => {
    const response = await app.inject({ method: 'GET', url: '/_dev/mail.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.mail).toHaveLength(1);
    expect(body.mail[0]).toMatchObject({
      id: mail.id,
      text: expect.stringContaining('GUT-1042'),
      deliveries: 1,
      to: ['priya@example.in', 'records@gut360.example'],
    });
    expect(body.sms).toMatchObject([{ to: '+919876543210', templateKey: 'kit-shipped', reference: 'r-1' }]);
    expect(body.whatsapp).toMatchObject([{ to: '+919876543210', template: 'kit_shipped', language: 'en', params: ['Asha'], reference: 'r-2' }]);
  });

  it('escapes what the messages say in the list and the message page', async () => {
    for (const url of ['/_dev/mail', `/_dev/mail/${mail.id}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).not.toContain('<script>');
      expect(response.body).not.toContain('<b>GUT-1042</b>');
      expect(response.body).toContain('Re: &lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; more');
      // The page's own policy replaces the shop's: no script, a frame of its own origin, never framed itself.
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/frame-src 'self'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/script-src/);
      // The one stylesheet the policy allows is the one the page carries.
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
      expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    const list = await app.inject({ method: 'GET', url: '/_dev/mail' });
    expect(list.body).toContain('Your kit &lt;b&gt;GUT-1042&lt;/b&gt; is on its way');
    expect(list.body).toContain('<h2>WhatsApp</h2>');
    expect(list.body).toContain('Hi Asha, your order &lt;i&gt;GUT-1042&lt;/i&gt; has shipped');
    expect(list.body).toContain(`<a href="/_dev/mail/${mail.id}/attachments/${invoice}">invoice-GUT-1042.pdf</a>`);
  });

  it('shows the HTML part in a sandboxed frame that its own origin may frame, and the text part', async () => {
    const page = await app.inject({ method: 'GET', url: `/_dev/mail/${mail.id}` });
    expect(page.body).toContain(`<iframe sandbox="" src="/_dev/mail/${mail.id}/html"`);
    // Its addresses are links, escaped like the rest.
    const link = 'https://shop.gut360.example/orders?o=GUT-1042&amp;tab=all';
    expect(page.body).toContain(
      `<pre>Thank you for your order GUT-1042.\nTotal: ₹4,999\nYour orders: <a href="${link}" target="_blank" rel="noreferrer">${link}</a>.</pre>`,
    );
    expect(page.body).toContain('List-Unsubscribe-Post');

    const frame = await app.inject({ method: 'GET', url: `/_dev/mail/${mail.id}/html` });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(frame.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox;/);
    expect(policy).toMatch(/style-src 'unsafe-inline'/);
    expect(policy).toMatch(/frame-ancestors 'self'/);
    expect(policy).not.toMatch(/script-src/);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The embedded logo points at its attachment.
    expect(frame.body).toContain(`<img src="/_dev/mail/${mail.id}/attachments/${1 - invoice}">`);
  });

  it('downloads an attachment with its bytes and content type', async () => {
    const response = await app.inject({ method: 'GET', url: `/_dev/mail/${mail.id}/attachments/${invoice}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-GUT-1042.pdf"; filename*=UTF-8''invoice-GUT-1042.pdf`,
    );
    expect(response.rawPayload.equals(INVOICE)).toBe(true);
    expect(String(response.headers['content-security-policy'])).toMatch(/^sandbox;/);
  });

  it('answers 404 for a message or attachment it does not have', async () => {
    for (const url of [
      '/_dev/mail/nope',
      '/_dev/mail/nope/html',
      `/_dev/mail/${mail.id}/attachments/7`,
      `/_dev/mail/${mail.id}/attachments/-1`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('clears the caught e-mail', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/_dev/mail' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/_dev/mail.json' })).json().mail).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/_dev/mail' })).body).toContain('No e-mail caught yet');
    await catchTheMail();
  });

  it('says so when the shop sends through real servers instead', async () => {
    const real = Fastify();
    await real.register(async (scope) => devMailRoutes(scope, { mail: undefined, sms: undefined }));
    const response = await real.inject({ method: 'GET', url: '/_dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('The mail catcher is not running');
    expect((await real.inject({ method: 'GET', url: '/_dev/mail.json' })).json()).toEqual({ mail: [], sms: [], whatsapp: [] });
    await real.close();
  });

  it('refuses to be served by a production server, also when the configuration is decorated afterwards', async () => {
    const production = Fastify();
    await production.register(async (scope) => devMailRoutes(scope, { mail: undefined, sms: undefined }));
    production.decorate('config', { production: true } as FastifyInstance['config']);
    await expect(production.ready()).rejects.toThrow(/not for production/);
  });
});
