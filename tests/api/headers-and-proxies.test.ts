/**
 * Headers and proxies: HSTS on every answer in production only; the unsubscribe pages keep `no-referrer` and take
 * their token exactly as written, nothing added; TRUST_PROXY trusts as many proxies, or the proxies at the
 * addresses, it names, so a client's own X-Forwarded-For entries neither escape a limit nor reach the audit log; and
 * per-address limits count an IPv6 client by its /64.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineConfig, loadConfig } from '../../server/config';
import { STRICT_TRANSPORT_SECURITY } from '../../server/plugins/security-headers';
import { unsubscribeToken } from '../../server/services/messages/unsubscribe';
import { expectContract } from './contract';
import { newCustomer } from './orders-fixtures';
import { manualClock } from './setup/clock';
import { backends, startTestApp, type TestApp } from './setup/app';

const PRODUCTION_SECRET = 'a-long-random-production-signing-secret';
const CHALLENGES_PER_MINUTE = 3;

/** Requests that reach the shop in different ways: API, an unknown API path, a malformed URL, a page. */
const ANSWERS = ['/api/health/live', '/api/products', '/api/no-such-thing', '/api/products/%E0%A4', '/unsubscribe/nonsense'];

/** A person with marketing consent granted; their unsubscribe token is made with `secret`. */
async function subscriber(app: FastifyInstance, secret: string) {
  const email = `unsub-${randomUUID()}@example.test`;
  const [user] = await app.db.query<{ id: string }>(`INSERT INTO users (email, fullname, role) VALUES ($1, 'Asha Rao', 'customer') RETURNING id`, [email]);
  await app.db.query(`INSERT INTO consents (user_id, purpose, granted) VALUES ($1, 'marketing', true)`, [user!.id]);
  const granted = async () => {
    const [row] = await app.db.query<{ granted: boolean }>(`SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'marketing'`, [user!.id]);
    return row?.granted;
  };
  return { id: user!.id, email, token: unsubscribeToken(secret, email), granted };
}

const oneClick = (app: FastifyInstance, token: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.2') =>
  app.inject({
    method: 'POST',
    url: `/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
    remoteAddress,
  });

describe.each(backends)('headers and proxies on %s', (backend) => {
  // Outside production, one proxy in front (TRUST_PROXY=1), a few sign-in messages a minute per client.
  let shop: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    shop = await startTestApp(
      backend,
      { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, authChallengeRateLimitPerMinute: CHALLENGES_PER_MINUTE },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe('HSTS', () => {
    it('is not sent outside production', async () => {
      for (const url of ANSWERS) {
        const response = await shop.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });
  });

  describe('the unsubscribe page', () => {
    it('keeps no-referrer over the shop’s own policy, the rest of the shop’s headers with it', async () => {
      const person = await subscriber(shop.app, shop.app.config.messages.signingSecret);
      for (const response of [
        await shop.app.inject({ method: 'GET', url: `/unsubscribe/${person.token}` }),
        await shop.app.inject({ method: 'GET', url: '/unsubscribe/nonsense' }),
        await oneClick(shop.app, person.token),
      ]) {
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
      // Every other page keeps the shop's policy.
      expect((await shop.app.inject({ method: 'GET', url: '/api/products' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('refuses a token with anything added after (or before) its signature, and changes nothing', async () => {
      const person = await subscriber(shop.app, shop.app.config.messages.signingSecret);
      const [encoded, signature] = person.token.split('.') as [string, string];
      // The same bytes written another way: base64url's last character carries bits that decoding drops.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const sameBytes = [...alphabet]
        .map((last) => `${encoded.slice(0, -1)}${last}`)
        .find((other) => other !== encoded && Buffer.from(other, 'base64url').equals(Buffer.from(encoded, 'base64url')));
      expect(sameBytes).toBeDefined();
      const tampered = [
        `${person.token}.x`,
        `${person.token}.${signature}`,
        `${person.token}x`,
        `${person.token}=`,
        `${person.token}/x`,
        `${person.token}%20`,
        `.${person.token}`,
        `${encoded}..${signature}`,
        `${sameBytes}.${signature}`,
        `${Buffer.from(person.email.toUpperCase()).toString('base64url')}.${signature}`,
      ];
      for (const token of tampered) {
        const page = await shop.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
        expect(page.statusCode, token).toBe(404);
        expect(page.body).toContain('This link is not valid');
        expect(page.body).not.toContain(person.email);
        expect((await oneClick(shop.app, token)).statusCode, token).toBe(404);
      }
      // A control character is refused before the page is reached, as in every address.
      expect((await shop.app.inject({ method: 'GET', url: `/unsubscribe/${person.token}%00` })).statusCode).toBe(400);
      expect((await oneClick(shop.app, `${person.token}%00`)).statusCode).toBe(400);
      expect(await person.granted()).toBe(true);
      // The token as written still works.
      expect((await shop.app.inject({ method: 'GET', url: `/unsubscribe/${person.token}` })).body).toContain(person.email);
      expect((await oneClick(shop.app, person.token)).statusCode).toBe(200);
      expect(await person.granted()).toBe(false);
    });
  });

  describe('TRUST_PROXY as a hop count', () => {
    const challenge = (remoteAddress: string, headers: Record<string, string> = {}) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/challenges',
        remoteAddress,
        headers,
        payload: { kind: 'email-link', to: `limit-${randomUUID()}@example.test` },
      });

    it('takes the client’s address from the proxy’s entry, so entries the client wrote before it escape no limit', async () => {
      clock.advance(60_000);
      for (let attempt = 0; attempt < CHALLENGES_PER_MINUTE; attempt++) {
        const response = await challenge('10.0.0.1', { 'x-forwarded-for': `192.0.2.${attempt + 1}, 198.51.100.7` });
        expectContract(response, 'requestAuthChallenge', 200);
      }
      expectContract(await challenge('10.0.0.1', { 'x-forwarded-for': '192.0.2.99, 198.51.100.7' }), 'requestAuthChallenge', 429);
      // Another client behind the same proxy has limits of its own.
      expectContract(await challenge('10.0.0.1', { 'x-forwarded-for': '198.51.100.8' }), 'requestAuthChallenge', 200);
    });

    it('writes the client’s address to the audit log, not one the client wrote', async () => {
      const person = await subscriber(shop.app, shop.app.config.messages.signingSecret);
      const response = await oneClick(shop.app, person.token, { 'x-forwarded-for': '192.0.2.66, 198.51.100.9' }, '10.0.0.1');
      expect(response.statusCode).toBe(200);
      const [audit] = await shop.app.db.query<{ actor_ip: string }>(
        `SELECT actor_ip FROM audit_log WHERE subject_user_id = $1 AND action = 'consent.withdrawn'`,
        [person.id],
      );
      expect(audit?.actor_ip).toBe('198.51.100.9');
    });
  });

  describe('per-address limits', () => {
    const challenge = (remoteAddress: string) =>
      shop.app.inject({ method: 'POST', url: '/api/auth/challenges', remoteAddress, payload: { kind: 'email-link', to: `limit-${randomUUID()}@example.test` } });
    const statuses = async (addresses: string[]) => {
      const answered: number[] = [];
      for (const address of addresses) answered.push((await challenge(address)).statusCode);
      return answered;
    };

    it('count every address of one IPv6 /64 as one client, and another /64 apart', async () => {
      clock.advance(60_000);
      expect(await statuses(['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:0:0:0:c'])).toEqual([200, 200, 200, 429]);
      expect(await statuses(['2001:db8:1:3::a', '2001:0db8:0001:0003:0000:0000:0000:000b'])).toEqual([200, 200]);
    });

    it('count IPv4 clients one address at a time, an IPv4-mapped IPv6 address as its IPv4', async () => {
      clock.advance(60_000);
      expect(await statuses(['198.51.100.20', '198.51.100.20', '198.51.100.20', '198.51.100.20'])).toEqual([200, 200, 200, 429]);
      expect(await statuses(['198.51.100.21'])).toEqual([200]);
      expect(await statuses(['::ffff:198.51.100.30', '198.51.100.30', '::ffff:198.51.100.30', '198.51.100.30'])).toEqual([200, 200, 200, 429]);
      expect(await statuses(['::ffff:198.51.100.31'])).toEqual([200]);
    });

    it('count a /64 as one client on a route with a limit of its own (kit activation)', async () => {
      clock.advance(60_000);
      const customer = await newCustomer(shop.app);
      const activate = (remoteAddress: string) =>
        shop.app.inject({ method: 'POST', url: '/api/kits/activate', headers: customer.auth, remoteAddress, payload: { code: 'NOSUCHCODE' } });
      for (let attempt = 1; attempt <= 10; attempt++) expect((await activate(`2001:db8:5:6::${attempt.toString(16)}`)).statusCode).not.toBe(429);
      expectContract(await activate('2001:db8:5:6:1:2:3:4'), 'activateKit', 429);
      expect((await activate('2001:db8:5:7::1')).statusCode).not.toBe(429);
    });
  });

  // Last: building a server without the Auth emulator takes the emulator's variable from this process.
  describe('in production', () => {
    let production: TestApp;

    beforeAll(async () => {
      production = await startTestApp(backend, {
        nodeEnv: 'production',
        production: true,
        demoData: false,
        firebaseAuthEmulatorHost: undefined,
        publicSiteUrl: 'https://shop.example.in',
        trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy,
        messages: { ...defineConfig().messages, smtpUrl: 'smtp://127.0.0.1:9', signingSecret: PRODUCTION_SECRET },
      });
    });
    afterAll(async () => {
      await production?.close();
    });

    it('sends HSTS with every answer', async () => {
      for (const url of ANSWERS) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], `${url} → ${response.statusCode}`).toBe(STRICT_TRANSPORT_SECURITY);
      }
      expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    });

    it('trusts X-Forwarded-For from the proxies TRUST_PROXY lists, and from no one else', async () => {
      const viaProxy = await subscriber(production.app, PRODUCTION_SECRET);
      expect((await oneClick(production.app, viaProxy.token, { 'x-forwarded-for': '192.0.2.1, 198.51.100.40' }, '10.1.2.3')).statusCode).toBe(200);
      const direct = await subscriber(production.app, PRODUCTION_SECRET);
      expect((await oneClick(production.app, direct.token, { 'x-forwarded-for': '192.0.2.1' }, '203.0.113.50')).statusCode).toBe(200);
      const addresses = await production.app.db.query<{ subject_user_id: string; actor_ip: string }>(
        `SELECT subject_user_id, actor_ip FROM audit_log WHERE subject_user_id = ANY($1) AND action = 'consent.withdrawn'`,
        [[viaProxy.id, direct.id]],
      );
      expect(Object.fromEntries(addresses.map((row) => [row.subject_user_id, row.actor_ip]))).toEqual({
        [viaProxy.id]: '198.51.100.40',
        [direct.id]: '203.0.113.50',
      });
    });
  });
});
