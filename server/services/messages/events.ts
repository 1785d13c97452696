/**
 * What each event of an order, a kit and the shop's forms sends, and to whom. Every function runs in the event's own
 * transaction: it reads what the message needs and writes it to the outbox, so the message exists exactly when the
 * event does. Keys name the event and its record, so an event repeated (a retried request, a webhook after the
 * browser) queues nothing twice.
 */
import { createHash, randomUUID } from 'node:crypto';
import { indianMobile } from '../../../machines/phone';
import type { Queryable } from '../../db';
import { referenceOf } from '../../routes/contact/queries';
import { orderNumber, type OrderRow } from '../../routes/orders/queries';
import type { Queue } from '../queue';
import { enqueueMessage, type NewMessage } from './outbox';
import { isSmsTemplate, isWhatsappTemplate } from './render';
import type { Payloads } from './types';

/** Hours after which an order still unpaid gets its one reminder (well before it expires). */
export const UNPAID_REMINDER_AFTER_HOURS = 2;

interface Person extends Record<string, unknown> {
  id: string;
  email: string | null;
  phone: string | null;
  fullname: string;
  sms_consent: boolean;
  whatsapp_consent: boolean;
}

interface KitRow extends Record<string, unknown> {
  id: string;
  box_code: string;
  name: string;
  courier: string | null;
  tracking_number: string | null;
  report_url: string | null;
  /** Who holds the kit: its buyer, or whoever activated a code the buyer gave them. */
  user_id: string;
}

export class Messages {
  constructor(
    private readonly queue: () => Queue,
    /** The shop's public address, for the links in messages. */
    readonly siteUrl: string,
    private readonly journeyAppUrl: string | undefined,
  ) {}

  private url(path: string): string {
    return `${this.siteUrl.replace(/\/+$/, '')}${path}`;
  }

  private send(tx: Queryable, message: NewMessage) {
    return enqueueMessage(tx, this.queue(), message);
  }

  /**
   * What a step sends to the person's mobile: a WhatsApp message to someone who chose WhatsApp (instead of the SMS,
   * never both), else the SMS, where the step has one, to someone who agreed to SMS; nothing without a mobile number.
   */
  private mobileSender(tx: Queryable, person: Person, mobile: string | undefined, to: { orderId: string; userId: string }) {
    return (key: string, content: NewMessage['content']) => {
      if (!mobile) return undefined;
      if (person.whatsapp_consent && isWhatsappTemplate(content.template))
        return this.send(tx, { key: `${key}:whatsapp`, channel: 'whatsapp', recipient: mobile, content, ...to });
      if (person.sms_consent && isSmsTemplate(content.template)) return this.send(tx, { key: `${key}:sms`, channel: 'sms', recipient: mobile, content, ...to });
      return undefined;
    };
  }

  /** The order is paid: its confirmation, with the GST invoice attached. */
  async orderPaid(tx: Queryable, orderId: string): Promise<void> {
    const order = await orderOf(tx, orderId);
    const person = order && (await personOf(tx, order.user_id));
    if (!order || !person?.email) return;
    const lines = await linesOf(tx, orderId);
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    await this.send(tx, {
      key: `order-confirmation:${orderId}:email`,
      channel: 'email',
      recipient: person.email,
      content: {
        template: 'order-confirmation',
        payload: {
          name: firstName(person.fullname || order.ship_name),
          orderNumber: orderNumber(order),
          invoiceNumber: order.invoice_number ?? '',
          lines,
          subtotal,
          discount: Math.max(0, subtotal - order.price),
          couponCode: order.coupon_code,
          total: order.price,
          shipTo: shipTo(order),
          ordersUrl: this.url('/user/orders'),
        },
      },
      attachment: { kind: 'invoice', orderId },
      orderId,
      userId: order.user_id,
    });
  }

  /**
   * Orders left unpaid for a while get one reminder with the link to pay. After a declined payment it is a service
   * message about the person's own payment and always goes; otherwise it is a nudge to buy, so it is promotional:
   * only to people who agreed to offers and reminders, with an unsubscribe link. Returns how many were queued.
   */
  async remindUnpaid(tx: Queryable, afterHours: number, expiryHours: number): Promise<number> {
    const orders = await tx.query<OrderRow & { payment_failed: boolean }>(
      `SELECT o.id, o.number::text AS number, o.user_id, o.price, o.ship_name, o.created_at, o.coupon_code, o.payment_failed
       FROM orders o
       WHERE o.status = 'pending' AND o.created_at < now() - make_interval(hours => $1) AND o.created_at > now() - make_interval(hours => $2)
         AND (o.payment_failed OR EXISTS (SELECT 1 FROM consents c WHERE c.user_id = o.user_id AND c.purpose = 'marketing' AND c.granted))
         AND NOT EXISTS (SELECT 1 FROM outbound_messages m WHERE m.idempotency_key = 'order-unpaid:' || o.id || ':email')
       ORDER BY o.created_at LIMIT 200`,
      [afterHours, expiryHours],
    );
    let queued = 0;
    for (const order of orders) {
      const person = await personOf(tx, order.user_id);
      if (!person?.email) continue;
      const expiresAt = new Date(new Date(order.created_at).getTime() + expiryHours * 3_600_000).toISOString();
      const id = await this.send(tx, {
        key: `order-unpaid:${order.id}:email`,
        channel: 'email',
        recipient: person.email,
        category: order.payment_failed ? 'transactional' : 'promotional',
        content: {
          template: 'order-unpaid',
          payload: {
            name: firstName(person.fullname || order.ship_name),
            orderNumber: orderNumber(order),
            total: order.price,
            lines: await linesOf(tx, order.id),
            payUrl: this.url(`/checkout?order=${encodeURIComponent(order.id)}`),
            expiresAt,
          },
        },
        orderId: order.id,
        userId: order.user_id,
      });
      if (id) queued += 1;
    }
    return queued;
  }

  /**
   * Kits activated `afterDays` or more ago whose sample has no pickup booked and has not reached the lab: their holder
   * is reminded once, by e-mail, how to send it. Returns how many were queued.
   */
  async remindPickups(tx: Queryable, afterDays: number): Promise<number> {
    const kits = await tx.query<KitRow & { order_id: string }>(
      `SELECT k.id, k.box_code, p.name, k.courier, k.tracking_number, k.report_url, k.user_id, k.order_id
         FROM kits k JOIN products p ON p.id = k.product_id
        WHERE k.state = 'activated' AND k.state_changed_at <= now() - $1::int * interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.direction = 'return' AND k.id = ANY (s.kit_ids) AND s.state = 'booked')
          AND NOT EXISTS (SELECT 1 FROM outbound_messages m WHERE m.idempotency_key = 'pickup-reminder:' || k.id || ':email')
        ORDER BY k.state_changed_at LIMIT 200`,
      [afterDays],
    );
    let queued = 0;
    for (const kit of kits) {
      const person = await personOf(tx, kit.user_id);
      if (!person?.email) continue;
      const id = await this.send(tx, {
        key: `pickup-reminder:${kit.id}:email`,
        channel: 'email',
        recipient: person.email,
        content: { template: 'pickup-reminder', payload: { name: firstName(person.fullname), kit: kit.name, boxCode: kit.box_code, dashboardUrl: this.url('/user/dashboard') } },
        orderId: kit.order_id,
        userId: kit.user_id,
      });
      if (id) queued += 1;
    }
    return queued;
  }

  /** The holder of a kit booked, or moved, the courier pickup of its sample: by e-mail, and WhatsApp to who chose it. */
  async pickupBooked(
    tx: Queryable,
    kitId: string,
    pickup: { shipmentId: string; orderId: string; date: string; courier: string; awb: string; trackingUrl: string; address: string; phone: string; moved: boolean },
  ): Promise<void> {
    const [kit] = await kitsOf(tx, [kitId]);
    const person = kit && (await personOf(tx, kit.user_id));
    if (!kit || !person?.email) return;
    const to = { orderId: pickup.orderId, userId: kit.user_id };
    const { shipmentId, orderId: _order, phone, ...details } = pickup;
    const content = {
      template: 'pickup-booked',
      payload: { name: firstName(person.fullname), kit: kit.name, boxCode: kit.box_code, ...details, dashboardUrl: this.url('/user/dashboard') },
    } as const;
    // One message per booking: a pickup moved is a booking of its own.
    await this.send(tx, { key: `pickup-booked:${shipmentId}:email`, channel: 'email', recipient: person.email, content, ...to });
    // The account's mobile, else the one given for the pickup.
    await this.mobileSender(tx, person, indianMobile(person.phone ?? '') ?? indianMobile(phone), to)(`pickup-booked:${shipmentId}`, content);
  }

  /** A step of the kits' journey that staff took (shipped, delivered, sample received, report ready, QC failed). */
  async journeyStep(tx: Queryable, orderId: string, step: string, kitIds: readonly string[]): Promise<void> {
    const order = await orderOf(tx, orderId);
    const person = order && (await personOf(tx, order.user_id));
    if (!order || !person?.email || kitIds.length === 0) return;
    const kits = await kitsOf(tx, kitIds);
    const name = firstName(person.fullname || order.ship_name);
    const number = orderNumber(order);
    const common = { orderId, userId: order.user_id };
    const batch = batchKey(kitIds);
    const email = (key: string, content: NewMessage['content']) =>
      this.send(tx, { key: `${key}:email`, channel: 'email', recipient: person.email!, content, ...common });
    const mobile = this.mobileSender(tx, person, indianMobile(person.phone ?? '') ?? indianMobile(order.ship_phone), common);
    // The sample's steps are told to whoever activated the kit's code, who is not always its buyer.
    const holderOf = async (kit: KitRow) => {
      if (kit.user_id === order.user_id) return { name, email, mobile };
      const holder = await personOf(tx, kit.user_id);
      if (!holder?.email) return undefined;
      const to = { orderId, userId: kit.user_id };
      return {
        name: firstName(holder.fullname),
        email: (key: string, content: NewMessage['content']) =>
          this.send(tx, { key: `${key}:email`, channel: 'email', recipient: holder.email!, content, ...to }),
        mobile: this.mobileSender(tx, holder, indianMobile(holder.phone ?? ''), to),
      };
    };
    switch (step) {
      case 'ship': {
        const first = kits[0];
        const payload: Payloads['kit-shipped'] = {
          name,
          orderNumber: number,
          kits: kits.map((kit) => kit.name),
          courier: first?.courier ?? '',
          trackingNumber: first?.tracking_number ?? '',
          trackingUrl: first ? await trackingUrlOf(tx, first) : null,
          ordersUrl: this.url('/user/orders'),
        };
        await email(`kit-shipped:${batch}`, { template: 'kit-shipped', payload });
        await mobile(`kit-shipped:${batch}`, { template: 'kit-shipped', payload });
        return;
      }
      case 'deliver': {
        const content = {
          template: 'kit-delivered',
          payload: { name, orderNumber: number, kits: kits.map((kit) => kit.name), activateUrl: this.url('/user/dashboard') },
        } as const;
        await email(`kit-delivered:${batch}`, content);
        await mobile(`kit-delivered:${batch}`, content);
        return;
      }
      case 'receiveSample':
        for (const kit of kits) {
          const holder = await holderOf(kit);
          if (!holder) continue;
          const content = {
            template: 'sample-received',
            payload: { name: holder.name, kit: kit.name, boxCode: kit.box_code, dashboardUrl: this.url('/user/dashboard') },
          } as const;
          await holder.email(`sample-received:${kit.id}`, content);
          await holder.mobile(`sample-received:${kit.id}`, content);
        }
        return;
      case 'publishReport':
        for (const kit of kits) {
          const holder = await holderOf(kit);
          if (!holder) continue;
          const reportUrl = kit.report_url ?? this.journeyAppUrl ?? this.url('/user/dashboard');
          const content = { template: 'report-ready', payload: { name: holder.name, kit: kit.name, boxCode: kit.box_code, reportUrl } } as const;
          // A report withdrawn (published on the wrong kit) and published again is announced again: one key per publication.
          const publications = await publicationsOf(tx, kit.id);
          const key = `report-ready:${kit.id}${publications > 1 ? `:${publications}` : ''}`;
          await holder.email(key, content);
          await holder.mobile(key, content);
        }
        return;
      case 'failQc':
        for (const kit of kits) {
          const holder = await holderOf(kit);
          await holder?.email(`qc-failed:${kit.id}`, {
            template: 'qc-failed',
            payload: { name: holder.name, kit: kit.name, boxCode: kit.box_code, ordersUrl: this.url(kit.user_id === order.user_id ? '/user/orders' : '/user/dashboard') },
          });
        }
        return;
    }
  }

  /**
   * Staff corrected the courier or tracking number of shipped kits: the customer gets the right one, and what it
   * replaces. Each correction is a message of its own.
   */
  async trackingCorrected(
    tx: Queryable,
    orderId: string,
    kitIds: readonly string[],
    previous: { courier: string; trackingNumber: string },
  ): Promise<void> {
    const order = await orderOf(tx, orderId);
    const person = order && (await personOf(tx, order.user_id));
    if (!order || !person?.email || kitIds.length === 0) return;
    const kits = await kitsOf(tx, kitIds);
    const first = kits[0];
    await this.send(tx, {
      key: `tracking-corrected:${batchKey(kitIds)}:${randomUUID()}:email`,
      channel: 'email',
      recipient: person.email,
      content: {
        template: 'tracking-corrected',
        payload: {
          name: firstName(person.fullname || order.ship_name),
          orderNumber: orderNumber(order),
          kits: kits.map((kit) => kit.name),
          courier: first?.courier ?? '',
          trackingNumber: first?.tracking_number ?? '',
          previousCourier: previous.courier,
          previousTrackingNumber: previous.trackingNumber,
          ordersUrl: this.url('/user/orders'),
        },
      },
      orderId,
      userId: order.user_id,
    });
  }

  /** A refund was made: how much, with the GST credit note attached. */
  async refunded(tx: Queryable, orderId: string, refundId: string): Promise<void> {
    const order = await orderOf(tx, orderId);
    const person = order && (await personOf(tx, order.user_id));
    const [refund] = await tx.query<{
      amount: number;
      credit_note_number: string;
      reason: string;
      method: NonNullable<Payloads['refund']['moneyBack']>['method'];
      reference: string | null;
    }>(
      'SELECT amount, credit_note_number, reason, method, reference FROM refunds WHERE id = $1 AND order_id = $2',
      [refundId, orderId],
    );
    if (!order || !person?.email || !refund) return;
    await this.send(tx, {
      key: `refund:${refundId}:email`,
      channel: 'email',
      recipient: person.email,
      content: {
        template: 'refund',
        payload: {
          name: firstName(person.fullname || order.ship_name),
          orderNumber: orderNumber(order),
          amount: refund.amount,
          full: order.refunded_amount >= order.price,
          creditNoteNumber: refund.credit_note_number,
          reason: refund.reason,
          moneyBack: { method: refund.method, reference: refund.reference },
          ordersUrl: this.url('/user/orders'),
        },
      },
      attachment: { kind: 'credit-note', orderId, refundId },
      orderId,
      userId: order.user_id,
    });
  }

  /**
   * The contact form's acknowledgement: its reference and topic, never the visitor's own words, because it goes to
   * whatever address was typed.
   */
  async contactReceived(tx: Queryable, contactId: string, topic: string): Promise<void> {
    const [row] = await tx.query<{ name: string; email: string; number: string | number }>(
      'SELECT name, email, number FROM contact_messages WHERE id = $1',
      [contactId],
    );
    if (!row) return;
    // The account that has proven this address, if any: an address someone merely typed into their profile does not
    // make another person's acknowledgement theirs.
    const [user] = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1) AND email_verified', [row.email]);
    await this.send(tx, {
      key: `contact-ack:${contactId}:email`,
      channel: 'email',
      recipient: row.email,
      content: { template: 'contact-ack', payload: { name: firstName(row.name), topic, reference: referenceOf(row.number) } },
      userId: user?.id ?? null,
    });
  }

  /**
   * A staff member's reply to a contact message, to the address the sender gave; returns the outbox message's id.
   * Like the acknowledgement, it belongs to the account that has proven that address, if any.
   */
  async contactReplied(
    tx: Queryable,
    reply: { replyId: string; name: string; email: string; reference: string; subject: string; body: string },
  ): Promise<string | undefined> {
    const [user] = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1) AND email_verified', [reply.email]);
    return this.send(tx, {
      key: `contact-reply:${reply.replyId}:email`,
      channel: 'email',
      recipient: reply.email,
      content: {
        template: 'contact-reply',
        payload: { name: firstName(reply.name), reference: reply.reference, subject: reply.subject, body: reply.body },
      },
      userId: user?.id ?? null,
    });
  }

  /**
   * A buyer gives a kit to someone by e-mail: its code and how to activate it in an account of their own. Each gift is
   * a message of its own; it belongs to the account that has proven that address, if any.
   */
  async kitGiven(tx: Queryable, gift: { giftId: string; kitId: string; email: string; name: string | null; from: string }): Promise<void> {
    const [kit] = await tx.query<{ box_code: string; name: string }>(
      'SELECT k.box_code, p.name FROM kits k JOIN products p ON p.id = k.product_id WHERE k.id = $1',
      [gift.kitId],
    );
    if (!kit) return;
    const [user] = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1) AND email_verified', [gift.email]);
    await this.send(tx, {
      key: `kit-gift:${gift.giftId}:email`,
      channel: 'email',
      recipient: gift.email,
      content: {
        template: 'kit-gift',
        payload: {
          name: gift.name ?? '',
          from: gift.from.trim().split(/\s+/)[0] ?? '',
          kit: kit.name,
          code: kit.box_code,
          activateUrl: this.url(`/user/dashboard?code=${encodeURIComponent(kit.box_code)}`),
        },
      },
      userId: user?.id ?? null,
    });
  }

  /**
   * Staff changed a customer's e-mail address or mobile number (and perhaps their name with it): the address the
   * account had before hears of it, the new details masked, so that a change the person did not ask for is noticed.
   */
  async contactDetailsChanged(
    tx: Queryable,
    change: { userId: string; previousEmail: string; name: string; changes: Payloads['contact-details-changed']['changes'] },
  ): Promise<void> {
    await this.send(tx, {
      // Each correction is a message of its own.
      key: `contact-details-changed:${change.userId}:${randomUUID()}:email`,
      channel: 'email',
      recipient: change.previousEmail,
      content: {
        template: 'contact-details-changed',
        payload: { name: firstName(change.name), changedAt: new Date().toISOString(), changes: change.changes, contactUrl: this.url('/contact-us') },
      },
      userId: change.userId,
    });
  }

  /** The ebook's download link, which the page also shows; each request is its own message. */
  async ebookRequested(
    tx: Queryable,
    request: { leadId: string; name: string; email: string; title: string; downloadUrl: string },
  ): Promise<void> {
    await this.send(tx, {
      key: `ebook-link:${request.leadId}:${createHash('sha256').update(request.downloadUrl).digest('hex').slice(0, 16)}:email`,
      channel: 'email',
      recipient: request.email,
      content: {
        template: 'ebook-link',
        payload: { name: firstName(request.name), title: request.title, downloadUrl: request.downloadUrl },
      },
    });
  }

  /** A new team member's invitation, when Firebase does not send the link itself. */
  async staffInvited(
    tx: Queryable,
    invitation: { userId: string; name: string; email: string; role: Payloads['staff-invitation']['role']; setPasswordUrl: string },
  ) {
    await this.send(tx, {
      key: `staff-invitation:${invitation.userId}:${createHash('sha256').update(invitation.setPasswordUrl).digest('hex').slice(0, 16)}:email`,
      channel: 'email',
      recipient: invitation.email,
      content: {
        template: 'staff-invitation',
        payload: {
          name: firstName(invitation.name),
          role: invitation.role,
          setPasswordUrl: invitation.setPasswordUrl,
          signInUrl: this.url('/login'),
        },
      },
      userId: invitation.userId,
    });
  }

  /**
   * A customer registered at a camp or clinic (offline onboarding): one welcome with the order's GST invoice, how to
   * activate the kit, and the sign-in link Firebase made (null when it could not, and the e-mail says how to ask for one).
   */
  async offlineOnboarded(tx: Queryable, onboarding: { orderId: string; kit: string; existing: boolean; signInUrl: string | null }): Promise<boolean> {
    const order = await orderOf(tx, onboarding.orderId);
    const person = order && (await personOf(tx, order.user_id));
    if (!order || !person?.email) return false;
    await this.send(tx, {
      key: `account-ready:${order.id}:email`,
      channel: 'email',
      recipient: person.email,
      content: {
        template: 'account-ready',
        payload: {
          name: firstName(person.fullname),
          existing: onboarding.existing,
          orderNumber: orderNumber(order),
          invoiceNumber: order.invoice_number ?? '',
          total: order.price,
          kit: onboarding.kit,
          signInUrl: onboarding.signInUrl,
          loginUrl: this.url('/login'),
          activateUrl: this.url('/user/dashboard'),
        },
      },
      attachment: { kind: 'invoice', orderId: order.id },
      orderId: order.id,
      userId: order.user_id,
    });
    return true;
  }
}

/** The kits a step was taken for, as one short key: the same kits give the same key. */
function batchKey(kitIds: readonly string[]): string {
  const sorted = [...kitIds].sort();
  return sorted.length === 1 ? sorted[0]! : createHash('sha256').update(sorted.join(',')).digest('hex').slice(0, 32);
}

const firstName = (fullname: string) => fullname.trim().split(/\s+/)[0] || 'there';

function shipTo(order: OrderRow): string {
  return [order.ship_name, order.ship_line1, order.ship_line2, `${order.ship_city}, ${order.ship_state} ${order.ship_pincode}`]
    .filter(Boolean)
    .join(', ');
}

async function orderOf(tx: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.query<OrderRow>(
    `SELECT id, number::text AS number, user_id, status, price, coupon_code, ship_name, ship_phone, ship_line1, ship_line2, ship_city,
            ship_state, ship_pincode, invoice_number, created_at, paid_at, refunded_amount
     FROM orders WHERE id = $1`,
    [orderId],
  );
  return row;
}

async function personOf(tx: Queryable, userId: string): Promise<Person | undefined> {
  const [row] = await tx.query<Person>(
    `SELECT u.id, u.email, u.phone, u.fullname,
            COALESCE((SELECT granted FROM consents WHERE user_id = u.id AND purpose = 'sms'), false) AS sms_consent,
            COALESCE((SELECT granted FROM consents WHERE user_id = u.id AND purpose = 'whatsapp'), false) AS whatsapp_consent
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row;
}

async function linesOf(tx: Queryable, orderId: string): Promise<Payloads['order-confirmation']['lines']> {
  const rows = await tx.query<{ name: string; price: number }>(
    'SELECT name, price FROM order_items WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  // Each item is one kit; the same kit twice is one line with its quantity.
  const lines = new Map<string, { name: string; quantity: number; amount: number }>();
  for (const row of rows) {
    const line = lines.get(row.name) ?? { name: row.name, quantity: 0, amount: 0 };
    line.quantity += 1;
    line.amount += row.price;
    lines.set(row.name, line);
  }
  return [...lines.values()];
}

/** The courier's public tracking page of the parcel a kit shipped in, when it was booked through the courier service. */
async function trackingUrlOf(tx: Queryable, kit: KitRow): Promise<string | null> {
  if (!kit.tracking_number) return null;
  const [row] = await tx.query<{ tracking_url: string }>(
    `SELECT tracking_url FROM shipments
     WHERE direction = 'forward' AND state = 'booked' AND awb = $2 AND $1 = ANY(kit_ids) AND tracking_url IS NOT NULL
     ORDER BY booked_at DESC LIMIT 1`,
    [kit.id, kit.tracking_number],
  );
  return row?.tracking_url ?? null;
}

/** How many times a kit's report was published (more than once after a withdrawal). */
async function publicationsOf(tx: Queryable, kitId: string): Promise<number> {
  const [row] = await tx.query<{ count: number | string }>(`SELECT count(*) AS count FROM kit_events WHERE kit_id = $1 AND state = 'reportReady'`, [kitId]);
  return Number(row?.count ?? 0);
}

async function kitsOf(tx: Queryable, kitIds: readonly string[]): Promise<KitRow[]> {
  return tx.query<KitRow>(
    `SELECT k.id, k.box_code, p.name, k.courier, k.tracking_number, k.report_url, k.user_id
     FROM kits k JOIN products p ON p.id = k.product_id WHERE k.id = ANY($1::text[]) ORDER BY k.created_at, k.id`,
    [kitIds],
  );
}
