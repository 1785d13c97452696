import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setEmbeddedAnswer } from '@/lib/embedded-answer';
import type { ShopQueryClient } from '@/lib/query-client';
import { catalogue } from './cart-backend';
import { answers, server } from './handlers';
import { renderShop } from './render';

const withoutOffer = catalogue.filter((product) => product.code !== 'PROD-G3G-LITE');

describe('the home page', () => {
  beforeEach(() => {
    server.use(answers.catalogue(withoutOffer));
  });

  it('lists the kits of the catalogue with their prices in rupees and a link to each page', async () => {
    renderShop('/');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Gut 360' });
    // The kit's card is what holds its heading: the price and the link must be the same kit's.
    // eslint-disable-next-line testing-library/no-node-access
    const card = heading.parentElement!;
    expect(card).toHaveTextContent('₹14,999');
    const struck = within(card).getByText('₹19,999', { exact: false });
    expect(struck.tagName).toBe('S');
    expect(struck).toHaveTextContent('was ₹19,999');
    expect(within(card).getByRole('link', { name: 'View Gut 360' })).toHaveAttribute('href', '/products/gut360');
    expect(screen.getByRole('link', { name: 'View Gut SEnS' })).toHaveAttribute('href', '/products/gutsens');
    expect(screen.getByRole('link', { name: 'View Gut Heal' })).toHaveAttribute('href', '/products/ibs-heal');
  });

  it('leads to Gut Start at its launch price', async () => {
    renderShop('/');
    expect(await screen.findByRole('link', { name: 'Start with Gut Start at ₹4,999' })).toHaveAttribute('href', '/products/gut360-start');
  });

  it('says so when the kits cannot be loaded', async () => {
    server.use(answers.catalogueFails());
    renderShop('/');
    expect(await screen.findByText('Our kits could not be loaded just now. Please refresh the page in a moment.')).toBeInTheDocument();
  });
});

describe('the home page and a kit’s page sent with the catalogue by the server', () => {
  const sent = withoutOffer.map((product) => (product.code === 'PROD-G360' ? { ...product, price: 1399900 } : product));

  beforeEach(() => {
    // As server/plugins/catalogue-page.ts puts it into the page, outside the shop's root.
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'embedded-answer';
    element.textContent = JSON.stringify({ operationId: 'listProducts', key: 'all', answer: sent });
    document.body.append(element);
    setEmbeddedAnswer(undefined);
    return () => {
      element.remove();
      setEmbeddedAnswer(undefined);
    };
  });

  /** Counts the requests for the catalogue, answering the sent one. */
  function catalogueAsked(): { count: number } {
    const asked = { count: 0 };
    server.use(
      http.get('*/api/products', () => {
        asked.count += 1;
        return HttpResponse.json({ status: true, data: sent });
      }),
    );
    return asked;
  }

  it('shows the kits and their prices before TanStack Query has loaded, and does not ask for them', async () => {
    const asked = catalogueAsked();
    renderShop('/', { queryClient: new Promise<ShopQueryClient>(() => undefined) });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Gut 360' })).parentElement!; // eslint-disable-line testing-library/no-node-access
    expect(card).toHaveTextContent('₹13,999');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Gut 360', 'Gut SEnS', 'Gut Heal']);
    expect(asked.count).toBe(0);
  });

  it('gives TanStack Query the catalogue it came with: a kit’s page has its price and Add to cart, with no request', async () => {
    const asked = catalogueAsked();
    const { user } = renderShop('/');
    await user.click(await screen.findByRole('link', { name: 'View Gut 360' }));
    expect(await screen.findByTestId('price')).toHaveTextContent('₹13,999');
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(screen.queryByText('Loading the price…')).not.toBeInTheDocument();
    expect(asked.count).toBe(0);
  });
});
