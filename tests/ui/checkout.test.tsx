import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCartBackend } from './cart-backend';
import { answers, cartWith, kit, server } from './handlers';
import { address, checkoutApi, order } from './orders-fixtures';
import { renderShop, type ShopView } from './render';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

async function fillAddress(view: ShopView) {
  const form = await screen.findByRole('form', { name: 'Delivery address' });
  const { user } = view;
  // The kit goes to someone else than the signed-in person, whose name and mobile the form starts with.
  await waitFor(() => expect(within(form).getByLabelText(/Full name/)).not.toHaveValue(''));
  await user.clear(within(form).getByLabelText(/Full name/));
  await user.type(within(form).getByLabelText(/Full name/), 'Chetan Customer');
  await user.clear(within(form).getByLabelText(/Mobile number/));
  await user.type(within(form).getByLabelText(/Mobile number/), '+91 98765 43210');
  await user.type(within(form).getByLabelText(/House number and street/), '14, 2nd Cross, Indiranagar');
  await user.type(within(form).getByLabelText(/City or town/), 'Bengaluru');
  await user.selectOptions(within(form).getByLabelText(/State or union territory/), 'Karnataka');
  await user.type(within(form).getByLabelText(/PIN code/), '560038');
  return form;
}

describe('checkout', () => {
  it('sends an anonymous visitor to sign in', async () => {
    renderShop('/checkout');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('previousPage')).toBe('/checkout');
  });

  it('checks the address at each field before anything is sent', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    // The profile fills the name in once it arrives (it never replaces what was typed): wait for it, then clear it.
    await waitFor(() => expect(within(form).getByLabelText(/Full name/)).toHaveValue('Chitra Customer'));
    await view.user.clear(within(form).getByLabelText(/Full name/));
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(within(form).getByText('Enter the name of the person who receives the kit.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the state or union territory.')).toBeInTheDocument();
    await view.user.type(within(form).getByLabelText(/PIN code/), '012345');
    expect(within(form).getByText('A PIN code has 6 digits and does not start with 0.')).toBeInTheDocument();
    await view.user.type(within(form).getByLabelText(/Mobile number/), '12345');
    expect(within(form).getByText('Enter a 10-digit Indian mobile number, e.g. 98765 43210.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('checks every field on the first submit, even after one was refused while typing', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    await view.user.type(within(form).getByLabelText(/PIN code/), '012345');
    await view.user.tab();
    expect(within(form).getByText('A PIN code has 6 digits and does not start with 0.')).toBeInTheDocument();
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(within(form).getByText('Enter the house number and street.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the city or town.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('starts with the person’s name and mobile from their profile, and never replaces what they type', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    await waitFor(() => expect(within(form).getByLabelText(/Full name/)).toHaveValue('Chitra Customer'));
    expect(within(form).getByLabelText(/Mobile number/)).toHaveValue('9800000000');
    expect(within(form).getByLabelText(/House number and street/)).toHaveValue('');
    await view.user.clear(within(form).getByLabelText(/Full name/));
    await view.user.type(within(form).getByLabelText(/Full name/), 'Chetan');
    await view.user.type(within(form).getByLabelText(/City or town/), 'Mysuru');
    expect(within(form).getByLabelText(/Full name/)).toHaveValue('Chetan');
  });

  it('starts with the saved address, not the profile, once there is one', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    server.use(http.get('*/api/address', () => HttpResponse.json({ address })));
    renderShop('/checkout', { as: 'customer' });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    expect(within(form).getByLabelText(/Full name/)).toHaveValue(address.name);
    expect(within(form).getByLabelText(/Mobile number/)).toHaveValue(address.phone);
    expect(within(form).getByLabelText(/PIN code/)).toHaveValue(address.pincode);
  });

  it('says at once what to fix in an address saved before its PIN code was checked against its state', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    server.use(http.get('*/api/address', () => HttpResponse.json({ address: { ...address, pincode: '110001' } })));
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    expect(within(form).getByText('110001 is a PIN code in Delhi, not Karnataka. Check the PIN code or the state.')).toBeInTheDocument();
    await view.user.clear(within(form).getByLabelText(/PIN code/));
    await view.user.type(within(form).getByLabelText(/PIN code/), '560038');
    expect(within(form).queryByText(/is a PIN code in/)).not.toBeInTheDocument();
  });

  it('refuses a PIN code of another state at the PIN code, and checks it again when the state changes', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await fillAddress(view);
    await view.user.selectOptions(within(form).getByLabelText(/State or union territory/), 'Delhi');
    expect(within(form).getByText('560038 is a PIN code in Karnataka, not Delhi. Check the PIN code or the state.')).toBeInTheDocument();
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(api.calls).toEqual([]);
    await view.user.selectOptions(within(form).getByLabelText(/State or union territory/), 'Karnataka');
    expect(within(form).queryByText(/is a PIN code in/)).not.toBeInTheDocument();
  });

  it('takes a PIN code typed with a space, as people write it, and saves its six digits', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await fillAddress(view);
    await view.user.clear(within(form).getByLabelText(/PIN code/));
    await view.user.type(within(form).getByLabelText(/PIN code/), '560 038');
    expect(within(form).queryByText(/A PIN code has 6 digits/)).not.toBeInTheDocument();
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('region', { name: 'Your kits' });
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ pincode: '560038', state: 'Karnataka' });
  });

  it('with an empty cart offers the order waiting for payment, which the cart’s kits went into, or else the kits', async () => {
    server.use(answers.cart(cartWith([])), http.get('*/api/orders', () => HttpResponse.json({ orders: [order({ _id: 'order-7', number: 'GS-2026-000007', price: 499_900 })] })));
    const view = renderShop('/checkout', { as: 'customer' });
    const waiting = await screen.findByRole('region', { name: 'Order waiting for payment' });
    expect(waiting).toHaveTextContent('Your cart is empty: its kits are in order GS-2026-000007, which is waiting for its payment of ₹4,999.');
    expect(within(waiting).getByRole('link', { name: 'Pay ₹4,999 now' })).toHaveAttribute('href', '/checkout?order=order-7');
    expect(within(waiting).getByRole('link', { name: 'See the order' })).toHaveAttribute('href', '/user/orders?order=order-7');
    view.unmount();

    server.use(http.get('*/api/orders', () => HttpResponse.json({ orders: [order({ status: 'paid' })] })));
    renderShop('/checkout', { as: 'customer' });
    const empty = await screen.findByRole('region', { name: 'Empty cart' });
    expect(empty).toHaveTextContent('Your cart is empty, so there is nothing to check out yet.');
  });

  it('goes from address to review to the test gateway and lands on /success with the paid order', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await fillAddress(view);
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));

    const review = await screen.findByRole('region', { name: 'Your kits' });
    expect(within(review).getByText('Gut 360 kit 1')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent('+91 9876543210');
    const place = screen.getByRole('button', { name: /^Place order and pay ₹/ });
    await view.user.dblClick(place);

    const pay = await screen.findByRole('button', { name: 'Pay ₹16,198.20' });
    expect(screen.getByText(/no real money moves/)).toBeInTheDocument();
    await view.user.click(pay);

    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(await screen.findByTestId('paid-order')).toHaveTextContent('Payment received: order GS-2026-000001');

    const saved = api.calls.find((call) => call.method === 'PUT');
    expect(saved?.body).toEqual({
      name: 'Chetan Customer',
      phone: '9876543210',
      line1: '14, 2nd Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    });
    const placed = api.calls.filter((call) => call.path === '/api/orders');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // What the review showed is what the order is placed for: the cart's version and total.
    const shown = cartWith([kit(1), kit(2)]).cart;
    expect(placed[0]!.body).toEqual({ cartVersion: shown.version, cartPrice: shown.price });
    expect(api.calls.find((call) => call.path === '/api/payments/verify')?.body).toEqual({
      razorpay_order_id: 'order_test_1',
      razorpay_payment_id: 'pay_test_1',
      razorpay_signature: 'a'.repeat(64),
    });
  });

  it('says a declined payment charged nothing and lets the person try again on the same order', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const form = await fillAddress(view);
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await view.user.click(await screen.findByRole('button', { name: /^Place order and pay/ }));
    await view.user.click(await screen.findByRole('button', { name: 'Decline the payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment did not go through');
    expect(alert).toHaveTextContent('The test bank declined the payment. Nothing was charged; you can try again.');
    await view.user.click(within(alert).getByRole('button', { name: 'Try the payment again' }));
    expect(await screen.findByRole('button', { name: /^Pay ₹/ })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/orders')).toHaveLength(1);
    expect(api.calls.filter((call) => call.path.endsWith('/payment'))).toHaveLength(2);
  });

  /** Makes one call of the checkout fail with no answer until `restore` is called. */
  function dropping(path: string) {
    const state = { down: true };
    server.use(http.post(`*${path}`, () => (state.down ? HttpResponse.error() : undefined)));
    return { restore: () => (state.down = false) };
  }

  async function toReview(view: ShopView) {
    const form = await fillAddress(view);
    await view.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
    return screen.findByRole('button', { name: /^Place order and pay/ });
  }

  it('says an order that got no answer was not placed and charged nothing; placing it again makes one order', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const connection = dropping('/api/orders');
    const view = renderShop('/checkout', { as: 'customer' });
    const place = await toReview(view);
    await view.user.click(place);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your order was not placed yet.');
    expect(alert).toHaveTextContent('No connection: we could not reach the shop. Check your internet connection, then try again.');
    expect(alert).toHaveTextContent('Nothing was charged. Placing the order again is safe: it never makes a second order.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    connection.restore();
    await view.user.click(place);
    expect(await screen.findByRole('button', { name: /^Pay ₹/ })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/orders')).toHaveLength(1);
  });

  it('says the payment could not be opened, not that it was declined, when the gateway got no answer', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const connection = dropping('/api/payments/test-gateway');
    const view = renderShop('/checkout', { as: 'customer' });
    await view.user.click(await toReview(view));
    await view.user.click(await screen.findByRole('button', { name: /^Pay ₹/ }));
    const problem = await screen.findByTestId('payment-problem');
    expect(within(problem).getByRole('heading')).toHaveTextContent('We could not open the payment');
    expect(problem).toHaveTextContent('No connection');
    expect(problem).toHaveTextContent('Nothing was charged.');
    expect(problem).not.toHaveTextContent('did not go through');
    connection.restore();
    await view.user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Pay ₹/ })).toBeInTheDocument();
  });

  it('never offers to pay again when the confirmation got no answer: it checks the same payment again', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const connection = dropping('/api/payments/verify');
    const view = renderShop('/checkout', { as: 'customer' });
    await view.user.click(await toReview(view));
    await view.user.click(await screen.findByRole('button', { name: /^Pay ₹/ }));
    const problem = await screen.findByTestId('payment-problem');
    expect(within(problem).getByRole('heading')).toHaveTextContent('We could not confirm your payment yet');
    expect(problem).toHaveTextContent('Your payment may have gone through. Do not pay again');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    connection.restore();
    await view.user.click(within(problem).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(api.calls.filter((call) => call.path.endsWith('/payment'))).toHaveLength(1);
    expect(api.calls.filter((call) => call.path === '/api/payments/verify')).toHaveLength(1);
  });

  it('shows the review again under “Your cart changed” when a kit was added in another tab, and places the order for the new total', async () => {
    const cart = createCartBackend({ kits: ['prod-start'] });
    const api = checkoutApi({ cart: cart.cart });
    server.use(...cart.handlers, ...api.handlers);
    const view = renderShop('/checkout', { as: 'customer' });
    const place = await toReview(view);
    expect(place).toHaveAccessibleName('Place order and pay ₹4,999');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹4,999');
    const reviewed = cart.cart().cart;

    // Another tab adds a second Gut Start while this one shows the review of one.
    cart.add('prod-start');
    await view.user.click(place);

    const notice = await screen.findByTestId('cart-changed');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveFocus();
    expect(within(notice).getByRole('heading', { name: 'Your cart changed' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('Nothing was ordered or charged');
    const review = screen.getByRole('region', { name: 'Your kits' });
    expect(within(review).getByText('Gut Start')).toBeInTheDocument();
    expect(review).toHaveTextContent('× 2');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹9,998');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    // The notice comes before the kits and the total it is about.
    expect(notice.compareDocumentPosition(review) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing was ordered, the payment never opened, and the cart was not asked for again: the answer carried it.
    expect(screen.queryByRole('button', { name: /^Pay ₹/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.endsWith('/payment'))).toEqual([]);
    expect(cart.calls.filter((call) => call === 'GET /api/cart')).toHaveLength(1);

    await view.user.click(screen.getByRole('button', { name: 'Place order and pay ₹9,998' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹9,998' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-changed')).not.toBeInTheDocument();
    const now = cart.cart().cart;
    expect(api.calls.filter((call) => call.path === '/api/orders').map((call) => call.body)).toEqual([
      { cartVersion: reviewed.version, cartPrice: 499_900 },
      { cartVersion: now.version, cartPrice: 999_800 },
    ]);
    expect(new Set(api.calls.filter((call) => call.path === '/api/orders').map((call) => call.headers.get('Idempotency-Key'))).size).toBe(1);
  });

  it('pays an order placed earlier without placing another', async () => {
    const api = checkoutApi();
    server.use(...api.handlers);
    const view = renderShop('/checkout?order=order-1', { as: 'customer' });
    await view.user.click(await screen.findByRole('button', { name: 'Pay ₹16,198.20' }));
    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(api.calls.filter((call) => call.path === '/api/orders')).toEqual([]);
    expect(api.calls.filter((call) => call.path === '/api/orders/order-1/payment')).toHaveLength(1);
  });
});
