import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCartBackend } from './cart-backend';
import { answers, server } from './handlers';
import { findNotice, renderShop } from './render';

beforeEach(() => {
  // Without the offer product the promotion stays shut, so its modal never hides the page from the queries.
  server.use(answers.catalogueWithoutOffer());
});

function serveCart(options: Parameters<typeof createCartBackend>[0] = {}) {
  const backend = createCartBackend(options);
  server.use(...backend.handlers);
  return backend;
}

const figures = () => {
  const list = screen.getByTestId('cart-figures');
  return {
    actual: within(list).getByTestId('actual-price').textContent,
    discount: within(list).getByTestId('discount').textContent,
    payable: within(list).getByTestId('payable').textContent,
    discountLabel: within(list).getByText(/^Discount/).textContent,
  };
};

async function openCart(options: Parameters<typeof createCartBackend>[0]) {
  const backend = serveCart(options);
  const view = renderShop('/cart', { as: 'customer' });
  await screen.findByTestId('cart-lines');
  return { backend, ...view };
}

describe('the cart page (SPEC §3/§4)', () => {
  it('shows a line per kit with its price, and the actual price, discount and payable price', async () => {
    await openCart({ kits: ['prod-start', 'prod-360'] });
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Gut Start');
    expect(lines[0]).toHaveTextContent('₹4,999');
    expect(within(lines[0]!).getByText('₹9,999', { exact: false }).tagName).toBe('S');
    expect(lines[1]).toHaveTextContent('Gut 360');
    expect(within(lines[1]!).getByRole('button', { name: 'Remove one Gut 360' })).toBeEnabled();
    expect(figures()).toEqual({ actual: '₹19,998', discount: '₹0', payable: '₹19,998', discountLabel: 'Discount' });
    expect(screen.getByRole('heading', { name: '2 kits' })).toBeInTheDocument();
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('2');
  });

  it('removes a kit: the line goes, the badge and the figures follow', async () => {
    const { backend, user } = await openCart({ kits: ['prod-start', 'prod-360'] });
    await user.click(screen.getByRole('button', { name: 'Remove one Gut Start' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.getByTestId('cart-lines')).not.toHaveTextContent('Gut Start');
    expect(figures()).toMatchObject({ actual: '₹14,999', payable: '₹14,999' });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('1');
    expect(backend.calls).toContain('DELETE /api/cart/items/item-1');
  });

  it('says so when a kit was already removed elsewhere, and shows the cart as it is now', async () => {
    const { user } = await openCart({ kits: ['prod-start', 'prod-360'] });
    server.use(
      http.delete('*/api/cart/items/:itemId', () =>
        HttpResponse.json({ message: 'This kit is not in your cart any more.', code: 'CART_ITEM_NOT_FOUND' }, { status: 404 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove one Gut Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This kit is not in your cart any more.');
  });

  it('applies WELCOME10: the discount is 10% of the actual price and the payable price drops by it', async () => {
    const { user } = await openCart({ kits: ['prod-start', 'prod-360'] });
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-outcome')).toHaveTextContent('Coupon WELCOME10 is applied: 10% off the actual price.');
    expect(screen.getByTestId('applied-coupon')).toHaveTextContent('WELCOME10 applied: 10% off');
    expect(figures()).toEqual({
      actual: '₹19,998',
      discount: '− ₹1,999.80',
      payable: '₹17,998.20',
      discountLabel: 'Discount (WELCOME10, 10%)',
    });
    // The field is emptied for another code.
    expect(screen.getByRole('textbox', { name: 'Use a different coupon' })).toHaveValue('');
  });

  it('removes the coupon and returns to the actual price', async () => {
    const { user } = await openCart({ kits: ['prod-360'], coupon: 'WELCOME10' });
    expect(figures()).toMatchObject({ discount: '− ₹1,499.90', payable: '₹13,499.10' });
    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByText('Coupon removed. You pay the actual price.')).toBeInTheDocument();
    expect(figures()).toEqual({ actual: '₹14,999', discount: '₹0', payable: '₹14,999', discountLabel: 'Discount' });
    expect(screen.queryByTestId('applied-coupon')).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown code', 'NOSUCH', 'There is no coupon NOSUCH. Check the spelling and try again.'],
    ['an expired code', 'diwali20', 'The coupon DIWALI20 has expired (it was valid until 3 November 2026).'],
    ['a used-up code', 'FIRST100', 'The coupon FIRST100 has been used as many times as it allows and cannot be applied now.'],
    ['a code this person used already', 'onceonly', 'You have already used the coupon ONCEONLY; it can be used once per person.'],
  ])('says why %s is refused, at the field, and keeps the figures', async (_what, code, message) => {
    const { user } = await openCart({ kits: ['prod-360'] });
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(figures()).toMatchObject({ discount: '₹0', payable: '₹14,999' });
  });

  it.each([
    ['nothing', '', 'Enter a coupon code.'],
    ['spaces inside', 'WELCOME 10', 'A coupon code has only letters, numbers, hyphens (-) and underscores (_).'],
    ['a very long code', 'A'.repeat(33), 'A coupon code has at most 32 characters.'],
  ])('checks the code at the field before sending it: %s', async (_what, code, message) => {
    const { backend, user } = await openCart({ kits: ['prod-360'] });
    if (code) await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), code);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(message);
    expect(backend.calls.filter((call) => call.startsWith('POST /api/cart/coupon'))).toEqual([]);
  });

  it('shows progress while a coupon is being applied', async () => {
    const { user } = await openCart({ kits: ['prod-360'], latencyMs: 300 });
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applying WELCOME10…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Applying/ })).toBeDisabled();
    expect(await screen.findByTestId('coupon-outcome')).toHaveTextContent('WELCOME10 is applied');
  });

  it('leads on to checkout', async () => {
    await openCart({ kits: ['prod-360'] });
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('shows an empty cart that leads back to the kits', async () => {
    serveCart();
    renderShop('/cart', { as: 'customer' });
    const empty = await screen.findByTestId('empty-cart');
    expect(within(empty).getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Gut Start', '/products/gut360-start'],
      ['Gut 360', '/products/gut360'],
      ['Gut SEnS', '/products/gutsens'],
      ['Gut Heal', '/products/ibs-heal'],
    ]) {
      expect(within(empty).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('says the cart could not be loaded and lets the person try again', async () => {
    server.use(answers.cartStatus(503));
    const { user } = renderShop('/cart', { as: 'customer' });
    expect(await screen.findByText('We could not load your cart. Check your connection and try again.')).toBeInTheDocument();
    serveCart({ kits: ['prod-360'] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('cart-lines')).toHaveTextContent('Gut 360');
  });
});

describe('one line per kit with its quantity', () => {
  it('shows two of the same kit as one line × 2 with the line amount, in rupees, without product codes', async () => {
    await openCart({ kits: ['prod-360', 'prod-start', 'prod-360'] });
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Gut 360');
    expect(within(lines[0]!).getByTestId('cart-line-quantity')).toHaveTextContent(/^Quantity × 2$/);
    expect(within(lines[0]!).getByTestId('cart-line-price')).toHaveTextContent(/^₹29,998$/);
    expect(within(lines[0]!).getByText('₹39,998', { exact: false }).tagName).toBe('S');
    expect(within(lines[1]!).getByTestId('cart-line-quantity')).toHaveTextContent(/^Quantity × 1$/);
    expect(within(lines[1]!).getByRole('button', { name: 'Remove one Gut Start' })).toHaveTextContent('Remove');
    expect(within(lines[0]!).getByRole('button', { name: 'Remove one Gut 360' })).toHaveTextContent('Remove one');
    expect(screen.getByRole('heading', { name: '3 kits' })).toBeInTheDocument();
    expect(figures()).toMatchObject({ actual: '₹34,997', payable: '₹34,997' });
    expect(document.body).not.toHaveTextContent(/PROD-/);
  });

  it('adds one more of a kit with its "+": the line grows to × 2, the badge and figures follow', async () => {
    const { backend, user } = await openCart({ kits: ['prod-360', 'prod-start'] });
    await user.click(screen.getByRole('button', { name: 'Add one more Gut 360' }));
    await waitFor(() => expect(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('cart-line-quantity')).toHaveTextContent(/× 2$/));
    expect(figures()).toMatchObject({ actual: '₹34,997', payable: '₹34,997' });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(backend.calls).toContain('POST /api/cart/items prod-360');
  });

  it('offers no "+" once the cart holds the most kits an order takes, and says why a kit could not be added', async () => {
    const { user } = await openCart({ kits: Array.from({ length: 9 }, () => 'prod-start') });
    await user.click(screen.getByRole('button', { name: 'Add one more Gut Start' }));
    expect(await screen.findByRole('heading', { name: '10 kits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one more Gut Start' })).toBeDisabled();
    server.use(
      http.post('*/api/cart/items', () =>
        HttpResponse.json({ message: 'Your cart already holds 10 kits, the most one order can take. Remove a kit before adding another.', code: 'CART_FULL' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove one Gut Start' }));
    expect(await screen.findByRole('heading', { name: '9 kits' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add one more Gut Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart already holds 10 kits');
  });

  it('tells one price story: the usual price struck through, the kits’ price now, the coupon, and the saving', async () => {
    await openCart({ kits: ['prod-360', 'prod-360'], coupon: 'WELCOME10' });
    const list = screen.getByTestId('cart-figures');
    expect(within(list).getByTestId('usual-price')).toHaveTextContent('₹39,998');
    expect(within(list).getByTestId('usual-price').firstElementChild?.tagName).toBe('S');
    expect(list).toHaveTextContent('Actual price (the kits’ price now)₹29,998');
    expect(figures()).toMatchObject({ discount: '− ₹2,999.80', payable: '₹26,998.20' });
    expect(screen.getByTestId('cart-saving')).toHaveTextContent('You save ₹12,999.80 on the usual price.');
  });

  it('removes one kit from a line of two: the line stays with × 1, the badge and figures follow', async () => {
    const { backend, user } = await openCart({ kits: ['prod-360', 'prod-start', 'prod-360'] });
    await user.click(screen.getByRole('button', { name: 'Remove one Gut 360' }));
    await waitFor(() => expect(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('cart-line-quantity')).toHaveTextContent(/× 1$/));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('cart-line-price')).toHaveTextContent(/^₹14,999$/);
    expect(figures()).toMatchObject({ actual: '₹19,998', payable: '₹19,998' });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(backend.calls.filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/cart/items/item-3']);
  });

  it('keeps the line as it was and says so when a kit cannot be removed', async () => {
    const { user } = await openCart({ kits: ['prod-360', 'prod-360'] });
    server.use(http.delete('*/api/cart/items/:itemId', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Remove one Gut 360' }));
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(within(screen.getByTestId('cart-line')).getByTestId('cart-line-quantity')).toHaveTextContent(/× 2$/);
    expect(figures()).toMatchObject({ payable: '₹29,998' });
    expect(screen.getByRole('button', { name: 'Remove one Gut 360' })).toBeEnabled();
  });
});

describe('the coupon field', () => {
  it('hints at what to enter without giving a code away', async () => {
    await openCart({ kits: ['prod-360'] });
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    expect(field).toHaveAccessibleDescription('Have a coupon? Enter its code.');
    expect(field).not.toHaveAttribute('placeholder');
    expect(document.body).not.toHaveTextContent(/WELCOME10/i);
  });
});

describe('offer links (/discount/$code, DESIGN §8)', () => {
  it('keeps the code for an anonymous visitor and sends them to sign in, then to the cart', async () => {
    const { user } = renderShop('/discount/welcome10');
    expect(await screen.findByTestId('offer-saved')).toHaveTextContent('We have kept the code WELCOME10 on this device.');
    expect(localStorage.getItem('offerCode')).toBe('WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Sign in to use the offer' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('previousPage')).toBe('/cart');
  });

  it('applies the code for a signed-in person and shows the cart with the discount', async () => {
    const backend = serveCart({ kits: ['prod-360'] });
    renderShop('/discount/WELCOME10', { as: 'customer' });
    expect(await screen.findByTestId('offer-outcome')).toHaveTextContent("Your offer link's code WELCOME10 is applied: 10% off the actual price.");
    expect(window.location.pathname).toBe('/cart');
    expect(figures()).toMatchObject({ discount: '− ₹1,499.90', payable: '₹13,499.10' });
    expect(localStorage.getItem('offerCode')).toBeNull();
    expect(backend.calls.filter((call) => call.startsWith('POST /api/cart/coupon'))).toEqual(['POST /api/cart/coupon WELCOME10']);
  });

  it('applies the code to an empty cart and says it will apply to the kits added', async () => {
    serveCart();
    renderShop('/discount/WELCOME10', { as: 'customer' });
    expect(await screen.findByTestId('offer-outcome')).toHaveTextContent("Your offer link's code WELCOME10 is applied");
    expect(screen.getByTestId('empty-cart')).toHaveTextContent('Your coupon WELCOME10 is saved and will apply to the kits you add.');
  });

  it('applies a kept code when the person reaches the cart later', async () => {
    serveCart({ kits: ['prod-start'] });
    localStorage.setItem('offerCode', 'WELCOME10');
    renderShop('/cart', { as: 'customer' });
    expect(await screen.findByTestId('offer-outcome')).toHaveTextContent("Your offer link's code WELCOME10 is applied");
  });

  it('says what happened when the offer cannot be used', async () => {
    serveCart({ kits: ['prod-360'] });
    renderShop('/discount/DIWALI20', { as: 'customer' });
    expect(await screen.findByTestId('offer-outcome')).toHaveTextContent(
      "Your offer link's code DIWALI20 could not be applied. The coupon DIWALI20 has expired (it was valid until 3 November 2026).",
    );
    expect(figures()).toMatchObject({ discount: '₹0', payable: '₹14,999' });
  });

  it('explains a link that holds no readable code', async () => {
    renderShop('/discount/not%20a%20code!');
    expect(await screen.findByRole('heading', { name: 'This offer link is not valid' })).toBeInTheDocument();
    expect(localStorage.getItem('offerCode')).toBeNull();
  });
});

describe('the cart guard with the offer kept', () => {
  it('still refuses the cart to an anonymous visitor with the exact message', async () => {
    renderShop('/cart');
    expect(await findNotice('please login to goto the cart page')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});
