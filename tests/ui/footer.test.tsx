/**
 * The footer at every width: what the drawer offers phones (FAQ, Contact Us, the privacy policy, the terms, the
 * phone number) and the reading (recipes, the ebook), with the consumer grievance officer the Consumer Protection
 * (E-Commerce) Rules, 2020 ask a shop to name.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from '@/lib/site';
import { answers, server } from './handlers';
import { renderShop } from './render';

// The offer dialog opens 3 s after load and hides the page; these tests are about the footer.
beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

const footer = async () => within(await screen.findByRole('contentinfo'));

describe('the footer', () => {
  it('links to the FAQ, Contact Us, the privacy policy, the terms, the recipes and the ebook, and gives the phone number', async () => {
    renderShop('/');
    const links = within((await footer()).getByRole('navigation', { name: 'Footer' }));
    const expected: [string, string][] = [
      ['FAQ', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Recipes', '/recipe-list'],
      ['Free ebook', '/Microbiomeandhealthebook'],
      ['Blogs', '/blogs-list'],
      ['About Us', '/about-us'],
    ];
    for (const [name, href] of expected) expect(links.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(links.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute('href', `tel:${site.phone.replace(/\s+/g, '')}`);
  });

  it('names the consumer grievance officer with designation, address, phone and e-mail', async () => {
    renderShop('/faq');
    const officer = (await footer()).getByTestId('consumer-grievance-officer');
    const { name, designation, address, phone, email } = site.consumerGrievanceOfficer;
    expect(officer).toHaveTextContent('Consumer grievance officer');
    expect(officer).toHaveTextContent(`${name}, ${designation}`);
    expect(officer).toHaveTextContent(address);
    expect(within(officer).getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s+/g, '')}`);
    expect(within(officer).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it('takes the visitor to the page a link names', async () => {
    const { user } = renderShop('/');
    await user.click((await footer()).getByRole('link', { name: 'Terms and Conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/terms-and-conditions');
  });

  it('keeps the shop’s links to customers, and leaves them out for staff as the header does', async () => {
    renderShop('/', { as: 'customer' });
    expect((await footer()).getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
    expect(screen.getByTestId('consumer-grievance-officer')).toBeInTheDocument();
  });

  it('shows staff the social links and the copyright line only', async () => {
    renderShop('/', { as: 'admin' });
    await screen.findByRole('button', { name: 'Asha Admin' });
    const inFooter = within(await screen.findByRole('contentinfo'));
    expect(inFooter.queryByRole('navigation', { name: 'Footer' })).not.toBeInTheDocument();
    expect(inFooter.queryByTestId('consumer-grievance-officer')).not.toBeInTheDocument();
    expect(inFooter.getByText(/^©/)).toBeInTheDocument();
  });
});
