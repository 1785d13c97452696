import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { MiddlewareCallbackParams } from 'openapi-fetch';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, jsonAndBearer, unauthorizedRedirect, unauthorizedRule } from '@/lib/api-client';
import { answers, server, tokens } from './handlers';
import { findNotice, renderShop } from './render';
import { ADMIN_NAV } from '../../src/lib/staff-nav';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the cart guard (SPEC §5)', () => {
  it('sends an anonymous visitor to /login with the exact message and remembers the cart', async () => {
    renderShop('/cart');
    expect(await findNotice('please login to goto the cart page')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('previousPage')).toBe('/cart');
  });

  it('stays quiet when the cart is only preloaded (a link hovered) by an anonymous visitor', async () => {
    const { shop } = renderShop('/');
    await screen.findByRole('heading', { level: 2, name: 'Our test kits' });
    await shop.router.preloadRoute({ to: '/cart' });
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
    expect(localStorage.getItem('previousPage')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('shows a signed-in customer their cart', async () => {
    renderShop('/cart', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    // Two kits of one product: one line with its quantity.
    const line = await screen.findByTestId('cart-line');
    expect(line).toHaveTextContent('Gut 360 kit 1');
    expect(line).toHaveTextContent('× 2');
    expect(screen.getByTestId('payable')).toHaveTextContent('₹25,998');
    expect(window.location.pathname).toBe('/cart');
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
  });
});

describe('a kept session on the pages of one person', () => {
  it('paints the cart’s frame while the session is verified, and the cart once it is', async () => {
    const verification = answers.verificationHeld();
    server.use(verification.handler);
    renderShop('/cart', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'Your cart', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('content-skeleton')).toHaveTextContent('Loading your cart…');
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();

    verification.release();
    expect(await screen.findByTestId('cart-line')).toHaveTextContent('Gut 360 kit 1');
    expect(screen.queryByTestId('content-skeleton')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/cart');
  });

  it('sends the person to /login with the page’s message when the kept session has ended, showing nothing of the cart', async () => {
    localStorage.setItem('authToken', 'session-ended-on-the-server');
    localStorage.setItem('userRole', 'user');
    renderShop('/cart');
    expect(await findNotice('please login to goto the cart page')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('previousPage')).toBe('/cart');
  });
});

describe('customer pages', () => {
  it('send an anonymous visitor from /user/orders to /login', async () => {
    renderShop('/user/orders');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('open for a signed-in customer', async () => {
    renderShop('/user/orders', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user/orders');
  });
});

describe('the staff area', () => {
  it('sends an anonymous visitor to the staff sign-in with its message', async () => {
    renderShop('/recipe/create');
    expect(await findNotice('Please sign in with your staff account.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('previousPage')).toBe('/recipe/create');
    expect(screen.queryByRole('heading', { name: 'Write a recipe' })).not.toBeInTheDocument();
  });

  it('tells a signed-in customer it is for the team', async () => {
    renderShop('/admin-home', { as: 'customer' });
    expect(await screen.findByText('This area is for our team. Your account pages are in your menu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your orders' })).toHaveAttribute('href', '/user/orders');
    expect(screen.queryByTestId('staff-links')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin-home');
  });

  it('opens the authoring pages for a doctor', async () => {
    renderShop('/blogs/create', { as: 'doctor' });
    expect(await screen.findByRole('heading', { name: 'Write a blog post', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/blogs/create');
  });
});

describe('the admin area', () => {
  // The page these tests open: the list of customers, with nobody in it.
  beforeEach(() => {
    server.use(http.get('/api/admin/customers', () => HttpResponse.json({ items: [], total: 0 })));
  });

  it('turns a customer away with the exact message', async () => {
    renderShop('/admin/customers-list', { as: 'customer' });
    expect(await screen.findByText("You don't have access to view dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'List of Customers' })).not.toBeInTheDocument();
  });

  it('shows an admin the sidebar with the current page marked', async () => {
    renderShop('/admin/customers-list', { as: 'admin' });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Admin' }));
    const current = sidebar.getByRole('link', { name: 'List of Customers' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/admin/customers-list');
    const others = sidebar.getAllByRole('link').filter((link) => link !== current);
    // The staff home and every other admin page.
    expect(others).toHaveLength(ADMIN_NAV.length);
    for (const link of others) expect(link).not.toHaveAttribute('aria-current');
    // The page's own code arrives after the sidebar's, later on a busy machine.
    expect(await screen.findByRole('heading', { name: 'List of Customers', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText("You don't have access to view dashboard.")).not.toBeInTheDocument();
  });

  it('shows a spinner while the session is being verified', async () => {
    const verification = answers.verificationHeld();
    server.use(verification.handler);
    renderShop('/admin/customers-list', { as: 'admin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your access…');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByText("You don't have access to view dashboard.")).not.toBeInTheDocument();

    verification.release();
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByText('Checking your access…')).not.toBeInTheDocument();
  });
});

describe('a 401 under /admin or /user (SPEC §8)', () => {
  it.each([
    { path: '/user/orders', as: 'customer' as const },
    { path: '/admin/customers-list', as: 'admin' as const },
  ])('on $path clears storage and sends the browser to /login', async ({ path, as }) => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    server.use(answers.cartStatus(401));
    localStorage.setItem('previousPage', '/cart');
    renderShop(path, { as });
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login'));
    expect(go).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);

    // What the browser then loads: the sign-in page, with nobody signed in.
    cleanup();
    renderShop('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    ['expired', 'Your session has expired'],
    ['revoked', 'You have been signed out'],
    ['ended', 'Your session has ended'],
    ['disabled', 'Your account is disabled'],
  ])('the sign-in page at ?session=%s says why, calmly, above the form', async (reason, title) => {
    renderShop(`/login?session=${reason}`);
    const notice = await screen.findByTestId('session-ended');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(title);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
  });

  it('the staff sign-in page says why too', async () => {
    renderShop('/admin/login?session=expired');
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Your session has expired');
  });

  it.each(['/login?session=hacked', '/login?session=', '/login?session=expired&session=revoked', '/login'])(
    'the sign-in page at %s shows no notice',
    async (path) => {
      renderShop(path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
    },
  );

  it('elsewhere leaves storage and the page alone', async () => {
    // The clock runs as usual until the test moves it ahead.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    server.use(answers.cartStatus(401));
    renderShop('/', { as: 'customer' });
    expect(await screen.findByRole('button', { name: 'Chitra Customer' })).toBeInTheDocument();
    // The cart call is the one that fails; once it has, nothing else is waiting, not even a retry a second later.
    await waitFor(() => expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(go).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBe(tokens.customer);
    expect(window.location.pathname).toBe('/');
  });
});

describe('API client middleware', () => {
  function callParams(request: Request): MiddlewareCallbackParams {
    // The middleware reads only the request; the client's options are no concern of theirs.
    return { request, schemaPath: '/api/cart', params: {}, id: 'call-1', options: {} as MiddlewareCallbackParams['options'] };
  }

  async function runOnRequest(request: Request): Promise<Request> {
    const result = await jsonAndBearer.onRequest?.(callParams(request));
    if (!(result instanceof Request)) throw new Error('jsonAndBearer.onRequest should hand back a request');
    return result;
  }

  /** The rule's answer to `response`, for a call that carried the stored session (`bearer: false`: none). */
  async function runOnResponse(response: Response, { bearer = true } = {}) {
    const request = new Request('http://localhost:3000/api/cart', bearer ? { headers: { Authorization: 'Bearer stored-token' } } : {});
    return unauthorizedRule.onResponse?.({ ...callParams(request), response });
  }

  async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
    const error: unknown = await promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    return error;
  }

  it('marks every request as JSON', async () => {
    const request = await runOnRequest(new Request('http://localhost:3000/api/products'));
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.has('Authorization')).toBe(false);
  });

  it('adds the stored token as the bearer', async () => {
    localStorage.setItem('authToken', 'stored-token');
    const request = await runOnRequest(new Request('http://localhost:3000/api/cart'));
    expect(request.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('keeps an Authorization header the caller set', async () => {
    localStorage.setItem('authToken', 'stored-token');
    const request = await runOnRequest(
      new Request('http://localhost:3000/api/auth/login/success', { headers: { Authorization: 'Bearer given' } }),
    );
    expect(request.headers.get('Authorization')).toBe('Bearer given');
  });

  it('lets a successful answer through untouched', async () => {
    const response = HttpResponse.json({ ok: true });
    expect(await runOnResponse(response)).toBe(response);
  });

  it('re-throws a 401 outside /admin and /user without clearing storage', async () => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/products/gut360');
    localStorage.setItem('authToken', 'stored-token');
    const error = await rejectionOf(
      runOnResponse(HttpResponse.json({ message: 'Please sign in again.', code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in again.');
    expect(error.code).toBe('UNAUTHORIZED');
    expect(localStorage.getItem('authToken')).toBe('stored-token');
    expect(go).not.toHaveBeenCalled();
  });

  it.each(['/user/dashboard', '/admin/orders'])('on a 401 under %s clears storage, redirects and still throws', async (path) => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', path);
    localStorage.setItem('authToken', 'stored-token');
    localStorage.setItem('userRole', 'customer');
    localStorage.setItem('previousPage', '/cart');
    const error = await rejectionOf(runOnResponse(HttpResponse.json({ message: 'Session expired.' }, { status: 401 })));
    expect(error.status).toBe(401);
    expect(localStorage.length).toBe(0);
    expect(go).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('leaves the person where they are on a 401 to a call that carried no session, as after a logout', async () => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/admin-home');
    const error = await rejectionOf(runOnResponse(HttpResponse.json({ message: 'Please sign in.' }, { status: 401 }), { bearer: false }));
    expect(error.status).toBe(401);
    expect(go).not.toHaveBeenCalled();
  });

  it('never sends a person on the staff sign-in page away from it', async () => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/admin/login');
    localStorage.setItem('authToken', 'stored-token');
    await rejectionOf(runOnResponse(HttpResponse.json({ message: 'Session expired.' }, { status: 401 })));
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    ['SESSION_EXPIRED', '/login?session=expired'],
    ['SESSION_REVOKED', '/login?session=revoked'],
    ['SESSION_UNKNOWN', '/login?session=ended'],
    ['ACCOUNT_DISABLED', '/login?session=disabled'],
    ['NO_SESSION', '/login'],
  ])('on a 401 with %s under /user sends the person to %s, where the sign-in page says why', async (code, to) => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/user/dashboard');
    localStorage.setItem('authToken', 'stored-token');
    const error = await rejectionOf(runOnResponse(HttpResponse.json({ message: 'Please sign in again.', code }, { status: 401 })));
    expect(error.code).toBe(code);
    expect(localStorage.length).toBe(0);
    expect(go).toHaveBeenCalledExactlyOnceWith(to);
  });

  it('on a 401 whose body is not JSON under /admin still clears storage and sends the person to /login', async () => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/admin/orders');
    localStorage.setItem('authToken', 'stored-token');
    const error = await rejectionOf(runOnResponse(new Response('Unauthorized', { status: 401 })));
    expect(error.status).toBe(401);
    expect(localStorage.length).toBe(0);
    expect(go).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('re-throws other errors under /user with the server’s details, leaving storage alone', async () => {
    const go = vi.spyOn(unauthorizedRedirect, 'go').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/user/orders');
    localStorage.setItem('authToken', 'stored-token');
    const error = await rejectionOf(
      runOnResponse(
        HttpResponse.json({ message: 'Pincode is not served.', code: 'BAD_REQUEST', fields: { pincode: 'Not served' } }, { status: 400 }),
      ),
    );
    expect(error).toMatchObject({ status: 400, message: 'Pincode is not served.', code: 'BAD_REQUEST', fields: { pincode: 'Not served' } });
    expect(localStorage.getItem('authToken')).toBe('stored-token');
    expect(go).not.toHaveBeenCalled();
  });

  it('goes through the shop’s client: stored bearer, JSON content type, caller’s header first', async () => {
    const seen: { authorization: string | null; contentType: string | null }[] = [];
    server.use(
      http.get('*/api/auth/login/success', ({ request }) => {
        seen.push({ authorization: request.headers.get('Authorization'), contentType: request.headers.get('Content-Type') });
        return HttpResponse.json({ message: 'Please sign in again.' }, { status: 401 });
      }),
    );
    window.history.pushState({}, '', '/');
    localStorage.setItem('authToken', 'stored-token');
    await api.GET('/api/auth/login/success').catch(() => undefined);
    await api.GET('/api/auth/login/success', { headers: { Authorization: 'Bearer given' } }).catch(() => undefined);
    expect(seen).toEqual([
      { authorization: 'Bearer stored-token', contentType: 'application/json' },
      { authorization: 'Bearer given', contentType: 'application/json' },
    ]);
  });
});
