/**
 * What the ebook page says about the ebook. The chapter titles and the page count are those of the PDF the server
 * makes (server/services/ebook/), and the consent's words are those the server keeps with each request: the API
 * test of the ebook holds them together.
 */

export const EBOOK = {
  title: 'The Gut Microbiome and Your Health',
  subtitle: 'A practical guide for India',
  pages: 18,
  fileName: 'gut360-microbiome-and-health-ebook.pdf',
  /** How long a download link works. */
  linkDays: 7,
} as const;

/** Beside the unticked box; each request keeps these words with the answer. */
export const EBOOK_CONSENT_TEXT = 'Yes, Gut360 Health may e-mail me about gut health, its tests and offers. I can withdraw this at any time.';

export interface EbookChapterSummary {
  title: string;
  about: string;
}

/** The numbered chapters, in the book's order. */
export const EBOOK_CHAPTERS: EbookChapterSummary[] = [
  {
    title: 'What the gut microbiome is',
    about: 'The community of microbes in your gut, why everyone’s is different, and why Indian guts need Indian comparisons.',
  },
  {
    title: 'What your gut microbes do',
    about: 'Fibre, short-chain fatty acids, vitamins, the immune system and the gut–brain axis: what is known, and what is only an association.',
  },
  {
    title: 'What shapes your microbiome',
    about: 'Diet, antibiotics and other medicines, sleep, stress and age, and what you can change.',
  },
  {
    title: 'Eating for your gut, the Indian way',
    about: 'Dal, millets, whole grains, vegetables, curd, fermented batters and spices, with a week of simple meal ideas.',
  },
  {
    title: 'How a microbiome test works',
    about: 'Collecting a sample at home, sequencing in the lab and reading the report, with our four kits at a glance.',
  },
  {
    title: 'What a test cannot tell you',
    about: 'Why a microbiome test is not a diagnosis, and what it is useful for.',
  },
  {
    title: 'When to see a doctor',
    about: 'The warning signs that need a doctor rather than a test, such as blood in the stool or weight loss without trying.',
  },
];

/** After the chapters. */
export const EBOOK_BACK_MATTER: EbookChapterSummary[] = [
  { title: 'Glossary', about: 'The words of gut science in plain English, from butyrate to 16S rRNA.' },
  { title: 'Further reading', about: 'Five research papers the guide draws on, each with its DOI.' },
];

export const EBOOK_AUDIENCE = [
  'Anyone curious about what the gut microbiome is, without the hype.',
  'People who want to eat for their gut with the food they already cook, not a foreign diet.',
  'Anyone thinking about a microbiome test who wants to know how it works and what it cannot tell them first.',
  'Families and carers who want to know which gut symptoms need a doctor.',
];
