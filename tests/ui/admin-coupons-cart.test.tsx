/** What the cart shows of a coupon limited to some kits: the discount beside each kit it applies to, and its scope. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { answers, server } from './handlers';
import { renderShop } from './render';

type CartResponse = components['schemas']['CartResponse'];

function cartWith(kits: Array<{ id: string; product: string; name: string; price: number; discount: number }>, coupon: string | null, percentage: number): CartResponse {
  const actual = kits.reduce((sum, kit) => sum + kit.price, 0);
  const discount = kits.reduce((sum, kit) => sum + kit.discount, 0);
  return {
    cart: {
      _id: 'cart-1',
      user: 'user-1',
      price: actual - discount,
      actual_price: actual,
      discountInPercentage: percentage,
      coupon,
      couponProducts: null,
      discount,
      version: 1,
      kits: kits.map((kit) => kit.id),
    },
    kits: kits.map((kit) => ({
      _id: kit.id,
      product: kit.product,
      code: kit.product.toUpperCase(),
      name: kit.name,
      price: kit.price,
      actual_price: kit.price,
      image: '/images/products/gut360.svg',
      discount: kit.discount,
    })),
  };
}

const serveCart = (body: CartResponse) => server.use(http.get('*/api/cart', () => HttpResponse.json(body)));

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

describe('a coupon limited to Gut 360 in the cart', () => {
  it('shows the discount beside the Gut 360 only, and says the coupon is for Gut 360', async () => {
    serveCart(
      cartWith(
        [
          { id: 'item-1', product: 'prod-360', name: 'Gut 360', price: 1_499_900, discount: 149_990 },
          { id: 'item-2', product: 'prod-start', name: 'Gut Start', price: 499_900, discount: 0 },
        ],
        'G360ONLY',
        10,
      ),
    );
    renderShop('/cart', { as: 'customer' });
    await screen.findByTestId('cart-lines');
    const [gut360, gutStart] = screen.getAllByTestId('cart-line');
    expect(within(gut360!).getByTestId('cart-line-discount')).toHaveTextContent('G360ONLY − ₹1,499.90');
    expect(within(gutStart!).queryByTestId('cart-line-discount')).not.toBeInTheDocument();
    const figures = screen.getByTestId('cart-figures');
    expect(figures).toHaveTextContent('Discount (G360ONLY · 10% off Gut 360)');
    expect(within(figures).getByTestId('discount')).toHaveTextContent('− ₹1,499.90');
    expect(within(figures).getByTestId('payable')).toHaveTextContent('₹18,498.10');
  });

  it('applied from the coupon field, shows the discount beside the Gut 360 from the server’s answer', async () => {
    const kits = [
      { id: 'item-1', product: 'prod-360', name: 'Gut 360', price: 1_499_900, discount: 0 },
      { id: 'item-2', product: 'prod-start', name: 'Gut Start', price: 499_900, discount: 0 },
    ];
    serveCart(cartWith(kits, null, 0));
    server.use(
      http.post('*/api/cart/coupon', () => HttpResponse.json(cartWith([{ ...kits[0]!, discount: 149_990 }, kits[1]!], 'G360ONLY', 10))),
    );
    const view = renderShop('/cart', { as: 'customer' });
    await screen.findByTestId('cart-lines');
    expect(screen.queryByTestId('cart-line-discount')).not.toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: /coupon/i }), 'g360only');
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    const [gut360] = screen.getAllByTestId('cart-line');
    expect(await within(gut360!).findByTestId('cart-line-discount')).toHaveTextContent('G360ONLY − ₹1,499.90');
    expect(screen.getAllByTestId('cart-line-discount')).toHaveLength(1);
    expect(screen.getByTestId('cart-figures')).toHaveTextContent('Discount (G360ONLY · 10% off Gut 360)');
    expect(screen.getByTestId('applied-coupon')).toHaveTextContent('G360ONLY applied: 10% off Gut 360');
    expect(screen.getByTestId('coupon-outcome')).toHaveTextContent(/is applied: 10% off the price of Gut 360\.$/);
  });

  it('says so when the cart no longer holds a kit the coupon applies to', async () => {
    serveCart(cartWith([{ id: 'item-2', product: 'prod-start', name: 'Gut Start', price: 499_900, discount: 0 }], 'G360ONLY', 10));
    renderShop('/cart', { as: 'customer' });
    await screen.findByTestId('cart-lines');
    expect(screen.getByTestId('cart-figures')).toHaveTextContent('Discount (G360ONLY · 10% off, but on none of these kits)');
    expect(screen.queryByTestId('cart-line-discount')).not.toBeInTheDocument();
  });

  it('keeps the usual wording for a coupon on every kit, with each kit’s share beside it', async () => {
    serveCart(
      cartWith(
        [
          { id: 'item-1', product: 'prod-360', name: 'Gut 360', price: 1_499_900, discount: 149_990 },
          { id: 'item-2', product: 'prod-start', name: 'Gut Start', price: 499_900, discount: 49_990 },
        ],
        'WELCOME10',
        10,
      ),
    );
    renderShop('/cart', { as: 'customer' });
    await screen.findByTestId('cart-lines');
    expect(screen.getByTestId('cart-figures')).toHaveTextContent('Discount (WELCOME10, 10%)');
    expect(screen.getAllByTestId('cart-line-discount')).toHaveLength(2);
  });
});
