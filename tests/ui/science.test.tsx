import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answers, server } from './handlers';
import { renderShop } from './render';

beforeEach(() => {
  // Without Gut Start on sale the timed launch offer stays shut and cannot cover the page.
  server.use(answers.catalogueWithoutOffer());
});

const SCIENCE_PAGES = [
  { path: '/science/our-science', title: 'Our Science' },
  { path: '/science/modelling', title: 'Modelling and AI' },
  { path: '/science/sens', title: 'Sleep, Energy & Stress' },
  { path: '/science/food-microbiome', title: 'Food-Microbiome' },
] as const;

const KITS = {
  'Gut Start': '/products/gut360-start',
  'Gut 360': '/products/gut360',
  'Gut SEnS': '/products/gutsens',
  'Gut Heal': '/products/ibs-heal',
} as const;

const pages = [
  {
    ...SCIENCE_PAGES[0],
    figures: [
      'From sample to report in six steps',
      '16S amplicon sequencing compared with shotgun metagenomics',
      'Two gut communities: less diverse and more diverse',
    ],
    kits: ['Gut Start', 'Gut 360', 'Gut SEnS', 'Gut Heal'],
  },
  {
    ...SCIENCE_PAGES[1],
    figures: [
      'Your value placed on the spread of healthy Indian adults',
      'From genes to a function: how butyrate production is inferred',
      'How a profile and a food questionnaire become diet suggestions',
    ],
    kits: ['Gut Start', 'Gut 360'],
  },
  {
    ...SCIENCE_PAGES[2],
    figures: [
      'The gut–brain axis: four ways the gut and the brain signal to each other',
      'Serotonin made in the gut does not cross into the brain',
      'Gut bacteria rise and fall over the day',
    ],
    kits: ['Gut 360', 'Gut SEnS'],
  },
  {
    ...SCIENCE_PAGES[3],
    figures: ['How fibre becomes short-chain fatty acids', 'What a thali offers your gut microbes'],
    kits: ['Gut Start', 'Gut 360', 'Gut Heal'],
  },
] as const;

describe.each(pages)('the $title page', ({ path, title, figures, kits }) => {
  it('has its own heading, title and headings in order', async () => {
    renderShop(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Gut360 Health`);
    const levels = within(screen.getByRole('main'))
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    // A heading is never more than one level below the one before it.
    expect(levels.every((level, index) => index === 0 || level <= (levels[index - 1] ?? 0) + 1)).toBe(true);
  });

  it('draws its figures as named, described images with a visible caption', async () => {
    renderShop(path);
    await screen.findByRole('heading', { level: 1, name: title });
    for (const name of figures) {
      const drawing = screen.getByRole('img', { name });
      expect(drawing.tagName.toLowerCase()).toBe('svg');
      expect(drawing).toHaveAccessibleDescription();
    }
    const captioned = screen.getAllByRole('figure');
    expect(captioned).toHaveLength(figures.length);
    // jsdom names no figure by its caption, so the caption is looked for directly.
    // eslint-disable-next-line testing-library/no-node-access
    for (const figure of captioned) expect(figure.querySelector('figcaption')).toHaveTextContent(/\w/);
  });

  it('ends with the kits that look at this and links to the other science pages', async () => {
    renderShop(path);
    await screen.findByRole('heading', { level: 1, name: title });
    const kitLinks = within(screen.getByRole('region', { name: 'Which test looks at this' })).getAllByRole('link');
    expect(kitLinks.map((link) => [link.textContent, link.getAttribute('href')]).sort()).toEqual(kits.map((kit) => [kit, KITS[kit]]).sort());
    const more = within(screen.getByRole('region', { name: 'More of our science' })).getAllByRole('link');
    expect(more.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      SCIENCE_PAGES.filter((other) => other.path !== path).map((other) => [other.title, other.path]),
    );
  });
});

describe('links between the science pages', () => {
  it('takes the reader from the overview to Modelling and AI', async () => {
    const { user } = renderShop('/science/our-science');
    const more = within(await screen.findByRole('region', { name: 'More of our science' }));
    await user.click(more.getByRole('link', { name: 'Modelling and AI' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Modelling and AI' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/science/modelling');
  });

  it('leads from Sleep, Energy & Stress to the two questionnaires', async () => {
    renderShop('/science/sens');
    const section = within(await screen.findByRole('region', { name: 'What Gut SEnS looks at' }));
    expect(section.getByRole('link', { name: 'PSQI sleep questionnaire' })).toHaveAttribute('href', '/questionaire/psqi');
    expect(section.getByRole('link', { name: 'GAD-7 anxiety questionnaire' })).toHaveAttribute('href', '/questionaire/gad7');
  });

  it('leads from Food-Microbiome to the recipes and the cookbook', async () => {
    renderShop('/science/food-microbiome');
    const section = within(await screen.findByRole('region', { name: 'Cook for your gut' }));
    expect(section.getByRole('link', { name: 'recipes' })).toHaveAttribute('href', '/recipe-list');
    expect(section.getByRole('link', { name: 'cookbook' })).toHaveAttribute('href', '/cookbook');
  });

  it('says plainly that gut serotonin does not reach the brain', async () => {
    renderShop('/science/sens');
    const section = within(await screen.findByRole('region', { name: 'Serotonin: made mostly in the gut, but not for the brain' }));
    expect(section.getByText(/serotonin\s+made in the gut does not cross the blood–brain barrier/)).toBeInTheDocument();
  });
});
