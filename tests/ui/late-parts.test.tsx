/**
 * TanStack Query's code arrives after the first paint (src/lib/queries-context.tsx). These shops get their query
 * client late, or never, as a slow or failing network would give it.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createShopQueryClient, type ShopQueryClient } from '@/lib/query-client';
import { catalogue } from './cart-backend';
import { answers, server, users } from './handlers';
import { renderShop } from './render';

/** A query client that arrives when the test says so. */
function lateQueryClient() {
  let arrive: () => void = () => undefined;
  const queryClient = new Promise<ShopQueryClient>((resolve) => {
    arrive = () => resolve(createShopQueryClient());
  });
  return { queryClient, arrive: () => act(async () => arrive()) };
}

beforeEach(() => {
  server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
});

describe('before TanStack Query has loaded', () => {
  it('the home page keeps the kits’ places, then lists them once it arrives', async () => {
    const late = lateQueryClient();
    renderShop('/', { queryClient: late.queryClient });
    // The grid the heading introduces: its places are kept, and marked busy, until the catalogue arrives.
    // eslint-disable-next-line testing-library/no-node-access
    const grid = await screen.findByRole('heading', { level: 2, name: 'Our test kits' }).then((heading) => heading.nextElementSibling as HTMLElement);
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).queryByRole('heading', { level: 3 })).toBeNull();

    await late.arrive();
    expect(await within(grid).findByRole('heading', { level: 3, name: 'Gut 360' })).toBeInTheDocument();
    expect(grid).toHaveAttribute('aria-busy', 'false');
  });

  it('a kit page says its price is loading, then shows it', async () => {
    const late = lateQueryClient();
    renderShop('/products/gut360', { queryClient: late.queryClient });
    expect(await screen.findByText('Loading the price…')).toBeInTheDocument();

    await late.arrive();
    expect(await screen.findByTestId('price')).toHaveTextContent('₹14,999');
    expect(screen.queryByText('Loading the price…')).toBeNull();
  });

  it('a page that reads its data through TanStack Query’s hooks waits for it, then renders', async () => {
    server.use(http.get('*/api/orders', () => HttpResponse.json({ orders: [] })));
    const late = lateQueryClient();
    renderShop('/user/orders', { as: 'customer', queryClient: late.queryClient });
    // Signed in and past the guard, but not rendered until the client is there to read the orders with.
    expect(await screen.findByRole('button', { name: users.customer.fullname })).toBeInTheDocument();
    expect(screen.queryByText('You have no orders yet.')).toBeNull();

    await late.arrive();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});

describe('when TanStack Query’s code cannot be fetched', () => {
  it('the home page says the kits could not be loaded', async () => {
    renderShop('/', { queryClient: Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    expect(await screen.findByText('Our kits could not be loaded just now. Please refresh the page in a moment.')).toBeInTheDocument();
  });

  it('a kit page says its price could not be loaded', async () => {
    renderShop('/products/gutsens', { queryClient: Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    expect(await screen.findByText('The price could not be loaded. Please refresh the page.')).toBeInTheDocument();
  });
});
