import { SAMPLING_TIMING, type KitContent } from './types';

export const ibsHeal: KitContent = {
  slug: 'ibs-heal',
  code: 'PROD-IBS-HEAL',
  name: 'Gut Heal',
  tagline: 'A guided 12-week programme for IBS',
  intro:
    'Gut Heal (also called IBS Heal) is for adults whose doctor has diagnosed irritable bowel syndrome. It combines a ' +
    'gut microbiome test with a 12-week programme led by a gut-health nutritionist: a guided low-FODMAP phase, ' +
    'step-by-step food reintroduction, and a long-term plan built around the foods you tolerate.',
  image: { src: '/images/products/ibs-heal.svg', alt: 'The Gut Heal kit with a collection tube and a starter guide' },
  facts: [
    { label: 'Method', value: 'Metagenomic sequencing and a guided diet' },
    { label: 'Programme', value: '12 weeks, 3 nutritionist consultations' },
    { label: 'Results', value: 'Test report in 4 to 6 weeks' },
    { label: 'Follow-up', value: 'Symptoms reviewed at each consultation' },
  ],
  measures: [
    { title: 'Gas-producing and fermenting bacteria', detail: 'Groups that ferment FODMAPs and are studied in relation to bloating and gas.' },
    { title: 'Protective bacteria', detail: 'Butyrate producers and other bacteria associated with a healthy gut lining.' },
    { title: 'Diversity', detail: 'How varied your gut community is, which helps plan a reintroduction that keeps fibre in your diet.' },
    { title: 'Your symptoms over time', detail: 'Pain, bloating and bowel habit as you describe them at each consultation, so you and your nutritionist see what changes.' },
  ],
  forWhom: [
    'Adults with IBS diagnosed by a doctor (IBS-C, IBS-D or mixed) who want structured diet support.',
    'People who have tried cutting foods on their own and want a safe way to find their triggers.',
  ],
  notFor: [
    'Symptoms that have not been checked by a doctor yet: red-flag signs such as blood in the stool, weight loss, anaemia or new symptoms after 50 need a medical check first.',
    'Pregnancy, an eating disorder, or coeliac disease that is not yet ruled out: please speak to your doctor before any restrictive diet.',
  ],
  inTheBox: [
    'A collection tube with a DNA-stabilising liquid and a built-in scoop',
    'A paper collection sheet, gloves and a sealed biohazard bag',
    'A printed starter guide to the low-FODMAP phase',
    'A prepaid return envelope',
    'An instruction card with your kit code',
  ],
  sampling: [
    { title: 'Activate', detail: 'Enter the kit code on your dashboard and answer the food and lifestyle questionnaire there. Your nutritionist then contacts you to arrange the first consultation.' },
    { title: 'Collect before you change your diet', detail: 'Take your sample first, so it shows your gut before the programme begins.' },
    { title: 'Seal', detail: 'Close the tube and shake for 30 seconds; it stays stable at room temperature for up to 14 days.' },
    { title: 'Send', detail: `Post it in the prepaid return envelope from the box: returning it costs you nothing. ${SAMPLING_TIMING}` },
  ],
  turnaround:
    'The test report is ready 4 to 6 weeks after the lab receives your sample; your programme starts with the first consultation, so you do not wait for it.',
  report: [
    'Your microbiome report, explained in the second consultation',
    'A 2 to 6 week low-FODMAP phase, then a guided reintroduction, one food group at a time',
    'A long-term personal food list and a final review of your symptoms',
  ],
  faqs: [
    {
      question: 'Will Gut Heal cure my IBS?',
      answer:
        'IBS has no single cure, but a guided low-FODMAP diet improves symptoms for many people with IBS. The aim is fewer symptoms with the widest diet you tolerate.',
    },
    {
      question: 'Do I have to stay on a low-FODMAP diet?',
      answer: 'No. The strict phase is short; reintroduction brings back every food you tolerate, which is better for your gut bacteria.',
    },
    {
      question: 'Can I continue my IBS medicines?',
      answer: 'Yes. Continue what your doctor prescribed and tell your nutritionist about it. Do not change medicines without your doctor.',
    },
  ],
};
