import { SAMPLING_TIMING, type KitContent } from './types';

export const gutSens: KitContent = {
  slug: 'gutsens',
  code: 'PROD-GSENS',
  name: 'Gut SEnS',
  tagline: 'Your gut, your sleep, energy and stress',
  intro:
    'Gut SEnS pairs a gut microbiome test with two validated questionnaires, the Pittsburgh Sleep Quality Index ' +
    '(PSQI) and the GAD-7 anxiety scale. The report sets your gut bacteria beside your sleep and stress scores and ' +
    'suggests food and routine changes that support the gut–brain axis.',
  image: { src: '/images/products/gutsens.svg', alt: 'The Gut SEnS kit with a collection tube and sleep and stress questionnaires' },
  facts: [
    { label: 'Method', value: 'Metagenomic sequencing and two questionnaires' },
    { label: 'Sample', value: 'Stool, collected at home' },
    { label: 'Results', value: '4 to 5 weeks after the lab receives it' },
    { label: 'Includes', value: 'Nutritionist consultation' },
  ],
  measures: [
    {
      title: 'Gut–brain bacteria',
      detail: 'Bacteria with genes for making or using GABA and for tryptophan metabolism, the pathway that leads to serotonin.',
    },
    { title: 'Short-chain fatty acid producers', detail: 'Fibre fermenters whose products are studied for their effects on mood and energy.' },
    { title: 'Sleep quality', detail: 'Your PSQI score across seven parts of sleep, from how long you take to fall asleep to daytime tiredness.' },
    { title: 'Stress and worry', detail: 'Your GAD-7 score, a widely used screening scale for anxiety symptoms over the last two weeks.' },
  ],
  forWhom: [
    'Adults who sleep poorly, feel tired through the day or feel stretched by stress, and want to see whether diet can help.',
    'People who already follow a doctor’s or therapist’s advice and want nutrition support alongside it.',
  ],
  notFor: [
    'A diagnosis of a sleep or anxiety disorder: the questionnaires screen, they do not diagnose.',
    'If you have thoughts of harming yourself, please contact a doctor or call the Tele-MANAS helpline on 14416 now.',
  ],
  inTheBox: [
    'A collection tube with a DNA-stabilising liquid and a built-in scoop',
    'A paper collection sheet, gloves and a sealed biohazard bag',
    'A prepaid return envelope',
    'An instruction card with your kit code and links to the two questionnaires',
  ],
  sampling: [
    { title: 'Activate', detail: 'Enter the kit code on your dashboard and answer the food and lifestyle questionnaire there.' },
    { title: 'Answer', detail: 'Fill in the PSQI and GAD-7 questionnaires online; together they take about 10 minutes.' },
    { title: 'Collect and seal', detail: 'Take a pea-sized stool sample with the scoop, close the tube and shake for 30 seconds.' },
    { title: 'Send', detail: `Post it in the prepaid return envelope from the box: returning it costs you nothing. ${SAMPLING_TIMING}` },
  ],
  turnaround: 'Your report is ready 4 to 5 weeks after the lab receives your sample and both questionnaires are complete.',
  report: [
    'Your gut–brain bacteria and short-chain fatty acid producers',
    'Your sleep and stress scores, explained, with what they can and cannot tell you',
    'A nutritionist consultation with a food and routine plan for sleep and energy',
  ],
  faqs: [
    {
      question: 'Can gut bacteria really affect sleep and stress?',
      answer:
        'Research on the gut–brain axis shows links between gut bacteria, sleep and mood, mostly in studies of groups of people. It is an active field, so we present links, not certainties.',
    },
    {
      question: 'Do I have to answer the questionnaires?',
      answer: 'Yes. The report compares your gut with your sleep and stress scores, so it is prepared once both are in.',
    },
    {
      question: 'I take medicine for sleep or anxiety. Can I still take the test?',
      answer: 'Yes. Keep taking your medicine as prescribed and mention it in the questionnaire; never stop it because of a report.',
    },
  ],
};
