/**
 * Every message the shop sends, by template, with what it is filled with. A payload is taken when the event happens
 * and kept with the message in the outbox, so a message says what was true then, however late it is sent.
 * Amounts are in paise; addresses (`…Url`) are absolute.
 */

export interface OrderLine {
  name: string;
  quantity: number;
  /** The line's total, in paise. */
  amount: number;
}

/** What every e-mail ends with: where the person changes what they receive. */
export interface MessageFooter {
  /** The account page with the person's message preferences; null for someone without an account (ebook, contact). */
  preferencesUrl: string | null;
  /** The one-click unsubscribe page, on promotional messages only. */
  unsubscribeUrl: string | null;
}

export interface Payloads {
  'order-confirmation': {
    name: string;
    orderNumber: string;
    invoiceNumber: string;
    lines: OrderLine[];
    /** Paise. */
    subtotal: number;
    discount: number;
    couponCode: string | null;
    total: number;
    shipTo: string;
    ordersUrl: string;
  };
  'order-unpaid': {
    name: string;
    orderNumber: string;
    total: number;
    lines: OrderLine[];
    payUrl: string;
    /** ISO time after which the order is cancelled. */
    expiresAt: string;
  };
  'kit-shipped': {
    name: string;
    orderNumber: string;
    kits: string[];
    courier: string;
    trackingNumber: string;
    /** The courier's public tracking page, when the parcel was booked through the courier service. */
    trackingUrl?: string | null;
    ordersUrl: string;
  };
  /** The courier or tracking number given when the parcel shipped was mistyped; staff corrected it. */
  'tracking-corrected': {
    name: string;
    orderNumber: string;
    kits: string[];
    courier: string;
    trackingNumber: string;
    previousCourier: string;
    previousTrackingNumber: string;
    ordersUrl: string;
  };
  'kit-delivered': {
    name: string;
    orderNumber: string;
    kits: string[];
    activateUrl: string;
  };
  'sample-received': {
    name: string;
    kit: string;
    boxCode: string;
    dashboardUrl: string;
  };
  'report-ready': {
    name: string;
    kit: string;
    boxCode: string;
    reportUrl: string;
  };
  /** A kit activated some days ago whose sample has no pickup booked: how to send it to the lab. */
  'pickup-reminder': {
    name: string;
    kit: string;
    boxCode: string;
    dashboardUrl: string;
  };
  /** The courier pickup of a kit's sample, booked or moved to another day by its owner. */
  'pickup-booked': {
    name: string;
    kit: string;
    boxCode: string;
    /** The pickup's day in India (YYYY-MM-DD). */
    date: string;
    courier: string;
    awb: string;
    trackingUrl: string;
    /** Where the courier comes, on one line. */
    address: string;
    /** The pickup had been booked for another day or address before. */
    moved: boolean;
    dashboardUrl: string;
  };
  'qc-failed': {
    name: string;
    kit: string;
    boxCode: string;
    ordersUrl: string;
  };
  refund: {
    name: string;
    orderNumber: string;
    /** Paise. */
    amount: number;
    /** Whether the whole order was refunded. */
    full: boolean;
    creditNoteNumber: string;
    reason: string | null;
    /**
     * How the money went back: through the gateway (also when absent, as in messages queued before counter refunds),
     * or at the counter, with the UPI transfer's or card reversal's reference.
     */
    moneyBack?: { method: 'gateway' | 'cash' | 'upi' | 'card_reversal'; reference: string | null };
    ordersUrl: string;
  };
  /**
   * Sent to whatever address was typed on the contact page, so it says nothing the visitor wrote: not their message
   * (acknowledgements queued before this rule may still carry an `excerpt`, which is never written out), and of their
   * name only what a greeting writes out.
   */
  'contact-ack': {
    name: string;
    /** The topic's label as the contact page shows it. */
    topic: string;
    /** The message's reference (CM-000042); absent only from acknowledgements queued before it was added. */
    reference?: string;
  };
  /**
   * A staff member's reply to a contact message, sent from the shop to the address the sender gave. It carries the
   * staff member's words only, never the sender's own message, as the address is whatever was typed.
   */
  'contact-reply': {
    name: string;
    /** The message's reference (CM-000042). */
    reference: string;
    subject: string;
    /** The reply as the staff member wrote it; its line breaks are kept. */
    body: string;
  };
  /**
   * A buyer gives a kit to someone, by e-mail: its code, which is the claim. To whatever address the buyer typed, so
   * the buyer's name is written out only when it reads as a name, and nothing the buyer wrote besides.
   */
  'kit-gift': {
    /** The first name the buyer gave for them, or "" when none. */
    name: string;
    /** The buyer's first name. */
    from: string;
    kit: string;
    /** The kit's code, as printed in its box. */
    code: string;
    /** The dashboard, with the code filled in. */
    activateUrl: string;
  };
  /**
   * Staff changed the account's e-mail address, mobile number or name: sent to the address the account had before the
   * change, the new details masked.
   */
  'contact-details-changed': {
    name: string;
    /** When the change was made, ISO. */
    changedAt: string;
    changes: Array<{ field: 'email' | 'phone' | 'fullname'; now: string }>;
    contactUrl: string;
  };
  'ebook-link': {
    name: string;
    title: string;
    downloadUrl: string;
  };
  'staff-invitation': {
    name: string;
    role: 'admin' | 'doctor' | 'nutritionist';
    setPasswordUrl: string;
    signInUrl: string;
  };
  /** A customer registered at a camp or clinic (offline onboarding): their kit, their invoice and how to sign in. */
  'account-ready': {
    name: string;
    /** Whether the person had an account already, to which the kit was added. */
    existing: boolean;
    orderNumber: string;
    invoiceNumber: string;
    total: number;
    kit: string;
    /** Firebase's one-time sign-in link, or null when it could not be made. */
    signInUrl: string | null;
    loginUrl: string;
    activateUrl: string;
  };
}

export type TemplateName = keyof Payloads;

/** A message's payload with its template, as the outbox keeps them. */
export type MessageContent = { [Name in TemplateName]: { template: Name; payload: Payloads[Name] } }[TemplateName];

/** An e-mail made from a template: the subject, the HTML and the plain-text part. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The templates that have an SMS too (shipped and report ready), with the provider's template key. */
export type SmsTemplateName = 'kit-shipped' | 'report-ready';

/** The templates that have a WhatsApp message, sent instead of the SMS to people who chose WhatsApp. */
export type WhatsappTemplateName = 'kit-shipped' | 'kit-delivered' | 'pickup-booked' | 'sample-received' | 'report-ready';
