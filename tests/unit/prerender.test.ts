/** The public pages as the build renders them (src/prerender.tsx): the whole shell and each page's own heading. */
import { describe, expect, it } from 'vitest';
import { hoistStyles } from '../../scripts/vite/prerender';
import { PRERENDERED_PATHS, render, renderFrame, renderSignedInFrame, SIGNED_IN_FRAME_PATHS } from '../../src/prerender';

const text = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('pages rendered at build time', () => {
  it.each(PRERENDERED_PATHS)('%s has the header, its own heading and the footer', async (path) => {
    const html = (await render(path)).markup;
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(text(html)).not.toContain('Page not found');
  });

  it('shows the home page as it is before the catalogue arrives: the hero, and the kits loading', async () => {
    const html = (await render('/')).markup;
    expect(text(html)).toContain('Know your gut. Eat for it.');
    expect(html).toMatch(/aria-busy="true"/);
    expect(text(html)).not.toMatch(/View Gut/);
  });

  it('shows a kit page with its content and the price still loading', async () => {
    const content = text((await render('/products/gut360')).markup);
    expect(content).toContain('Gut 360');
    expect(content).toContain('Loading the price…');
  });

  it('shows nobody signed in and an empty cart', async () => {
    const content = text((await render('/faq')).markup);
    expect(content).not.toMatch(/Orders|Change Password|Logout/);
  });

  it('renders the frame of every other address: header, footer and the page loading, nothing marked current', async () => {
    const html = await renderFrame();
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(text(html)).toContain('Loading…');
    expect(html).not.toMatch(/<h1[\s>]/);
    expect(html).not.toContain('aria-current');
  });

  it('renders the signed-in pages’ own frames: heading, skeleton and the words that are the same for everyone', async () => {
    expect(SIGNED_IN_FRAME_PATHS).toEqual(['/cart', '/checkout', '/user/dashboard', '/user/orders']);
    const cart = await renderSignedInFrame('/cart');
    expect(cart).toMatch(/<h1[^>]*>Your cart<\/h1>/);
    expect(cart).toContain('data-testid="content-skeleton"');
    // And the empty cart's box, the same for everyone, hidden unless this browser last saw the cart empty.
    expect(cart).toMatch(/<div data-cart-frame="empty" hidden="">(?:(?!<\/main>)[\s\S])*data-testid="empty-cart"/);
    const dashboard = await renderSignedInFrame('/user/dashboard');
    expect(dashboard).toMatch(/<h1[^>]*>My kits<\/h1>/);
    expect(text(dashboard)).toContain('Loading your kits…');
    expect(text(dashboard)).toContain('Someone bought a kit for you? Enter the code from its box');
    const checkout = await renderSignedInFrame('/checkout');
    expect(checkout).toMatch(/<h1[^>]*>Checkout<\/h1>/);
    const orders = await renderSignedInFrame('/user/orders');
    expect(orders).toMatch(/<h1[^>]*>My orders<\/h1>/);
    expect(text(orders)).toContain('Loading your orders…');
    for (const html of [cart, checkout, dashboard, orders]) {
      expect(html).toMatch(/<header[\s>]/);
      expect(html).toMatch(/<footer[\s>]/);
      // Nothing of a person: no kit, no cart line, no form to type into before the page takes over.
      expect(html).not.toMatch(/data-testid="(kit-card|cart-lines)"|<input|<form/);
      if (html !== cart) expect(html).not.toContain('data-testid="empty-cart"');
      expect(text(html)).not.toMatch(/Orders|Change Password|Logout/);
    }
    await expect(renderSignedInFrame('/user/privacy')).rejects.toThrow('has no frame of its own');
  });
});

describe('the styles of a page rendered at build time', () => {
  it('go to the head as one sheet that Emotion registers, in the order they were rendered', () => {
    const { styles, markup } = hoistStyles(
      '<style data-emotion="css-global g1">@layer a;</style><div><style data-emotion="css a1 a2">.css-a1{}.css-a2{}</style>' +
        '<p class="css-a1"></p><style data-emotion="css b1">.css-b1{}</style><p class="css-b1"></p></div>',
    );
    expect(markup).toBe('<div><p class="css-a1"></p><p class="css-b1"></p></div>');
    expect(styles).toBe(
      '<style data-emotion="css-global g1" data-s="">@layer a;</style>' +
        '<style data-emotion="css a1 a2 b1" data-s="">.css-a1{}.css-a2{}.css-b1{}</style>',
    );
  });

  it('cover every class a kit page uses, and leave none in its markup', async () => {
    const { styles, markup } = hoistStyles((await render('/products/gut360')).markup);
    expect(markup).not.toContain('<style');
    const registered = new Set(/<style data-emotion="css ([^"]+)"/.exec(styles)?.[1]?.split(' '));
    const used = new Set([...markup.matchAll(/\bcss-([a-z0-9]+)\b/g)].map(([, name]) => name ?? ''));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !registered.has(name))).toEqual([]);
  });
});
