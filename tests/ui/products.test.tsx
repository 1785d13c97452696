import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchOffer } from '@/lib/launch-offer';
import { catalogue, createCartBackend } from './cart-backend';
import { answers, server } from './handlers';
import { renderShop } from './render';

/** The catalogue without Gut Start keeps the 3-second promotion shut; pages about other kits use it. */
const withoutOffer = catalogue.filter((product) => product.code !== 'PROD-G3G-LITE');

beforeEach(() => {
  server.use(answers.catalogue(withoutOffer));
});

const pages = [
  { path: '/products/gut360', name: 'Gut 360', price: '₹14,999', was: '₹19,999', method: 'Shotgun metagenomic sequencing' },
  { path: '/products/gutsens', name: 'Gut SEnS', price: '₹9,999', was: '₹12,999', method: 'Metagenomic sequencing and two questionnaires' },
  { path: '/products/ibs-heal', name: 'Gut Heal', price: '₹11,999', was: '₹15,999', method: 'Metagenomic sequencing and a guided diet' },
] as const;

const SECTIONS = ['What it measures', 'Who it is for', 'When to choose something else', 'What is in the box', 'How sampling works', 'Turnaround and your report', 'Questions people ask'];

describe.each(pages)('the $name page', ({ path, name, price, was, method }) => {
  it('says what the kit measures, who it is for, what is in the box, sampling, turnaround and FAQs', async () => {
    renderShop(path);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    for (const section of SECTIONS) expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByText(method)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Medical note' })).toHaveTextContent('do not diagnose, treat or prevent any disease');
    expect(document.title).toBe(`${name} | Gut360 Health`);
  });

  it('links a sample report of the kit, which says it is a sample and leads back', async () => {
    const view = renderShop(path);
    await view.user.click(await screen.findByRole('link', { name: `See a sample report of ${name}` }));
    expect(await screen.findByRole('heading', { level: 1, name: `Sample report: ${name}` })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('This is a sample report.The person, the results and the advice in it are made up.');
    for (const section of ['In short', 'Your scores', 'What the report suggests']) expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: `Back to ${name}` }));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });

  it('shows the catalogue price in rupees with the actual price struck through', async () => {
    renderShop(path);
    const priceTag = await screen.findByTestId('price');
    expect(priceTag).toHaveTextContent(price);
    expect(within(priceTag).getByText(was).tagName).toBe('S');
    expect(priceTag).toHaveTextContent('Usual price');
  });

  it('sizes every image, and loads the ones below the fold lazily', async () => {
    renderShop(path);
    await screen.findByRole('heading', { level: 1, name });
    const images = screen.getAllByRole('img').filter((image) => image.tagName === 'IMG');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image.getAttribute('alt')).toBeTruthy();
    }
    expect(images[0]).not.toHaveAttribute('loading', 'lazy');
    expect(images.slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('shows each FAQ answer when its question is opened', async () => {
    const { user } = renderShop(path);
    const faqs = await screen.findByRole('heading', { level: 2, name: 'Questions people ask' });
    // A disclosure's open state is a property of its <details>, which has no query of its own.
    /* eslint-disable testing-library/no-node-access */
    const questions = [...faqs.parentElement!.querySelectorAll('summary')];
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const details = questions[0]!.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(questions[0]!);
    expect(details.open).toBe(true);
    expect(details.querySelector('p')?.textContent).toMatch(/\w+/);
    /* eslint-enable testing-library/no-node-access */
  });
});

describe('the Gut Start page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the day the launch offer ends, in the offer line and the answer on how long it lasts', async () => {
    server.use(answers.catalogue(catalogue));
    renderShop('/products/gut360-start');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gut Start' })).toBeInTheDocument();
    expect(screen.getByTestId('offer')).toHaveTextContent(new RegExp(`until ${launchOffer.lastDay}$`));
    expect(screen.getByText(`The launch price of ₹4,999 lasts until the end of ${launchOffer.lastDay} (India time). The price in your cart is the one you pay.`)).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/limited time/i);
  });

  it('drops the offer line once the offer’s last day is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((launchOffer.endsAt ?? 0) + 1);
    server.use(answers.catalogue(catalogue));
    renderShop('/products/gut360-start');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gut Start' })).toBeInTheDocument();
    expect(screen.queryByTestId('offer')).not.toBeInTheDocument();
    expect(screen.getByTestId('promo-banner')).toHaveTextContent('Gut Start, our starter gut test: a first look at your gut bacteria. Shop now');
  });

  it('shows the launch offer and its price', async () => {
    server.use(answers.catalogue(catalogue));
    renderShop('/products/gut360-start');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gut Start' })).toBeInTheDocument();
    expect(screen.getByTestId('offer')).toHaveTextContent(`Launch offer: ₹4,999 until ${launchOffer.lastDay}`);
    const priceTag = await screen.findByTestId('price');
    expect(priceTag).toHaveTextContent('₹4,999');
    expect(priceTag).toHaveTextContent('You save 50%');
    expect(screen.getByText('16S rRNA gene sequencing')).toBeInTheDocument();
  });
});

/** Add to cart once it takes clicks: the button is replaced when the cart's machine has loaded. */
function enabledAddToCart() {
  return waitFor(() => {
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toBeEnabled();
    return button;
  });
}

describe('Add to cart', () => {
  it('sends an anonymous visitor to sign in, saying the kit is added afterwards, and remembers it', async () => {
    const { user } = renderShop('/products/gut360');
    await user.click(await enabledAddToCart());
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('cart-intent-notice')).toHaveTextContent(
      'Sign in or create an account to add Gut 360 to your cart. We will add it and take you back to the kit.',
    );
    // The cart page's own message (SPEC §5) is for going to the cart, not for adding a kit.
    expect(screen.queryByText('please login to goto the cart page')).not.toBeInTheDocument();
    expect(localStorage.getItem('previousPage')).toBe('/products/gut360');
    expect(JSON.parse(localStorage.getItem('cartIntent') ?? '{}')).toMatchObject({ productId: 'prod-360', name: 'Gut 360', path: '/products/gut360' });
  });

  it('adds the remembered kit once the person is back on its page signed in, and says so', async () => {
    const backend = createCartBackend({ kits: [] });
    server.use(...backend.handlers);
    localStorage.setItem('cartIntent', JSON.stringify({ productId: 'prod-sens', name: 'Gut SEnS', path: '/products/gutsens', savedAt: Date.now() }));
    renderShop('/products/gutsens', { as: 'customer' });
    expect(await screen.findByTestId('added-to-cart')).toHaveTextContent('You are signed in, and Gut SEnS is in your cart. View cart (1 kit)');
    expect(backend.calls.filter((call) => call.startsWith('POST /api/cart/items'))).toEqual(['POST /api/cart/items prod-sens']);
    expect(localStorage.getItem('cartIntent')).toBeNull();
  });

  it('never adds a kit remembered for another kit page', async () => {
    const backend = createCartBackend({ kits: [] });
    server.use(...backend.handlers);
    localStorage.setItem('cartIntent', JSON.stringify({ productId: 'prod-sens', name: 'Gut SEnS', path: '/products/gutsens', savedAt: Date.now() }));
    renderShop('/products/gut360', { as: 'customer' });
    await enabledAddToCart();
    expect(screen.queryByTestId('added-to-cart')).not.toBeInTheDocument();
    expect(backend.calls.some((call) => call.startsWith('POST /api/cart/items'))).toBe(false);
  });

  it('adds the kit for a signed-in customer: the page says so and the badge counts it', async () => {
    const backend = createCartBackend({ kits: ['prod-360'] });
    server.use(...backend.handlers);
    const { user } = renderShop('/products/gutsens', { as: 'customer' });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('1');
    await user.click(await enabledAddToCart());
    expect(await screen.findByTestId('added-to-cart')).toHaveTextContent('Gut SEnS is in your cart. View cart (2 kits)');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(backend.calls).toContain('POST /api/cart/items prod-sens');
    // Only the product is sent: the price is the server's business.
    expect(screen.getByRole('link', { name: 'View cart (2 kits)' })).toHaveAttribute('href', '/cart');
  });

  it('says why an add was refused', async () => {
    const backend = createCartBackend({ kits: Array.from({ length: 10 }, () => 'prod-start') });
    server.use(...backend.handlers);
    const { user } = renderShop('/products/gut360', { as: 'customer' });
    await user.click(await enabledAddToCart());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your cart already holds 10 kits, the most one order can take. Remove a kit before adding another. Go to your cart',
    );
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('10');
  });

  it('cannot be used while the price is unknown, and says so', async () => {
    server.use(answers.catalogueFails());
    renderShop('/products/gut360');
    expect(await screen.findByText('The price could not be loaded. Please refresh the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('says when the kit is not on sale', async () => {
    server.use(answers.catalogue(withoutOffer.filter((product) => product.code !== 'PROD-GSENS')));
    renderShop('/products/gutsens');
    expect(await screen.findByRole('alert')).toHaveTextContent('Gut SEnS is not available right now.');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('offers to reload the cart when it could not be loaded', async () => {
    server.use(http.get('*/api/cart', () => HttpResponse.json({ message: 'Cart refused.' }, { status: 503 })));
    const { user } = renderShop('/products/gut360', { as: 'customer' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your cart.');
    server.use(...createCartBackend().handlers);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
  });
});

describe('the Gut Start campaign page (/landing-page)', () => {
  it('leads with the launch price and lets the person add Gut Start', async () => {
    server.use(answers.catalogue(catalogue));
    const backend = createCartBackend();
    server.use(...backend.handlers);
    const { user } = renderShop('/landing-page', { as: 'customer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Know your gut for ₹4,999' })).toBeInTheDocument();
    expect(screen.getByTestId('landing-offer')).toHaveTextContent(`Launch offer until ${launchOffer.lastDay}`);
    expect(screen.getByRole('main')).not.toHaveTextContent(/limited.time/i);
    expect(await screen.findByTestId('price')).toHaveTextContent('₹4,999');
    await user.click(await enabledAddToCart());
    expect(await screen.findByTestId('added-to-cart')).toHaveTextContent('Gut Start is in your cart.');
    expect(backend.calls).toContain('POST /api/cart/items prod-start');
  });
});

describe('a sample report', () => {
  it('is not found at an address of no kit', async () => {
    renderShop('/sample-report/no-such-kit');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
