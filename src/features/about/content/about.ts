/**
 * What the About page says that is data rather than layout. Facts must agree with the kit pages
 * (src/features/products/content).
 */
import type { site } from '@/lib/site';

type KitPath = (typeof site.products)[number]['to'];
type SciencePath = (typeof site.science)[number]['to'];

/** The four kits in one line each, by their page. */
export const kitLines: Record<KitPath, string> = {
  '/products/gut360-start':
    'A first, clear look at your gut bacteria by 16S rRNA gene sequencing, with food pointers built around Indian meals.',
  '/products/gut360':
    'Our complete test: shotgun metagenomic sequencing down to the species, a nutritionist consultation and a four-week Indian meal plan.',
  '/products/gutsens':
    'Your gut bacteria beside two validated questionnaires on sleep (PSQI) and anxiety (GAD-7), with a nutritionist consultation.',
  '/products/ibs-heal':
    'A microbiome test and a 12-week low-FODMAP programme with three nutritionist consultations, for adults whose IBS a doctor has diagnosed.',
};

/** What each science page is about, by its page. */
export const scienceLines: Record<SciencePath, string> = {
  '/science/our-science': 'How we read your gut bacteria and turn them into a report.',
  '/science/modelling': 'How models and AI help us read sequencing data.',
  '/science/sens': 'What research says about the gut, sleep, energy and stress.',
  '/science/food-microbiome': 'How the food you eat shapes the bacteria in your gut.',
};

export interface HowItWorksStep {
  title: string;
  /** The step as the figure shows it, a short line each (the figure's text does not wrap). */
  figureLines: string[];
  detail: string;
}

/** From the kit to the advice: the figure and the list beside it. */
export const howItWorks: HowItWorksStep[] = [
  {
    title: 'Collect at home',
    figureLines: ['Activate your kit,', 'then take a small', 'stool sample'],
    detail:
      'Your kit arrives with everything you need. Activate it with the code in the box, then take a pea-sized stool ' +
      'sample. The liquid in the tube keeps the DNA stable at room temperature for up to 14 days, and sending it back is free.',
  },
  {
    title: 'DNA sequencing',
    figureLines: ['Our lab reads the', 'bacterial DNA in', 'your sample'],
    detail:
      'In our lab in Bengaluru your sample is known only by its kit code. We sequence its bacterial DNA: one marker ' +
      'gene (16S rRNA) for Gut Start, all the DNA (metagenomics) for Gut 360, Gut SEnS and Gut Heal.',
  },
  {
    title: 'Your report',
    figureLines: ['Your gut bacteria,', 'explained against', 'Indian references'],
    detail:
      'Your report explains in plain language which bacteria you carry, how you compare with healthy Indian adults and ' +
      'what the research links your results to. It is ready 3 to 6 weeks after the lab receives your sample, depending ' +
      'on the kit, and you can follow each step on your dashboard.',
  },
  {
    title: 'Food guidance',
    figureLines: ['Advice that fits', 'Indian meals, with', 'a nutritionist in', 'most kits'],
    detail:
      'Every report comes with food advice built on Indian staples. Gut 360 and Gut SEnS include a consultation with a ' +
      'nutritionist, and Gut Heal three over its 12-week programme; plans respect vegetarian, Jain and vegan diets.',
  },
];
