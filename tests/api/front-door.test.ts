/**
 * The catalogue from memory at the server's front door (server/front-door.ts): a plain GET /api/products while the
 * catalogue is fresh gets, without passing through Fastify, exactly what the route would answer (status, headers,
 * bytes, in each encoding), counted in the request metrics as the route's; everything else goes to the route.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueFromMemory } from '../../server/routes/products/handlers';
import { startTestApp, type TestApp } from './setup/app';

const TEN_MINUTES = 10 * 60 * 1000;
const BROWSER = 'br, gzip';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** Headers that differ between any two answers, or that only a connection decides. */
const PER_ANSWER = ['date', 'connection', 'keep-alive'];

function comparable(headers: IncomingHttpHeaders | Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));
}

describe('the catalogue at the front door', () => {
  let testApp: TestApp;
  let port: number;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    testApp = await startTestApp('pglite', { productsCacheTtlMs: TEN_MINUTES });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  }

  /** The route's own answer, through Fastify (inject never passes the door). */
  async function fromTheRoute(headers: Record<string, string>): Promise<Answer> {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/products', headers });
    return { status: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, bytes: answer.rawPayload };
  }

  async function catalogueRequests(): Promise<number> {
    const text = await testApp.app.metrics.text();
    const line = text.split('\n').find((l) => /http_requests_total\{/.test(l) && l.includes('route="/api/products"') && l.includes('method="GET"') && l.includes('status="200"'));
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('answers each encoding with the route’s own status, headers and bytes, without running the route', async () => {
    await get('/api/products'); // the catalogue is read once
    const routeRuns = vi.spyOn(testApp.app.lifecycle, 'handlerStarted');
    for (const acceptEncoding of [BROWSER, 'gzip', '']) {
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const door = await get('/api/products', headers);
      expect(routeRuns).not.toHaveBeenCalled();
      const route = await fromTheRoute(headers);
      expect(routeRuns).toHaveBeenCalledOnce();
      routeRuns.mockClear();
      expect(door.status).toBe(200);
      expect(comparable(door.headers)).toEqual(comparable(route.headers));
      expect(door.bytes.equals(route.bytes)).toBe(true);
      const json =
        door.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(door.bytes)
          : door.headers['content-encoding'] === 'gzip'
            ? gunzipSync(door.bytes)
            : door.bytes;
      expect(JSON.parse(json.toString())).toMatchObject({ status: true, data: expect.any(Array) });
    }
    const browser = await get('/api/products', { 'accept-encoding': BROWSER });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers['x-content-type-options']).toBe('nosniff');
    expect(browser.headers['content-security-policy']).toBeDefined();
    expect(browser.headers['cache-control']).toBe('public, no-cache');
    expect(browser.headers.vary).toBe('accept-encoding');
    routeRuns.mockRestore();
  });

  it('counts what it answers in the request metrics as the route’s', async () => {
    await get('/api/products');
    const before = await catalogueRequests();
    for (let i = 0; i < 5; i++) await get('/api/products', { 'accept-encoding': BROWSER });
    expect((await catalogueRequests()) - before).toBe(5);
  });

  it('answers from the route while the catalogue is to be read again, and then the new catalogue', async () => {
    const before = JSON.parse((await get('/api/products')).bytes.toString()) as { data: { name: string }[] };
    const [first] = before.data;
    expect(first).toBeDefined();
    await testApp.app.db.query('UPDATE products SET name = $1 WHERE name = $2', [`${first!.name} (new)`, first!.name]);
    testApp.app.catalogue.invalidate();
    expect(catalogueFromMemory(testApp.app)(fakeRequest('/api/products'), fakeResponse().response)).toBe(false);
    const after = JSON.parse((await get('/api/products')).bytes.toString()) as { data: { name: string }[] };
    expect(after.data.map((p) => p.name)).toContain(`${first!.name} (new)`);
    await testApp.app.db.query('UPDATE products SET name = $1 WHERE name = $2', [first!.name, `${first!.name} (new)`]);
    testApp.app.catalogue.invalidate();
  });

  it('leaves to the route a query string, HEAD, another method, a process that drains or logs each request', async () => {
    await get('/api/products');
    const door = catalogueFromMemory(testApp.app);
    const taken = fakeResponse();
    expect(door(fakeRequest('/api/products'), taken.response)).toBe(true);
    expect(taken.status).toBe(200);
    for (const [url, method] of [
      ['/api/products?x=1', 'GET'],
      ['/api/products/', 'GET'],
      ['/api/products', 'HEAD'],
      ['/api/products', 'POST'],
      ['/api/products/gut360', 'GET'],
    ] as const) {
      const left = fakeResponse();
      expect(door(fakeRequest(url, method), left.response), `${method} ${url}`).toBe(false);
      expect(left.status).toBeUndefined();
    }
    const head = await get('/api/products', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);

    const level = testApp.app.log.level;
    testApp.app.log.level = 'info';
    try {
      expect(door(fakeRequest('/api/products'), fakeResponse().response)).toBe(false);
    } finally {
      testApp.app.log.level = level;
    }
    testApp.app.lifecycle.phase = 'draining';
    try {
      expect(door(fakeRequest('/api/products'), fakeResponse().response)).toBe(false);
    } finally {
      testApp.app.lifecycle.phase = 'ready';
    }
  });
});

function fakeRequest(url: string, method = 'GET'): IncomingMessage {
  return { url, method, headers: { 'accept-encoding': BROWSER } } as unknown as IncomingMessage;
}

function fakeResponse(): { response: ServerResponse; status?: number; body?: string } {
  const seen: { response: ServerResponse; status?: number; body?: string } = {
    response: {
      writeHead: (status: number) => {
        seen.status = status;
        return seen.response;
      },
      end: (body: string) => {
        seen.body = body;
        return seen.response;
      },
    } as unknown as ServerResponse,
  };
  return seen;
}
