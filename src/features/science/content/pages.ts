import type { site } from '@/lib/site';

/** The four science pages: each page's head and heading, and how the other pages point to it. */
export const SCIENCE_PAGES = {
  overview: {
    to: '/science/our-science',
    title: 'Our Science',
    description:
      'How we read your gut microbiome: from a stool sample to DNA sequencing, 16S and shotgun methods, what diversity means and what a report can tell you.',
    summary: 'From your sample to your report: how the lab reads the DNA of your gut microbes, and what the results mean.',
  },
  modelling: {
    to: '/science/modelling',
    title: 'Modelling and AI',
    description:
      'How we compare your gut microbiome with healthy Indian adults, infer what your microbes can do, and turn results into diet suggestions, with their limits.',
    summary: 'How your profile is compared with healthy Indian adults and turned into diet suggestions, and where models stop.',
  },
  sens: {
    to: '/science/sens',
    title: 'Sleep, Energy & Stress',
    description:
      'The gut–brain axis explained: the vagus nerve, serotonin, microbial metabolites and body clocks, what research links to sleep and stress, and Gut SEnS.',
    summary: 'How the gut and the brain talk to each other, and what research links to sleep, energy and stress.',
  },
  food: {
    to: '/science/food-microbiome',
    title: 'Food-Microbiome',
    description:
      'How fibre, fermented foods such as curd and idli batter, spices and tea feed your gut microbes, how they make short-chain fatty acids, and what a test shows.',
    summary: 'How dal, millets, curd, spices and tea feed your gut microbes, and what a test can tell you about your diet.',
  },
} as const;

export type SciencePageKey = keyof typeof SCIENCE_PAGES;

/** A kit's page, as the shop's navigation lists it. */
export type KitPath = (typeof site.products)[number]['to'];
