import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectErrorShape } from './contract';
import { startTestApp, type TestApp } from './setup/app';

describe('serving the built SPA', () => {
  let testApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gut-shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Gut shop</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testApp = await startTestApp('pglite', { staticDir: dist });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves index.html at / without letting browsers keep it', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/products/gut360', '/admin/customers-list', '/recipe?slug=millet.khichdi'])('falls back to index.html for %s', async (url) => {
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

  it('keeps /api answers JSON', async () => {
    expectErrorShape(await get('/api/unknown'), 404);
    expectContract(await get('/api/products'), 'listProducts', 200);
  });
});
