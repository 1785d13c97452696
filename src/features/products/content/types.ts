/** What a kit's page says about it. Prices are not here: they come from the catalogue, which the server owns. */
export interface KitContent {
  slug: 'gut360-start' | 'gut360' | 'gutsens' | 'ibs-heal';
  /** The catalogue's product code, to find the live price. */
  code: string;
  name: string;
  tagline: string;
  intro: string;
  /** The launch offer's line above the price; the page adds its last day, and drops it once the offer is over. */
  offer?: string;
  image: { src: string; alt: string };
  /** Four facts shown beside the price. */
  facts: Array<{ label: string; value: string }>;
  measures: Array<{ title: string; detail: string }>;
  forWhom: string[];
  /** When this kit is the wrong choice, and what to do instead. */
  notFor: string[];
  inTheBox: string[];
  sampling: Array<{ title: string; detail: string }>;
  turnaround: string;
  report: string[];
  faqs: Array<{ question: string; answer: string }>;
}

/** Shown on every kit page: what our tests are and are not. */
export const MEDICAL_NOTE =
  'Our tests describe the bacteria in your gut and what the research links them to. They are for wellness and ' +
  'information, and do not diagnose, treat or prevent any disease. Do not stop or change a medicine because of a ' +
  'report; talk to your doctor first. See a doctor promptly if you notice blood in your stool, unexplained weight ' +
  'loss, persistent fever, anaemia, or symptoms that wake you at night.';

/** Sampling advice shared by every kit. */
export const SAMPLING_TIMING =
  'Wait at least 4 weeks after a course of antibiotics, and avoid sampling during a bout of diarrhoea or during your period.';
