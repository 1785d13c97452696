import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { generateKitCode } from '../../machines/kit-codes';
import { answers, server } from './handlers';
import { errorAnswer, ownedKit, type OwnedKit } from './orders-fixtures';
import { renderShop } from './render';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

function kitsApi(initial: OwnedKit[]) {
  let kits = initial;
  const sent: unknown[] = [];
  const handlers = [
    http.get('*/api/kits', () => HttpResponse.json({ kits })),
    http.post('*/api/kits/activate', async ({ request }) => {
      const body = (await request.json()) as { code: string; kitId?: string };
      sent.push(body);
      if (body.code.toUpperCase() !== 'GUT-ABCD-EFGH') {
        return errorAnswer(404, 'We do not know this code. Check it against the card in your kit box and try again.', 'KIT_CODE_UNKNOWN');
      }
      const activated = ownedKit({ state: 'activated', activatedAt: '2026-11-21T09:00:00.000Z', demoBoxCode: undefined });
      activated.timeline = [...activated.timeline, { state: 'activated', at: '2026-11-21T09:00:00.000Z' }];
      kits = [activated];
      return HttpResponse.json({ kit: activated });
    }),
  ];
  return { handlers, sent };
}

describe('my kits', () => {
  it('dates each step of the journey on its Indian day, in a browser far from India, without product codes', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 19:00 UTC on 21 November: still the 21st in Los Angeles, already 0:30 on the 22nd in India.
      const shipped = ownedKit({
        state: 'shipped',
        timeline: [
          { state: 'ordered', at: '2026-11-20T10:00:00.000Z' },
          { state: 'paid', at: '2026-11-20T10:01:00.000Z' },
          { state: 'shipped', at: '2026-11-21T19:00:00.000Z' },
        ],
      });
      expect(new Date('2026-11-21T19:00:00.000Z').getDate()).toBe(21);
      server.use(...kitsApi([shipped]).handlers);
      renderShop('/user/dashboard', { as: 'customer' });
      const card = await screen.findByRole('article', { name: 'Gut Start' });
      const journey = within(card).getByRole('list', { name: 'Journey of Gut Start' });
      expect(within(journey).getAllByRole('listitem').slice(0, 3).map((item) => item.textContent)).toEqual([
        'Ordered20 Nov 2026',
        'Paid20 Nov 2026',
        'Shipped22 Nov 2026',
      ]);
      expect(document.body).not.toHaveTextContent(/PROD-/);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows each kit with its journey so far', async () => {
    server.use(...kitsApi([ownedKit()]).handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    expect(within(card).getByTestId('kit-state')).toHaveTextContent('Delivered');
    const journey = within(card).getByRole('list', { name: 'Journey of Gut Start' });
    expect(within(journey).getAllByRole('listitem').map((item) => item.textContent?.replace(/\d.*$/, ''))).toEqual([
      'Ordered',
      'Paid',
      'Shipped',
      'Delivered',
      'Activated',
      'Sample received at the lab',
      'Report ready',
    ]);
    expect(within(journey).getByRole('listitem', { current: 'step' })).toHaveTextContent(/^Delivered/);
  });

  it('has the kits by the time the page shows', async () => {
    server.use(...kitsApi([ownedKit()]).handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'My kits', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Gut Start' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your kits…')).not.toBeInTheDocument();
  });

  it('checks the code at the field, explains a refusal, then activates the kit', async () => {
    const api = kitsApi([ownedKit()]);
    server.use(...api.handlers);
    const view = renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    const input = within(card).getByLabelText('Kit code from the box');
    await view.user.click(within(card).getByRole('button', { name: 'Activate kit' }));
    expect(within(card).getByText(/Enter the code printed on the card/)).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await view.user.type(input, 'GUT-ZZZZ-ZZZZ');
    await view.user.click(within(card).getByRole('button', { name: 'Activate kit' }));
    expect(await within(card).findByText(/We do not know this code/)).toBeInTheDocument();

    await view.user.clear(input);
    await view.user.type(input, 'gut-abcd-efgh');
    await view.user.click(within(card).getByRole('button', { name: 'Activate kit' }));
    expect(await within(card).findByText(/Post your sample/)).toBeInTheDocument();
    expect(within(card).getByTestId('kit-state')).toHaveTextContent('Activated');
    expect(api.sent.at(-1)).toEqual({ code: 'gut-abcd-efgh', kitId: 'kit-1' });
  });

  it('opens from a kit label’s QR code with the code filled in, and drops it from the address once activated', async () => {
    const api = kitsApi([ownedKit()]);
    server.use(...api.handlers);
    const view = renderShop('/user/dashboard?code=gut-abcd-efgh', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    expect(within(card).getByLabelText('Kit code from the box')).toHaveValue('gut-abcd-efgh');
    expect(screen.getByTestId('scanned-code')).toHaveTextContent('The code gut-abcd-efgh from your kit\'s label is filled in below. Press Activate kit to activate it.');
    await view.user.click(within(card).getByRole('button', { name: 'Activate kit' }));
    expect(await within(card).findByText(/Post your sample/)).toBeInTheDocument();
    expect(api.sent).toEqual([{ code: 'gut-abcd-efgh', kitId: 'kit-1' }]);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByTestId('scanned-code')).not.toBeInTheDocument();
  });

  it('writes a scanned code as printed, and says when it is on no kit of the account', async () => {
    const printed = generateKitCode(() => 3);
    server.use(...kitsApi([]).handlers);
    renderShop(`/user/dashboard?code=${printed.toLowerCase().replace(/-/g, '')}`, { as: 'customer' });
    expect(await screen.findByTestId('scanned-code')).toHaveTextContent(
      `The code ${printed} from your kit's label is not on a kit waiting to be activated in your account. If you bought the kit at a clinic or an event, ask them to register it to you.`,
    );
  });

  it('links a ready report to the journey web app', async () => {
    server.use(...kitsApi([ownedKit({ state: 'reportReady', reportUrl: 'https://journey.example.test/reports/kit-1', demoBoxCode: undefined })]).handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    const link = await screen.findByRole('link', { name: 'Read your report' });
    expect(link).toHaveAttribute('href', 'https://journey.example.test/reports/kit-1');
  });

  it('leads to the kits when there are none yet', async () => {
    server.use(...kitsApi([]).handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    expect(await screen.findByText(/You have no kits yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our test kits' })).toHaveAttribute('href', '/products/gut360');
  });
});
