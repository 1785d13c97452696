import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { server } from './handlers';

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => null,
    (reason: unknown) => reason,
  );
}

describe('what a failed call says', () => {
  it.each([
    {
      answer: () => HttpResponse.error(),
      kind: 'offline',
      status: 0,
      says: 'No connection: we could not reach the shop. Check your internet connection, then try again.',
    },
    { answer: () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }), kind: 'busy', status: 502, says: 'The shop is busy right now. Please wait a moment, then try again.' },
    { answer: () => HttpResponse.json({ message: 'Too many attempts. Try again in a minute.' }, { status: 429 }), kind: 'busy', status: 429, says: 'Too many attempts. Try again in a minute.' },
    { answer: () => HttpResponse.json({ message: 'Internal error' }, { status: 500 }), kind: 'server', status: 500, says: 'Something went wrong on our side. Please try again in a moment.' },
    { answer: () => HttpResponse.json({ message: 'There is no such order in your account.' }, { status: 404 }), kind: 'refused', status: 404, says: 'There is no such order in your account.' },
    { answer: () => new HttpResponse(null, { status: 409 }), kind: 'refused', status: 409, says: 'The shop could not do this (error 409). Please try again.' },
  ])('$kind ($status): "$says"', async ({ answer, kind, status, says }) => {
    server.use(http.get('*/api/orders', answer));
    const error = await failureOf(api.GET('/api/orders'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind, status, message: says });
  });

  it('leaves a cancelled call a cancellation, never a lost connection', async () => {
    server.use(http.get('*/api/orders', () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const call = failureOf(api.GET('/api/orders', { signal: controller.signal }));
    controller.abort();
    const error = await call;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
