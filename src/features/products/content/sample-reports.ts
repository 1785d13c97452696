/**
 * One sample report per kit, linked from its page: what the report of that kit holds, filled in for a made-up
 * person, so that someone deciding to buy sees what they will get. Every page that shows one says it is a sample.
 */
import type { KitContent } from './types';

export type SampleReportSlug = KitContent['slug'];

export interface SampleScore {
  label: string;
  value: string;
  /** Where the value usually lies in healthy Indian adults. */
  usual: string;
  verdict: 'In the usual range' | 'Above the usual range' | 'Below the usual range' | 'Worth watching';
  note: string;
}

export interface SampleReport {
  kit: string;
  slug: SampleReportSlug;
  person: string;
  collected: string;
  reported: string;
  summary: string;
  scores: SampleScore[];
  /** Shares of the sample, as bars. */
  composition: { title: string; rows: Array<{ label: string; percent: number }> };
  /** Named findings, such as species or functions, with what each means. */
  findings: { title: string; rows: Array<{ name: string; level: string; meaning: string }> };
  advice: string[];
}

const PERSON = 'Meera S. (a made-up person), 34, female, Bengaluru';

const PHYLA = {
  title: 'The main groups of bacteria in the sample',
  rows: [
    { label: 'Firmicutes (Bacillota)', percent: 51 },
    { label: 'Bacteroidetes (Bacteroidota)', percent: 33 },
    { label: 'Actinobacteria (Actinomycetota)', percent: 9 },
    { label: 'Proteobacteria (Pseudomonadota)', percent: 4 },
    { label: 'Others', percent: 3 },
  ],
};

const DIVERSITY: SampleScore = {
  label: 'Diversity (Shannon index)',
  value: '3.6',
  usual: '3.1 to 4.2',
  verdict: 'In the usual range',
  note: 'Many kinds of bacteria, in even amounts: a gut community that copes well with changes in food.',
};

export const SAMPLE_REPORTS: Record<SampleReportSlug, SampleReport> = {
  'gut360-start': {
    kit: 'Gut Start',
    slug: 'gut360-start',
    person: PERSON,
    collected: '3 November 2026',
    reported: '21 November 2026',
    summary:
      'A varied gut community with plenty of fibre fermenters. Bifidobacteria are on the low side, which more fermented ' +
      'foods and pulses usually lift within weeks.',
    scores: [
      DIVERSITY,
      {
        label: 'Fibre fermenters',
        value: '27% of the sample',
        usual: '18% to 32%',
        verdict: 'In the usual range',
        note: 'Bacteria that turn fibre into butyrate, the main food of the cells lining the gut.',
      },
      {
        label: 'Bifidobacteria',
        value: '1.2% of the sample',
        usual: '2% to 8%',
        verdict: 'Below the usual range',
        note: 'Often low after antibiotics or on a diet with little curd, buttermilk or pulses.',
      },
    ],
    composition: PHYLA,
    findings: {
      title: 'Groups of bacteria the report names (16S sequencing, genus level)',
      rows: [
        { name: 'Faecalibacterium', level: '8.4%', meaning: 'A leading butyrate maker; a good sign.' },
        { name: 'Prevotella', level: '14.1%', meaning: 'Common in Indian guts on plant-rich food; digests complex carbohydrates.' },
        { name: 'Bifidobacterium', level: '1.2%', meaning: 'Low: see the suggestions below.' },
      ],
    },
    advice: [
      'Curd or buttermilk once a day, and a bowl of dal, rajma or chana most days.',
      'Keep the vegetables and whole grains you already eat: they feed your fibre fermenters.',
      'For species-level detail and a personal plan, Gut 360 goes further.',
    ],
  },
  gut360: {
    kit: 'Gut 360',
    slug: 'gut360',
    person: PERSON,
    collected: '3 November 2026',
    reported: '8 December 2026',
    summary:
      'A diverse community, good at making butyrate from fibre, with fewer vitamin B12 makers than usual and a slightly ' +
      'raised capacity to make TMA from eggs and meat. Your nutritionist turns these findings into a four-week plan.',
    scores: [
      DIVERSITY,
      {
        label: 'Butyrate production potential',
        value: '72 of 100',
        usual: '45 to 80',
        verdict: 'In the usual range',
        note: 'How well equipped your bacteria are to turn fibre into butyrate.',
      },
      {
        label: 'Vitamin B12 synthesis genes',
        value: '18 of 100',
        usual: '30 to 70',
        verdict: 'Below the usual range',
        note: 'Your gut bacteria make little B12; food and, if your doctor advises, supplements matter more for you.',
      },
      {
        label: 'TMA production potential',
        value: '61 of 100',
        usual: '20 to 55',
        verdict: 'Worth watching',
        note: 'TMA, made by some bacteria from choline and carnitine, is linked in research with heart health.',
      },
    ],
    composition: PHYLA,
    findings: {
      title: 'Species the report names (shotgun metagenomics, species level)',
      rows: [
        { name: 'Faecalibacterium prausnitzii', level: '6.9%', meaning: 'Butyrate maker, linked with a calm gut lining.' },
        { name: 'Prevotella copri', level: '12.7%', meaning: 'Digests plant fibre; common on Indian diets.' },
        { name: 'Akkermansia muciniphila', level: '0.8%', meaning: 'Keeps the mucus layer renewed; linked with metabolic health.' },
        { name: 'Bifidobacterium longum', level: '0.9%', meaning: 'Below the usual 2%: fermented foods help.' },
      ],
    },
    advice: [
      'Week 1 to 4 meal plan built on your usual food: millet rotis twice a week, a pulse at lunch and dinner, curd daily.',
      'Eggs and red meat not more than three times a week while the TMA potential is raised.',
      'Ask your doctor about your vitamin B12 level at your next blood test.',
    ],
  },
  gutsens: {
    kit: 'Gut SEnS',
    slug: 'gutsens',
    person: PERSON,
    collected: '3 November 2026',
    reported: '8 December 2026',
    summary:
      'Your gut bacteria are well equipped to make GABA and short-chain fatty acids, and less so to use tryptophan. With ' +
      'your sleep (PSQI 7) and anxiety (GAD-7 6) scores, the report suggests where food may help your sleep and energy.',
    scores: [
      DIVERSITY,
      {
        label: 'GABA production potential',
        value: '66 of 100',
        usual: '40 to 75',
        verdict: 'In the usual range',
        note: 'GABA is a calming messenger; some gut bacteria make it.',
      },
      {
        label: 'Tryptophan use',
        value: '34 of 100',
        usual: '40 to 70',
        verdict: 'Below the usual range',
        note: 'Tryptophan is the building block of serotonin and melatonin.',
      },
      {
        label: 'Sleep quality (PSQI, your answers)',
        value: '7',
        usual: '5 or less is good sleep',
        verdict: 'Worth watching',
        note: 'From the questionnaire you answered with the kit.',
      },
    ],
    composition: PHYLA,
    findings: {
      title: 'Gut–brain findings the report names',
      rows: [
        { name: 'Bacteroides and Parabacteroides (GABA makers)', level: '11.2%', meaning: 'A good share of GABA makers.' },
        { name: 'Lactobacillus', level: '0.4%', meaning: 'Low; curd and other fermented foods bring more.' },
        { name: 'Tryptophan pathway genes', level: 'Low', meaning: 'Foods rich in tryptophan (pulses, seeds, milk) matter more for you.' },
      ],
    },
    advice: [
      'Dinner two to three hours before bed, with a pulse or paneer for tryptophan.',
      'Curd with lunch most days; a handful of pumpkin or sunflower seeds as a snack.',
      'Take the PSQI and GAD-7 again in eight weeks: My questionnaires charts them over time.',
    ],
  },
  'ibs-heal': {
    kit: 'Gut Heal',
    slug: 'ibs-heal',
    person: PERSON,
    collected: '3 November 2026',
    reported: '8 December 2026',
    summary:
      'A gut community with more gas-making methanogens than usual, which often goes with bloating and constipation, and ' +
      'fewer butyrate makers. Your nutritionist uses this with your symptoms to plan which foods to reduce and for how long.',
    scores: [
      DIVERSITY,
      {
        label: 'Methanogens (Methanobrevibacter)',
        value: '3.1% of the sample',
        usual: 'below 1%',
        verdict: 'Above the usual range',
        note: 'Methane slows the gut; often found with bloating and constipation-predominant IBS.',
      },
      {
        label: 'Butyrate production potential',
        value: '41 of 100',
        usual: '45 to 80',
        verdict: 'Below the usual range',
        note: 'Less butyrate for the gut lining; fibres you tolerate help rebuild it.',
      },
      {
        label: 'Bile acid metabolism',
        value: '52 of 100',
        usual: '35 to 65',
        verdict: 'In the usual range',
        note: 'Changes here are linked with diarrhoea-predominant IBS; yours is usual.',
      },
    ],
    composition: PHYLA,
    findings: {
      title: 'IBS-related findings the report names',
      rows: [
        { name: 'Methanobrevibacter smithii', level: '3.1%', meaning: 'High: the likely source of methane.' },
        { name: 'Faecalibacterium prausnitzii', level: '2.2%', meaning: 'Lower than usual (5% or more).' },
        { name: 'Sulphate-reducing bacteria', level: '0.6%', meaning: 'In the usual range.' },
      ],
    },
    advice: [
      'A low-FODMAP phase of four to six weeks, planned with your nutritionist, then foods brought back one by one.',
      'Soaked and well-cooked pulses in small portions; moong dal first.',
      'Your symptoms are reviewed at each of the three consultations of the programme.',
    ],
  },
};
