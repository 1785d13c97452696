import { launchOffer } from '@/lib/launch-offer';
import { site } from '@/lib/site';
import { SAMPLING_TIMING, type KitContent } from './types';

export const gutStart: KitContent = {
  slug: 'gut360-start',
  code: 'PROD-G3G-LITE',
  name: 'Gut Start',
  tagline: 'A first, clear look at your gut bacteria',
  intro:
    'Gut Start profiles the bacteria in a small stool sample by 16S rRNA gene sequencing and compares your results ' +
    'with healthy Indian adults. You get a plain-language summary of your gut diversity and its key groups of ' +
    'bacteria, with food pointers built around Indian meals.',
  offer: `Launch offer: ${site.launchPrice}`,
  image: { src: '/images/products/gut360-start.svg', alt: 'The Gut Start kit: a collection tube, a scoop and a return envelope' },
  facts: [
    { label: 'Method', value: '16S rRNA gene sequencing' },
    { label: 'Sample', value: 'Stool, collected at home' },
    { label: 'Results', value: '3 to 4 weeks after the lab receives it' },
    { label: 'Report', value: 'Summary report with food pointers' },
  ],
  measures: [
    {
      title: 'Diversity',
      detail: 'How many kinds of bacteria live in your gut and how evenly they are spread (Shannon index), against an Indian reference group.',
    },
    {
      title: 'Major groups of bacteria',
      detail: 'The balance of the main phyla, such as Bacillota (Firmicutes), Bacteroidota and Actinomycetota.',
    },
    {
      title: 'Beneficial bacteria',
      detail: 'Genera the research associates with gut health, including Bifidobacterium, Lactobacillus, Faecalibacterium and Akkermansia.',
    },
    {
      title: 'Fibre fermenters',
      detail: 'Bacteria that turn dietary fibre into short-chain fatty acids such as butyrate, which feed the cells lining your gut.',
    },
  ],
  forWhom: [
    'Adults who want to understand their gut health for the first time.',
    'People changing their diet (more fibre, vegetarian to vegan, a new fitness routine) who want a starting point.',
    'Anyone curious whether their everyday meals feed a varied gut community.',
  ],
  notFor: [
    'Ongoing digestive symptoms such as pain, bloating or changed bowel habits: start with a doctor, then consider Gut Heal.',
    'Species-level detail or functional pathways: choose Gut 360.',
    'Children under 18: our reference data are for adults.',
  ],
  inTheBox: [
    'A collection tube with a DNA-stabilising liquid and a built-in scoop',
    'A paper collection sheet that sits over the toilet seat',
    'A pair of gloves and a sealed biohazard bag',
    'A prepaid return envelope',
    'An instruction card with your kit code',
  ],
  sampling: [
    { title: 'Activate', detail: 'Enter the kit code from the box on your dashboard so your sample is matched to you, and answer the short food and lifestyle questionnaire there.' },
    { title: 'Collect', detail: 'Place the paper sheet over the toilet, pass a stool, and take a pea-sized amount with the scoop.' },
    { title: 'Seal', detail: 'Close the tube tightly and shake it for 30 seconds; the liquid keeps the DNA stable at room temperature for up to 14 days.' },
    { title: 'Send', detail: `Post it in the prepaid return envelope from the box: returning it costs you nothing. ${SAMPLING_TIMING}` },
  ],
  turnaround:
    'Your report is ready 3 to 4 weeks after our lab in Bengaluru receives your sample. We tell you by e-mail and SMS at each step.',
  report: [
    'Your diversity score and where it sits among healthy Indian adults',
    'Your main bacterial groups and the beneficial genera we found',
    'Food pointers built on Indian staples: dals, millets, fermented foods and seasonal vegetables',
  ],
  faqs: [
    {
      question: 'Is Gut Start a medical test?',
      answer:
        'No. It describes your gut bacteria for wellness purposes and does not diagnose any condition. If you have symptoms, please see a doctor.',
    },
    {
      question: 'Do I need to fast or change my diet before sampling?',
      answer:
        'No. Eat as you normally do for the week before, so the result reflects your usual diet. Avoid sampling within 4 weeks of antibiotics.',
    },
    {
      question: 'Can I upgrade to Gut 360 later?',
      answer:
        'Yes. Gut 360 needs a new sample because it uses a different sequencing method, but your Gut Start results stay on your dashboard for comparison.',
    },
    {
      question: 'How long does the launch offer last?',
      answer: launchOffer.lastDay
        ? `The launch price of ${site.launchPrice} lasts until the end of ${launchOffer.lastDay} (India time). The price in your cart is the one you pay.`
        : `The launch price of ${site.launchPrice} has no end date yet; when it has one, this page and the banner say it. The price in your cart is the one you pay.`,
    },
  ],
};
