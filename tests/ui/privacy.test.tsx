import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { answers, server } from './handlers';
import { errorAnswer } from './orders-fixtures';
import { renderShop } from './render';

type Schemas = components['schemas'];

/**
 * Signing in again is Firebase's, tried for real in the browser tests (tests/e2e/privacy.spec.ts); here it is the
 * person's password being right or wrong.
 */
const reauth = vi.hoisted(() => ({ passwords: [] as string[] }));
vi.mock('@/features/auth/reauthenticate', () => ({
  reauthenticatorFor: () => ({
    method: 'password',
    phone: null,
    withPassword: async (password: string) => {
      reauth.passwords.push(password);
      if (password !== 'right-password') throw { message: 'That password is not right. Please try again.' };
      return 'fresh-token-of-the-owner-0123456789';
    },
    sendCode: async () => undefined,
    withCode: async () => 'unused',
    withGoogle: async () => 'unused',
  }),
}));

/**
 * Firebase's e-mail link that proves an address is tried against the emulator by the API tests
 * (tests/api/privacy.test.ts); here it is sent, or opened, and succeeds or fails.
 */
const confirming = vi.hoisted(() => ({ sent: [] as Array<[string, string]>, completed: [] as Array<[string, string]>, refuse: null as string | null }));
vi.mock('@/features/auth/confirm-email', () => ({
  emailConfirmer: {
    sendLink: async (email: string, returnPath: string) => {
      confirming.sent.push([email, returnPath]);
    },
    isLink: (href: string) => new URL(href).searchParams.get('mode') === 'signIn',
    complete: async (email: string, href: string) => {
      confirming.completed.push([email, href]);
      if (confirming.refuse) throw { message: confirming.refuse };
    },
  },
}));

const NOW = '2026-11-23T10:00:00.000Z';

function overview(changes: Partial<Schemas['PrivacyOverview']> = {}): Schemas['PrivacyOverview'] {
  return {
    consents: [
      { purpose: 'marketing', granted: true, changedAt: '2026-11-02T06:00:00.000Z' },
      { purpose: 'ebook', granted: false, changedAt: null },
      { purpose: 'questionnaires', granted: true, changedAt: '2026-11-03T06:00:00.000Z' },
      { purpose: 'research', granted: false, changedAt: '2026-11-04T06:00:00.000Z' },
      { purpose: 'whatsapp', granted: false, changedAt: null },
    ],
    holdings: {
      profile: { fullname: 'Chetan Customer', email: 'customer@demo.test', emailVerified: true, phone: '9876543210', createdAt: '2026-10-01T06:00:00.000Z' },
      address: true,
      orders: 2,
      kits: 1,
      questionnaireResults: 2,
    },
    signInMethods: ['password'],
    erasure: null,
    retentionMonths: 72,
    grievance: { name: 'Asha Rao', email: 'grievance@gut360.example', phone: '+91 80 4000 0000', address: 'Bengaluru 560038', respondWithinDays: 30 },
    history: [{ action: 'consent.granted', purpose: 'marketing', at: '2026-11-02T06:00:00.000Z', by: 'you' }],
    ...changes,
  };
}

function privacyApi(initial = overview()) {
  let current = initial;
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const handlers = [
    http.get('*/api/privacy', () => HttpResponse.json(current)),
    http.put('*/api/privacy/consents/:purpose', async ({ params, request }) => {
      const body = (await request.json()) as { granted: boolean };
      sent.push({ method: 'PUT', path: String(params.purpose), body });
      const purpose = params.purpose as Schemas['ConsentPurpose'];
      current = {
        ...current,
        consents: current.consents.map((c) => (c.purpose === purpose ? { purpose, granted: body.granted, changedAt: NOW } : c)),
        holdings: purpose === 'questionnaires' && !body.granted ? { ...current.holdings, questionnaireResults: 0 } : current.holdings,
        history: [{ action: body.granted ? 'consent.granted' : 'consent.withdrawn', purpose, at: NOW, by: 'you' }, ...current.history],
      };
      return HttpResponse.json(current);
    }),
    http.post('*/api/privacy/erasure', async ({ request }) => {
      const body = (await request.json()) as { idToken: string };
      sent.push({ method: 'POST', path: 'erasure', body });
      current = {
        ...current,
        erasure: { _id: 'erasure-1', status: 'pending', requestedAt: NOW, dueBy: '2026-12-23T10:00:00.000Z', completedAt: null, cancelledAt: null },
      };
      return HttpResponse.json(current, { status: 201 });
    }),
    http.delete('*/api/privacy/erasure', () => {
      sent.push({ method: 'DELETE', path: 'erasure', body: null });
      current = { ...current, erasure: current.erasure ? { ...current.erasure, status: 'cancelled', cancelledAt: NOW } : null };
      return HttpResponse.json(current);
    }),
  ];
  return { handlers, sent };
}

beforeEach(() => {
  reauth.passwords = [];
  confirming.sent = [];
  confirming.completed = [];
  confirming.refuse = null;
  server.use(answers.catalogueWithoutOffer());
});

const unconfirmed = (): Schemas['PrivacyOverview'] => {
  const base = overview();
  return { ...base, holdings: { ...base.holdings, profile: { ...base.holdings.profile, email: 'typed@example.test', emailVerified: false } } };
};

describe('an e-mail address the account has not proven', () => {
  it('says what the download and an erasure leave out, and has Firebase e-mail a link to prove it', async () => {
    server.use(...privacyApi(unconfirmed()).handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    const holdings = await screen.findByRole('region', { name: 'What we hold about you' });
    expect(holdings).toHaveTextContent('typed@example.test (not confirmed)');
    const notice = within(holdings).getByTestId('email-unconfirmed');
    expect(notice).toHaveTextContent('Your e-mail address is not confirmed yet');
    expect(notice).toHaveTextContent('Until you confirm typed@example.test, your download and an erasure of your account leave these out.');
    expect(screen.getByRole('region', { name: 'Download your data' })).toHaveTextContent('While your e-mail address is not confirmed, it leaves out');
    expect(screen.getByRole('region', { name: 'Erase your account' })).toHaveTextContent('they may be someone else');

    await view.user.click(within(notice).getByRole('button', { name: 'E-mail me a confirmation link' }));
    expect(await within(notice).findByText(/We sent a link to typed@example\.test\. Open it in this browser/)).toBeInTheDocument();
    expect(confirming.sent).toEqual([['typed@example.test', '/user/privacy']]);
    expect(within(notice).getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it('completes the link the page was opened from, once, and shows the address confirmed', async () => {
    const before = unconfirmed();
    // Once the link is completed, Firebase holds the address as verified, and the server says so.
    const after = { ...before, holdings: { ...before.holdings, profile: { ...before.holdings.profile, emailVerified: true } } };
    server.use(http.get('*/api/privacy', () => HttpResponse.json(confirming.completed.length > 0 ? after : before)));
    const link = '/user/privacy?apiKey=key&oobCode=code-1&mode=signIn&lang=en';
    const view = renderShop(link, { as: 'customer' });
    const holdings = await screen.findByRole('region', { name: 'What we hold about you' });
    await waitFor(() => expect(confirming.completed).toHaveLength(1));
    expect(confirming.completed[0]?.[0]).toBe('typed@example.test');
    expect(new URL(confirming.completed[0]![1]).searchParams.get('oobCode')).toBe('code-1');
    expect(await within(holdings).findByText(/Your e-mail address is confirmed/)).toBeInTheDocument();
    await waitFor(() => expect(holdings).not.toHaveTextContent('(not confirmed)'));
    expect(view.shop.router.state.location.href).toBe('/user/privacy');
    expect(confirming.completed).toHaveLength(1);
  });

  it('says why a link could not be completed, and offers a new one', async () => {
    confirming.refuse = 'This e-mail address belongs to another account.';
    server.use(...privacyApi(unconfirmed()).handlers);
    renderShop('/user/privacy?oobCode=code-2&mode=signIn', { as: 'customer' });
    const notice = await screen.findByTestId('email-unconfirmed');
    expect(await within(notice).findByRole('alert')).toHaveTextContent('This e-mail address belongs to another account.');
    expect(within(notice).getByRole('button', { name: 'E-mail me a confirmation link' })).toBeEnabled();
  });

  it('shows nothing of it for a confirmed address', async () => {
    server.use(...privacyApi().handlers);
    renderShop('/user/privacy', { as: 'customer' });
    const holdings = await screen.findByRole('region', { name: 'What we hold about you' });
    expect(holdings).not.toHaveTextContent('not confirmed');
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
    expect(screen.getByRole('region', { name: 'Download your data' })).not.toHaveTextContent('not confirmed');
  });
});

describe('privacy and your data', () => {
  it('shows what the shop holds, each consent with its date, the grievance officer and the history', async () => {
    server.use(...privacyApi().handlers);
    renderShop('/user/privacy', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'Privacy and your data', level: 1 })).toBeInTheDocument();
    const holdings = screen.getByRole('region', { name: 'What we hold about you' });
    expect(holdings).toHaveTextContent('customer@demo.test');
    expect(holdings).toHaveTextContent('2 orders');
    expect(holdings).toHaveTextContent('2 results');
    expect(screen.getByTestId('consent-marketing')).toHaveTextContent('Given on 2 Nov 2026');
    expect(screen.getByTestId('consent-ebook')).toHaveTextContent('Not given');
    expect(screen.getByTestId('consent-research')).toHaveTextContent('Withdrawn on 4 Nov 2026');
    expect(screen.getByRole('region', { name: 'Questions or complaints' })).toHaveTextContent('Asha Rao');
    expect(screen.getByRole('link', { name: 'grievance@gut360.example' })).toHaveAttribute('href', 'mailto:grievance@gut360.example');
    expect(screen.getByTestId('privacy-history')).toHaveTextContent('Consent given: Offers, tips and reminders');
  });

  it('withdraws and gives a consent in one press each', async () => {
    const api = privacyApi();
    server.use(...api.handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Withdraw consent: Offers, tips and reminders' }));
    await waitFor(() => expect(screen.getByTestId('consent-marketing')).toHaveTextContent('Withdrawn on 23 Nov 2026'));
    await view.user.click(screen.getByRole('button', { name: 'Give consent: Research use of your sample' }));
    await waitFor(() => expect(screen.getByTestId('consent-research')).toHaveTextContent('Given on 23 Nov 2026'));
    expect(api.sent).toEqual([
      { method: 'PUT', path: 'marketing', body: { granted: false } },
      { method: 'PUT', path: 'research', body: { granted: true } },
    ]);
  });

  it('asks before a withdrawal deletes questionnaire results', async () => {
    const api = privacyApi();
    server.use(...api.handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Withdraw consent: Questionnaire results' }));
    const confirm = screen.getByRole('group', { name: 'Confirm withdrawal' });
    expect(confirm).toHaveTextContent('Withdrawing deletes your 2 saved questionnaire results. This cannot be undone.');
    expect(api.sent).toEqual([]);
    await view.user.click(within(confirm).getByRole('button', { name: 'Keep them' }));
    expect(api.sent).toEqual([]);
    await view.user.click(screen.getByRole('button', { name: 'Withdraw consent: Questionnaire results' }));
    await view.user.click(screen.getByRole('button', { name: 'Withdraw and delete' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'What we hold about you' })).toHaveTextContent('0 results'));
    expect(api.sent).toEqual([{ method: 'PUT', path: 'questionnaires', body: { granted: false } }]);
  });

  it('gives and withdraws the WhatsApp consent, which says that an undelivered WhatsApp message comes once by SMS', async () => {
    const api = privacyApi();
    server.use(...api.handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    const whatsapp = await screen.findByTestId('consent-whatsapp');
    expect(whatsapp).toHaveTextContent('WhatsApp updates');
    expect(whatsapp).toHaveTextContent('instead of the SMS');
    expect(whatsapp).toHaveTextContent('this consent lets us send it once by SMS instead');
    expect(whatsapp).toHaveTextContent('Not given');
    await view.user.click(screen.getByRole('button', { name: 'Give consent: WhatsApp updates' }));
    await waitFor(() => expect(screen.getByTestId('consent-whatsapp')).toHaveTextContent('Given on 23 Nov 2026'));
    await view.user.click(screen.getByRole('button', { name: 'Withdraw consent: WhatsApp updates' }));
    await waitFor(() => expect(screen.getByTestId('consent-whatsapp')).toHaveTextContent('Withdrawn on 23 Nov 2026'));
  });

  it('says why a consent could not be saved', async () => {
    server.use(...privacyApi().handlers);
    server.use(http.put('*/api/privacy/consents/:purpose', () => HttpResponse.error()));
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Withdraw consent: Offers, tips and reminders' }));
    expect(await within(screen.getByTestId('consent-marketing')).findByRole('alert')).toHaveTextContent(/No connection/);
    expect(screen.getByTestId('consent-marketing')).toHaveTextContent('Given on 2 Nov 2026');
  });

  it('asks for erasure only after explaining it and a fresh sign-in, then lets the request be withdrawn', async () => {
    const api = privacyApi();
    server.use(...api.handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Erase my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your account' });
    expect(dialog).toHaveTextContent('kept for 72 months, as Indian tax law requires');
    expect(dialog).toHaveTextContent('We complete it within 30 days.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm and ask to erase' }));
    expect(within(dialog).getByText('Please enter your password.')).toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText(/Your password/), 'wrong-password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm and ask to erase' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right. Please try again.');
    expect(api.sent).toEqual([]);
    await view.user.clear(within(dialog).getByLabelText(/Your password/));
    await view.user.type(within(dialog).getByLabelText(/Your password/), 'right-password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm and ask to erase' }));
    const recorded = await screen.findByRole('dialog', { name: 'Your request is recorded' });
    expect(recorded).toHaveTextContent('We will erase your account by 23 Dec 2026.');
    expect(api.sent).toEqual([{ method: 'POST', path: 'erasure', body: { idToken: 'fresh-token-of-the-owner-0123456789' } }]);
    await view.user.click(within(recorded).getByRole('button', { name: 'Done' }));
    const erase = screen.getByRole('region', { name: 'Erase your account' });
    expect(erase).toHaveTextContent('You asked on 23 Nov 2026 for your account to be erased. We will complete it by 23 Dec 2026.');
    await view.user.click(within(erase).getByRole('button', { name: 'Withdraw my request' }));
    expect(await within(erase).findByRole('button', { name: 'Erase my account…' })).toBeInTheDocument();
    expect(api.sent.at(-1)).toEqual({ method: 'DELETE', path: 'erasure', body: null });
  });

  it("shows the server's reason when it refuses the sign-in as too old, and keeps the dialog open", async () => {
    server.use(...privacyApi().handlers);
    server.use(
      http.post('*/api/privacy/erasure', () =>
        errorAnswer(400, 'Please sign in again to confirm it is you: that sign-in was more than 5 minutes ago.', 'REAUTHENTICATION_REQUIRED'),
      ),
    );
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Erase my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your account' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await view.user.type(within(dialog).getByLabelText(/Your password/), 'right-password');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm and ask to erase' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please sign in again to confirm it is you');
    expect(dialog).toBeVisible();
    expect(document.body).not.toHaveTextContent('You asked on');
  });

  it('downloads the data as a file', async () => {
    server.use(...privacyApi().handlers);
    let asked = '';
    server.use(
      http.get('*/api/privacy/data/archive', ({ request }) => {
        asked = request.headers.get('Authorization') ?? '';
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/zip' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob.type);
      return 'blob:data';
    };
    URL.revokeObjectURL = () => undefined;
    const view = renderShop('/user/privacy', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Download my data (ZIP)' }));
    await waitFor(() => expect(created).toEqual(['application/zip']));
    expect(asked).toBe('Bearer session-customer');
  });

  it('is in the user menu of a customer', async () => {
    server.use(...privacyApi().handlers);
    const view = renderShop('/user/privacy', { as: 'customer' });
    await screen.findByRole('heading', { name: 'Privacy and your data', level: 1 });
    await view.user.click((await screen.findAllByRole('button', { name: 'Chitra Customer' }))[0]!);
    expect(await screen.findByRole('link', { name: 'Privacy and data' })).toHaveAttribute('href', '/user/privacy');
  });
});
