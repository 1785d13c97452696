import { SAMPLING_TIMING, type KitContent } from './types';

export const gut360: KitContent = {
  slug: 'gut360',
  code: 'PROD-G360',
  name: 'Gut 360',
  tagline: 'Our complete gut microbiome test, down to the species',
  intro:
    'Gut 360 reads all the DNA in your stool sample by whole-genome (shotgun) metagenomic sequencing. It names the ' +
    'bacteria in your gut at species level and shows what they are equipped to do, from digesting fibre to making ' +
    'vitamins. A nutritionist then walks you through the report and builds a four-week Indian meal plan with you.',
  image: { src: '/images/products/gut360.svg', alt: 'The Gut 360 kit with its collection tube and detailed report' },
  facts: [
    { label: 'Method', value: 'Shotgun metagenomic sequencing' },
    { label: 'Sample', value: 'Stool, collected at home' },
    { label: 'Results', value: '4 to 6 weeks after the lab receives it' },
    { label: 'Includes', value: '30-minute nutritionist consultation' },
  ],
  measures: [
    { title: 'Species-level profile', detail: 'Hundreds of bacterial species identified and measured, not just broad groups.' },
    {
      title: 'Functional potential',
      detail: 'Genes for fibre digestion, short-chain fatty acid (butyrate, propionate) production, and vitamin B and K synthesis.',
    },
    {
      title: 'Markers linked to inflammation',
      detail: 'Bacteria and pathways the research associates with gut inflammation, such as lipopolysaccharide and TMA production.',
    },
    {
      title: 'Diversity and balance',
      detail: 'Diversity, richness and the balance of key groups, against a reference of healthy Indian adults.',
    },
  ],
  forWhom: [
    'Adults who want the most detailed picture of their gut we offer.',
    'People with a doctor-confirmed metabolic concern (such as prediabetes or high cholesterol) who want diet guidance alongside their treatment.',
    'Anyone who tried Gut Start and wants species-level detail and a personal plan.',
  ],
  notFor: [
    'A diagnosis of infection or disease: this is not a stool culture or a pathogen test.',
    'IBS symptoms that need a guided diet programme: Gut Heal includes the test and the programme.',
  ],
  inTheBox: [
    'A collection tube with a DNA-stabilising liquid and a built-in scoop',
    'A paper collection sheet, gloves and a sealed biohazard bag',
    'A card that leads to the food and lifestyle questionnaire on your dashboard',
    'A prepaid return envelope',
    'An instruction card with your kit code',
  ],
  sampling: [
    { title: 'Activate', detail: 'Enter the kit code on your dashboard, then answer the food and lifestyle questionnaire there (four short steps, about 3 minutes).' },
    { title: 'Collect', detail: 'Use the paper sheet to collect a stool and take a pea-sized amount with the scoop.' },
    { title: 'Seal', detail: 'Close the tube and shake for 30 seconds; the sample stays stable at room temperature for up to 14 days.' },
    { title: 'Send', detail: `Post it in the prepaid return envelope from the box: returning it costs you nothing. ${SAMPLING_TIMING}` },
  ],
  turnaround:
    'Sequencing and analysis take 4 to 6 weeks from the day the lab receives your sample. You can follow each step on your dashboard.',
  report: [
    'A species-level profile with what each important group is known for',
    'Your functional scores: fibre digestion, butyrate production, vitamin synthesis and inflammation-linked pathways',
    'A 30-minute video consultation with a nutritionist and a four-week meal plan built on Indian food',
  ],
  faqs: [
    {
      question: 'How is Gut 360 different from Gut Start?',
      answer:
        'Gut Start reads one marker gene (16S) and reports broad groups. Gut 360 reads all the DNA in the sample, so it identifies species and the functions their genes carry.',
    },
    {
      question: 'Will the report tell me what disease I have?',
      answer:
        'No. It shows patterns that research associates with health and disease, but it cannot diagnose. Share it with your doctor if you have a condition.',
    },
    {
      question: 'Who is the nutritionist?',
      answer:
        'A qualified nutritionist on our team who has read your report before the call. The plan respects your food preferences, including vegetarian, Jain and vegan diets.',
    },
    {
      question: 'Is my data private?',
      answer:
        'Your sample is identified only by its kit code in the lab. Your report is visible to you and to the team members caring for you, and we never sell your data.',
    },
  ],
};
