/**
 * The FAQ's questions and answers, grouped. Every fact here must agree with the kit pages
 * (src/features/products/content) and with how orders, payments, kits and privacy work (README "Shopping", "Buying",
 * "Your data and privacy").
 *
 * Each question's `id` is its address on the page (`/faq#<id>`): a slug of the question, written out rather than
 * derived, so that rewording a question never breaks a link someone has shared.
 */
import type { LinkProps } from '@tanstack/react-router';

/** A link inside an answer: the page shows a real link, the JSON-LD only its text. */
export interface AnswerLink {
  text: string;
  to: NonNullable<LinkProps['to']>;
}

/** An answer is one paragraph of text and links. */
export type AnswerPart = string | AnswerLink;

export interface FaqItem {
  id: string;
  question: string;
  answer: AnswerPart[];
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

const contactUs: AnswerLink = { text: 'contact us', to: '/contact-us' };
const myKits: AnswerLink = { text: 'My kits', to: '/user/dashboard' };
const privacyAndData: AnswerLink = { text: 'Privacy and data', to: '/user/privacy' };
const privacyPolicy: AnswerLink = { text: 'privacy policy', to: '/privacy-policy' };

export const faqGroups: FaqGroup[] = [
  {
    id: 'about-the-tests',
    title: 'About the tests',
    items: [
      {
        id: 'what-is-a-gut-microbiome-test',
        question: 'What is a gut microbiome test?',
        answer: [
          'It reads the DNA of the bacteria in a small stool sample to find out which bacteria live in your gut and in ' +
            'what proportions. We compare your results with healthy Indian adults and turn them into food advice built ' +
            'around Indian meals. ',
          { text: 'Our science', to: '/science/our-science' },
          ' explains how it works.',
        ],
      },
      {
        id: 'is-this-a-medical-or-diagnostic-test',
        question: 'Is this a medical or diagnostic test?',
        answer: [
          'No. Our tests describe the bacteria in your gut and what the research links them to. They are for wellness ' +
            'and information, and do not diagnose, treat or prevent any disease, nor are they a stool culture or a test ' +
            'for infections. Do not stop or change a medicine because of a report; talk to your doctor first.',
        ],
      },
      {
        id: 'which-kit-should-i-choose',
        question: 'Which kit should I choose?',
        answer: [
          { text: 'Gut Start', to: '/products/gut360-start' },
          ' is a first look at your main groups of gut bacteria, with food pointers. ',
          { text: 'Gut 360', to: '/products/gut360' },
          ' is our most detailed test, down to the species and what their genes can do, with a nutritionist consultation. ',
          { text: 'Gut SEnS', to: '/products/gutsens' },
          ' sets your gut bacteria beside sleep and stress questionnaires. ',
          { text: 'Gut Heal', to: '/products/ibs-heal' },
          ' is a 12-week guided diet programme for adults whose IBS a doctor has diagnosed.',
        ],
      },
      {
        id: 'what-is-the-difference-between-16s-and-metagenomic-sequencing',
        question: 'What is the difference between 16S and metagenomic sequencing?',
        answer: [
          'Gut Start uses 16S rRNA gene sequencing: it reads one marker gene that bacteria carry and reports the main ' +
            'groups of bacteria and well-known genera. Gut 360 uses shotgun metagenomic sequencing, which reads all the ' +
            'DNA in the sample, so it names species and shows the functions their genes carry, such as digesting fibre ' +
            'or making vitamins. Gut SEnS and Gut Heal use metagenomic sequencing too.',
        ],
      },
      {
        id: 'who-can-take-the-tests',
        question: 'Who can take the tests?',
        answer: [
          'Adults. Our reference data are for healthy Indian adults, so the kits are not for children under 18. Gut Heal ' +
            'is for adults whose IBS has been diagnosed by a doctor; if you are pregnant, have an eating disorder, or ' +
            'coeliac disease has not been ruled out, speak to your doctor before any restrictive diet.',
        ],
      },
      {
        id: 'i-have-stomach-symptoms-should-i-take-a-test',
        question: 'I have stomach symptoms. Should I take a test?',
        answer: [
          'See a doctor first. Pain, bloating or changed bowel habits that keep coming back need a medical check, and ' +
            'blood in the stool, unexplained weight loss, persistent fever, anaemia, symptoms that wake you at night or ' +
            'new symptoms after 50 need one promptly. Once a doctor has diagnosed IBS, ',
          { text: 'Gut Heal', to: '/products/ibs-heal' },
          ' gives you structured diet support alongside their care.',
        ],
      },
      {
        id: 'can-i-take-a-test-while-on-medicines',
        question: 'Can I take a test while I am on medicines?',
        answer: [
          'Yes. Keep taking your medicines as prescribed and mention them in your questionnaire or consultation; never ' +
            'stop one because of a report. If you have just finished a course of antibiotics, wait at least 4 weeks ' +
            'before you collect your sample, as antibiotics change gut bacteria for a while.',
        ],
      },
      {
        id: 'does-the-advice-suit-vegetarian-jain-and-vegan-diets',
        question: 'Does the advice suit vegetarian, Jain and vegan diets?',
        answer: [
          'Yes. Our food advice is built on Indian staples such as dals, millets, fermented foods and seasonal ' +
            'vegetables, and the nutritionist’s plan respects your food preferences, including vegetarian, Jain and ' +
            'vegan diets.',
        ],
      },
      {
        id: 'can-i-upgrade-from-gut-start-to-gut-360',
        question: 'Can I upgrade from Gut Start to Gut 360 later?',
        answer: [
          'Yes. Gut 360 needs a new sample because it uses a different sequencing method, but your Gut Start results ' +
            'stay on your dashboard for comparison.',
        ],
      },
    ],
  },
  {
    id: 'ordering-payment-and-delivery',
    title: 'Ordering, payment and delivery',
    items: [
      {
        id: 'do-i-need-an-account-to-order',
        question: 'Do I need an account to order?',
        answer: [
          'Yes: your kits, samples and reports are linked to your account. ',
          { text: 'Create an account', to: '/register' },
          ' or ',
          { text: 'sign in', to: '/login' },
          ' with your e-mail, with Google, or with your mobile number and an SMS code. If you press Add to cart while ' +
            'signed out, we keep the kit you chose and add it once you are back on its page, signed in.',
        ],
      },
      {
        id: 'how-do-i-pay',
        question: 'How do I pay?',
        answer: [
          'Online, on the secure Razorpay payment page that opens when you place your order, with the methods it ' +
            'offers, such as UPI, cards and net banking. Prices include 18% GST, and the amount you pay is the one your ' +
            'cart and checkout show.',
        ],
      },
      {
        id: 'my-payment-failed-was-i-charged',
        question: 'My payment failed. Was I charged?',
        answer: [
          'When a payment does not go through, nothing is charged and your order is kept with the same kits and ' +
            'prices, so you can try again. If we could not confirm a payment, do not pay again: check again once you ' +
            'are back online. If your bank shows a charge for an order that stays unpaid, ',
          contactUs,
          ' with your order number and we will match it to your order or refund it.',
        ],
      },
      {
        id: 'what-happens-to-an-order-i-do-not-pay-for',
        question: 'What happens to an order I do not pay for?',
        answer: [
          'An order left unpaid for 24 hours, with no payment started, is cancelled automatically, and a coupon it used ' +
            'can be used again.',
        ],
      },
      {
        id: 'how-do-i-use-a-coupon-code',
        question: 'How do I use a coupon code?',
        answer: [
          'Enter it in your ',
          { text: 'cart', to: '/cart' },
          ' before checkout; one coupon applies at a time. Each coupon has its own rules (dates, a limit on uses, ' +
            'sometimes first orders only or only some kits) and if a code cannot be used, the cart says why. A coupon ' +
            'for some kits takes its discount off those kits only. An offer link (/discount/ followed by the code) ' +
            'applies its code as soon as you are signed in.',
        ],
      },
      {
        id: 'can-i-get-a-gst-invoice',
        question: 'Can I get a GST invoice?',
        answer: [
          'Yes. Once an order is paid, download its GST tax invoice as a PDF from ',
          { text: 'your orders', to: '/user/orders' },
          '. Prices include 18% GST; the invoice shows CGST and SGST, or IGST, depending on the state of your ' +
            'delivery address.',
        ],
      },
      {
        id: 'where-do-you-deliver-and-how-do-i-track-my-kit',
        question: 'Where do you deliver, and how do I track my kit?',
        answer: [
          'We deliver to addresses in India. The PIN code must belong to the state you choose, as the state decides the ' +
            'tax on your invoice. Once your kit is shipped, the courier and tracking number appear on your order and on ',
          myKits,
          '.',
        ],
      },
      {
        id: 'can-i-buy-a-kit-for-a-family-member',
        question: 'Can I buy a kit for a family member?',
        answer: [
          'Yes. The code in a kit’s box is the claim: whoever activates it owns that sample’s journey, questionnaire and ' +
            'report, in their own account, whoever bought it. Hand the kit to them and let them activate its code in ' +
            'their account (under “Activate a kit someone gave you” on ',
          myKits,
          '), or send them the code by e-mail with “Give this kit to someone” on the kit’s card. Your order and invoice ' +
            'stay yours, and the kit then shows as activated by another account, with nothing of their results.',
        ],
      },
      {
        id: 'can-i-cancel-my-order-or-get-a-refund',
        question: 'Can I cancel my order or get a refund?',
        answer: [
          'Yes, until your sample reaches our lab: ',
          contactUs,
          ' with your order number and we refund the kit in full, to the way you paid, with a GST credit note that you ' +
            'download with your order. Once the lab is working on your sample or your report is ready, the kit can no ' +
            'longer be refunded. An order you have not paid for needs no cancelling: it lapses after 24 hours.',
        ],
      },
    ],
  },
  {
    id: 'collecting-and-sending-the-sample',
    title: 'Collecting and sending the sample',
    items: [
      {
        id: 'what-is-in-the-box',
        question: 'What is in the box?',
        answer: [
          'A collection tube with a DNA-stabilising liquid and a built-in scoop, a paper collection sheet that sits ' +
            'over the toilet seat, gloves, a sealed biohazard bag, a prepaid return envelope, and an instruction card with ' +
            'your kit code. Gut Heal adds a low-FODMAP starter guide; the card in Gut SEnS links to its two questionnaires. ' +
            'Every kit asks for a short food and lifestyle questionnaire on your dashboard once you activate it.',
        ],
      },
      {
        id: 'how-do-i-activate-my-kit',
        question: 'How do I activate my kit?',
        answer: [
          'Once the kit reaches you, sign in and enter the code printed in your box (it starts with GUT-) on ',
          myKits,
          ', before you send your sample. Capital or small letters, spaces and dashes do not matter. Activation ' +
            'matches the sample to you; each code activates one kit, once. If your kit’s label has a QR code, scanning ' +
            'it opens My kits with the code filled in.',
        ],
      },
      {
        id: 'my-kit-code-is-not-accepted-what-should-i-do',
        question: 'My kit code is not accepted. What should I do?',
        answer: [
          'Make sure you are signed in to the account that ordered the kit, and check each character against the card ' +
            'in your box: the page tells you when a character looks mistyped. A kit bought at a clinic or an event must ' +
            'first be registered to you by them. If it still does not work, ',
          contactUs,
          ' with the code.',
        ],
      },
      {
        id: 'when-should-i-collect-my-sample',
        question: 'When should I collect my sample?',
        answer: [
          'On any day that suits you, after a week of eating as you normally do; there is no need to fast. Wait at ' +
            'least 4 weeks after a course of antibiotics, and avoid sampling during a bout of diarrhoea or during your ' +
            'period. For Gut Heal, collect your sample before you start changing your diet.',
        ],
      },
      {
        id: 'how-do-i-collect-the-sample',
        question: 'How do I collect the sample?',
        answer: [
          'Put on the gloves, place the paper sheet over the toilet seat and pass a stool onto it. Take a pea-sized ' +
            'amount with the scoop, close the tube tightly and shake it for 30 seconds. Put the tube in the biohazard ' +
            'bag and the bag in the return envelope. The instruction card in your box shows each step.',
        ],
      },
      {
        id: 'does-the-sample-need-a-fridge',
        question: 'Does the sample need a fridge?',
        answer: [
          'No. Once the tube is closed and shaken, its liquid keeps the DNA stable at room temperature for up to 14 ' +
            'days, so post it soon after you collect.',
        ],
      },
      {
        id: 'how-do-i-send-my-sample-back',
        question: 'How do I send my sample back, and does it cost anything?',
        answer: [
          'It is free. Post your sample in the prepaid return envelope from your box, from anywhere in India. ',
          myKits,
          ' shows when the lab has received your sample.',
        ],
      },
      {
        id: 'what-if-the-lab-cannot-analyse-my-sample',
        question: 'What if the lab cannot analyse my sample?',
        answer: [
          'Every sample goes through the lab’s quality checks. If yours cannot be analysed, we send you a new kit with a ' +
            'code of its own so that you can collect again, and My kits says so. If you would rather not, ',
          contactUs,
          ' and we refund that kit in full.',
        ],
      },
    ],
  },
  {
    id: 'results-and-reports',
    title: 'Results and reports',
    items: [
      {
        id: 'how-long-do-results-take',
        question: 'How long do results take?',
        answer: [
          'Counted from the day the lab receives your sample: Gut Start 3 to 4 weeks, Gut 360 4 to 6 weeks, Gut SEnS 4 ' +
            'to 5 weeks (once both questionnaires are complete) and Gut Heal 4 to 6 weeks. Gut Heal’s programme starts ' +
            'with your first consultation, so you do not wait for the report. You can follow each step on ',
          myKits,
          '.',
        ],
      },
      {
        id: 'how-will-i-receive-my-report',
        question: 'How will I receive my report?',
        answer: [
          'When your report is ready, ',
          myKits,
          ' says so and gives you the report, as a link or a PDF that only you can download from your account.',
        ],
      },
      {
        id: 'what-does-the-report-tell-me',
        question: 'What does the report tell me?',
        answer: [
          'Gut Start shows your gut diversity against healthy Indian adults, your main bacterial groups and the ' +
            'beneficial genera we found, with food pointers. Gut 360 adds a species-level profile and functional scores ' +
            'for fibre digestion, butyrate production, vitamin synthesis and inflammation-linked pathways. Gut SEnS sets ' +
            'your gut–brain bacteria beside your sleep and stress scores. Gut Heal’s report guides your reintroduction ' +
            'diet. No report diagnoses a disease.',
        ],
      },
      {
        id: 'is-a-nutritionist-consultation-included',
        question: 'Is a nutritionist consultation included?',
        answer: [
          'With Gut 360 you get a 30-minute video consultation with a nutritionist who has read your report, and a ' +
            'four-week meal plan built on Indian food. Gut SEnS includes a consultation with a food and routine plan for ' +
            'sleep and energy, and Gut Heal three consultations over its 12 weeks. Gut Start’s report gives you written ' +
            'food pointers.',
        ],
      },
      {
        id: 'can-i-share-my-report-with-my-doctor',
        question: 'Can I share my report with my doctor?',
        answer: [
          'Yes, and please do if you have a health condition: the report is yours to download and share. Do not stop or ' +
            'change a medicine because of it; talk to your doctor first.',
        ],
      },
      {
        id: 'should-i-test-again-later',
        question: 'Should I test again later?',
        answer: [
          'If you want to see how a lasting change in your diet shows in your gut, test again with a new kit once you ' +
            'have kept the change up for some months. Your earlier results stay on your dashboard for comparison.',
        ],
      },
    ],
  },
  {
    id: 'privacy-and-your-data',
    title: 'Privacy and your data',
    items: [
      {
        id: 'who-can-see-my-results',
        question: 'Who can see my results?',
        answer: [
          'In the lab your sample is identified only by its kit code. Your report is visible to you and to the members ' +
            'of our team caring for you, such as your nutritionist, and we never sell your data. Our ',
          privacyPolicy,
          ' explains the rest.',
        ],
      },
      {
        id: 'do-you-use-my-sample-for-research',
        question: 'Do you use my sample for research?',
        answer: [
          'Only if you agree. Research use is a consent you give or withdraw at any time on ',
          privacyAndData,
          ', and if you were never asked, it counts as not given. With it, your sample and results may be used, ' +
            'without your name or contact details, in our research on the gut microbiome of people in India.',
        ],
      },
      {
        id: 'can-i-download-a-copy-of-my-data',
        question: 'Can I download a copy of my data?',
        answer: [
          'Yes. On ',
          privacyAndData,
          ', download what we hold about you as one file, or as a ZIP that also holds the GST invoice of each paid ' +
            'order and a short explanation in plain words.',
        ],
      },
      {
        id: 'how-do-i-delete-my-account-and-data',
        question: 'How do I delete my account and data?',
        answer: [
          'Ask for erasure on ',
          privacyAndData,
          ' and confirm it is you by signing in again. The page shows the date by which we will complete it, and you ' +
            'can withdraw the request until then. We erase your account, contact details, saved address, cart, consents, ' +
            'questionnaire results, ebook request, contact messages and the e-mails and SMS we sent you. Your orders and invoices are kept for 72 months, as Indian tax law requires.',
        ],
      },
      {
        id: 'how-do-i-stop-marketing-messages',
        question: 'How do I stop marketing messages?',
        answer: [
          'Withdraw your marketing consent on ',
          privacyAndData,
          '; it takes effect at once. Messages about your orders, kits and reports still reach you, as they are part of ' +
            'the service.',
        ],
      },
      {
        id: 'what-happens-to-my-questionnaire-answers',
        question: 'What happens to my questionnaire answers?',
        answer: [
          'We keep your GAD-7 and PSQI answers and scores so that your nutritionist can read them with your report. ' +
            'Withdrawing the questionnaire consent on ',
          privacyAndData,
          ' deletes them. Gut SEnS needs both questionnaires to prepare its report.',
        ],
      },
      {
        id: 'whom-do-i-contact-about-a-privacy-complaint',
        question: 'Whom do I contact about a privacy complaint?',
        answer: [
          'Our grievance officer: their details are on ',
          privacyAndData,
          '. If we do not resolve your complaint, you may complain to the Data Protection Board of India.',
        ],
      },
    ],
  },
  {
    id: 'your-account',
    title: 'Your account',
    items: [
      {
        id: 'how-can-i-sign-in',
        question: 'How can I sign in?',
        answer: [
          'With your e-mail and password, with Google, with your mobile number and a 6-digit SMS code, or with a ' +
            'sign-in link we e-mail you. To ',
          { text: 'create an account', to: '/register' },
          ', you need your full name, e-mail address, Indian mobile number and a password of at least 8 characters ' +
            'with a letter and a number.',
        ],
      },
      {
        id: 'i-forgot-my-password',
        question: 'I forgot my password. What can I do?',
        answer: [
          'Ask for a reset link on ',
          { text: 'Forgot password', to: '/forgot-password' },
          ', or sign in with an SMS code or an e-mailed link instead. Once signed in, you can ',
          { text: 'change your password', to: '/user/change-password' },
          '.',
        ],
      },
      {
        id: 'why-was-i-signed-out',
        question: 'Why was I signed out?',
        answer: [
          'For your safety a session ends after some days, and at once when your password is changed or you sign out on ' +
            'another device. The sign-in page tells you why; sign in again and you are taken back to the page you were on.',
        ],
      },
    ],
  },
];
