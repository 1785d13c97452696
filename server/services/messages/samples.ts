/**
 * One realistic message of every template, for the template tests, the screenshots of the e-mails and the development
 * mail page. Numbers follow the shop's own formats: orders GS-<year>-<serial>, invoices INV/<FY>/<serial>, credit notes
 * CN/<FY>/<serial>, kit codes GUT-XXXX-XXXX (with a valid check character).
 */
import type { MessageContent, MessageFooter } from './types';

const SITE = 'https://gut360health.in';

export const SAMPLE_MESSAGES: MessageContent[] = [
  {
    template: 'order-confirmation',
    payload: {
      name: 'Priya Raghavan',
      orderNumber: 'GS-2026-000187',
      invoiceNumber: 'INV/26-27/000142',
      lines: [
        { name: 'Gut 360', quantity: 1, amount: 1_499_900 },
        { name: 'Gut SEnS', quantity: 1, amount: 999_900 },
      ],
      subtotal: 2_499_800,
      discount: 249_980,
      couponCode: 'WELCOME10',
      total: 2_249_820,
      shipTo: 'Priya Raghavan\nFlat 302, Lakeview Residency, 14th Cross Road\nIndiranagar, Bengaluru, Karnataka 560038\n+91 98450 12345',
      ordersUrl: `${SITE}/user/orders`,
    },
  },
  {
    template: 'order-unpaid',
    payload: {
      name: 'Arjun Mehta',
      orderNumber: 'GS-2026-000191',
      total: 999_800,
      lines: [{ name: 'Gut Start', quantity: 2, amount: 999_800 }],
      payUrl: `${SITE}/user/orders?pay=GS-2026-000191`,
      expiresAt: '2026-11-27T14:15:00.000Z',
    },
  },
  {
    template: 'kit-shipped',
    payload: {
      name: 'Priya Raghavan',
      orderNumber: 'GS-2026-000187',
      kits: ['Gut 360', 'Gut SEnS'],
      courier: 'Blue Dart',
      trackingNumber: '77312456890',
      ordersUrl: `${SITE}/user/orders`,
    },
  },
  {
    template: 'tracking-corrected',
    payload: {
      name: 'Priya Raghavan',
      orderNumber: 'GS-2026-000187',
      kits: ['Gut 360', 'Gut SEnS'],
      courier: 'Blue Dart',
      trackingNumber: '77312456809',
      previousCourier: 'Blue Dart',
      previousTrackingNumber: '77312456890',
      ordersUrl: `${SITE}/user/orders`,
    },
  },
  {
    template: 'kit-delivered',
    payload: {
      name: 'Priya Raghavan',
      orderNumber: 'GS-2026-000187',
      kits: ['Gut 360', 'Gut SEnS'],
      activateUrl: `${SITE}/user/dashboard`,
    },
  },
  {
    template: 'pickup-reminder',
    payload: { name: 'Priya Raghavan', kit: 'Gut 360', boxCode: 'GUT-K7RM-4QXX', dashboardUrl: `${SITE}/user/dashboard` },
  },
  {
    template: 'pickup-booked',
    payload: {
      name: 'Priya Raghavan',
      kit: 'Gut 360',
      boxCode: 'GUT-K7RM-4QXX',
      date: '2026-12-01',
      courier: 'Xpressbees Surface',
      awb: '14920000010011',
      trackingUrl: 'https://shiprocket.co/tracking/14920000010011',
      address: '12, 4th Cross, Indiranagar, Bengaluru 560038',
      moved: false,
      dashboardUrl: `${SITE}/user/dashboard`,
    },
  },
  {
    template: 'sample-received',
    payload: {
      name: 'Priya Raghavan',
      kit: 'Gut 360',
      boxCode: 'GUT-K7RM-4QXX',
      dashboardUrl: `${SITE}/user/dashboard`,
    },
  },
  {
    template: 'report-ready',
    payload: {
      name: 'Priya Raghavan',
      kit: 'Gut 360',
      boxCode: 'GUT-K7RM-4QXX',
      reportUrl: `${SITE}/user/dashboard?report=GUT-K7RM-4QXX`,
    },
  },
  {
    template: 'qc-failed',
    payload: {
      name: 'Farhan Qureshi',
      kit: 'Gut Heal',
      boxCode: 'GUT-H3TW-P9DU',
      ordersUrl: `${SITE}/user/orders`,
    },
  },
  {
    template: 'refund',
    payload: {
      name: 'Lakshmi Narayanan',
      orderNumber: 'GS-2026-000164',
      amount: 499_900,
      full: false,
      creditNoteNumber: 'CN/26-27/000009',
      reason: 'One Gut Start kit cancelled before shipping, at your request',
      ordersUrl: `${SITE}/user/orders`,
    },
  },
  {
    template: 'contact-ack',
    payload: {
      name: 'Meera Iyer',
      topic: 'My kit, sample or pickup',
      reference: 'CM-000042',
    },
  },
  {
    template: 'contact-reply',
    payload: {
      name: 'Meera Iyer',
      reference: 'CM-000042',
      subject: 'Re: your message CM-000042',
      body: 'Thank you for writing to us.\n\nYour pickup is booked for Thursday between 9 am and 1 pm. The courier will call you before coming.',
    },
  },
  {
    template: 'ebook-link',
    payload: {
      name: 'Rohan Deshpande',
      title: 'The Gut Microbiome and Your Health',
      downloadUrl: `${SITE}/api/ebook/download?token=4f9c2a7e61b84d0d9e35`,
    },
  },
  {
    template: 'staff-invitation',
    payload: {
      name: 'Dr Kavita Menon',
      role: 'nutritionist',
      setPasswordUrl: `${SITE}/set-password?token=c81e728d9d4c2f63`,
      signInUrl: `${SITE}/admin/login`,
    },
  },
  {
    template: 'contact-details-changed',
    payload: {
      name: 'Priya',
      changedAt: '2026-11-28T06:15:00.000Z',
      changes: [
        { field: 'email', now: 'p•••••a@g•••l.com' },
        { field: 'phone', now: '+91 ••••• •3456' },
      ],
      contactUrl: `${SITE}/contact-us`,
    },
  },
  {
    template: 'kit-gift',
    payload: {
      name: 'Meera',
      from: 'Priya',
      kit: 'Gut 360',
      code: 'GUT-7KQM-3XPD',
      activateUrl: `${SITE}/user/dashboard?code=GUT-7KQM-3XPD`,
    },
  },
  {
    template: 'account-ready',
    payload: {
      name: 'Lakshmi',
      existing: false,
      orderNumber: 'GS-2026-000318',
      invoiceNumber: 'INV/26-27/000318',
      total: 1_199_900,
      kit: 'Gut 360',
      signInUrl: `${SITE}/login?mode=signIn&oobCode=Xk29fQp7LmA&apiKey=demo-key`,
      loginUrl: `${SITE}/login`,
      activateUrl: `${SITE}/user/dashboard`,
    },
  },
];

/** The footer a sample is sent with: the preferences page for customers with an account, none for the others. */
export function sampleFooter(content: MessageContent): MessageFooter {
  const withoutAccount = content.template === 'contact-ack' || content.template === 'contact-reply' || content.template === 'kit-gift' || content.template === 'ebook-link' || content.template === 'staff-invitation';
  return { preferencesUrl: withoutAccount ? null : `${SITE}/user/privacy`, unsubscribeUrl: null };
}
