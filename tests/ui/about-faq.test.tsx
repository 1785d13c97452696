import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { matchesSearch, searchWords } from '@/features/about/components/faq-text';
import { faqGroups } from '@/features/about/content/faq';
import { answers, server } from './handlers';
import { renderShop } from './render';

const allQuestions = faqGroups.flatMap((group) => group.items);

// The launch offer's dialog opens 3 s after a page loads and would take the focus from a search being typed.
beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

function question(id: string) {
  const item = allQuestions.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No FAQ question has the id ${id}`);
  return item;
}

/**
 * The "Link to this answer" of a question. It sits in the answer, so it is visible (and in the accessibility tree)
 * exactly when the answer is open.
 */
function answerLink(id: string) {
  return screen.getByRole('link', { name: `Link to this answer: ${question(id).question}`, hidden: true });
}

/** The questions on screen, whether open or not. */
function shownQuestions() {
  return allQuestions.filter((item) => isVisible(screen.getByText(item.question)));
}

function isVisible(element: HTMLElement): boolean {
  try {
    expect(element).toBeVisible();
    return true;
  } catch {
    return false;
  }
}

describe('the FAQ', () => {
  it('holds at least 25 questions, each with its own address', () => {
    const ids = allQuestions.map((item) => item.id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('finds a question by the start of each word searched for, in the question or its answer', () => {
    const item = { id: 'sample', question: 'Is a pickup available?', answer: ['Yes, ', { text: 'book it', to: '/contact-us' as const }, ' today.'] };
    expect(matchesSearch(item, searchWords('PICK  book'))).toBe(true);
    expect(matchesSearch(item, searchWords('lab'))).toBe(false);
    expect(matchesSearch(item, searchWords('pickup refund'))).toBe(false);
  });

  it('shows every group as a section with its heading, listed near the top, and every question closed', async () => {
    renderShop('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    const topics = screen.getByRole('navigation', { name: 'Topics' });
    for (const group of faqGroups) {
      const section = screen.getByRole('region', { name: group.title });
      expect(within(section).getByRole('heading', { level: 2, name: group.title })).toBeInTheDocument();
      expect(within(topics).getByRole('link', { name: group.title })).toHaveAttribute('href', `#${group.id}`);
      for (const item of group.items) expect(within(section).getByText(item.question)).toBeVisible();
    }
    expect(shownQuestions()).toHaveLength(allQuestions.length);
    expect(answerLink('how-long-do-results-take')).not.toBeVisible();
  });

  it('filters the questions as the search is typed and says how many match', async () => {
    const { user } = renderShop('/faq');
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.type(search, 'envelope');
    const shown = shownQuestions();
    expect(status).toHaveTextContent(`${shown.length} questions match “envelope”.`);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(allQuestions.length);
    expect(screen.getByText(question('how-do-i-send-my-sample-back').question)).toBeVisible();
    expect(screen.getByText(question('how-can-i-sign-in').question)).not.toBeVisible();
    // A group with no match is hidden with its heading.
    expect(screen.queryByRole('heading', { level: 2, name: 'Your account' })).not.toBeInTheDocument();

    // Every word must be found, in the question or in its answer.
    await user.clear(search);
    await user.type(search, 'refund lab');
    expect(status).toHaveTextContent(/^2 questions match “refund lab”\.$/);
    expect(screen.getByText(question('can-i-cancel-my-order-or-get-a-refund').question)).toBeVisible();
    expect(screen.getByText(question('what-if-the-lab-cannot-analyse-my-sample').question)).toBeVisible();

    await user.clear(search);
    await user.type(search, 'GST invoice');
    expect(status).toHaveTextContent(/^2 questions match “GST invoice”\.$/);
    expect(screen.getByText(question('can-i-get-a-gst-invoice').question)).toBeVisible();
    expect(screen.getByText(question('can-i-download-a-copy-of-my-data').question)).toBeVisible();

    // A word matches from its start: "lab" finds a kit's label too.
    await user.clear(search);
    await user.type(search, 'lab');
    expect(status).toHaveTextContent(/^\d+ questions match “lab”\.$/);
    expect(screen.getByText(question('how-do-i-activate-my-kit').question)).toBeVisible();
  });

  it('says so when no question matches and offers a way back to all of them', async () => {
    const { user } = renderShop('/faq');
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    const status = screen.getByRole('status');
    await user.type(search, 'zebra');
    expect(status).toHaveTextContent('No questions match “zebra”.');
    expect(shownQuestions()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show all questions' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(shownQuestions()).toHaveLength(allQuestions.length);
  });

  it('opens the answer named by the address, and the one a later #link names', async () => {
    renderShop('/faq#does-the-sample-need-a-fridge');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    await waitFor(() => expect(answerLink('does-the-sample-need-a-fridge')).toBeVisible());
    expect(screen.getByText(/keeps the DNA stable at room temperature for up to 14 days/)).toBeVisible();
    expect(answerLink('how-long-do-results-take')).not.toBeVisible();
    expect(answerLink('does-the-sample-need-a-fridge')).toHaveAttribute('href', '#does-the-sample-need-a-fridge');

    window.location.hash = '#how-long-do-results-take';
    await waitFor(() => expect(answerLink('how-long-do-results-take')).toBeVisible());
  });

  it('brings back every question when a #link names one that the search hides', async () => {
    const { user } = renderShop('/faq');
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'envelope');
    expect(screen.getByText(question('how-can-i-sign-in').question)).not.toBeVisible();

    window.location.hash = '#how-can-i-sign-in';
    await waitFor(() => expect(answerLink('how-can-i-sign-in')).toBeVisible());
    expect(search).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('gives search engines every question with its answer in plain text, and the page real links', async () => {
    renderShop('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    // A script element has no role to find it by.
    // eslint-disable-next-line testing-library/no-node-access
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as {
      '@type': string;
      mainEntity: Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }>;
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((entry) => entry.name)).toEqual(allQuestions.map((item) => item.question));
    for (const entry of data.mainEntity) {
      expect(entry['@type']).toBe('Question');
      expect(entry.acceptedAnswer['@type']).toBe('Answer');
      expect(entry.acceptedAnswer.text.length).toBeGreaterThan(40);
      expect(entry.acceptedAnswer.text).not.toMatch(/[<>]|\[object/);
    }
    const refund = data.mainEntity.find((entry) => entry.name === question('can-i-cancel-my-order-or-get-a-refund').question);
    expect(refund?.acceptedAnswer.text).toContain('until your sample reaches our lab: contact us with your order number');

    // The same answer on the page links to the contact page.
    const refundLink = answerLink('can-i-cancel-my-order-or-get-a-refund');
    // eslint-disable-next-line testing-library/no-node-access -- the answer is the element that holds its own link
    const answer = refundLink.closest('details');
    expect(answer).not.toBeNull();
    expect(within(answer as HTMLElement).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us');
  });
});

describe('the About page', () => {
  it('says who we are and what a test is not, and links to every kit, the science, privacy and contact', async () => {
    renderShop('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What a gut microbiome test is, and what it is not' })).toBeInTheDocument();
    expect(screen.getByText('A diagnosis: it does not diagnose, treat or prevent any disease.')).toBeInTheDocument();

    const kits = screen.getByRole('region', { name: 'Our kits' });
    expect(within(kits).getByRole('link', { name: 'Gut Start' })).toHaveAttribute('href', '/products/gut360-start');
    expect(within(kits).getByRole('link', { name: 'Gut 360' })).toHaveAttribute('href', '/products/gut360');
    expect(within(kits).getByRole('link', { name: 'Gut SEnS' })).toHaveAttribute('href', '/products/gutsens');
    expect(within(kits).getByRole('link', { name: 'Gut Heal' })).toHaveAttribute('href', '/products/ibs-heal');

    const science = screen.getByRole('region', { name: 'The science behind it' });
    expect(within(science).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/science/our-science',
      '/science/modelling',
      '/science/sens',
      '/science/food-microbiome',
    ]);
    const data = screen.getByRole('region', { name: 'How we handle your data' });
    expect(within(data).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    const contact = screen.getByRole('region', { name: 'Talk to us' });
    expect(within(contact).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us');

    expect(screen.getByRole('img', { name: 'From your kit to your report in four steps' })).toBeInTheDocument();
  });
});
