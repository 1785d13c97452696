/**
 * The development mail page: what the shop sent while running without a real mail server or SMS provider, read from
 * the local mail catcher and the SMS log. These routes are outside /api and outside the contract, and registered only
 * outside production (the caller decides; they refuse a production configuration as a second guard).
 *
 * Every message the shop sent is here, invoices, sign-in and unsubscribe links included, so the pages answer only a
 * client on the server's own computer unless they are opened on purpose (DEV_MAIL_OPEN): a staging server reached
 * from elsewhere answers 403.
 *
 * Every answer sets its own Content-Security-Policy in a route-level onSend hook, which Fastify runs after the
 * application's own onSend hooks, so it replaces the shop's page policy: the list and message pages need a frame of
 * their own origin, and the e-mail's HTML needs its inline styles and to be framed by them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { isLoopback } from '../../client-address';
import { forbidden, sendError } from '../../errors';
import type { CaughtMail, MailCatcher } from '../../services/messages/catcher';
import type { SmsLogEntry } from '../../services/messages/sms';
import type { WhatsappLogEntry } from '../../services/messages/whatsapp';

export interface DevMailSources {
  /** Undefined when the shop sends through a real SMTP server. */
  mail: MailCatcher | undefined;
  /** Undefined when a real SMS provider is configured. */
  sms: { entries(): readonly SmsLogEntry[] } | undefined;
  /** Undefined when WhatsApp's Cloud API is configured. */
  whatsapp?: { entries(): readonly WhatsappLogEntry[] } | undefined;
}

/** Text known to be HTML already; anything else written into a page is escaped. */
class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function part(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose every interpolation is escaped unless it is Html (or a list of Html). */
function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, text, index) => out + text + (index < values.length ? part(values[index]) : ''), ''));
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1a202c; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid #e2e8f0; }
th { background: #f7fafc; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7fafc; padding: .75rem; border: 1px solid #e2e8f0; }
iframe { width: 100%; height: 70vh; border: 1px solid #cbd5e0; background: #fff; }
.muted { color: #718096; } .folded { color: #c05621; font-weight: 600; }
code { font-size: 12px; }
`;

/** The page's one style element, allowed by its hash rather than by allowing inline styles. */
// Written whole, so that the hash below is of exactly what the page carries (formatting the page cannot change it).
const STYLE_ELEMENT = new Html(`<style>${STYLE}</style>`);
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const PAGE_POLICY = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * An e-mail's HTML: shown only in the sandboxed frame of the message page (and sandboxed by its own policy if opened
 * directly), with the inline styles e-mail HTML is written with and the images it links to.
 */
const MAIL_HTML_POLICY = [
  'sandbox',
  "default-src 'none'",
  "style-src 'unsafe-inline' https:",
  "img-src 'self' data: http: https:",
  'font-src data: https:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** An attachment is a download, never a document of this origin. */
const ATTACHMENT_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

function withHeaders(policy: string, frameOptions: 'DENY' | 'SAMEORIGIN' = 'DENY'): onSendHookHandler {
  return (_request, reply, payload, done) => {
    reply.header('content-security-policy', policy);
    reply.header('x-frame-options', frameOptions);
    reply.header('cache-control', 'no-store');
    // Also set here, so that these answers carry them wherever the routes are registered.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    done(null, payload);
  };
}

const TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'medium' });

function time(iso: string): Html {
  return html`<time datetime="${iso}">${TIME.format(new Date(iso))} IST</time>`;
}

function mailPath(mail: CaughtMail, tail = ''): string {
  return `/_dev/mail/${encodeURIComponent(mail.id)}${tail}`;
}

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** The text part with its web addresses as links, so the links a message sends (pay, activate, unsubscribe) can be followed. */
function linkedText(text: string): Html {
  const parts: Html[] = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(html`${text.slice(from, match.index)}<a href="${match[0]}" target="_blank" rel="noreferrer">${match[0]}</a>`);
    from = match.index + match[0].length;
  }
  parts.push(html`${text.slice(from)}`);
  return html`${parts}`;
}

function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        ${body}
      </body>
    </html> `.value;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function deliveriesCell(mail: CaughtMail): Html {
  return mail.deliveries > 1 ? html`<span class="folded">${mail.deliveries}</span>` : html`${mail.deliveries}`;
}

function attachmentLinks(mail: CaughtMail): Html {
  return html`${mail.attachments.map(
    (attachment, index) =>
      html`<div>
        <a href="${mailPath(mail, `/attachments/${index}`)}">${attachment.filename ?? `attachment ${index + 1}`}</a>
        <span class="muted">${attachment.contentType}, ${sizeText(attachment.size)}${attachment.inline ? ', inline' : ''}</span>
      </div>`,
  )}`;
}

function listPage(sources: DevMailSources): string {
  const mails = sources.mail?.messages() ?? [];
  const sms = sources.sms?.entries() ?? [];
  const whatsapp = sources.whatsapp?.entries() ?? [];
  const mailSection = !sources.mail
    ? html`<p class="muted">The mail catcher is not running: e-mail goes to the SMTP server the shop is configured with.</p>`
    : mails.length === 0
      ? html`<p class="muted">No e-mail caught yet (SMTP on ${sources.mail.host}:${sources.mail.port}).</p>`
      : html`<p class="muted">
            ${mails.length} caught on SMTP ${sources.mail.host}:${sources.mail.port}, newest first. Deliveries above 1 are repeats with the
            same Message-ID, folded into one as mailbox providers do.
          </p>
          <table>
            <thead>
              <tr>
                <th>Received</th>
                <th>To</th>
                <th>Subject</th>
                <th>Attachments</th>
                <th>Deliveries</th>
              </tr>
            </thead>
            <tbody>
              ${mails.map(
                (mail) =>
                  html`<tr>
                    <td>${time(mail.receivedAt)}</td>
                    <td>${mail.to.join(', ')}</td>
                    <td><a href="${mailPath(mail)}">${mail.subject || '(no subject)'}</a></td>
                    <td>${attachmentLinks(mail)}</td>
                    <td>${deliveriesCell(mail)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`;
  const smsSection = !sources.sms
    ? html`<p class="muted">SMS go to the provider the shop is configured with.</p>`
    : sms.length === 0
      ? html`<p class="muted">No SMS sent yet.</p>`
      : html`<table>
          <thead>
            <tr>
              <th>Sent</th>
              <th>To</th>
              <th>Template</th>
              <th>Text</th>
              <th>Reference</th>
            </tr>
          </thead>
          <tbody>
            ${sms.map(
              (entry) =>
                html`<tr>
                  <td>${time(entry.at)}</td>
                  <td>${entry.to}</td>
                  <td>${entry.templateKey}</td>
                  <td>${entry.text}</td>
                  <td><code>${entry.reference}</code></td>
                </tr>`,
            )}
          </tbody>
        </table>`;
  const whatsappSection = !sources.whatsapp
    ? html`<p class="muted">WhatsApp messages go to the Cloud API the shop is configured with.</p>`
    : whatsapp.length === 0
      ? html`<p class="muted">No WhatsApp message sent yet.</p>`
      : html`<table>
          <thead>
            <tr>
              <th>Sent</th>
              <th>To</th>
              <th>Template</th>
              <th>Text</th>
              <th>Reference</th>
            </tr>
          </thead>
          <tbody>
            ${whatsapp.map(
              (entry) =>
                html`<tr>
                  <td>${time(entry.at)}</td>
                  <td>${entry.to}</td>
                  <td>${entry.template} (${entry.language})</td>
                  <td>${entry.text}</td>
                  <td><code>${entry.reference}</code></td>
                </tr>`,
            )}
          </tbody>
        </table>`;
  return page(
    'Sent messages (development)',
    html`<h1>Sent messages <span class="muted">(development only)</span></h1>
      <p class="muted"><a href="/_dev/mail">Refresh</a> · <a href="/_dev/mail.json">JSON</a> · clear with <code>DELETE /_dev/mail</code></p>
      <h2>E-mail</h2>
      ${mailSection}
      <h2>SMS</h2>
      ${smsSection}
      <h2>WhatsApp</h2>
      ${whatsappSection}`,
  );
}

function messagePage(mail: CaughtMail): string {
  return page(
    mail.subject || '(no subject)',
    html`<p><a href="/_dev/mail">← All messages</a></p>
      <h1>${mail.subject || '(no subject)'}</h1>
      <table>
        <tbody>
          <tr>
            <th>Received</th>
            <td>${time(mail.receivedAt)}</td>
          </tr>
          <tr>
            <th>From</th>
            <td>${mail.from ?? ''}</td>
          </tr>
          <tr>
            <th>Delivered to</th>
            <td>${mail.to.join(', ')}</td>
          </tr>
          <tr>
            <th>Deliveries</th>
            <td>${deliveriesCell(mail)}</td>
          </tr>
          <tr>
            <th>Attachments</th>
            <td>${mail.attachments.length > 0 ? attachmentLinks(mail) : html`<span class="muted">none</span>`}</td>
          </tr>
        </tbody>
      </table>
      <h2>HTML part</h2>
      ${
        mail.html === null
          ? html`<p class="muted">This message has no HTML part.</p>`
          : html`<iframe sandbox="" src="${mailPath(mail, '/html')}" title="The HTML part of the e-mail"></iframe>`
      }
      <h2>Text part</h2>
      ${mail.text === null ? html`<p class="muted">This message has no text part.</p>` : html`<pre>${linkedText(mail.text)}</pre>`}
      <h2>Headers</h2>
      <table>
        <tbody>
          ${mail.headerLines.map(
            (header) =>
              html`<tr>
                <th>${header.name}</th>
                <td><code>${header.value}</code></td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

/** An image the HTML shows by `cid:` points at its attachment, so the frame shows it as a mail client would. */
function withAttachmentLinks(mail: CaughtMail, body: string): string {
  return body.replace(/(["'(])cid:([^"')\s]+)/gi, (whole, before: string, cid: string) => {
    let id: string;
    try {
      id = decodeURIComponent(cid);
    } catch {
      return whole;
    }
    const index = mail.attachments.findIndex((attachment) => attachment.contentId === id);
    return index < 0 ? whole : `${before}${mailPath(mail, `/attachments/${index}`)}`;
  });
}

/** A media type as a header may carry it; anything else from a message is sent as bytes. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

function contentDisposition(filename: string | null, index: number): string {
  const name = filename ?? `attachment-${index + 1}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function notFound(reply: FastifyReply, what: string): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send(`${what} is not (or no longer) in the mail catcher.`);
}

export interface DevMailAccess {
  /** Serve the pages to any client, not only to one on this computer (DEV_MAIL_OPEN). */
  open: boolean;
}

export const DEV_MAIL_CLOSED =
  'The development mail page answers only on the computer the shop runs on. Set DEV_MAIL_OPEN=true to open it to others.';

/** Forwarding headers: a proxy on this computer passing on someone else's request. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A client on this computer: the connection comes from loopback, the address the proxy settings make of it too, and
 * no proxy says it forwards someone else (a proxy on the same computer connects from loopback for every visitor).
 */
function fromThisComputer(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && !FORWARDED.some((name) => request.headers[name] !== undefined);
}

export async function devMailRoutes(app: FastifyInstance, sources: DevMailSources, access: DevMailAccess = { open: false }): Promise<void> {
  // The page shows every message the shop sent, to anyone who reaches the server. The configuration may be decorated
  // only after these routes are registered, so it is checked again once the server is ready.
  const refuseInProduction = async () => {
    if (app.hasDecorator('config') && app.config.production) throw new Error('The development mail page is not for production.');
  };
  await refuseInProduction();
  app.addHook('onReady', refuseInProduction);

  app.addHook('onRequest', async (request, reply) => {
    if (access.open || fromThisComputer(request)) return;
    request.log.info({ client: request.ip }, 'development mail page refused to a client on another computer (DEV_MAIL_OPEN is off)');
    // Sent here: this scope was registered before the shop's error handler, which it would not reach.
    return sendError(reply, forbidden(DEV_MAIL_CLOSED));
  });

  const pageHeaders = withHeaders(PAGE_POLICY);

  app.get('/_dev/mail', { onSend: pageHeaders }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(listPage(sources)));

  app.get('/_dev/mail.json', { onSend: withHeaders(JSON_POLICY) }, async () => ({
    mail: sources.mail?.messages() ?? [],
    sms: sources.sms?.entries() ?? [],
    whatsapp: sources.whatsapp?.entries() ?? [],
  }));

  app.delete('/_dev/mail', { onSend: withHeaders(JSON_POLICY) }, async (_request, reply) => {
    sources.mail?.clear();
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/_dev/mail/:id', { onSend: pageHeaders }, async (request, reply) => {
    const mail = sources.mail?.message(request.params.id);
    if (!mail) return notFound(reply, 'This message');
    return reply.type('text/html; charset=utf-8').send(messagePage(mail));
  });

  app.get<{ Params: { id: string } }>(
    '/_dev/mail/:id/html',
    { onSend: withHeaders(MAIL_HTML_POLICY, 'SAMEORIGIN') },
    async (request, reply) => {
      const mail = sources.mail?.message(request.params.id);
      if (!mail || mail.html === null) return notFound(reply, 'This message');
      return reply.type('text/html; charset=utf-8').send(withAttachmentLinks(mail, mail.html));
    },
  );

  app.get<{ Params: { id: string; index: string } }>(
    '/_dev/mail/:id/attachments/:index',
    { onSend: withHeaders(ATTACHMENT_POLICY) },
    async (request, reply) => {
      const index = /^\d{1,4}$/.test(request.params.index) ? Number(request.params.index) : -1;
      const attachment = index < 0 ? undefined : sources.mail?.attachment(request.params.id, index);
      if (!attachment) return notFound(reply, 'This attachment');
      return reply
        .type(MEDIA_TYPE.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream')
        .header('content-disposition', contentDisposition(attachment.filename, index))
        .send(attachment.content);
    },
  );
}
