import { Bullets } from '@/components/layout/Prose';
import { site } from '@/lib/site';
import { useGrievanceOfficer } from '../api/grievance-officer';
import { GrievanceOfficerSection } from './GrievanceOfficer';
import { Definitions, HrefLink, LegalDocument, Para, ShopLink, SubHeading, type LegalSection } from './LegalDocument';

/** The officer the server is configured with, once it has answered; the contact page until then. */
function ConfiguredGrievanceOfficer() {
  return <GrievanceOfficerSection officer={useGrievanceOfficer()} />;
}

const PRIVACY_PAGE = <ShopLink to="/user/privacy">Privacy and data page</ShopLink>;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <Para>
          {site.company} (“{site.brand}”, “we”, “us”) sells gut microbiome test kits in India through this shop, has the samples sent with them analysed,
          and provides the reports and consultations that follow. For the personal data this involves we are the <strong>Data Fiduciary</strong> under the
          Digital Personal Data Protection Act, 2023 (“the Act”): we decide why and how it is processed, and we answer for it, also when a processor
          handles it for us.
        </Para>
        <Para>
          This policy is our notice to you under the Act and the Digital Personal Data Protection Rules, 2025. It covers this website, your account, the kits
          you order, your sample and what we learn from it, and the consultations that come with a kit. You, the person the data is about, are the{' '}
          <strong>Data Principal</strong>.
        </Para>
        <Para>
          Some of this data is about your health: your sample, the DNA data read from it, your report and your questionnaire answers. We handle it with
          particular care, as the sections below explain.
        </Para>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <Definitions
          items={[
            {
              term: 'Your account',
              meaning: (
                <Para>
                  Your name, e-mail address and Indian mobile number, the day you joined, and how you sign in: with a password, with Google, with a code sent
                  by SMS or with a link sent by e-mail. Sign-in is run by Firebase Authentication, a Google service, which holds your password; we never
                  see it. If you sign in with Google, we receive the name and e-mail address of your Google account.
                </Para>
              ),
            },
            {
              term: 'Your delivery address',
              meaning: <Para>The name, mobile number and address a kit goes to, which we save for your next order.</Para>,
            },
            {
              term: 'Orders and payments',
              meaning: (
                <Para>
                  The kits you order, their prices, the coupon you used, the numbers of your orders, GST invoices and credit notes, the state of each
                  payment and refund, and the payment gateway’s references for them. You enter your card, UPI or bank details in the payment gateway’s own
                  window (Razorpay): they go to the gateway, and we never receive or store them.
                </Para>
              ),
            },
            {
              term: 'Your kits',
              meaning: (
                <Para>
                  Each kit’s code, its journey (shipped, delivered, activated, sample received, report ready) and the courier and tracking number of its
                  parcel.
                </Para>
              ),
            },
            {
              term: 'Your sample and the DNA data from it',
              meaning: (
                <Para>
                  The stool sample you send, and the DNA sequence data the lab reads from it. The lab knows your sample only by its kit code. Most of this
                  DNA comes from the microbes in your gut, but a stool sample also holds a little of your own (human) DNA, which sequencing can read along
                  with it. Our tests and reports are about your gut microbes: we do not offer tests of your own genes.
                </Para>
              ),
            },
            {
              term: 'Your report and consultations',
              meaning: (
                <Para>
                  Your report (its findings, scores and food guidance), the plan your nutritionist makes with you, and the notes our team writes while
                  looking after your orders, kits and consultations.
                </Para>
              ),
            },
            {
              term: 'Questionnaire answers',
              meaning: (
                <Para>
                  Your answers and scores when you fill in the GAD-7 (anxiety symptoms) or PSQI (sleep quality) questionnaires, and the food, lifestyle
                  and symptom questions that come with some kits. We keep GAD-7 and PSQI results only while you consent to it (see{' '}
                  <HrefLink href="#consent">Your consent</HrefLink>).
                </Para>
              ),
            },
            {
              term: 'Your choices and requests',
              meaning: (
                <Para>
                  Your consents, with the day of each change; your requests for a copy of your data or for erasure; and the messages you send us.
                </Para>
              ),
            },
            {
              term: 'Technical data',
              meaning: (
                <>
                  <Para>
                    When you sign in we open a session: we store a fingerprint (a hash) of its token, when it began and when it ends, never the token
                    itself. Our audit log records what is done to your data and orders (each consent change, download, erasure request, order step and
                    refund) with who did it, when, and the client (IP) address it came from. To stop abuse, we count sign-in attempts, sign-in codes and
                    links, and coupon attempts per client address, mobile number or e-mail address, for an hour at most.
                  </Para>
                  <Para>
                    Your browser keeps your sign-in token and a few small notes, such as an offer code or a kit waiting to go into your cart. We use no
                    advertising or analytics cookies. When you sign in with Google or by SMS code, Google’s sign-in and reCAPTCHA (which protects SMS
                    sign-in from abuse) run on the page and follow Google’s own privacy policy.
                  </Para>
                </>
              ),
            },
          ]}
        />
        <Para>
          We get this data from you; from Google, when you sign in with it; from the payment gateway, about your payments; from the courier, about your
          parcels; from the lab, about your sample; and, if you buy a kit from us in person at a clinic or an event, from the team member who registers
          you with your name, mobile number and e-mail address.
        </Para>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it, and on what ground',
    body: (
      <>
        <Para>
          The Act lets us process your personal data with your consent, or for certain “legitimate uses” listed in its section 7, such as data you give us
          for a stated purpose, or complying with a law or a court’s order. For each purpose we say which applies.
        </Para>
        <Definitions
          items={[
            {
              term: 'Your account and sign-in',
              meaning: <Para>To open your account and let you sign in safely. Ground: your consent, which you give when you create your account.</Para>,
            },
            {
              term: 'Your orders, payments and deliveries',
              meaning: (
                <Para>
                  To take your order and payment, send your kit and arrange the return of your sample. Ground: your consent, which you give when you
                  order; your delivery address is also data you give us for that stated purpose (a legitimate use under section 7(a)).
                </Para>
              ),
            },
            {
              term: 'Your test, report and consultations',
              meaning: (
                <Para>
                  To match your sample to you, analyse it, prepare your report and let our doctors and nutritionists read it with you. Ground: your
                  consent, which you give by activating your kit and sending your sample after reading this policy.
                </Para>
              ),
            },
            {
              term: 'Messages about what you ordered',
              meaning: (
                <Para>
                  E-mails and SMS about your orders, your kits and your report. They come whatever you choose about offers. Ground: your consent to the order
                  they are about.
                </Para>
              ),
            },
            {
              term: 'Tax invoices and accounts',
              meaning: (
                <Para>
                  To issue GST invoices and credit notes and keep them with our accounts. Ground: a legitimate use: complying with Indian tax law, the
                  Central Goods and Services Tax Act, 2017 and its rules.
                </Para>
              ),
            },
            {
              term: 'Security, and a record of your requests',
              meaning: (
                <Para>
                  To protect accounts and data from misuse and to show how we handled your consents and requests, through sessions, limits on attempts and
                  the audit log. Ground: your consent to your account, and our duty under the Act to protect personal data with reasonable security
                  safeguards.
                </Para>
              ),
            },
            {
              term: 'Answering you, and the law',
              meaning: (
                <Para>
                  To answer your questions, requests and complaints, and to comply with a court’s judgment or order or a lawful demand of an authority.
                  Ground: legitimate uses under section 7 (complying with law and with court orders).
                </Para>
              ),
            },
          ]}
        />
        <SubHeading>Optional purposes, each with its own consent</SubHeading>
        <Para>
          These four are off until you switch them on, one by one. Saying no to any of them, or withdrawing it later, never stops you from ordering or
          receiving a kit.
        </Para>
        <Definitions
          items={[
            {
              term: 'Offers, tips and reminders',
              meaning: (
                <Para>
                  E-mails and SMS about new tests, offers and gut-health tips, and one reminder of an order left unpaid. Each such e-mail has a
                  link that unsubscribes you in one click.
                </Para>
              ),
            },
            {
              term: 'SMS updates',
              meaning: <Para>An SMS to your mobile number when your kit ships and when your report is ready, besides the e-mail.</Para>,
            },
            {
              term: 'Contact after the ebook',
              meaning: <Para>Writing to you about the Microbiome and Health ebook you downloaded.</Para>,
            },
            {
              term: 'Questionnaire results',
              meaning: <Para>Keeping your GAD-7 and PSQI answers and scores so that your doctor and nutritionist can read them with your report.</Para>,
            },
            {
              term: 'Research use of your sample',
              meaning: (
                <Para>
                  Using your sample and results, without your name or contact details, in our research on the gut microbiome of people in India. What we
                  publish from research describes groups of people, never one person.
                </Para>
              ),
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Your consent, and withdrawing it',
    body: (
      <>
        <Para>
          Where we rely on your consent, the Act asks that it be free, specific, informed, unconditional and unambiguous, given by a clear action. You can
          withdraw it as easily as you gave it. A withdrawal counts from then on: it does not undo what was lawfully done before it.
        </Para>
        <Bullets
          items={[
            <>
              The four optional purposes are on your {PRIVACY_PAGE} (“Privacy and data” in your account menu). Each has its own button to give or withdraw
              consent, takes effect at once, and shows the day you last changed it. A purpose you were never asked about counts as not given.
            </>,
            'Withdrawing consent to Questionnaire results deletes your saved GAD-7 and PSQI results; the page asks you to confirm first.',
            'Withdrawing consent to Research use means your sample and results are not used in new research from then on.',
            <>
              To withdraw your consent to the service itself (your account, your test and your report), ask for your account to be erased (see{' '}
              <HrefLink href="#your-rights">Your rights</HrefLink>). We then stop processing your data, except what the law requires us to keep.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-long-we-keep-it',
    title: 'How long we keep it',
    body: (
      <>
        <Para>We keep personal data only as long as its purpose needs it, or as long as a law requires us to.</Para>
        <Definitions
          items={[
            {
              term: 'Your name, e-mail address and mobile number',
              meaning: <Para>While your account is open. Erasing your account deletes them.</Para>,
            },
            {
              term: 'Your saved delivery address and your cart',
              meaning: <Para>Until you change them or erase your account.</Para>,
            },
            {
              term: 'Paid orders, payments, GST invoices, credit notes and coupon uses',
              meaning: (
                <Para>
                  72 months, as section 36 of the Central Goods and Services Tax Act, 2017 and rule 56 of the CGST Rules, 2017 require of accounts and
                  records (the period runs from the due date of the annual GST return for the year they belong to). They stay for that time even if you
                  erase your account, but no longer carry your name, e-mail address or mobile number.
                </Para>
              ),
            },
            {
              term: 'Your kits and reports',
              meaning: (
                <Para>
                  While your account is open, so that you can read your report and compare a later test with it. If you erase your account, the kits of
                  paid orders stay with those orders for the same 72 months, without your name or contact details.
                </Para>
              ),
            },
            {
              term: 'Orders never paid',
              meaning: <Para>With your account. If you erase it, they lose their delivery details.</Para>,
            },
            {
              term: 'Your sample and its DNA data',
              meaning: (
                <Para>
                  Only as long as needed to analyse it, check the results and answer your questions about them; with your research consent, as long as that
                  research needs, identified only by its kit code.
                </Para>
              ),
            },
            {
              term: 'Questionnaire results',
              meaning: <Para>While your consent to Questionnaire results stands. Withdrawing it, or erasing your account, deletes them.</Para>,
            },
            {
              term: 'Your consents',
              meaning: <Para>While your account is open; each change is also recorded in the audit log.</Para>,
            },
            {
              term: 'Sessions',
              meaning: <Para>Until you sign out or the session’s time runs out. Erasing your account deletes them all.</Para>,
            },
            {
              term: 'The audit log',
              meaning: (
                <Para>
                  As long as the records it describes, since it shows how your data, orders and requests were handled. When your account is erased, the
                  client addresses of your own actions are removed from it, and the entry of the erasure holds counts only, never your details.
                </Para>
              ),
            },
            {
              term: 'Counts of attempts',
              meaning: <Para>An hour at most.</Para>,
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'who-we-share-it-with',
    title: 'Who we share it with',
    body: (
      <>
        <Para>
          We use <strong>Data Processors</strong>: companies that process personal data for us, under contract, only on our instructions and only for the
          service they provide us. Each gets only what that service needs.
        </Para>
        <Definitions
          items={[
            {
              term: 'Firebase Authentication (Google)',
              meaning: (
                <Para>
                  Runs sign-in: your e-mail address, mobile number, password and the link to your Google account, and sends your sign-in codes and links.
                </Para>
              ),
            },
            {
              term: 'Razorpay, our payment gateway',
              meaning: <Para>Takes payments and makes refunds: the amount, our order reference and the payment details you enter in its window.</Para>,
            },
            {
              term: 'Courier companies',
              meaning: <Para>Deliver your kit and collect your sample: your name, mobile number and delivery address.</Para>,
            },
            {
              term: 'The laboratory that sequences your sample',
              meaning: <Para>Receives your sample and its kit code, never your name or contact details.</Para>,
            },
            {
              term: 'Hosting providers',
              meaning: <Para>Run the servers and the database on which this shop and your data are kept.</Para>,
            },
          ]}
        />
        <Para>
          Within {site.brand}, team members see what their role needs: our administrators handle orders, kits and requests; our doctors and
          nutritionists read reports and questionnaire results to advise you. We also disclose personal data when the law requires it, for example to tax
          authorities about invoices, or to a court or authority acting under law.
        </Para>
        <Para>
          <strong>We never sell your personal data, never use it for advertising or let others do so, and do not share your results with employers or
          insurers.</strong>
        </Para>
      </>
    ),
  },
  {
    id: 'transfers-outside-india',
    title: 'Transfers outside India',
    body: (
      <>
        <Para>
          Some of our processors may process personal data outside India: Google’s sign-in service, for example, runs in data centres in several
          countries. The Act allows this, except to countries the Central Government restricts by notification, and we do not transfer personal data to
          such countries.
        </Para>
        <Para>
          Wherever a processor handles your data, our duties under the Act and this policy stay with us, and the processor may use the data only for the
          service it provides us.
        </Para>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <>
        <Bullets
          items={[
            'Your password is held by Firebase Authentication; we never see or store it.',
            'We store only a fingerprint (hash) of each session token. Signing out ends your session, and changing your password signs you out on your other devices.',
            'Your card, UPI and bank details go straight to the payment gateway.',
            'The lab knows your sample only by its kit code.',
            'What each team member may see and do depends on their role, which our server checks on every request; a team member who leaves is signed out everywhere at once.',
            'Erasing your account asks you to sign in again first, so that nobody can do it from a device you left signed in.',
            'Sign-in attempts, codes and links, and coupon attempts are limited, to stop guessing and abuse.',
            'Lists our team exports for their work are deleted after 24 hours.',
            'The audit log records who did what to your data, when, and from where.',
          ]}
        />
        <Para>
          If a personal data breach affects you, we will tell you and the Data Protection Board of India, as the Act and the Rules require: what happened,
          what it may mean for you, what we are doing about it and what you can do.
        </Para>
        <Para>No system is perfectly secure: please keep your password and sign-in codes to yourself, and sign out on shared devices.</Para>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <>
        <Para>
          Our shop and tests are for adults. Under the Act a child is anyone under 18, and processing a child’s personal data needs the verifiable consent
          of a parent or lawful guardian. Our kits are not meant for children (our reference data are for adults), and{' '}
          <strong>we do not knowingly process children’s personal data without verifiable parental consent</strong>. If you believe a child has given us
          personal data, write to our Grievance Officer and we will erase it.
        </Para>
        <Para>A lawful guardian may act for a person with a disability who cannot decide for themselves, as the Act provides.</Para>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <Para>The Act gives you these rights over your personal data:</Para>
        <Definitions
          items={[
            {
              term: 'Access: a summary of your data',
              meaning: (
                <Para>
                  What personal data we process about you, what we do with it, and whom we have shared it with. Your {PRIVACY_PAGE} lists what we hold, and
                  its download gives you a copy: one JSON file, or a ZIP with that file, the GST invoice of every paid order as a PDF and a note explaining
                  each file. This policy names the processors we share data with.
                </Para>
              ),
            },
            {
              term: 'Correction, completion and updating',
              meaning: (
                <Para>
                  You can change your delivery address at checkout. To correct or complete anything else, such as your name or mobile number, write to our
                  Grievance Officer.
                </Para>
              ),
            },
            {
              term: 'Erasure',
              meaning: (
                <>
                  <Para>
                    Ask on your {PRIVACY_PAGE} (“Erase your account”). To confirm it is you, you sign in again (with your password, an SMS code or Google).
                    You can withdraw the request while it is pending, and we complete it within the days the page states.
                  </Para>
                  <Para>
                    Erasure deletes your sign-in account, your name, e-mail address and mobile number, your saved address, cart, consents, questionnaire
                    results and sessions; removes the client addresses of your actions from the audit log; and removes the delivery details of orders never
                    paid. Paid orders, payments, invoices, credit notes and coupon uses, with the kits of those orders, stay for the 72 months tax law
                    requires, without your name or contact details. Signing in later with the same e-mail address starts a new, empty account.
                  </Para>
                </>
              ),
            },
            {
              term: 'Withdrawing consent',
              meaning: (
                <Para>
                  At any time, as easily as you gave it (see <HrefLink href="#consent">Your consent</HrefLink>).
                </Para>
              ),
            },
            {
              term: 'Grievance redressal',
              meaning: <Para>A readily available way to complain about how we handle your data, answered within the time we state.</Para>,
            },
            {
              term: 'Nominating someone',
              meaning: (
                <Para>
                  Naming a person who may use your rights for you if you die, or if unsoundness of mind or infirmity of body leaves you unable to use them
                  yourself. Write to our Grievance Officer with the name and contact details of the person you choose.
                </Para>
              ),
            },
          ]}
        />
        <Para>
          The Act also asks you to give true information, not to pretend to be someone else, and not to make false or frivolous complaints.
        </Para>
      </>
    ),
  },
  {
    id: 'using-your-rights',
    title: 'How to use your rights',
    body: (
      <>
        <Bullets
          items={[
            <>
              Signed in, open your {PRIVACY_PAGE}: see what we hold, download your data, give or withdraw consents, ask for erasure and find our Grievance
              Officer’s details.
            </>,
            'Or write to our Grievance Officer (below): say which right you want to use and how to reach you. Before we act we may ask you to confirm that you are the account holder, so that nobody else can reach your data by pretending to be you.',
            'We answer within the period we state, never more than the 90 days the DPDP Rules, 2025 allow. Using your rights costs you nothing.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'grievance-officer',
    title: 'Our Grievance Officer',
    body: (
      <>
        <Para>Our Grievance Officer answers questions and complaints about your personal data and requests to use your rights.</Para>
        <ConfiguredGrievanceOfficer />
        <Para>When you are signed in, your {PRIVACY_PAGE} also shows the officer’s name, e-mail address, phone number and postal address.</Para>
      </>
    ),
  },
  {
    id: 'data-protection-board',
    title: 'Complaining to the Data Protection Board of India',
    body: (
      <Para>
        If you are not satisfied with our answer, or we do not answer within the time we stated, you may complain to the{' '}
        <strong>Data Protection Board of India</strong>, set up under the Act. The Act asks you to use our grievance route first, before going to the Board.
      </Para>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <Para>
        We update this policy when what we do with personal data changes, and change the date at the top of the page. If a change would use your data
        for a new purpose that needs your consent, we ask for it first. The version on this page is the one in force.
      </Para>
    ),
  },
];

/** /privacy-policy: our notice under the Digital Personal Data Protection Act, 2023. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How Gut360 Health handles your personal and health data under India's DPDP Act 2023: what we collect, why, how long we keep it, and your rights."
      path="/privacy-policy"
      lead={
        <>
          How {site.company} collects, uses, keeps and protects your personal data, including your sample and report, and how to use your rights under
          India’s Digital Personal Data Protection Act, 2023.
        </>
      }
      updated={{ iso: '2026-11-26', text: '26 November 2026' }}
      sections={sections}
    />
  );
}
