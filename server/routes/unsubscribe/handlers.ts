/**
 * The unsubscribe link of promotional e-mail: `GET /unsubscribe/<token>` shows what it does and a button (mail
 * scanners follow links, so opening it changes nothing); `POST` withdraws the consent, from that button or from the
 * mail program's own one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded). These are pages
 * of the shop rather than calls of its API, so they are not in the contract; the token is the only input.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { addressOfToken, unsubscribe } from '../../services/messages/unsubscribe';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Gut360 Health</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a202c;background:#f7fafc;margin:0;padding:24px 16px;line-height:1.5}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px}
h1{font-size:1.4rem;margin:0 0 12px}button{font:inherit;background:#0f766e;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer;min-height:44px}
a{color:#0f766e}</style></head><body><main>${body}</main></body></html>`;
}

const INVALID = page(
  'Link not valid',
  '<h1>This link is not valid</h1><p>It may have been cut short by your mail program. You can change what we send you on the <a href="/user/privacy">Privacy and data</a> page of your account.</p>',
);

/**
 * The page's address carries the token: no referrer at all, so that no link or resource the page may ever hold hands
 * it to another site. Set in a route-level onSend hook, which Fastify runs after the shop's own (the one that gives
 * every page `strict-origin-when-cross-origin`), so it is the policy the browser gets.
 */
const noReferrer: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('referrer-policy', 'no-referrer');
  done(null, payload);
};

export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // The one-click POST is form-encoded; its only field is fixed, so the body is taken as text and not read further.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, body),
  );

  // A wildcard rather than a parameter: the token (the address and its signature) is longer than a parameter may be.
  app.get<{ Params: { '*': string } }>('/unsubscribe/*', { onSend: noReferrer }, async (request, reply) => {
    const email = addressOfToken(app.config.messages.signingSecret, request.params['*']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!email) return reply.code(404).send(INVALID);
    return reply.send(
      page(
        'Unsubscribe',
        `<h1>Unsubscribe from offers and reminders</h1><p>We will stop sending offers, tips and order reminders to <strong>${escapeHtml(email)}</strong>. ` +
          'Messages about your orders, kits and reports still come.</p>' +
          `<form method="post"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  app.post<{ Params: { '*': string } }>('/unsubscribe/*', { onSend: noReferrer }, async (request, reply) => {
    const email = addressOfToken(app.config.messages.signingSecret, request.params['*']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!email) return reply.code(404).send(INVALID);
    await app.db.transaction((tx) => unsubscribe(tx, email, request.ip));
    return reply.send(
      page(
        'Unsubscribed',
        `<h1>You are unsubscribed</h1><p>We will not send offers, tips or reminders to <strong>${escapeHtml(email)}</strong> any more. ` +
          'If you change your mind, turn them on again on the <a href="/user/privacy">Privacy and data</a> page of your account.</p>',
      ),
    );
  });
}
