/**
 * Nothing of development reaches a staging server: the development mail pages answer only a client on the server's
 * own computer unless DEV_MAIL_OPEN opens them, and the sitemap and robots.txt name the configured address, never
 * the Host (or X-Forwarded-Host) a request writes, which a cache would then serve to everyone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_MAIL_CLOSED } from '../../server/routes/dev-mail/handlers';
import { expectErrorShape } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';

const DEV_PAGES = [
  ['GET', '/_dev/mail'],
  ['GET', '/_dev/mail.json'],
  ['GET', '/_dev/mail/some-message'],
  ['GET', '/_dev/mail/some-message/html'],
  ['GET', '/_dev/mail/some-message/attachments/0'],
  ['DELETE', '/_dev/mail'],
] as const;

const ELSEWHERE = ['203.0.113.7', '2001:db8::7', '::ffff:203.0.113.7', '10.0.0.5'];
const THIS_COMPUTER = ['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1'];
const FORGED_HOSTS = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** A build of the SPA with two public pages, enough for the sitemap. */
function smallBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'gut-shop-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Gut shop</title><div id="root"></div>');
  mkdirSync(join(dist, 'pages'));
  writeFileSync(join(dist, 'pages', 'index.html'), '<!doctype html><title>Gut shop</title><div id="root"></div>');
  writeFileSync(join(dist, 'pages', 'about-us.html'), '<!doctype html><title>About us</title><div id="root"></div>');
  writeFileSync(join(dist, 'routes.json'), JSON.stringify(['/', '/about-us']));
  return dist;
}

const locations = (sitemap: string) => [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe.each(backends)('development pages and addresses on %s', (backend) => {
  let dist: string;
  // The defaults outside production, behind a proxy whose forwarding headers are trusted (TRUST_PROXY=true).
  let closed: TestApp;
  // DEV_MAIL_OPEN=true and PUBLIC_SITE_URL set.
  let opened: TestApp;

  beforeAll(async () => {
    dist = smallBuild();
    closed = await startTestApp(backend, { staticDir: dist, port: 8123, trustProxy: true });
    opened = await startTestApp(backend, { staticDir: dist, devMailOpen: true, publicSiteUrl: 'https://shop.example.in' });
  });
  afterAll(async () => {
    await closed?.close();
    await opened?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const ask = (app: FastifyInstance, method: 'GET' | 'DELETE', url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method, url, remoteAddress, headers });

  describe('the development mail pages', () => {
    it.each(ELSEWHERE)('refuse a client at %s with 403 in the error shape, and show nothing', async (address) => {
      for (const [method, url] of DEV_PAGES) {
        const response = await ask(closed.app, method, url, address);
        expect(expectErrorShape(response, 403).message, `${method} ${url}`).toBe(DEV_MAIL_CLOSED);
        expect(response.body).not.toMatch(/"mail"|Sent messages/);
      }
    });

    it.each(THIS_COMPUTER)('answer a client on the server’s own computer (%s)', async (address) => {
      const list = await ask(closed.app, 'GET', '/_dev/mail.json', address);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ mail: [], sms: expect.any(Array), whatsapp: expect.any(Array) });
      const page = await ask(closed.app, 'GET', '/_dev/mail', address);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sent messages');
    });

    it('refuse a request that a proxy on the same computer forwards for someone else', async () => {
      const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }];
      for (const headers of forwarded) {
        expectErrorShape(await ask(closed.app, 'GET', '/_dev/mail.json', '127.0.0.1', headers), 403);
      }
      // Trusting the proxy does not help a forged "from loopback": the connection itself is not.
      expectErrorShape(await ask(closed.app, 'GET', '/_dev/mail.json', '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' }), 403);
    });

    it('answer any client once DEV_MAIL_OPEN opens them', async () => {
      for (const address of ELSEWHERE) {
        const response = await ask(opened.app, 'GET', '/_dev/mail.json', address);
        expect(response.statusCode, address).toBe(200);
        expect(response.json()).toEqual({ mail: [], sms: expect.any(Array), whatsapp: expect.any(Array) });
      }
      expect((await ask(opened.app, 'GET', '/_dev/mail', '203.0.113.7')).statusCode).toBe(200);
    });

    it('leave the rest of the shop open to everyone', async () => {
      expect((await ask(closed.app, 'GET', '/api/products', '203.0.113.7')).statusCode).toBe(200);
      expect((await ask(closed.app, 'GET', '/about-us', '203.0.113.7')).statusCode).toBe(200);
    });
  });

  describe('sitemap.xml and robots.txt', () => {
    it('name this server on this computer without PUBLIC_SITE_URL, whatever Host the request writes', async () => {
      const hosts: Record<string, string>[] = [{}, FORGED_HOSTS, { host: 'shop.example.in:443' }];
      for (const headers of hosts) {
        const sitemap = await ask(closed.app, 'GET', '/sitemap.xml', '203.0.113.7', headers);
        expect(sitemap.statusCode).toBe(200);
        const listed = locations(sitemap.body);
        expect(listed.slice(0, 2)).toEqual(['http://localhost:8123/', 'http://localhost:8123/about-us']);
        // The published posts and recipes too, at the same address.
        expect(listed.length).toBeGreaterThan(2);
        expect(listed.every((url) => url.startsWith('http://localhost:8123/'))).toBe(true);
        expect(sitemap.body).not.toContain('evil');
        const robots = await ask(closed.app, 'GET', '/robots.txt', '203.0.113.7', headers);
        expect(robots.body.split('\n')).toContain('Sitemap: http://localhost:8123/sitemap.xml');
        expect(robots.body).not.toContain('evil');
      }
    });

    it('name PUBLIC_SITE_URL when it is set, whatever Host the request writes', async () => {
      const sitemap = await ask(opened.app, 'GET', '/sitemap.xml', '203.0.113.7', FORGED_HOSTS);
      const listed = locations(sitemap.body);
      expect(listed).toContain('https://shop.example.in/');
      expect(listed.every((url) => url.startsWith('https://shop.example.in/'))).toBe(true);
      const robots = await ask(opened.app, 'GET', '/robots.txt', '203.0.113.7', FORGED_HOSTS);
      expect(robots.body.split('\n')).toContain('Sitemap: https://shop.example.in/sitemap.xml');
      expect(robots.body).not.toContain('evil');
    });
  });
});
