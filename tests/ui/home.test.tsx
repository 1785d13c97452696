import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
