/**
 * One interface for every courier aggregator, chosen by configuration as the payment gateway is: the built-in test
 * courier for local work and tests, Shiprocket in production. A shipment goes one of two ways: forward, a kit from the
 * shop's warehouse to the customer; or back, the customer's sample from their door to the lab. Either way the provider
 * checks the PIN code first, books the shipment with a courier (its AWB, the air waybill number, is what every later
 * step and the customer's tracking page name it by), prints its label, and later tells, by webhook, what happened to
 * it on the road in its own words, which `TrackingStatus` puts in ours.
 */

import type { DeliveryAddress } from '../../../machines/address';
import type { components } from '../../../openapi/schema';

export type ShippingProviderName = 'test' | 'shiprocket';

export type ShipmentDirection = 'forward' | 'return';

/** A person's address as couriers take it: a 10-digit Indian mobile and a 6-digit PIN code. */
export interface ShippingAddress {
  name: string;
  phone: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pin: string;
}

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  /** One unit's price, in paise. */
  price: number;
  hsn: string;
}

/** The box as the courier weighs and measures it. */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface ShipmentRequest {
  direction: ShipmentDirection;
  /**
   * Ours, unique per shipment and the same on every try of it: the provider keeps it as its order id, so a request
   * whose answer was lost finds the shipment it made instead of making a second.
   */
  reference: string;
  orderDate: Date;
  /** Forward: where the kit goes. Return: where the courier collects the sample. */
  address: ShippingAddress;
  items: ShipmentItem[];
  parcel: Parcel;
  /** A return's pickup day (YYYY-MM-DD, India's calendar); a forward shipment's pickup is the provider's next slot. */
  pickupDate?: string | undefined;
}

/** What the provider booked: the ids it answers to, and the courier and AWB the parcel travels under. */
export interface BookedShipment {
  providerOrderId: string;
  providerShipmentId: string;
  awb: string;
  courier: string;
  /** The courier's public tracking page of this AWB, for the customer and staff. */
  trackingUrl: string;
  /** The day the courier comes for the parcel, when the provider said (YYYY-MM-DD). */
  pickupDate: string | null;
}

export type Serviceability =
  | { serviceable: true; couriers: Array<{ id: string; name: string; etaDays: number | null }> }
  | { serviceable: false; reason: string };

/**
 * Where a parcel is, in the shop's words. A forward parcel goes booked → picked up → in transit → out for delivery →
 * delivered (or undelivered, then back to origin); a return goes booked → out for pickup → picked up → in transit →
 * delivered (at the lab).
 */
export const TRACKING_STATUSES = [
  'booked',
  'outForPickup',
  'pickedUp',
  'inTransit',
  'outForDelivery',
  'delivered',
  'undelivered',
  'returningToOrigin',
  'returnedToOrigin',
  'cancelled',
  'lost',
  'other',
] as const satisfies readonly components['schemas']['TrackingStatus'][];
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** One scan of the parcel on its way: when, where, and what the courier wrote. */
export interface TrackingScan {
  /** ISO 8601 with its offset. */
  at: string;
  status: TrackingStatus;
  activity: string;
  location: string | null;
}

/** What one webhook, or one tracking call, says of a parcel. */
export interface TrackingUpdate {
  awb: string;
  /** Where the parcel is now, and since when. */
  status: TrackingStatus;
  at: string;
  courier: string | null;
  /** Whether the parcel is a return (the sample on its way to the lab). */
  isReturn: boolean;
  /** The scans it carries, oldest first; a webhook may carry all of them again, or only the newest. */
  scans: TrackingScan[];
}

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** Whether a courier reaches `pin`: delivers there (forward) or collects from there (return). */
  serviceability(params: { pin: string; direction: ShipmentDirection; weightGrams: number }): Promise<Serviceability>;
  /**
   * Books the shipment with a courier and its pickup. Throws ShippingRefused when the provider says no (a PIN no
   * courier reaches, a refused address) and ShippingUnavailable when it does not answer; a retry with the same
   * reference never books a second parcel.
   */
  book(request: ShipmentRequest): Promise<BookedShipment>;
  /** The shipment's label, a PDF to print and stick on the box. */
  label(shipment: Pick<BookedShipment, 'providerShipmentId' | 'awb'> & { request: ShipmentRequest }): Promise<Buffer>;
  /** Cancels a shipment the courier has not collected yet. */
  cancel(shipment: Pick<BookedShipment, 'providerOrderId' | 'awb'>): Promise<void>;
  /** Where the parcel is, asked of the provider; null when the provider tells only by webhook. */
  track(awb: string): Promise<TrackingUpdate | null>;
  /**
   * The update a tracking webhook carries, once its headers prove the provider sent it. Throws WebhookRefused for a
   * request the provider did not send (401) or whose body says nothing the shop can read (400).
   */
  readWebhook(headers: Readonly<Record<string, string | string[] | undefined>>, body: unknown): TrackingUpdate;
  /** The courier's public tracking page of an AWB. */
  trackingUrl(awb: string): string;
}

/** The provider answered and said no; `final` says whether the same request could succeed later. */
export class ShippingRefused extends Error {
  override readonly name = 'ShippingRefused';
  constructor(
    message: string,
    readonly reason: 'notServiceable' | 'invalid' | 'notCancellable' | 'credentials' | 'other',
    readonly final = true,
  ) {
    super(message);
  }
}

/** The provider did not answer, or answered that it could not now: try again later. */
export class ShippingUnavailable extends Error {
  override readonly name = 'ShippingUnavailable';
}

/** A webhook request the shop does not act on. */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
  constructor(
    message: string,
    readonly status: 400 | 401,
  ) {
    super(message);
  }
}

/** India's offset: couriers in India write their times in IST, without saying so. */
const IST = '+05:30';

/**
 * A courier's time in IST as ISO 8601, from "2026-11-27 13:40:00" or "27 11 2026 13:40:00" (Shiprocket writes both);
 * null when it reads as neither.
 */
export function istTime(text: string): string | null {
  const trimmed = text.trim();
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const dmy = /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const parts = ymd ? [ymd[1], ymd[2], ymd[3], ymd[4], ymd[5], ymd[6]] : dmy ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]] : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second = '00'] = parts as [string, string, string, string, string, string | undefined];
  const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${IST}`);
  // Date.parse rolls 30 February over into March: a date that does not come back as written was not a date.
  if (Number.isNaN(time) || indianDay(new Date(time)) !== `${year}-${month}-${day}`) return null;
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** Today in India's calendar (YYYY-MM-DD), `days` later. */
export function indianDay(now: Date, days = 0): string {
  const shifted = new Date(now.getTime() + 5.5 * 3_600_000 + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

/** A delivery address as couriers take it: a 10-digit mobile and the PIN code. */
export function courierAddress(address: DeliveryAddress, email: string): ShippingAddress {
  return {
    name: address.name,
    phone: address.phone.replace(/\D/g, '').slice(-10),
    email,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    pin: address.pincode,
  };
}

/** A date column as YYYY-MM-DD, as either database driver returns it. */
export function dayOf(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Couriers ask for an e-mail address on every parcel; a customer without one gets the shop's (MAIL_FROM's address). */
export function shopEmailOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}
