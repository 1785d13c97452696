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
    expect(await within(card).findByText(/Now send your sample to the lab/)).toBeInTheDocument();
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
    expect(await within(card).findByText(/Now send your sample to the lab/)).toBeInTheDocument();
    expect(api.sent).toEqual([{ code: 'gut-abcd-efgh', kitId: 'kit-1' }]);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByTestId('scanned-code')).not.toBeInTheDocument();
  });

  it('writes a scanned code as printed, and offers it as a kit someone gave when no kit of the account waits for it', async () => {
    const printed = generateKitCode(() => 3);
    server.use(...kitsApi([]).handlers);
    renderShop(`/user/dashboard?code=${printed.toLowerCase().replace(/-/g, '')}`, { as: 'customer' });
    expect(await screen.findByTestId('scanned-code')).toHaveTextContent(
      `The code ${printed} from your kit's label is filled in below, under “Activate a kit someone gave you”. Press Activate kit to activate it in your account.`,
    );
    const given = screen.getByRole('region', { name: 'Activate a kit someone gave you' });
    expect(within(given).getByLabelText('Kit code from the box')).toHaveValue(printed);
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

describe('kits for family', () => {
  /** The kits calls over a buyer's two kits and a third kit someone else bought, each with its code. */
  function familyApi(initial: OwnedKit[]) {
    let kits = initial;
    const gifts: unknown[] = [];
    const codes: Record<string, OwnedKit> = {
      'GUT-AAAA-AAAA': kits[0]!,
      'GUT-BBBB-BBBB': kits[1]!,
      'GUT-CCCC-CCCC': ownedKit({ _id: 'kit-from-sister', name: 'Gut 360', code: 'PROD-G360', orderId: null, claim: 'given' }),
    };
    const handlers = [
      http.get('*/api/kits', () => HttpResponse.json({ kits })),
      http.post('*/api/kits/activate', async ({ request }) => {
        const body = (await request.json()) as { code: string; kitId?: string };
        const kit = codes[body.code.toUpperCase()];
        if (!kit) return errorAnswer(404, 'We do not know this code. Check it against the card in your kit box and try again.', 'KIT_CODE_UNKNOWN');
        const activated: OwnedKit = { ...kit, state: 'activated', activatedAt: '2026-11-21T09:00:00.000Z', demoBoxCode: undefined };
        kits = kits.some((each) => each._id === kit._id) ? kits.map((each) => (each._id === kit._id ? activated : each)) : [...kits, activated];
        return HttpResponse.json({ kit: activated });
      }),
      http.post<{ id: string }>('*/api/kits/:id/gift', async ({ request, params }) => {
        const body = (await request.json()) as { email: string; name?: string };
        gifts.push({ id: params.id, ...body });
        if (body.email === 'busy@example.in') return errorAnswer(429, 'You can give 5 kits by e-mail a day. Please try again tomorrow.', 'TOO_MANY_REQUESTS');
        const given: OwnedKit = { ...kits.find((kit) => kit._id === params.id)!, gift: { email: body.email, sentAt: '2026-11-22T06:30:00.000Z' } };
        kits = kits.map((kit) => (kit._id === given._id ? given : kit));
        return HttpResponse.json({ kit: given }, { status: 202 });
      }),
    ];
    return { handlers, gifts };
  }
  const twoKits = () => [ownedKit({ _id: 'kit-start', name: 'Gut Start' }), ownedKit({ _id: 'kit-360', name: 'Gut 360', code: 'PROD-G360' })];

  it('says which kit a code activated when it was typed into another kit’s card', async () => {
    server.use(...familyApi(twoKits()).handlers);
    const view = renderShop('/user/dashboard', { as: 'customer' });
    const start = await screen.findByRole('article', { name: 'Gut Start' });
    await view.user.type(within(start).getByLabelText('Kit code from the box'), 'GUT-BBBB-BBBB');
    await view.user.click(within(start).getByRole('button', { name: 'Activate kit' }));
    expect(await screen.findByTestId('activation-notice')).toHaveTextContent(
      'That code was of your other kit, Gut 360: that kit is now activated. Gut Start still waits for its own code.',
    );
    expect(within(screen.getByRole('article', { name: 'Gut 360' })).getByTestId('kit-state')).toHaveTextContent('Activated');
    expect(within(screen.getByRole('article', { name: 'Gut Start' })).getByTestId('kit-state')).toHaveTextContent('Delivered');
  });

  it('activates a kit someone gave, which then shows as the person’s own', async () => {
    server.use(...familyApi(twoKits()).handlers);
    const view = renderShop('/user/dashboard', { as: 'customer' });
    const given = await screen.findByRole('region', { name: 'Activate a kit someone gave you' });
    await view.user.type(within(given).getByLabelText('Kit code from the box'), 'gut-cccc-cccc');
    await view.user.click(within(given).getByRole('button', { name: 'Activate kit' }));
    expect(await screen.findByTestId('activation-notice')).toHaveTextContent(
      'The code was of a Gut 360 kit someone gave you: it is now activated in your account, and its sample and report are yours.',
    );
    const cards = await screen.findAllByRole('article', { name: 'Gut 360' });
    expect(cards.at(-1)).toHaveTextContent('A kit someone gave you: its sample, questionnaire and report are yours alone.');
  });

  it('shows a kit another account activated as only that: no journey, no activation, no report, nothing to give', async () => {
    server.use(
      ...familyApi([ownedKit({ claim: 'activatedByAnother', state: 'activated', activatedAt: '2026-11-21T09:00:00.000Z', demoBoxCode: undefined })]).handlers,
    );
    renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    expect(within(card).getByTestId('kit-state')).toHaveTextContent('Activated by another account');
    expect(card).toHaveTextContent('Another account activated this kit’s code on 21 Nov 2026, so its sample, questionnaire and report are that person’s.');
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByLabelText('Kit code from the box')).not.toBeInTheDocument();
  });

  it('e-mails a kit’s code to a family member after saying what that means, and says when it cannot', async () => {
    const api = familyApi(twoKits());
    server.use(...api.handlers);
    const view = renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    await view.user.click(within(card).getByRole('button', { name: 'Give this kit to someone' }));
    const form = await within(card).findByRole('form', { name: 'Give Gut Start to someone' });
    await view.user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText('Enter their e-mail address: the kit’s code goes there.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Their e-mail address')).toHaveFocus());

    await view.user.type(within(form).getByLabelText('Their e-mail address'), 'busy@example.in');
    await view.user.click(within(form).getByRole('button', { name: 'Continue' }));
    const confirm = await within(card).findByRole('heading', { name: 'E-mail the code of Gut Start to busy@example.in?' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(card).toHaveTextContent('The code is the claim: whoever activates it first owns the sample’s results. You will not see them.');
    await view.user.click(within(card).getByRole('button', { name: 'E-mail the code' }));
    expect(await within(card).findByText('You can give 5 kits by e-mail a day. Please try again tomorrow.')).toBeInTheDocument();

    const email = within(card).getByLabelText('Their e-mail address');
    await view.user.clear(email);
    await view.user.type(email, 'meera@example.in');
    await view.user.type(within(card).getByLabelText(/Their first name/), 'Meera');
    await view.user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText(/Meera receives the kit’s code/)).toBeInTheDocument();
    await view.user.click(within(card).getByRole('button', { name: 'E-mail the code' }));
    expect(await within(card).findByRole('heading', { name: 'Sent to meera@example.in' })).toBeInTheDocument();
    expect(api.gifts.at(-1)).toEqual({ id: 'kit-start', email: 'meera@example.in', name: 'Meera' });

    await view.user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).getByTestId('kit-gift')).toHaveTextContent(
      'You e-mailed this kit’s code to meera@example.in on 22 Nov 2026. Until it is activated, you can still activate it yourself.',
    );
    expect(within(card).getByRole('button', { name: 'Give this kit to someone else' })).toBeInTheDocument();
  });
});

describe('a kit on its way', () => {
  it('says where the parcel is by the courier’s last scan, with a link to follow it', async () => {
    const shipped = ownedKit({
      state: 'shipped',
      demoBoxCode: undefined,
      shipment: {
        courier: 'Test Courier',
        trackingNumber: 'TC000000000042',
        trackingUrl: 'https://test-courier.example/track/TC000000000042',
        status: 'outForDelivery',
        statusAt: '2026-11-29T03:32:00.000Z',
      },
    });
    server.use(...kitsApi([shipped]).handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    expect(within(card).getByTestId('kit-parcel-status')).toHaveTextContent('Out for delivery today.');
    expect(within(card).getByTestId('kit-shipment')).toHaveTextContent('Shipped with Test Courier, tracking number TC000000000042. Out for delivery today. 29 Nov 2026');
    expect(within(card).getByRole('link', { name: 'Follow the parcel' })).toHaveAttribute('href', 'https://test-courier.example/track/TC000000000042');
  });
});

describe('the pickup of a sample', () => {
  const ADDRESS = { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka' as const, pincode: '560001' };
  const DAYS = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-07'];

  function pickupApi() {
    const booked: unknown[] = [];
    let cancelled = 0;
    let answer: Record<string, unknown> = { pickup: null, bookable: true, reason: null, days: DAYS, address: ADDRESS };
    const handlers = [
      http.get('*/api/kits/:id/pickup', () => HttpResponse.json(answer)),
      http.put('*/api/kits/:id/pickup', async ({ request }) => {
        const body = (await request.json()) as { address: typeof ADDRESS; date: string };
        booked.push(body);
        if (body.address.pincode === '744101') return errorAnswer(409, 'No courier collects from PIN 744101. Post your sample with the prepaid envelope in the box instead.', 'NOT_SERVICEABLE');
        answer = {
          ...answer,
          pickup: { state: 'booked', date: body.date, courier: 'Test Courier', awb: 'TC000000000042', trackingUrl: 'https://test-courier.example/track/TC000000000042', address: body.address, bookedAt: '2026-11-29T10:00:00.000Z', scans: [] },
        };
        return HttpResponse.json(answer);
      }),
      http.delete('*/api/kits/:id/pickup', () => {
        cancelled += 1;
        answer = { ...answer, pickup: null };
        return HttpResponse.json(answer);
      }),
    ];
    return { handlers, booked, cancelled: () => cancelled };
  }

  const activated = () => ownedKit({ state: 'activated', activatedAt: '2026-11-21T09:00:00.000Z', demoBoxCode: undefined });

  it('books the pickup for a day offered at the address prefilled, says a refusal, then moves and cancels it', async () => {
    const pickups = pickupApi();
    server.use(...kitsApi([activated()]).handlers, ...pickups.handlers);
    const view = renderShop('/user/dashboard', { as: 'customer' });
    const panel = await screen.findByRole('region', { name: 'Pickup of your sample' });
    await view.user.click(within(panel).getByRole('button', { name: 'Book the pickup of my sample' }));
    const form = within(panel).getByRole('form', { name: 'Pickup address' });
    expect(within(form).getByRole('textbox', { name: /House number and street/ })).toHaveValue('12 MG Road');
    const day = within(form).getByRole('combobox', { name: /Pickup day/ });
    expect(within(day).getAllByRole('option')).toHaveLength(6);
    await view.user.selectOptions(day, '2026-12-02');
    // A PIN no courier reaches: the courier service's reason, and nothing booked.
    await view.user.clear(within(form).getByRole('textbox', { name: /PIN code/ }));
    await view.user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'Andaman and Nicobar Islands');
    await view.user.type(within(form).getByRole('textbox', { name: /PIN code/ }), '744101');
    await view.user.click(within(form).getByRole('button', { name: 'Book the pickup' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No courier collects from PIN 744101.');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'Karnataka');
    await view.user.clear(within(form).getByRole('textbox', { name: /PIN code/ }));
    await view.user.type(within(form).getByRole('textbox', { name: /PIN code/ }), '560001');
    await view.user.click(within(form).getByRole('button', { name: 'Book the pickup' }));
    expect(await within(panel).findByTestId('sample-pickup-booked')).toHaveTextContent('The courier (Test Courier) comes for your sample on 2 Dec 2026 to 12 MG Road, Bengaluru 560001.');
    expect(pickups.booked.at(-1)).toEqual({ address: ADDRESS, date: '2026-12-02' });
    expect(within(panel).getByRole('link', { name: 'Follow AWB TC000000000042' })).toHaveAttribute('href', 'https://test-courier.example/track/TC000000000042');
    expect(within(panel).getByRole('listitem', { current: 'step' })).toHaveTextContent('Pickup booked');

    await view.user.click(within(panel).getByRole('button', { name: 'Change the day or address' }));
    await view.user.selectOptions(within(panel).getByRole('combobox', { name: /Pickup day/ }), '2026-12-04');
    await view.user.click(within(panel).getByRole('button', { name: 'Move the pickup' }));
    expect(await within(panel).findByTestId('sample-pickup-booked')).toHaveTextContent('on 4 Dec 2026');

    await view.user.click(within(panel).getByRole('button', { name: 'Cancel the pickup' }));
    await view.user.click(within(panel).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await within(panel).findByRole('button', { name: 'Book the pickup of my sample' })).toBeInTheDocument();
    expect(pickups.cancelled()).toBe(1);
  });

  it('follows the sample once the courier has it, with nothing left to change', async () => {
    server.use(
      ...kitsApi([activated()]).handlers,
      http.get('*/api/kits/:id/pickup', () =>
        HttpResponse.json({
          pickup: {
            state: 'inTransit',
            date: '2026-12-01',
            courier: 'Test Courier',
            awb: 'TC000000000042',
            trackingUrl: 'https://test-courier.example/track/TC000000000042',
            address: ADDRESS,
            bookedAt: '2026-11-29T10:00:00.000Z',
            scans: [{ at: '2026-12-01T06:00:00.000Z', status: 'pickedUp', activity: 'Picked up from the customer', location: 'Bengaluru' }],
          },
          bookable: false,
          reason: 'The courier has your sample: it is on its way to the lab.',
          days: [],
          address: ADDRESS,
        }),
      ),
    );
    renderShop('/user/dashboard', { as: 'customer' });
    const panel = await screen.findByRole('region', { name: 'Pickup of your sample' });
    expect(panel).toHaveTextContent('Your sample is on its way to the lab with Test Courier.');
    expect(panel).toHaveTextContent('Picked up from the customer, Bengaluru');
    expect(within(panel).getByRole('listitem', { current: 'step' })).toHaveTextContent('Sample on its way to the lab');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });
});
