import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { expectContract } from './contract';
import { startTestApp, type TestApp } from './setup/app';
import { idTokenFor, unsignedIdToken } from './setup/emulator';

/**
 * An app configured without the Auth emulator, as in production: tokens the emulator issues are unsigned and must
 * be refused. (Nothing here reaches Google: the tokens fail before any key would be fetched.)
 */
describe('without the Auth emulator configured', () => {
  let testApp: TestApp;
  let emulatorIssuedToken: string;

  beforeAll(async () => {
    // Taken from the emulator before the app is built: building it clears the emulator variable for this process.
    emulatorIssuedToken = await idTokenFor('customer@demo.test', DEMO_PASSWORD);
    testApp = await startTestApp('pglite', { firebaseAuthEmulatorHost: undefined, demoData: false });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['a token issued by the emulator', () => emulatorIssuedToken],
    ['an alg:none token for a seeded uid', () => unsignedIdToken({ sub: 'demo-admin', user_id: 'demo-admin' })],
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
