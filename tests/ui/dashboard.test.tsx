import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
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
