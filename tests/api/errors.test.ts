import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectErrorShape } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';

describe.each(backends)('requests the contract does not allow, on %s', (backend) => {
  let testApp: TestApp;
  let ip = 0;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const postSession = (payload: string, contentType: string | undefined = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      remoteAddress: `10.9.0.${++ip}`,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });

  const validToken = 'x'.repeat(40);

  it('answers the health check', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(expectContract(response, 'getHealth', 200)).toEqual({ status: 'ok' });
  });

  it.each([
    ['malformed JSON', '{"idToken": '],
    ['JSON with a trailing comma', `{"idToken": "${validToken}",}`],
  ])('answers 400 to %s', async (_what, payload) => {
    const body = expectContract(await postSession(payload), 'createSession', 400);
    expect(body).toMatchObject({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });

  it('answers 400 to an empty JSON body', async () => {
    expectContract(await postSession(''), 'createSession', 400);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const body = expectContract(await postSession(`idToken=${validToken}`, 'application/x-www-form-urlencoded'), 'createSession', 400);
    expect(body.message).toMatch(/JSON/);
  });

  it('answers 400 to text that is not an object', async () => {
    const body = expectContract(await postSession(JSON.stringify({ idToken: validToken }), 'text/plain'), 'createSession', 400);
    expect(body.fields).toEqual({ body: 'must be an object' });
  });

  it.each([
    ['a missing field', {}, { idToken: 'is required' }],
    ['a number where text is expected', { idToken: 12345678901234567890 }, { idToken: 'must be text' }],
    ['a too short value', { idToken: 'short' }, { idToken: 'must be at least 20 characters long' }],
    ['a value outside the enum', { idToken: validToken, audience: 'root' }, { audience: 'must be one of: customer, staff' }],
    ['an unknown field', { idToken: validToken, role: 'admin' }, { role: 'is not allowed' }],
    ['an array instead of an object', [validToken], { body: 'must be an object' }],
  ])('answers 400 naming the field for %s', async (_what, payload, fields) => {
    const body = expectContract(await postSession(JSON.stringify(payload)), 'createSession', 400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(body.message).toMatch(/\.$/);
  });

  it('does not coerce JSON types', async () => {
    const body = expectContract(await postSession(JSON.stringify({ idToken: validToken, audience: true })), 'createSession', 400);
    expect(body.fields).toEqual({ audience: 'must be text' });
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/products'],
    ['GET', '/api'],
    ['DELETE', '/api/cart'],
  ])('answers %s %s with a JSON 404', async (method, url) => {
    const response = await testApp.app.inject({ method: method as 'GET', url });
    const body = expectErrorShape(response, 404);
    expect(body).toEqual({ message: 'There is no such API endpoint.', code: 'NOT_FOUND' });
  });

  it('answers a page URL with a JSON 404 when no SPA is built', async () => {
    expectErrorShape(await testApp.app.inject({ method: 'GET', url: '/products/gut360' }), 404);
  });

  it('never shows a stack trace', async () => {
    const response = await postSession('{"idToken": [');
    expect(response.body).not.toMatch(/at .*\(.*:\d+:\d+\)|node_modules|\.ts:\d+/);
  });
});
