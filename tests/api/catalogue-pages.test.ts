/**
 * The home page and the kits' pages arrive with the catalogue as it is when they are asked for
 * (server/plugins/catalogue-page.ts): the build's templates filled in from the catalogue cache, so a price staff
 * change shows in the next page sent, and a kit the catalogue no longer holds leaves its page to the browser.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAnswerElement } from '../../scripts/vite/prerender';
import { CATALOGUE_TEMPLATES, render, renderWithAnswer } from '../../src/prerender';
import { document } from './blog-list-build';
import { expectContract } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type Kit = { _id: string; code: string; price: number; actual_price: number };

const TEN_MINUTES = 600_000;
const ROUTES = ['/', '/products/gut360', '/products/$slug'];

/** The build's output for `/` and /products/gut360: the prerendered pages and their templates. */
async function writeBuild(dist: string): Promise<void> {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'pages', 'products'), { recursive: true });
  mkdirSync(join(dist, 'templates', 'catalogue', 'products'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), document(''));
  writeFileSync(join(dist, 'routes.json'), JSON.stringify(ROUTES));
  writeFileSync(join(dist, 'pages', 'index.html'), document((await render('/')).markup));
  writeFileSync(join(dist, 'pages', 'products', 'gut360.html'), document((await render('/products/gut360')).markup));
  for (const name of ['index', 'products/gut360.reduced', 'products/gut360.plain']) {
    const template = CATALOGUE_TEMPLATES[name];
    if (!template) throw new Error(`no template ${name}`);
    const html = document((await renderWithAnswer(template.path, template.answer)).markup).replace('</body>', `${embeddedAnswerElement(template.answer)}</body>`);
    writeFileSync(join(dist, 'templates', 'catalogue', `${name}.html`), html);
  }
}

describe.each(backends)('the home page and a kit’s page sent with the catalogue on %s', (backend) => {
  let testApp: TestApp;
  let dist: string;
  let admin: Customer;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  const catalogue = async () => expectContract<{ data: Kit[] }>(await get('/api/products'), 'listProducts', 200).data;
  const patch = async (id: string, payload: Record<string, unknown>) =>
    expectContract(await testApp.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: admin.auth, payload }), 'updateProduct', 200);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gut-shop-catalogue-pages-'));
    await writeBuild(dist);
    // A cache that would keep its answer for ten minutes: the pages follow a write all the same.
    testApp = await startTestApp(backend, { staticDir: dist, productsCacheTtlMs: TEN_MINUTES });
    admin = await newCustomer(testApp.app, 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('sends the home page with every kit, its price and list price, and the catalogue beside them', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    for (const text of ['>Gut Start<', '>₹4,999', '₹9,999</s>', '>Gut 360<', '>₹14,999', '>Gut SEnS<', '>Gut Heal<', 'href="/products/ibs-heal"']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('⟦');
    const embedded = JSON.parse(/<script type="application\/json" id="embedded-answer">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
    expect(embedded).toEqual({ operationId: 'listProducts', key: 'all', answer: await catalogue() });
  });

  it('sends the page compressed to a browser that accepts it: the same page once decompressed', async () => {
    const plain = (await get('/products/gut360')).body;
    for (const [accepted, encoding, decompress] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url: '/products/gut360', headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decompress(response.rawPayload).toString()).toBe(plain);
    }
  });

  it('shows a price staff change in the next page sent, below the list price or at it', async () => {
    const gut360 = (await catalogue()).find((kit) => kit.code === 'PROD-G360')!;
    try {
      await patch(gut360._id, { price: 1299900 });
      expect((await get('/')).body).toContain('>₹12,999<');
      const kitPage = (await get('/products/gut360')).body;
      expect(kitPage).toMatch(/data-testid="price"[^>]*><span[^>]*>₹12,999<\/span>/);
      expect(kitPage).toContain('You save <!-- -->35<!-- -->%');
      expect(kitPage).not.toContain('Loading the price…');
      await patch(gut360._id, { price: gut360.actual_price });
      const atListPrice = (await get('/products/gut360')).body;
      expect(atListPrice).toContain('>₹19,999<');
      expect(atListPrice).not.toContain('You save');
    } finally {
      await patch(gut360._id, { price: gut360.price });
    }
    expect((await get('/products/gut360')).body).toContain('You save <!-- -->25<!-- -->%');
  });

  it('sends a kit’s page as prerendered while the catalogue does not hold the kit, and the home page without it', async () => {
    const gut360 = (await catalogue()).find((kit) => kit.code === 'PROD-G360')!;
    try {
      await patch(gut360._id, { active: false });
      const kitPage = (await get('/products/gut360')).body;
      expect(kitPage).toContain('Loading the price…');
      expect(kitPage).not.toContain('id="embedded-answer"');
      const home = (await get('/')).body;
      expect(home).not.toMatch(/<h3[^>]*>Gut 360<\/h3>/);
      expect(home).toMatch(/<h3[^>]*>Gut SEnS<\/h3>/);
    } finally {
      await patch(gut360._id, { active: true });
    }
    expect((await get('/products/gut360')).body).toContain('>₹14,999<');
  });
});
