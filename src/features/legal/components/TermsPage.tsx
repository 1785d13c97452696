import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Bullets } from '@/components/layout/Prose';
import { launchOffer } from '@/lib/launch-offer';
import { site } from '@/lib/site';
import { Definitions, HrefLink, LegalDocument, Para, ShopLink, type LegalSection } from './LegalDocument';

const CONTACT_PAGE = <ShopLink to="/contact-us">contact page</ShopLink>;
const ORDERS_PAGE = <ShopLink to="/user/orders">Orders page</ShopLink>;
const MY_KITS_PAGE = <ShopLink to="/user/dashboard">My kits page</ShopLink>;
const PRIVACY_POLICY = <ShopLink to="/privacy-policy">Privacy Policy</ShopLink>;

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About us and these terms',
    body: (
      <>
        <Para>
          This shop is run by {site.company} (“{site.brand}”, “we”, “us”), a company in India that sells gut microbiome test kits (Gut Start, Gut 360, Gut
          SEnS and Gut Heal), has the samples sent with them analysed, and provides the reports and consultations that come with them.
        </Para>
        <Para>
          These terms apply when you use this website, create an account or buy a kit from us, online or in person at a clinic or an event. Our{' '}
          {PRIVACY_POLICY} explains how we handle your personal data. By creating an account or placing an order you accept these terms; if you do not
          accept them, please do not use the shop.
        </Para>
        <Para>What a kit’s own page says about that kit (what it measures, what is in the box, how long its results take) is part of these terms.</Para>
      </>
    ),
  },
  {
    id: 'who-may-use-the-shop',
    title: 'Who may use the shop',
    body: (
      <Bullets
        items={[
          'You must be 18 or older to create an account, order a kit or send a sample. Our kits are designed, and our reference data chosen, for adults.',
          'We deliver to addresses in India only.',
          'A kit is activated from the account that ordered it, and its report appears in that account. Order a kit on the account of the person who will give the sample: the report is about them.',
        ]}
      />
    ),
  },
  {
    id: 'your-account',
    title: 'Your account and its security',
    body: (
      <Bullets
        items={[
          'Give true details, and keep them current.',
          'Keep your password and the codes and links we send you to yourself, and sign out on shared devices. A session ends after a set time or when you sign out; changing your password signs you out on your other devices.',
          <>Tell us at once through our {CONTACT_PAGE} if you think someone else has used your account.</>,
          'We may suspend or close an account that is used against these terms, to harm others or to harm the shop, and we will tell you why unless the law prevents us.',
          <>
            You may close your account at any time by asking for its erasure on your <ShopLink to="/user/privacy">Privacy and data page</ShopLink>. What
            we keep after that, and why, is in our {PRIVACY_POLICY}.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'what-our-tests-are',
    title: 'What our tests are, and are not',
    body: (
      <>
        <Bullets
          items={[
            'Our tests describe the bacteria in your gut and what research links them to. They are for wellness and information.',
            'They do not diagnose, treat or prevent any disease. They are not a stool culture or a test for infection.',
            'They do not replace a doctor. Do not start, stop or change a medicine because of a report: talk to your doctor first.',
            'See a doctor promptly if you notice blood in your stool, unexplained weight loss, persistent fever, anaemia, or symptoms that wake you at night.',
            'A report describes one sample at one point in time, and the gut microbes change with food, medicines and illness. The science of the microbiome is still growing, so what it links to health may change as research goes on.',
          ]}
        />
        <Para>
          Our tests and our team are not an emergency service. In an emergency, call <HrefLink href="tel:112">112</HrefLink> or go to the nearest hospital.
        </Para>
      </>
    ),
  },
  {
    id: 'orders-and-prices',
    title: 'Orders and prices',
    body: (
      <Bullets
        items={[
          'Prices are in Indian rupees (₹) and include GST. The price you pay is the one in your cart and on the checkout review, worked out by our server from our current catalogue; a price seen elsewhere, on a banner or a page you saved, may have changed since.',
          launchOffer.lastDay
            ? `The launch offer of Gut Start at ${site.launchPrice} lasts until the end of ${launchOffer.lastDay} (India time), as its banner and the kit’s page say.`
            : `The launch price of Gut Start, ${site.launchPrice}, has no end date yet; when it has one, its banner and the kit’s page say it.`,
          'Delivery of your kit and the return of your sample are included in the price: we add no delivery charge.',
          'A cart holds up to 10 kits.',
          'Your order is placed when you confirm it at checkout, and accepted once its payment is confirmed. An order left unpaid is cancelled automatically after 24 hours, and any coupon use it held is given back.',
          'Each kit you buy has its own kit code, printed in its box.',
        ]}
      />
    ),
  },
  {
    id: 'coupons',
    title: 'Coupons and offers',
    body: (
      <Bullets
        items={[
          'One coupon per order. It takes a percentage off the price of each kit it applies to; some coupons apply to certain kits only.',
          'Each coupon has its own conditions: the dates it is valid, how many times it can be used in all and by each person, and whether it is for a first order only. If a coupon cannot be used, the cart says why. We check the conditions when you apply the coupon and again when you place the order, so a coupon that ended or reached its limit in between is refused.',
          'An offer link (an address beginning /discount/) applies its coupon to your cart once you are signed in.',
          'A coupon has no cash value and cannot be exchanged for money. A refund is of what you actually paid, with the coupon’s discount shared between the kits as on your invoice.',
        ]}
      />
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <Bullets
        items={[
          'You pay online through our payment gateway, Razorpay, with the methods its checkout window offers. Your card, UPI or bank details go to the gateway, not to us.',
          'An order is paid only once we have verified the gateway’s confirmation of its amount, in rupees.',
          'If a payment is declined or fails before it is taken, nothing is charged and you may try again on the same order.',
          'If the checkout could not confirm your payment (your connection dropped, for example), it offers only “Check again”, never a second payment, because your money may already have been taken. Please check your order before paying again.',
          'A kit bought in person at a clinic or an event is paid at the counter (cash, UPI or card) and shows as a paid order in your account.',
        ]}
      />
    ),
  },
  {
    id: 'invoices',
    title: 'GST invoices and credit notes',
    body: (
      <Bullets
        items={[
          <>
            Every paid order has a GST tax invoice, which you can download as a PDF from your {ORDERS_PAGE}. Its place of supply is the state of your
            delivery address, which decides whether CGST and SGST or IGST apply.
          </>,
          'Every refund has a GST credit note against that invoice, which you download from the same order.',
          'Invoices are made out to you as the buyer: they do not carry a business’s GSTIN.',
          'We keep invoices and credit notes for the 72 months GST law requires, also after an account is erased.',
        ]}
      />
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery within India',
    body: (
      <Bullets
        items={[
          'We deliver to addresses in India only. The PIN code must belong to the state you choose; the address form checks it.',
          <>Once a kit is shipped, your order and your {MY_KITS_PAGE} show the courier and the tracking number.</>,
          'Delivery times depend on the courier and on where you live.',
          'Each kit comes with what you need to send your sample back, as its page describes: a prepaid return envelope.',
          <>If a parcel arrives damaged or does not arrive, write to us through our {CONTACT_PAGE} with your order number.</>,
        ]}
      />
    ),
  },
  {
    id: 'activating-your-kit',
    title: 'Activating your kit and sending your sample',
    body: (
      <Bullets
        items={[
          <>
            Activate each kit before you send its sample: enter the kit code printed in its box on your {MY_KITS_PAGE}. The lab knows your sample only by
            that code, and activating it is how we link the sample to you.
          </>,
          'A kit can be activated once it has been shipped, only from the account that ordered it, and only once.',
          'Follow the instruction card and the kit’s page: collect the sample as described, seal the tube and send it promptly. Wait at least 4 weeks after a course of antibiotics, and do not sample during a bout of diarrhoea or during your period.',
          'Some kits also ask you to answer questionnaires before the report can be made; the kit’s page says which.',
        ]}
      />
    ),
  },
  {
    id: 'quality-control',
    title: 'If the lab cannot analyse your sample',
    body: (
      <Para>
        The lab checks every sample before analysing it, and now and then a sample cannot be analysed (too little material or a damaged tube, for
        example). If that happens to yours, your {MY_KITS_PAGE} says so and we send you a replacement kit, with a code of its own, at no cost. If you would
        rather not test again, you may ask for a full refund of that kit instead.
      </Para>
    ),
  },
  {
    id: 'cancellation-and-refunds',
    title: 'Cancellation and refunds',
    body: (
      <>
        <Definitions
          items={[
            {
              term: 'Before you pay',
              meaning: <Para>Cancel the order yourself from your {ORDERS_PAGE}. Nothing is charged.</Para>,
            },
            {
              term: 'After you pay, before the kit is shipped',
              meaning: <Para>Write to us through our {CONTACT_PAGE}: we cancel the kit and refund it in full.</Para>,
            },
            {
              term: 'After shipping, until your sample reaches the lab',
              meaning: <Para>You may still ask us for a full refund of the kit.</Para>,
            },
            {
              term: 'If the lab cannot analyse your sample',
              meaning: <Para>A replacement kit, or a full refund of that kit if you prefer (see above).</Para>,
            },
            {
              term: 'Once the lab is analysing your sample, and once your report is ready',
              meaning: (
                <Para>
                  The work is being done or has been done for you, so the kit is not refunded, except where the law gives you a remedy, for example for a
                  deficiency in our service.
                </Para>
              ),
            },
          ]}
        />
        <Para>
          A refund goes back to the way you paid, through the payment gateway. We can refund a whole order or single kits of it; each kit’s refund is its
          share of what you paid, with any coupon discount shared as on your invoice. Every refund has a GST credit note, which you download from your
          order. How soon the money shows in your account depends on your bank or card issuer.
        </Para>
        <Para>Nothing in this section limits your rights under the Consumer Protection Act, 2019.</Para>
      </>
    ),
  },
  {
    id: 'results-and-turnaround',
    title: 'Results and turnaround',
    body: (
      <Para>
        Each kit’s page states how long its results take, counted from the day the lab receives your sample (for Gut SEnS, also from when both
        questionnaires are complete). These are our usual times, not guarantees: a repeat quality check or a replacement kit adds time. You can follow
        each step of your kit on your {MY_KITS_PAGE}.
      </Para>
    ),
  },
  {
    id: 'report-and-consultations',
    title: 'Your report and consultations',
    body: (
      <Bullets
        items={[
          <>
            Your report is in your account, on your {MY_KITS_PAGE}: a PDF to download or a link to our report viewer. Only you, and the members of our team
            who look after your test and consultations, can see it.
          </>,
          'Some kits include consultations with a nutritionist on our team, as each kit’s page describes (Gut 360, for example, includes a 30-minute video consultation). The nutritionist gives diet and lifestyle guidance based on your report; a consultation is not a medical diagnosis or treatment. Tell your nutritionist about any condition you have and any medicine you take.',
          'Your report is for your personal use. You may save it, print it and share it, for example with your doctor.',
        ]}
      />
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <Para>
        The shop’s text, pictures and design, the layout and wording of our reports, our name and logo, and our software are owned by or licensed to{' '}
        {site.company} and protected by law. You may use them to shop with us and to read and share your own report. You may not copy, sell or republish
        them, or use them to build a competing product, without our written permission. Your personal data remains yours: we use it only as our{' '}
        {PRIVACY_POLICY} says.
      </Para>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <Para>When you use the shop, please:</Para>
        <Bullets
          items={[
            'use only your own account, and send only your own sample with a kit activated on it;',
            'not resell kits or reports;',
            'not try to get into other people’s accounts, probe or overload our systems, or get round our limits and checks, for example on coupons;',
            'not collect content or data from the shop by automated means;',
            'not use the shop for anything unlawful, or to harm or harass anyone, our team included.',
          ]}
        />
        <Para>We may refuse an order, cancel it with a full refund, or suspend an account that breaks these rules.</Para>
      </>
    ),
  },
  {
    id: 'our-responsibility',
    title: 'Our responsibility to you',
    body: (
      <>
        <Bullets
          items={[
            'We provide our kits, analysis, reports and consultations with reasonable care and skill, and as described.',
            'We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or of our negligence. We are not responsible for loss that could not be foreseen, for business losses (the shop is for personal use), or for decisions about your health taken on a report without a doctor’s advice.',
            'We are not responsible for delays or failures caused by events beyond our reasonable control, such as natural disasters, strikes, or a breakdown of courier or public networks. We will tell you, and where we cannot provide what you paid for, we refund it as “Cancellation and refunds” describes.',
            'Where the law allows such a limit, our total liability to you for a kit is the price you paid for it.',
          ]}
        />
        <Para>
          <strong>
            Nothing in these terms excludes or limits any liability that Indian law does not allow to be excluded or limited, including our responsibility
            for deficiency in service, unfair trade practices and product liability under the Consumer Protection Act, 2019, or for fraud.
          </strong>
        </Para>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <>
        <Para>
          These terms are governed by the laws of India. Subject to your rights as a consumer below, disputes are decided by the courts having jurisdiction
          over the company’s registered office.
        </Para>
        <Para>
          As a consumer, you may also file a complaint before a Consumer Disputes Redressal Commission under the Consumer Protection Act, 2019, including
          where you live or work, as that Act allows. Please write to us first: most problems are solved faster that way.
        </Para>
      </>
    ),
  },
  {
    id: 'questions-and-complaints',
    title: 'Questions, complaints and contact',
    body: (
      <Para>
        For a question or a complaint about an order, a kit, a refund or these terms, write to us through our {CONTACT_PAGE}, with your order number if you
        have one, or to our consumer grievance officer (below). For anything about your personal data, see our {PRIVACY_POLICY}, which explains your rights and how to reach our Grievance Officer.
      </Para>
    ),
  },
  {
    id: 'grievance-officer',
    title: 'Our consumer grievance officer',
    body: (
      <>
        <Para>
          Under the Consumer Protection (E-Commerce) Rules, 2020, our grievance officer handles your complaints about an order, a kit, a delivery, a
          payment, a refund or the shop. We acknowledge your complaint within 48 hours of receiving it and resolve it within one month.
        </Para>
        <Box as="address" fontStyle="normal" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '5' }} mb="4" data-testid="terms-grievance-officer">
          <Text fontWeight="semibold" color="gray.900">
            {site.consumerGrievanceOfficer.name}
          </Text>
          <Text>{site.consumerGrievanceOfficer.designation}, Grievance Officer</Text>
          <Text>
            E-mail: <HrefLink href={`mailto:${site.consumerGrievanceOfficer.email}`}>{site.consumerGrievanceOfficer.email}</HrefLink>
          </Text>
          <Text>
            Phone:{' '}
            <HrefLink href={`tel:${site.consumerGrievanceOfficer.phone.replace(/\s+/g, '')}`}>{site.consumerGrievanceOfficer.phone}</HrefLink>
          </Text>
          <Text>Post: {site.consumerGrievanceOfficer.address}</Text>
        </Box>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <Para>
        We may change these terms, for example when we add a kit or the law changes, and we change the date at the top of the page when we do. The terms
        in force when you placed an order apply to that order; the terms on this page apply to your later use of the shop and your later orders.
      </Para>
    ),
  },
];

/** /terms-and-conditions: the terms of using the shop and buying its kits. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      description="The terms of using the Gut360 Health shop and buying our gut microbiome test kits in India: orders, payment, delivery, refunds and reports."
      path="/terms-and-conditions"
      lead="The terms of using our shop and buying our test kits: what the tests are, ordering and paying, delivery, your sample, refunds, and your rights as a consumer in India."
      updated={{ iso: '2026-11-28', text: '28 November 2026' }}
      sections={sections}
    />
  );
}
