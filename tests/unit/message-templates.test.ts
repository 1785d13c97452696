import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../machines/pricing';
import { renderEmail, smsText, smsVars, subjectOf, whatsappMessageOf } from '../../server/services/messages/render';
import { SAMPLE_MESSAGES, sampleFooter } from '../../server/services/messages/samples';
import { formatIst, greetingName, GREETING_NAME_MAX } from '../../server/services/messages/templates/Layout';
import type { MessageContent, MessageFooter, Payloads, TemplateName } from '../../server/services/messages/types';

const TEMPLATES = Object.keys({
  'order-confirmation': true,
  'order-unpaid': true,
  'kit-shipped': true,
  'tracking-corrected': true,
  'kit-delivered': true,
  'pickup-reminder': true,
  'pickup-booked': true,
  'sample-received': true,
  'report-ready': true,
  'qc-failed': true,
  refund: true,
  'contact-ack': true,
  'contact-reply': true,
  'kit-gift': true,
  'contact-details-changed': true,
  'ebook-link': true,
  'staff-invitation': true,
  'account-ready': true,
} satisfies Record<TemplateName, true>) as TemplateName[];

const NO_FOOTER: MessageFooter = { preferencesUrl: null, unsubscribeUrl: null };

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}

/** What a message must say, in its HTML and in its plain-text part alike, and the links it must carry. */
function keyFacts(content: MessageContent): { facts: string[]; links: string[] } {
  switch (content.template) {
    case 'order-confirmation': {
      const p = content.payload;
      return {
        facts: [
          p.orderNumber,
          p.invoiceNumber,
          ...p.lines.flatMap((line) => [line.name, formatRupees(line.amount)]),
          formatRupees(p.subtotal),
          formatRupees(p.discount),
          ...(p.couponCode ? [p.couponCode] : []),
          formatRupees(p.total),
          'incl. GST',
          ...p.shipTo.split('\n'),
          'Your GST invoice is attached (PDF)',
          '2 working days',
          'activate',
        ],
        links: [p.ordersUrl],
      };
    }
    case 'order-unpaid': {
      const p = content.payload;
      return {
        facts: [p.orderNumber, formatRupees(p.total), ...p.lines.map((line) => line.name), formatIst(p.expiresAt), 'Complete payment'],
        links: [p.payUrl],
      };
    }
    case 'kit-shipped': {
      const p = content.payload;
      return { facts: [p.orderNumber, p.courier, p.trackingNumber, ...p.kits], links: [p.ordersUrl] };
    }
    case 'tracking-corrected': {
      const p = content.payload;
      return { facts: [p.orderNumber, p.courier, p.trackingNumber, p.previousTrackingNumber, 'was wrong', ...p.kits], links: [p.ordersUrl] };
    }
    case 'kit-delivered': {
      const p = content.payload;
      return { facts: [p.orderNumber, ...p.kits, 'code printed on the box', 'leaflet', 'food and lifestyle questionnaire', 'prepaid return envelope'], links: [p.activateUrl] };
    }
    case 'pickup-reminder': {
      const p = content.payload;
      return { facts: [p.kit, p.boxCode, 'Book the pickup of my sample', 'prepaid envelope'], links: [p.dashboardUrl] };
    }
    case 'pickup-booked': {
      const p = content.payload;
      return { facts: [p.kit, p.boxCode, p.courier, p.awb, p.address, 'Tue, 1 Dec', '10 am to 6 pm', 'sealed sample box'], links: [p.dashboardUrl] };
    }
    case 'sample-received': {
      const p = content.payload;
      return { facts: [p.kit, p.boxCode, '3 to 4 weeks'], links: [p.dashboardUrl] };
    }
    case 'report-ready': {
      const p = content.payload;
      return { facts: [p.kit, p.boxCode, 'Read your report', 'consultation with our nutritionist'], links: [p.reportUrl] };
    }
    case 'qc-failed': {
      const p = content.payload;
      return { facts: [p.kit, p.boxCode, 'quality control', 'replacement kit', 'at no cost'], links: [p.ordersUrl] };
    }
    case 'refund': {
      const p = content.payload;
      return {
        facts: [
          p.orderNumber,
          formatRupees(p.amount),
          p.creditNoteNumber,
          ...(p.reason ? [p.reason] : []),
          'The credit note is attached (PDF)',
          '5 to 7 working days',
        ],
        links: [p.ordersUrl],
      };
    }
    case 'contact-ack': {
      const p = content.payload;
      return { facts: [p.reference ?? '', p.topic, '2 working days'], links: [] };
    }
    case 'contact-reply': {
      const p = content.payload;
      return { facts: [p.reference, 'Your pickup is booked for Thursday', 'The courier will call you'], links: [] };
    }
    case 'contact-details-changed': {
      const p = content.payload;
      return { facts: [formatIst(p.changedAt), ...p.changes.map((change) => change.now), 'I did not ask for this'], links: [p.contactUrl] };
    }
    case 'kit-gift': {
      const p = content.payload;
      return { facts: [p.kit, p.code, p.from, 'yours alone', 'keep this e-mail to yourself'], links: [p.activateUrl] };
    }
    case 'ebook-link': {
      const p = content.payload;
      return { facts: [p.title, '7 days'], links: [p.downloadUrl] };
    }
    case 'staff-invitation': {
      const p = content.payload;
      return { facts: [p.role, 'Gut360 Health team', 'Set your password'], links: [p.setPasswordUrl, p.signInUrl] };
    }
    case 'account-ready': {
      const p = content.payload;
      return {
        facts: [p.orderNumber, p.invoiceNumber, formatRupees(p.total), p.kit, 'Activate your kit', 'Sign in without a password'],
        links: [p.signInUrl ?? p.loginUrl, p.loginUrl, p.activateUrl],
      };
    }
  }
}

function sample<Name extends TemplateName>(template: Name): Payloads[Name] {
  const found = SAMPLE_MESSAGES.find((content) => content.template === template);
  if (!found) throw new Error(`no sample of ${template}`);
  return structuredClone(found.payload) as Payloads[Name];
}

describe('e-mail templates', () => {
  it('has one sample of every template', () => {
    expect(SAMPLE_MESSAGES.map((content) => content.template).sort()).toEqual([...TEMPLATES].sort());
  });

  it.each(SAMPLE_MESSAGES.map((content) => [content.template, content] as const))(
    '%s says its key facts in the HTML and the text',
    async (_, content) => {
      const email = await renderEmail(content, sampleFooter(content));
      const { facts, links } = keyFacts(content);
      for (const fact of facts) {
        expect(email.html, fact).toContain(escapeHtml(fact));
        expect(email.text, fact).toContain(fact);
      }
      for (const link of links) {
        expect(email.html).toContain(`href="${escapeHtml(link)}"`);
        expect(email.text).toContain(link);
      }
      for (const part of [email.subject, email.html, email.text]) {
        expect(part).not.toMatch(/undefined|NaN|\[object Object\]|null/);
      }
      expect(email.subject.trim()).not.toBe('');
      expect(email.subject).not.toMatch(/\n/);
      expect(email.html).toContain('lang="en"');
      expect(email.html).toContain('<h1');
      expect(email.html).toContain('Gut360 Health Private Limited');
      expect(email.html).toContain('2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034');
      expect(email.text).toContain('Gut360 Health Private Limited');
      // Nothing is loaded from elsewhere: no images, pixels, style sheets or web fonts.
      expect(email.html).not.toMatch(/<img|<link|@import|@font-face|url\(|<script/i);
    },
  );

  it('puts the order number in the subject of every message about an order', () => {
    for (const content of SAMPLE_MESSAGES) {
      if ('orderNumber' in content.payload) expect(subjectOf(content)).toContain(content.payload.orderNumber);
    }
  });

  it('gives every template its own subject', () => {
    const subjects = SAMPLE_MESSAGES.map(subjectOf);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('escapes what a person typed', async () => {
    const payload = sample('order-confirmation');
    payload.name = '<script>alert("hi")</script>';
    payload.lines[0]!.name = '<img src=x onerror=alert(1)>';
    const email = await renderEmail({ template: 'order-confirmation', payload }, NO_FOOTER);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // A name that is markup is no name: the greeting goes without it.
    expect(email.html).toContain('Hello,');
  });

  it('acknowledges a contact message with its reference and topic, never the visitor’s words', async () => {
    // An acknowledgement queued before the rule still carries the excerpt of the message: it is not written out.
    const queuedEarlier = { ...sample('contact-ack'), excerpt: 'Your account is locked: https://evil.example/unlock' };
    const ack = await renderEmail({ template: 'contact-ack', payload: queuedEarlier }, NO_FOOTER);
    for (const part of [ack.subject, ack.html, ack.text]) {
      expect(part).toContain('CM-000042');
      expect(part).toContain('My kit, sample or pickup');
      expect(part).not.toContain('locked');
      expect(part).not.toContain('evil.example');
    }
    expect(ack.text).toMatch(/Your reference:?\s+CM-000042/);
    expect(ack.text).toContain('If you did not write to us, you can ignore this e-mail.');
  });

  it.each([
    ['a web address', 'https://evil.example/claim'],
    ['a domain', 'prize.example.com'],
    ['www', 'www.example'],
    ['a domain in another script’s name', 'मीरा.example'],
    ['markup', '<a href="x">Meera</a>'],
    ['digits and symbols', 'Call 1800-000-000!'],
  ])('greets without a name that carries %s, in the HTML and the text', async (_, name) => {
    for (const template of ['contact-ack', 'ebook-link'] as const) {
      const payload = { ...sample(template), name };
      const email = await renderEmail({ template, payload } as MessageContent, NO_FOOTER);
      for (const part of [email.html, email.text]) {
        expect(part).toContain('Hello,');
        expect(part).not.toContain(escapeHtml(name));
        expect(part).not.toContain(name);
      }
    }
  });

  it('writes out a name as it is, in any script, and cuts a longer one to 40 characters', () => {
    expect(greetingName(' Meera ')).toBe('Meera');
    expect(greetingName('Anne-Marie O’Brien')).toBe('Anne-Marie O’Brien');
    expect(greetingName('Dr. S. Ramesh')).toBe('Dr. S. Ramesh');
    expect(greetingName('மீனாட்சி')).toBe('மீனாட்சி');
    expect(greetingName('മലയാള\u200Dം')).toBe('മലയാള\u200Dം');
    expect(greetingName('')).toBe('');
    expect(GREETING_NAME_MAX).toBe(40);
    expect(greetingName('A'.repeat(41))).toBe('A'.repeat(40));
    // Counted as a reader counts characters: a letter with its vowel sign is one, and is never split.
    const tamil = 'கா'.repeat(45);
    expect(greetingName(tamil)).toBe('கா'.repeat(40));
  });

  it('keeps the subject on one line whatever was typed', () => {
    const payload = sample('contact-ack');
    payload.topic = 'Orders\r\nBcc: someone@example.com';
    expect(subjectOf({ template: 'contact-ack', payload })).toBe('We have your message CM-000042: Orders Bcc: someone@example.com');
  });

  it('links the preferences page and the unsubscribe page only when given', async () => {
    const content = SAMPLE_MESSAGES[0]!;
    const without = await renderEmail(content, NO_FOOTER);
    expect(without.html).not.toContain('Choose which e-mails you receive');
    expect(without.html).not.toContain('Unsubscribe');

    const footer = {
      preferencesUrl: 'https://gut360health.in/user/privacy',
      unsubscribeUrl: 'https://gut360health.in/unsubscribe?token=abc',
    };
    const withBoth = await renderEmail(content, footer);
    expect(withBoth.html).toContain(`href="${footer.preferencesUrl}"`);
    expect(withBoth.html).toContain(`href="${footer.unsubscribeUrl}"`);
    expect(withBoth.text).toContain(footer.unsubscribeUrl);
    expect(withBoth.text).toContain(footer.preferencesUrl);
  });

  it('shows the discount row only with a discount, and the coupon code when there is one', async () => {
    const payload = sample('order-confirmation');
    payload.discount = 0;
    payload.couponCode = null;
    payload.total = payload.subtotal;
    const email = await renderEmail({ template: 'order-confirmation', payload }, NO_FOOTER);
    expect(email.text).not.toContain('Discount');
    expect(email.text).toContain(`Total (incl. GST)`);
  });

  it('says whether a refund was full or partial, and leaves out a missing reason', async () => {
    const payload = sample('refund');
    payload.full = true;
    payload.reason = null;
    const email = await renderEmail({ template: 'refund', payload }, NO_FOOTER);
    expect(email.text).toContain('in full');
    expect(email.text).toContain('the whole order');
    expect(email.text).not.toContain('Reason');
    expect(email.subject).toContain('Full refund');
  });

  it('says how a refund at a counter went back, instead of the gateway’s working days', async () => {
    const cases: Array<[NonNullable<Payloads['refund']['moneyBack']>, string[]]> = [
      [{ method: 'cash', reference: null }, ['was handed back to you in cash at the counter', 'in cash, at the counter']],
      [{ method: 'upi', reference: '412398765432' }, ['was sent to you by UPI; the transfer', '412398765432']],
      [{ method: 'card_reversal', reference: 'APR-778812' }, ['The card payment was reversed at the counter (approval code APR-778812)']],
    ];
    for (const [moneyBack, facts] of cases) {
      const email = await renderEmail({ template: 'refund', payload: { ...sample('refund'), moneyBack } }, NO_FOOTER);
      for (const fact of facts) {
        expect(email.text).toContain(fact);
        expect(email.html).toContain(escapeHtml(fact));
      }
      expect(email.text).toContain('The credit note is attached (PDF)');
      if (moneyBack.method !== 'card_reversal') expect(email.text).not.toContain('5 to 7 working days');
      expect(email.text).not.toMatch(/undefined|null/);
    }
    // A message queued before counter refunds existed reads as a gateway refund.
    const earlier = await renderEmail({ template: 'refund', payload: sample('refund') }, NO_FOOTER);
    expect(earlier.text).toContain('5 to 7 working days');
  });

  it('writes times in Indian time', () => {
    expect(formatIst('2026-11-27T14:15:00.000Z')).toBe('27 November 2026, 7:45 pm IST');
    expect(formatIst('2026-11-26T18:30:00.000Z')).toBe('27 November 2026, 12:00 am IST');
    expect(formatIst('2026-06-30T06:30:00.000Z')).toBe('30 June 2026, 12:00 pm IST');
  });

  it('welcomes a customer registered in person with their sign-in link, or without one sends them to the sign-in page', async () => {
    const payload = sample('account-ready');
    const withLink = await renderEmail({ template: 'account-ready', payload }, NO_FOOTER);
    expect(withLink.subject).toBe('Order GS-2026-000318: your Gut 360 kit is ready to activate in your Gut360 Health account');
    expect(withLink.text).toContain('We made you an account at Gut360 Health');
    expect(withLink.text).toContain('no password is needed');
    expect(withLink.text).toContain('works once, so please do not forward this e-mail');
    expect(withLink.html).toContain(`href="${escapeHtml(payload.signInUrl!)}"`);

    const without = await renderEmail({ template: 'account-ready', payload: { ...payload, signInUrl: null, existing: true } }, NO_FOOTER);
    expect(without.text).toContain('We added it to your account');
    expect(without.text).toContain('Your Gut 360 kit is in your account');
    expect(without.text).not.toContain('works once');
    expect(without.text).toContain('Open the sign-in page');
    expect(without.html).not.toContain('oobCode');
    expect(without.text).toContain(`Sign in to your account ${payload.loginUrl}`);
  });

  it('names the staff role in words', async () => {
    const payload = sample('staff-invitation');
    payload.role = 'admin';
    const email = await renderEmail({ template: 'staff-invitation', payload }, NO_FOOTER);
    expect(email.text).toContain('as an administrator');
  });
});

describe('SMS texts', () => {
  const GSM7 = /^[@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

  it('exist for kit shipped and report ready only', () => {
    for (const content of SAMPLE_MESSAGES) {
      const sms = content.template === 'kit-shipped' || content.template === 'report-ready';
      expect(smsText(content) !== undefined, content.template).toBe(sms);
      expect(smsVars(content) !== undefined, content.template).toBe(sms);
    }
  });

  it.each(SAMPLE_MESSAGES.filter((content) => smsText(content)).map((content) => [content.template, content] as const))(
    '%s fits one GSM-7 SMS and says what matters',
    (_, content) => {
      const text = smsText(content)!;
      expect(text.length).toBeLessThanOrEqual(160);
      expect(text).toMatch(GSM7);
      expect(text.endsWith('- Gut360 Health')).toBe(true);
      for (const value of Object.values(smsVars(content)!)) expect(text).toContain(value);
      if (content.template === 'kit-shipped') {
        expect(text).toContain(content.payload.trackingNumber);
        expect(text).toContain(content.payload.courier);
      } else if (content.template === 'report-ready') {
        expect(text).toContain(content.payload.reportUrl);
      }
    },
  );

  it('keeps to GSM-7 when a name is written in another script or with accents', () => {
    const shipped = sample('kit-shipped');
    shipped.name = 'प्रिया';
    const text = smsText({ template: 'kit-shipped', payload: shipped })!;
    expect(text).toMatch(GSM7);
    expect(text.startsWith('Hi there,')).toBe(true);

    const report = sample('report-ready');
    report.name = 'Rāghav “Raj” Iyer';
    const reportText = smsText({ template: 'report-ready', payload: report })!;
    expect(reportText).toMatch(GSM7);
    expect(reportText).toContain('Hi Raghav "Raj" Iyer,');
  });

  it('keeps each variable within DLT’s 30 characters, but for the link', () => {
    const shipped = sample('kit-shipped');
    shipped.name = 'Venkataraghavan Subramaniam Iyer';
    shipped.courier = 'Delhivery Express Surface Logistics Private Limited';
    const vars = smsVars({ template: 'kit-shipped', payload: shipped })!;
    expect(vars.name).toBe('Venkataraghavan');
    for (const value of Object.values(vars)) expect(value.length).toBeLessThanOrEqual(30);
  });
});

describe('WhatsApp messages', () => {
  const whatsappTemplates = ['kit-shipped', 'kit-delivered', 'pickup-booked', 'sample-received', 'report-ready'];

  it('exist for kit shipped, delivered, pickup booked, sample received and report ready only, filled from the e-mail’s payload', () => {
    for (const content of SAMPLE_MESSAGES) {
      const message = whatsappMessageOf(content);
      expect(message !== undefined, content.template).toBe(whatsappTemplates.includes(content.template));
      if (!message) continue;
      expect(message.name, content.template).toBe(content.template.replace('-', '_'));
      for (const param of message.params) {
        expect(message.text, content.template).toContain(param);
        // WhatsApp refuses empty parameters and ones with line breaks or tabs.
        expect(param, content.template).toMatch(/^\S(.*\S)?$/);
        expect(param, content.template).not.toMatch(/[\n\t]| {4}/);
      }
    }
  });

  it('link a shipped kit to the courier’s tracking page when it is known, else to the orders page', () => {
    const shipped = sample('kit-shipped');
    expect(whatsappMessageOf({ template: 'kit-shipped', payload: shipped })!.params).toEqual(['Priya Raghavan', 'GS-2026-000187', 'Blue Dart', shipped.ordersUrl]);
    const tracked = { ...shipped, trackingUrl: 'https://shiprocket.co/tracking/77312456890' };
    const message = whatsappMessageOf({ template: 'kit-shipped', payload: tracked })!;
    expect(message.params.at(-1)).toBe('https://shiprocket.co/tracking/77312456890');
    expect(message.text).toBe('Hi Priya Raghavan, your order GS-2026-000187 has shipped with Blue Dart. Follow it here: https://shiprocket.co/tracking/77312456890');
  });

  it('flatten what a person typed into one line, and never send an empty parameter', () => {
    const report = { ...sample('report-ready'), name: 'Asha\n\tRao    Iyer', kit: '   ' };
    expect(whatsappMessageOf({ template: 'report-ready', payload: report })!.params.slice(0, 2)).toEqual(['Asha Rao Iyer', '-']);
  });
});
