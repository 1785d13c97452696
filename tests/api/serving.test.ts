import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../server/plugins/security-headers';
import { expectContract, expectErrorShape } from './contract';
import { startTestApp, type TestApp } from './setup/app';
import { signUp, unsignedIdToken } from './setup/emulator';

/**
 * The server as production runs it: the built SPA beside the API, no Auth emulator and no demo data.
 * (Nothing here reaches Google: refused tokens fail before any signing key would be fetched.)
 */
const INDEX_HTML = '<!doctype html><title>Gut shop</title><div id="root"></div>';
// The frame as the 404 answer sends it (scripts/vite/prerender.ts).
const NOT_FOUND_HTML = '<!doctype html><title>Page not found | Gut shop</title><div id="root" data-frame></div>';
const APP_JS = 'console.log("app")';
// Public pages rendered by the build (scripts/vite/prerender.ts).
const HOME_HTML = '<!doctype html><title>Gut shop</title><div id="root"><h1>Know your gut. Eat for it.</h1></div>';
const ABOUT_HTML = '<!doctype html><title>About us</title><div id="root"><h1>About us</h1></div>';
// A signed-in page's own frame (scripts/vite/prerender.ts): its heading and skeleton, nothing of a person.
const CART_FRAME_HTML = '<!doctype html><title>Your cart | Gut shop</title><div id="root" data-frame><h1>Your cart</h1></div>';
// The router's addresses, as the build lists them (scripts/vite/prerender.ts).
const ROUTES = ['/', '/about-us', '/cart', '/products/gut360', '/products/$slug', '/admin/customers-list', '/recipe/', '/blog/', '/blogs/ibs', '/discount/$code', '/blogs/ghost/$slug'];

describe('the server configured as in production', () => {
  let testApp: TestApp;
  let dist: string;
  let emulatorIssuedToken: string;

  beforeAll(async () => {
    // Taken before the app is built: building it clears the emulator variable for this process.
    emulatorIssuedToken = (await signUp()).idToken;
    dist = mkdtempSync(join(tmpdir(), 'gut-shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    // The build writes compressed twins beside each file (scripts/vite/precompress.ts).
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), APP_JS);
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js.gz'), gzipSync(APP_JS));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, 'pages'));
    writeFileSync(join(dist, 'pages', 'index.html'), HOME_HTML);
    writeFileSync(join(dist, 'pages', 'index.html.br'), brotliCompressSync(HOME_HTML));
    writeFileSync(join(dist, 'pages', 'about-us.html'), ABOUT_HTML);
    mkdirSync(join(dist, 'frames'));
    writeFileSync(join(dist, 'frames', 'cart.html'), CART_FRAME_HTML);
    writeFileSync(join(dist, 'frames', 'cart.html.br'), brotliCompressSync(CART_FRAME_HTML));
    writeFileSync(join(dist, 'routes.json'), JSON.stringify(ROUTES));
    writeFileSync(join(dist, '404.html'), NOT_FOUND_HTML);
    writeFileSync(join(dist, '404.html.br'), brotliCompressSync(NOT_FOUND_HTML));
    testApp = await startTestApp('pglite', { staticDir: dist, firebaseAuthEmulatorHost: undefined, demoData: false });
  });
  afterAll(async () => {
    await testApp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  describe('sign-in', () => {
    it.each([
      ['a token issued by the emulator', () => emulatorIssuedToken],
      ['an alg:none token for a demo uid', () => unsignedIdToken({ sub: 'demo-admin', user_id: 'demo-admin' })],
    ])('refuses %s', async (_what, token) => {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/session', payload: { idToken: token() } });
      const body = expectContract(response, 'createSession', 401);
      expect(body.message).toBe('Your sign-in could not be verified. Please sign in again.');
      expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    });

    it('has no demo data', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
      expect(expectContract<{ data: unknown[] }>(response, 'listProducts', 200).data).toEqual([]);
    });
  });

  describe('the built SPA', () => {
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    it('serves the prerendered home page at / without letting browsers keep it', async () => {
      const response = await get('/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(HOME_HTML);
    });

    it('sends the prerendered home page compressed to browsers that accept it', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME_HTML);
    });

    it.each(['/about-us', '/about-us/', '/about-us?from=footer'])('serves a prerendered page at %s', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(ABOUT_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('serves index.html for a page the build did not render', async () => {
      for (const url of ['/ABOUT-US', '/admin/customers-list']) expect((await get(url)).body).toBe(INDEX_HTML);
    });

    it.each(['/cart', '/cart/', '/CART', '/cart?from=offer'])('serves the signed-in page’s own frame at %s, revalidated, compressed for browsers', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(CART_FRAME_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      const compressed = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(CART_FRAME_HTML);
    });

    it('leaves the signed-in frames out of the sitemap', async () => {
      const sitemap = await get('/sitemap.xml');
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).toContain('/about-us');
      expect(sitemap.body).not.toContain('/cart');
    });

    it.each(['/discount/WELCOME10', '/blogs/ghost/gut-and-sleep', '/Discount/welcome10/', '/recipe'])(
      'takes %s as a page of the router, with its dynamic segment',
      async (url) => {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(INDEX_HTML);
      },
    );

    it.each(['/no-such-page', '/about-us/team', '/discount', '/discount/a/b', '/products/gut360/extra?x=1', '/blogs/ghost/'])(
      'answers %s, which the router does not have, with 404 and the frame titled Page not found, for the SPA to say so',
      async (url) => {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toMatch(/<title>Page not found \| Gut shop<\/title>/);
        expect(response.body).toBe(NOT_FOUND_HTML);
      },
    );

    it('answers an unknown address with 404 and the page even when the browser revalidates its copy', async () => {
      const first = await get('/no-such-page');
      const again = await testApp.app.inject({
        method: 'GET',
        url: '/no-such-page',
        headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag), 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(NOT_FOUND_HTML);
    });

    it('sends the compressed frame with a 404 to browsers that accept it', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(NOT_FOUND_HTML);
    });

    it.each(['/products/gut360', '/admin/customers-list', '/recipe?from=menu'])('falls back to index.html for %s', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('lets browsers keep hashed assets for a year', async () => {
      const response = await get('/assets/index-3f2a9c.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('gives other files a short cache', async () => {
      expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    });

    it('answers a missing file with 404, not the page', async () => {
      expectErrorShape(await get('/assets/missing-0000.js'), 404);
    });

    it('sends the precompressed page to browsers that accept it, still revalidated', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/products/gut360',
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    });

    it('sends a hashed asset gzip-compressed, still immutable', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
    });

    it('sends plain files to clients that ask for no encoding', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(APP_JS);
    });

    it('answers 404 for the page of a kit that does not exist, and 200 for one staff added', async () => {
      expect((await get('/products/no-such-kit')).statusCode).toBe(404);
      expect((await get('/products/%E0%A4')).statusCode).toBe(400);
      await testApp.app.db.query(
        `INSERT INTO products (code, name, slug, summary, price, actual_price, image, sort)
         VALUES ('PROD-GUT-KIDS', 'Gut Kids', 'gut-kids', 'For children', 299900, 349900, '', 9)`,
      );
      const page = await get('/products/gut-kids');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX_HTML);
    });

    it('answers 404 for a recipe or post no published piece has', async () => {
      for (const url of ['/recipe?slug=millet', '/blog?slug=millet-khichdi', '/blogs/ibs']) expect((await get(url)).statusCode, url).toBe(404);
    });

    it('lists the public pages in sitemap.xml at this server’s address, PUBLIC_SITE_URL being unset', async () => {
      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/xml');
      const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locations).toEqual(['http://localhost:8080/', 'http://localhost:8080/about-us']);
    });

    it('keeps search engines out of the account, staff and authoring pages, and points them to the sitemap', async () => {
      const response = await get('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const lines = response.body.split('\n');
      for (const path of ['/admin', '/admin-home', '/user/', '/cart', '/blogs/create', '/blog/edit', '/recipe/create', '/recipe/approve', '/care/']) {
        expect(lines).toContain(`Disallow: ${path}`);
      }
      expect(lines).not.toContain('Disallow: /blogs-list');
      expect(lines).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    });

    it('keeps /api answers JSON', async () => {
      expectErrorShape(await get('/api/unknown'), 404);
      expectContract(await get('/api/products'), 'listProducts', 200);
    });

    it.each([
      ['a prerendered page', '/'],
      ['a page the SPA renders', '/cart'],
      ['the not-found page', '/no-such-page'],
      ['an asset', '/assets/index-3f2a9c.js'],
      ['an API answer', '/api/products'],
      ['an API error', '/api/orders/no-such-id'],
      ['a malformed address', '/api/orders/%zz'],
    ])('sends the security headers with %s', async (_what, url) => {
      const response = await get(url);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
      });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      if (url.startsWith('/api')) {
        // JSON is never a document: nothing at all may run or load in it.
        expect(policy).toBe(API_CONTENT_SECURITY_POLICY);
        return;
      }
      expect(policy).toContain("object-src 'none'");
      const scripts = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
    });
  });
});

describe('the Content-Security-Policy', () => {
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))?.split(' ').slice(1);

  it('runs only the shop’s own script with the Auth emulator, and lets the SPA reach the emulator', () => {
    const policy = contentSecurityPolicy({ firebaseAuthEmulatorHost: '127.0.0.1:9099', razorpay: undefined });
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toContain('http://127.0.0.1:9099');
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
  });

  it('adds Razorpay’s checkout script and payment frame only when Razorpay is configured', () => {
    const razorpay = { keyId: 'rzp_live_key', keySecret: 'secret', webhookSecret: 'hook' };
    const without = contentSecurityPolicy({ firebaseAuthEmulatorHost: undefined, razorpay: undefined });
    const withRazorpay = contentSecurityPolicy({ firebaseAuthEmulatorHost: undefined, razorpay });
    expect(without).not.toContain('razorpay');
    expect(directive(withRazorpay, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(withRazorpay, 'frame-src')).toContain('https://api.razorpay.com');
    expect(directive(withRazorpay, 'connect-src')).not.toContain('http://127.0.0.1:9099');
  });
});

describe('API answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('are compressed for clients that accept it, and the same JSON once decompressed', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await testApp.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const body = gunzipSync(compressed.rawPayload);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(body.toString())).toEqual(JSON.parse(plain.body));
  });

  it('give the catalogue in brotli when accepted, and plain when an encoding is refused with q=0', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    const brotli = await testApp.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body)).toEqual(JSON.parse(plain.body));
  });

  it('stay as they are when small', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
