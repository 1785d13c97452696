import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GrievanceOfficer } from '@/features/legal/components/GrievanceOfficer';
import { launchOffer } from '@/lib/launch-offer';
import { site } from '@/lib/site';
import { getSystem } from '@/theme/system';
import { server } from './handlers';
import { renderShop } from './render';


const PRIVACY_SECTIONS = [
  'Who we are',
  'What we collect',
  'Why we use it, and on what ground',
  'Your consent, and withdrawing it',
  'How long we keep it',
  'Who we share it with',
  'Transfers outside India',
  'How we protect it',
  'Children',
  'Your rights',
  'How to use your rights',
  'Our Grievance Officer',
  'Complaining to the Data Protection Board of India',
  'Changes to this policy',
];

const TERMS_SECTIONS = [
  'About us and these terms',
  'Who may use the shop',
  'Your account and its security',
  'What our tests are, and are not',
  'Orders and prices',
  'Coupons and offers',
  'Payment',
  'GST invoices and credit notes',
  'Delivery within India',
  'Activating your kit and sending your sample',
  'If the lab cannot analyse your sample',
  'Cancellation and refunds',
  'Results and turnaround',
  'Your report and consultations',
  'Intellectual property',
  'Acceptable use',
  'Our responsibility to you',
  'Governing law and disputes',
  'Questions, complaints and contact',
  'Our consumer grievance officer',
  'Changes to these terms',
];

/** The page's table of contents: each entry names a section and leads to it, in the order the sections follow. */
function expectContentsToLeadTo(titles: string[]) {
  const contents = screen.getByRole('navigation', { name: 'Contents' });
  const entries = within(contents).getAllByRole('link');
  expect(entries.map((entry) => entry.textContent)).toEqual(titles);
  for (const entry of entries) {
    const section = screen.getByRole('region', { name: entry.textContent ?? '' });
    expect(entry).toHaveAttribute('href', `#${section.id}`);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(entry.textContent ?? '');
  }
  expect(screen.getAllByRole('region').filter((region) => region.tagName === 'SECTION')).toHaveLength(titles.length);
}

/** What the page tells search engines about itself (the shell may add data of its own). */
function pageData(): unknown {
  // eslint-disable-next-line testing-library/no-node-access -- the JSON-LD is for machines: it has no role to find it by
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  return scripts.map((script) => JSON.parse(script.textContent ?? 'null') as { '@type'?: string }).find((data) => data['@type'] === 'WebPage');
}

describe('the privacy policy', () => {
  it('lists its sections at the top, each entry leading to its section', async () => {
    const { user } = renderShop('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expectContentsToLeadTo(PRIVACY_SECTIONS);

    await user.click(within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', { name: 'Your rights' }));
    expect(window.location.hash).toBe('#your-rights');
    expect(window.location.pathname).toBe('/privacy-policy');
  });

  it('says who the Data Fiduciary is and when the policy last changed', async () => {
    renderShop('/privacy-policy');
    const whoWeAre = await screen.findByRole('region', { name: 'Who we are' });
    expect(whoWeAre).toHaveTextContent('Gut360 Health Private Limited');
    expect(whoWeAre).toHaveTextContent('Data Fiduciary');
    expect(whoWeAre).toHaveTextContent('Digital Personal Data Protection Act, 2023');
    expect(screen.getByText('26 November 2026')).toHaveAttribute('datetime', '2026-11-26');
    expect(pageData()).toMatchObject({ '@type': 'WebPage', name: 'Privacy Policy', dateModified: '2026-11-26' });
  });

  it('names every right of the person, where to use them, and the Data Protection Board', async () => {
    renderShop('/privacy-policy');
    const rights = await screen.findByRole('region', { name: 'Your rights' });
    for (const right of ['Access: a summary of your data', 'Correction, completion and updating', 'Erasure', 'Withdrawing consent', 'Grievance redressal', 'Nominating someone']) {
      expect(within(rights).getByText(right)).toBeInTheDocument();
    }
    expect(within(rights).getAllByRole('link', { name: 'Privacy and data page' })[0]).toHaveAttribute('href', '/user/privacy');

    const board = screen.getByRole('region', { name: 'Complaining to the Data Protection Board of India' });
    expect(board).toHaveTextContent('you may complain to the Data Protection Board of India');
    expect(board).toHaveTextContent('use our grievance route first');
  });

  it('explains consent and its withdrawal at the Privacy and data page, purpose by purpose', async () => {
    renderShop('/privacy-policy');
    const why = await screen.findByRole('region', { name: 'Why we use it, and on what ground' });
    for (const purpose of ['Offers, tips and reminders', 'SMS updates', 'Contact after the ebook', 'Questionnaire results', 'Research use of your sample']) {
      expect(within(why).getByText(purpose)).toBeInTheDocument();
    }
    const consent = screen.getByRole('region', { name: 'Your consent, and withdrawing it' });
    expect(consent).toHaveTextContent('as easily as you gave it');
    expect(within(consent).getByRole('link', { name: 'Privacy and data page' })).toHaveAttribute('href', '/user/privacy');
    expect(screen.getByRole('region', { name: 'How long we keep it' })).toHaveTextContent('72 months');
  });

  it('names the Grievance Officer the server is configured with', async () => {
    renderShop('/privacy-policy');
    const grievance = await screen.findByRole('region', { name: 'Our Grievance Officer' });
    expect(await within(grievance).findByText('Kavya Iyer')).toBeInTheDocument();
    expect(within(grievance).getByRole('link', { name: 'grievance@gut360.example' })).toHaveAttribute('href', 'mailto:grievance@gut360.example');
    expect(grievance).toHaveTextContent('We answer within 30 days');
  });

  it('sends people to the contact page for the Grievance Officer while the officer’s details cannot be had', async () => {
    server.use(http.get('*/api/privacy/grievance-officer', () => HttpResponse.json({ message: 'Down for maintenance.' }, { status: 503 })));
    renderShop('/privacy-policy');
    const grievance = await screen.findByRole('region', { name: 'Our Grievance Officer' });
    expect(grievance).toHaveTextContent('Write to our Grievance Officer through the contact page.');
    expect(within(grievance).getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
    expect(within(grievance).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});

describe('the Grievance Officer with their details', () => {
  it('shows the name, a mail link, the phone, the address and the time within which they answer', () => {
    render(
      <ChakraProvider value={getSystem()}>
        <GrievanceOfficer
          name="Kavya Iyer"
          email="grievance@gut360.example"
          phone="+91 80 4000 3600"
          address="2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034"
          respondWithinDays={30}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText('Kavya Iyer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grievance@gut360.example' })).toHaveAttribute('href', 'mailto:grievance@gut360.example');
    expect(screen.getByRole('link', { name: '+91 80 4000 3600' })).toHaveAttribute('href', 'tel:+918040003600');
    expect(screen.getByText(/Koramangala, Bengaluru/)).toBeInTheDocument();
    expect(screen.getByText('We answer within 30 days of receiving your message.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'contact page' })).not.toBeInTheDocument();
  });
});

describe('the terms and conditions', () => {
  it('lists its sections at the top, each entry leading to its section', async () => {
    renderShop('/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expectContentsToLeadTo(TERMS_SECTIONS);
    expect(screen.getByText('28 November 2026')).toHaveAttribute('datetime', '2026-11-28');
    expect(pageData()).toMatchObject({ '@type': 'WebPage', name: 'Terms and Conditions', dateModified: '2026-11-28' });
  });

  it('says the tests are not a diagnosis, and keeps the consumer’s rights under Indian law', async () => {
    renderShop('/terms-and-conditions');
    const tests = await screen.findByRole('region', { name: 'What our tests are, and are not' });
    expect(tests).toHaveTextContent('They do not diagnose, treat or prevent any disease.');
    expect(screen.getByRole('region', { name: 'Who may use the shop' })).toHaveTextContent('You must be 18 or older');
    expect(screen.getByRole('region', { name: 'Our responsibility to you' })).toHaveTextContent('Consumer Protection Act, 2019');
    expect(screen.getByRole('region', { name: 'Governing law and disputes' })).toHaveTextContent(
      'the courts having jurisdiction over the company’s registered office',
    );
  });

  it('explains refunds as the shop makes them, with credit notes', async () => {
    renderShop('/terms-and-conditions');
    const refunds = await screen.findByRole('region', { name: 'Cancellation and refunds' });
    expect(within(refunds).getByText('After you pay, before the kit is shipped')).toBeInTheDocument();
    expect(within(refunds).getByText('After shipping, until your sample reaches the lab')).toBeInTheDocument();
    expect(refunds).toHaveTextContent('Every refund has a GST credit note');
    expect(within(refunds).getByRole('link', { name: 'Orders page' })).toHaveAttribute('href', '/user/orders');
    expect(screen.getByRole('region', { name: 'If the lab cannot analyse your sample' })).toHaveTextContent('replacement kit');
  });

  it('leads to the contact page and the privacy policy', async () => {
    renderShop('/terms-and-conditions');
    const contact = await screen.findByRole('region', { name: 'Questions, complaints and contact' });
    expect(within(contact).getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
    expect(within(contact).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('names the consumer grievance officer as the Consumer Protection (E-Commerce) Rules, 2020 ask', async () => {
    renderShop('/terms-and-conditions');
    const section = await screen.findByRole('region', { name: 'Our consumer grievance officer' });
    expect(section).toHaveTextContent('Consumer Protection (E-Commerce) Rules, 2020');
    expect(section).toHaveTextContent('within 48 hours');
    expect(section).toHaveTextContent('within one month');
    const { name, designation, address, phone, email } = site.consumerGrievanceOfficer;
    const officer = within(section).getByTestId('terms-grievance-officer');
    expect(officer).toHaveTextContent(name);
    expect(officer).toHaveTextContent(designation);
    expect(officer).toHaveTextContent(address);
    expect(within(officer).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(within(officer).getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s+/g, '')}`);
    expect(screen.getByRole('region', { name: 'Questions, complaints and contact' })).toHaveTextContent('our consumer grievance officer');
  });

  it('says when the launch offer ends, and nowhere that it lasts for a limited time', async () => {
    renderShop('/terms-and-conditions');
    const orders = await screen.findByRole('region', { name: 'Orders and prices' });
    expect(launchOffer.lastDay).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(orders).toHaveTextContent(`until the end of ${launchOffer.lastDay} (India time)`);
    expect(screen.getByRole('main')).not.toHaveTextContent(/limited time/i);
  });
});
