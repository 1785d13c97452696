/**
 * The server's configuration, read from the environment and validated once. Everything that differs between a
 * laptop and production is here; code never branches on anything else.
 */

import { isIP } from 'node:net';
import { INDIAN_STATES, type IndianState } from '../machines/address';
import { stateOfGstCode } from '../machines/gst-states';
import { gstinProblem } from '../machines/gstin';

export interface Config {
  port: number;
  host: string;
  /** A real Postgres when set; otherwise the embedded PGlite below. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  pgliteDataDir: string;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; when set, emulator-issued (unsigned) ID tokens are accepted. */
  firebaseAuthEmulatorHost: string | undefined;
  /** Service-account JSON for production; without it firebase-admin uses application default credentials. */
  firebaseServiceAccount: string | undefined;
  /**
   * The Firebase project's web API key, with which the server asks Firebase to e-mail a new team member the link to
   * set their password (Identity Toolkit `accounts:sendOobCode`). The emulator needs none; without it on a real
   * project team members are still added, and the page says their link could not be sent.
   */
  firebaseWebApiKey: string | undefined;
  nodeEnv: string;
  production: boolean;
  sessionTtlHours: number;
  /**
   * Minutes a session may be used before its Firebase account is asked about again (disabled or deleted ends it).
   * The bound on how long an account ended in Firebase keeps working, traded against one Firebase call per session
   * per interval.
   */
  accountRecheckMinutes: number;
  /** Hours after which an order never paid is cancelled by the shop and its coupon use given back. */
  unpaidOrderExpiryHours: number;
  /**
   * Seconds a process given SIGTERM has to finish its requests and jobs before it exits anyway
   * (SHUTDOWN_TIMEOUT_SECONDS); an orchestrator's grace period should be a few seconds longer.
   */
  shutdownTimeoutSeconds: number;
  demoData: boolean;
  /** Directory of the built SPA; unset means the API only. */
  staticDir: string | undefined;
  /**
   * Fastify's trustProxy (TRUST_PROXY): how many proxies are in front (a hop count) or which addresses they connect
   * from (a comma-separated list of addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`). `true` trusts
   * every X-Forwarded-For a client writes, so production refuses it.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  logLevel: string;
  /** How long the public catalogue is served from memory before it is read again. */
  productsCacheTtlMs: number;
  /** Session exchanges allowed per client IP per minute. */
  sessionRateLimitPerMinute: number;
  /**
   * Razorpay's keys; unset means the built-in test gateway (outside production only). `apiUrl` replaces Razorpay's
   * API address (https://api.razorpay.com), e.g. for a stand-in in tests.
   */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl?: string | undefined } | undefined;
  /** The built-in test gateway's signing secret (payments and webhooks). */
  testGatewaySecret: string;
  /** The journey web app, where a ready report is read; unset hides the link. */
  journeyAppUrl: string | undefined;
  /**
   * The shop's public address: links in messages, kit labels' QR codes (`<url>/user/dashboard?code=…`), the sitemap
   * and robots.txt. Production requires it; elsewhere unset means this server on this computer (`siteUrlOf`). No
   * address is ever made from a request's Host header, which the client writes.
   */
  publicSiteUrl: string | undefined;
  /**
   * Serve the development mail page (`/_dev/mail`, outside production only) to clients on other computers too
   * (DEV_MAIL_OPEN); off, only a client on the server's own computer sees it.
   */
  devMailOpen: boolean;
  /**
   * The seller printed on GST invoices; `state` decides CGST+SGST (same state) or IGST. The signatory is the person
   * authorised to sign the seller's tax invoices, whose name and designation close every invoice.
   */
  seller: { name: string; gstin: string; state: IndianState; address: string; signatory: { name: string; designation: string } };
  /** SMS codes, sign-in links and reset e-mails a client IP may ask for per minute. */
  authChallengeRateLimitPerMinute: number;
  /** SMS codes, sign-in links and reset e-mails one phone number or e-mail address may receive per hour. */
  authChallengeLimitPerTargetPerHour: number;
  /**
   * Whom a person contacts about their personal data (DPDP Act 2023): shown on the privacy page and in every copy of
   * the person's data, with `erasureDueDays` as the days within which they get an answer.
   */
  grievanceOfficer: { name: string; email: string; phone: string; address: string };
  /** Days staff have to complete an erasure request from when it is made; also the days promised for a grievance. */
  erasureDueDays: number;
  /** Messages one client address may send from the contact page per hour. */
  contactMessagesPerHour: number;
  /**
   * A Ghost blog whose Content API answers `GET /api/ghost/posts/{slug}` (GHOST_URL and GHOST_CONTENT_KEY, both or
   * neither); unset means our own posts answer it. `timeoutMs` is how long Ghost may take before the blog is said
   * not to be answering.
   */
  ghost: { url: string; contentKey: string; timeoutMs: number } | undefined;
  /**
   * Whether the PSQI is offered (PSQI_OFFERED). Its copyright holder, the University of Pittsburgh, asks for written
   * permission before commercial use, so production offers it only once that permission is on file and this is set;
   * elsewhere it is on unless turned off. The GAD-7 is free to use and always offered.
   */
  psqiOffered: boolean;
  /**
   * The bearer token Prometheus scrapes `GET /api/metrics` with (METRICS_TOKEN, at least 24 characters); unset, the
   * metrics are not served at all.
   */
  metricsToken: string | undefined;
  /**
   * How kits and samples travel (SHIPPING_PROVIDER): the built-in test courier (`test`, the default outside
   * production) or Shiprocket; undefined (`none`, production's default) means staff enter couriers and tracking numbers
   * by hand and customers book no pickup.
   */
  shipping: ShippingConfig | undefined;
  /**
   * Days after activation with no pickup of its sample booked before the customer is reminded, and the kit is in the
   * staff's queue of pickups not booked (SAMPLE_PICKUP_REMINDER_DAYS).
   */
  samplePickupReminderDays: number;
  messages: MessagesConfig;
}

/** The lab samples go to, as couriers take an address (LAB_NAME, LAB_ADDRESS, LAB_ADDRESS_2, LAB_CITY, LAB_STATE, LAB_PIN, LAB_PHONE, LAB_EMAIL). */
export interface LabAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pin: string;
  phone: string;
  email: string;
}

export type ShippingConfig =
  | { provider: 'test'; webhookToken: string; lab: LabAddress }
  | {
      provider: 'shiprocket';
      email: string;
      password: string;
      /** The pickup location's name in Shiprocket, and its PIN code. */
      pickupLocation: string;
      pickupPin: string;
      /** The token Shiprocket's tracking webhook carries in `x-api-key`. */
      webhookToken: string;
      /** Replaces https://apiv2.shiprocket.in, e.g. for a stand-in in tests. */
      apiUrl: string | undefined;
      lab: LabAddress;
    };

/** How e-mail and SMS leave the shop. */
export interface MessagesConfig {
  /**
   * The SMTP server (SMTP_URL, e.g. `smtps://user:password@smtp.example.com:465`). Production needs one; elsewhere,
   * unset, the server runs the local mail catcher on `catcherPort` and sends there.
   */
  smtpUrl: string | undefined;
  /**
   * Whether the server runs the local mail catcher (MAIL_CATCHER; on outside production when there is no SMTP_URL) and
   * on which port (MAIL_CATCHER_PORT; 0, the default, takes a free one). Without a server or a catcher, e-mail is
   * only built, not sent (the API tests).
   */
  catcher: boolean;
  catcherPort: number;
  /** The From of every e-mail (MAIL_FROM). */
  from: string;
  /** Signs the unsubscribe links (MESSAGE_SIGNING_SECRET); production needs its own. */
  signingSecret: string;
  /** Seconds before a failed send is tried again; doubled on each further try (MESSAGE_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
  sms: SmsConfig;
  whatsapp: WhatsappConfig;
  /** The schema the job queue keeps its tables in. */
  queueSchema: string;
}

/** SMS_PROVIDER: `log` (the default: logged and kept for the local mail page), `msg91` or `twilio`, with their keys. */
export type SmsConfig =
  | { provider: 'log' }
  /** MSG91's Flow API: the auth key and the DLT-approved flow (template) id of each message. */
  | { provider: 'msg91'; authKey: string; templates: { 'kit-shipped': string; 'report-ready': string } }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string };

const DEV_SIGNING_SECRET = 'message-signing-secret-for-local-use-only';

/**
 * WHATSAPP_PROVIDER: `log` (the default: logged and kept for the local mail page) or `cloud`, Meta's WhatsApp Cloud
 * API with the business's token and phone number id, the app secret that signs its webhook and the token the webhook's
 * verification must echo.
 */
export type WhatsappConfig =
  | { provider: 'log'; verifyToken: string | undefined; appSecret: string | undefined; language: string }
  | {
      provider: 'cloud';
      token: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
      /** The language code the templates were approved in (WHATSAPP_TEMPLATE_LANGUAGE, default `en`). */
      language: string;
      /** Replaces https://graph.facebook.com, e.g. for a stand-in in tests. */
      apiUrl: string | undefined;
    };

function whatsappOf(env: Env): WhatsappConfig {
  const provider = nonEmpty(env.WHATSAPP_PROVIDER) ?? 'log';
  const language = nonEmpty(env.WHATSAPP_TEMPLATE_LANGUAGE) ?? 'en';
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) throw new ConfigError(`WHATSAPP_TEMPLATE_LANGUAGE must be a language code like en or en_US, got "${language}".`);
  const appSecret = nonEmpty(env.WHATSAPP_APP_SECRET);
  const verifyToken = nonEmpty(env.WHATSAPP_VERIFY_TOKEN);
  if (provider === 'log') {
    if (nonEmpty(env.WHATSAPP_TOKEN) || nonEmpty(env.WHATSAPP_PHONE_NUMBER_ID)) {
      throw new ConfigError('WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set without WHATSAPP_PROVIDER=cloud.');
    }
    return { provider, verifyToken, appSecret, language };
  }
  if (provider === 'cloud') {
    const token = nonEmpty(env.WHATSAPP_TOKEN);
    const phoneNumberId = nonEmpty(env.WHATSAPP_PHONE_NUMBER_ID);
    if (!token || !phoneNumberId || !appSecret || !verifyToken) {
      throw new ConfigError('WHATSAPP_PROVIDER=cloud needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN.');
    }
    const apiUrl = nonEmpty(env.WHATSAPP_API_URL);
    if (apiUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(apiUrl)) throw new ConfigError(`WHATSAPP_API_URL must be an http(s) address, got "${apiUrl}".`);
    return { provider, token, phoneNumberId, appSecret, verifyToken, language, apiUrl };
  }
  throw new ConfigError(`WHATSAPP_PROVIDER must be log or cloud, got "${provider}".`);
}

function smsOf(env: Env): SmsConfig {
  const provider = nonEmpty(env.SMS_PROVIDER) ?? 'log';
  if (provider === 'log') return { provider };
  if (provider === 'msg91') {
    const authKey = nonEmpty(env.MSG91_AUTH_KEY);
    const shipped = nonEmpty(env.MSG91_TEMPLATE_KIT_SHIPPED);
    const report = nonEmpty(env.MSG91_TEMPLATE_REPORT_READY);
    if (!authKey || !shipped || !report) {
      throw new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_TEMPLATE_KIT_SHIPPED and MSG91_TEMPLATE_REPORT_READY.');
    }
    return { provider, authKey, templates: { 'kit-shipped': shipped, 'report-ready': report } };
  }
  if (provider === 'twilio') {
    const accountSid = nonEmpty(env.TWILIO_ACCOUNT_SID);
    const authToken = nonEmpty(env.TWILIO_AUTH_TOKEN);
    const from = nonEmpty(env.TWILIO_FROM);
    if (!accountSid || !authToken || !from) throw new ConfigError('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.');
    return { provider, accountSid, authToken, from };
  }
  throw new ConfigError(`SMS_PROVIDER must be log, msg91 or twilio, got "${provider}".`);
}

const DEMO_LAB: LabAddress = {
  name: 'Gut360 Microbiome Lab',
  line1: 'Plot 14, Bommasandra Industrial Area',
  line2: 'Hosur Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560099',
  phone: '8040003601',
  email: 'lab@gut360.example',
};

const TEST_COURIER_WEBHOOK_TOKEN = 'test-courier-webhook-token-for-local-use-only';
const SHIPROCKET_SETTINGS = ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_LOCATION', 'SHIPROCKET_PICKUP_PIN', 'SHIPROCKET_WEBHOOK_TOKEN'] as const;
const LAB_SETTINGS = ['LAB_NAME', 'LAB_ADDRESS', 'LAB_CITY', 'LAB_STATE', 'LAB_PIN', 'LAB_PHONE', 'LAB_EMAIL'] as const;
const PIN = /^[1-9]\d{5}$/;

/** The lab's address: every setting or none (the demo lab, outside production only). */
function labOf(env: Env, required: boolean): LabAddress {
  const missing = LAB_SETTINGS.filter((name) => !nonEmpty(env[name]));
  if (missing.length === LAB_SETTINGS.length && !required) return DEMO_LAB;
  if (missing.length > 0) throw new ConfigError(`The lab's address is incomplete: set ${missing.join(', ')}.`);
  const lab: LabAddress = {
    name: nonEmpty(env.LAB_NAME)!,
    line1: nonEmpty(env.LAB_ADDRESS)!,
    line2: nonEmpty(env.LAB_ADDRESS_2) ?? '',
    city: nonEmpty(env.LAB_CITY)!,
    state: indianStateOf('LAB_STATE', env.LAB_STATE, 'Karnataka'),
    pin: nonEmpty(env.LAB_PIN)!,
    phone: nonEmpty(env.LAB_PHONE)!.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, ''),
    email: nonEmpty(env.LAB_EMAIL)!,
  };
  if (!PIN.test(lab.pin)) throw new ConfigError(`LAB_PIN must be a 6-digit PIN code, got "${lab.pin}".`);
  if (!/^\d{10}$/.test(lab.phone)) throw new ConfigError(`LAB_PHONE must be a 10-digit number, got "${env.LAB_PHONE}".`);
  if (!EMAIL.test(lab.email)) throw new ConfigError(`LAB_EMAIL must be an e-mail address, got "${lab.email}".`);
  return lab;
}

/** SHIPPING_PROVIDER: `test`, `shiprocket` (with all of its settings) or `none`; any half of Shiprocket's settings is refused. */
function shippingOf(env: Env, production: boolean): ShippingConfig | undefined {
  const provider = nonEmpty(env.SHIPPING_PROVIDER) ?? (production ? 'none' : 'test');
  const given = SHIPROCKET_SETTINGS.filter((name) => nonEmpty(env[name]));
  if (provider !== 'shiprocket' && (given.length > 0 || nonEmpty(env.SHIPROCKET_API_URL))) {
    throw new ConfigError(`${given[0] ?? 'SHIPROCKET_API_URL'} is set but SHIPPING_PROVIDER is ${provider}; set SHIPPING_PROVIDER=shiprocket or unset the Shiprocket settings.`);
  }
  if (provider === 'none') return undefined;
  if (provider === 'test') {
    if (production) throw new ConfigError('Refusing to start: SHIPPING_PROVIDER=test while NODE_ENV=production. The test courier ships nothing; use shiprocket or none.');
    return { provider, webhookToken: nonEmpty(env.TEST_COURIER_WEBHOOK_TOKEN) ?? TEST_COURIER_WEBHOOK_TOKEN, lab: labOf(env, false) };
  }
  if (provider !== 'shiprocket') throw new ConfigError(`SHIPPING_PROVIDER must be test, shiprocket or none, got "${provider}".`);
  const missing = SHIPROCKET_SETTINGS.filter((name) => !nonEmpty(env[name]));
  if (missing.length > 0) throw new ConfigError(`SHIPPING_PROVIDER=shiprocket needs ${missing.join(', ')}.`);
  const pickupPin = nonEmpty(env.SHIPROCKET_PICKUP_PIN)!;
  if (!PIN.test(pickupPin)) throw new ConfigError(`SHIPROCKET_PICKUP_PIN must be a 6-digit PIN code, got "${pickupPin}".`);
  const webhookToken = nonEmpty(env.SHIPROCKET_WEBHOOK_TOKEN)!;
  if (webhookToken.length < 16) throw new ConfigError('SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters.');
  return {
    provider,
    email: nonEmpty(env.SHIPROCKET_EMAIL)!,
    password: nonEmpty(env.SHIPROCKET_PASSWORD)!,
    pickupLocation: nonEmpty(env.SHIPROCKET_PICKUP_LOCATION)!,
    pickupPin,
    webhookToken,
    apiUrl: urlOf('SHIPROCKET_API_URL', env.SHIPROCKET_API_URL),
    lab: labOf(env, true),
  };
}

function smtpUrlOf(raw: string | undefined): string | undefined {
  const value = nonEmpty(raw);
  if (value === undefined) return undefined;
  if (!/^smtps?:\/\//.test(value) || !URL.canParse(value)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.');
  return value;
}

/**
 * Months that orders, payments, invoices and kits are kept, also after the person's account is erased: the CGST Act
 * (section 36, with rule 56 of the CGST Rules) has accounts and invoices kept for 72 months.
 */
export const RETENTION_MONTHS = 72;

/** The DPDP Rules 2025 give at most 90 days to answer a grievance; an erasure is one. */
const MAX_ERASURE_DUE_DAYS = 90;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A bearer token long enough that guessing it is not practical. */
const METRICS_TOKEN = /^\S{24,}$/;

const DEMO_SELLER: Config['seller'] = {
  name: 'Gut360 Health Private Limited',
  gstin: '29AAICG1234K1ZH',
  state: 'Karnataka',
  address: '2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034',
  signatory: { name: 'Meera Krishnan', designation: 'Director' },
};

const DEMO_GRIEVANCE_OFFICER: Config['grievanceOfficer'] = {
  name: 'Kavya Iyer',
  email: 'grievance@gut360.example',
  phone: '+91 80 4000 3600',
  address: DEMO_SELLER.address,
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}".`);
  return value;
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function razorpayOf(env: Env): Config['razorpay'] {
  const keyId = nonEmpty(env.RAZORPAY_KEY_ID);
  const keySecret = nonEmpty(env.RAZORPAY_KEY_SECRET);
  const webhookSecret = nonEmpty(env.RAZORPAY_WEBHOOK_SECRET);
  const apiUrl = urlOf('RAZORPAY_API_URL', env.RAZORPAY_API_URL);
  if (!keyId && !keySecret && !webhookSecret) {
    if (apiUrl) throw new ConfigError('RAZORPAY_API_URL is set without the Razorpay keys; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET too.');
    return undefined;
  }
  if (!keyId || !keySecret || !webhookSecret) {
    throw new ConfigError('Set all three of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or none.');
  }
  return { keyId, keySecret, webhookSecret, apiUrl };
}

/** Ghost's Content API keys are 26 hexadecimal characters (Ghost Admin, Settings, Integrations). */
const GHOST_CONTENT_KEY = /^[0-9a-f]{26}$/i;
const GHOST_TIMEOUT_MS = 5000;

function ghostOf(env: Env): Config['ghost'] {
  const url = urlOf('GHOST_URL', env.GHOST_URL);
  const contentKey = nonEmpty(env.GHOST_CONTENT_KEY);
  if (!url && !contentKey) return undefined;
  if (!url || !contentKey) throw new ConfigError('Set both GHOST_URL and GHOST_CONTENT_KEY to read posts from Ghost, or neither.');
  if (!GHOST_CONTENT_KEY.test(contentKey)) {
    throw new ConfigError('GHOST_CONTENT_KEY must be the Content API key of a Ghost custom integration: 26 hexadecimal characters.');
  }
  return { url, contentKey, timeoutMs: GHOST_TIMEOUT_MS };
}

function indianStateOf(name: string, raw: string | undefined, fallback: IndianState): IndianState {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  const state = INDIAN_STATES.find((known) => known === value);
  if (!state) throw new ConfigError(`${name} must be an Indian state or union territory as written on invoices, got "${value}".`);
  return state;
}

function urlOf(name: string, raw: string | undefined): string | undefined {
  const value = nonEmpty(raw);
  if (value === undefined) return undefined;
  if (!/^https?:\/\//.test(value) || !URL.canParse(value)) throw new ConfigError(`${name} must be an http(s) URL, got "${value}".`);
  return value.replace(/\/+$/, '');
}

/** The names proxy-addr (Fastify's trustProxy) reads as ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, or an address with a prefix length its family allows. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  const value = nonEmpty(raw);
  if (value === undefined) return false;
  // A number is a count of proxy hops: trusting exactly the known proxies keeps clients from forging their address.
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['false', 'no', 'off'].includes(value.toLowerCase())) return false;
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front (e.g. 1) or a comma-separated list of their addresses or ` +
        `ranges (e.g. 10.0.0.0/8, or loopback, linklocal, uniquelocal), got "${wrong}".`,
    );
  }
  return entries.join(',');
}

/** Fills in defaults and enforces the rules that keep development shortcuts out of production. */
export function defineConfig(partial: Partial<Config> = {}): Config {
  const nodeEnv = partial.nodeEnv ?? 'development';
  const production = partial.production ?? nodeEnv === 'production';
  const config: Config = {
    port: 8080,
    host: '0.0.0.0',
    databaseUrl: undefined,
    pgliteDataDir: '.data/pglite',
    firebaseProjectId: 'demo-gut-shop',
    firebaseAuthEmulatorHost: undefined,
    firebaseServiceAccount: undefined,
    firebaseWebApiKey: undefined,
    sessionTtlHours: 168,
    accountRecheckMinutes: 10,
    unpaidOrderExpiryHours: 24,
    shutdownTimeoutSeconds: 25,
    demoData: !production,
    staticDir: undefined,
    trustProxy: false,
    logLevel: 'info',
    productsCacheTtlMs: 30_000,
    sessionRateLimitPerMinute: 20,
    razorpay: undefined,
    testGatewaySecret: 'test-gateway-secret-for-local-use-only',
    journeyAppUrl: undefined,
    publicSiteUrl: undefined,
    devMailOpen: false,
    seller: DEMO_SELLER,
    authChallengeRateLimitPerMinute: 10,
    authChallengeLimitPerTargetPerHour: 5,
    grievanceOfficer: DEMO_GRIEVANCE_OFFICER,
    erasureDueDays: 30,
    contactMessagesPerHour: 5,
    ghost: undefined,
    psqiOffered: !production,
    metricsToken: undefined,
    shipping: undefined,
    samplePickupReminderDays: 3,
    messages: {
      smtpUrl: undefined,
      catcher: false,
      catcherPort: 0,
      from: 'Gut360 Health <care@gut360.example>',
      signingSecret: DEV_SIGNING_SECRET,
      retryDelaySeconds: 30,
      sms: { provider: 'log' },
      whatsapp: { provider: 'log', verifyToken: undefined, appSecret: undefined, language: 'en' },
      queueSchema: 'pgboss',
    },
    ...partial,
    nodeEnv,
    production,
  };

  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new ConfigError(`PORT must be between 0 and 65535, got ${config.port}.`);
  }
  if (config.production) {
    if (config.firebaseAuthEmulatorHost) {
      throw new ConfigError(
        'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
          'The emulator accepts unsigned tokens; unset it in production.',
      );
    }
    if (config.demoData) {
      throw new ConfigError(
        'Refusing to start: DEMO_DATA is on while NODE_ENV=production. Demo accounts have a published password; set DEMO_DATA=false.',
      );
    }
    if (!config.messages.smtpUrl) {
      throw new ConfigError('Refusing to start: SMTP_URL is not set while NODE_ENV=production. Order confirmations and invoices are sent by e-mail.');
    }
    if (config.messages.signingSecret === DEV_SIGNING_SECRET) {
      throw new ConfigError('Refusing to start: set MESSAGE_SIGNING_SECRET (a long random string) for the unsubscribe links in production.');
    }
    if (!config.publicSiteUrl) {
      throw new ConfigError(
        'Refusing to start: PUBLIC_SITE_URL is not set while NODE_ENV=production. Links in e-mails, kit labels, the sitemap and robots.txt need the shop’s address, e.g. https://shop.example.com.',
      );
    }
    if (config.trustProxy === true) {
      throw new ConfigError(
        'Refusing to start: TRUST_PROXY=true while NODE_ENV=production trusts any X-Forwarded-For a client writes, past every ' +
          'per-address limit and into the audit log. Set the number of proxies in front (e.g. 1) or their addresses.',
      );
    }
    if (config.devMailOpen) {
      throw new ConfigError('Refusing to start: DEV_MAIL_OPEN is set while NODE_ENV=production. Production has no development mail page; unset it.');
    }
  }
  const gstinMistake = gstinProblem(config.seller.gstin);
  if (gstinMistake) throw new ConfigError(`SELLER_GSTIN "${config.seller.gstin}" is not a valid GSTIN. ${gstinMistake}`);
  // A GSTIN is issued per state: invoices would name one state and carry another's registration.
  const gstinState = stateOfGstCode(config.seller.gstin.slice(0, 2));
  if (gstinState !== config.seller.state) {
    throw new ConfigError(
      `SELLER_GSTIN "${config.seller.gstin}" is registered in ${gstinState ?? `GST state code ${config.seller.gstin.slice(0, 2)}`}, ` +
        `but SELLER_STATE is ${config.seller.state}; set the GSTIN of the seller's registration in ${config.seller.state}.`,
    );
  }
  if (!Number.isInteger(config.erasureDueDays) || config.erasureDueDays < 1 || config.erasureDueDays > MAX_ERASURE_DUE_DAYS) {
    throw new ConfigError(
      `ERASURE_DUE_DAYS must be a whole number of days from 1 to ${MAX_ERASURE_DUE_DAYS} (the DPDP Rules 2025 allow at most ` +
        `${MAX_ERASURE_DUE_DAYS} days to answer a grievance), got ${config.erasureDueDays}.`,
    );
  }
  if (!EMAIL.test(config.grievanceOfficer.email)) {
    throw new ConfigError(`GRIEVANCE_OFFICER_EMAIL must be an e-mail address, got "${config.grievanceOfficer.email}".`);
  }
  if (config.metricsToken !== undefined && !METRICS_TOKEN.test(config.metricsToken)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 24 characters without spaces, e.g. the output of `openssl rand -base64 32`.',
    );
  }
  if (config.firebaseServiceAccount) {
    try {
      JSON.parse(config.firebaseServiceAccount);
    } catch {
      throw new ConfigError('FIREBASE_SERVICE_ACCOUNT must be the service account key as JSON.');
    }
  }
  return config;
}

/** The shop's address, without a trailing slash: PUBLIC_SITE_URL, or this server on this computer. */
export function siteUrlOf(config: Pick<Config, 'publicSiteUrl' | 'port'>): string {
  return (config.publicSiteUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const production = nodeEnv === 'production';
  const sellerAddress = nonEmpty(env.SELLER_ADDRESS) ?? DEMO_SELLER.address;
  return defineConfig({
    port: positiveIntOrZero('PORT', env.PORT, 8080),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDataDir: nonEmpty(env.PGLITE_DATA_DIR) ?? '.data/pglite',
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-gut-shop',
    firebaseAuthEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    firebaseServiceAccount: nonEmpty(env.FIREBASE_SERVICE_ACCOUNT),
    firebaseWebApiKey: nonEmpty(env.FIREBASE_WEB_API_KEY),
    nodeEnv,
    production,
    sessionTtlHours: positiveInt('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 168),
    accountRecheckMinutes: positiveInt('ACCOUNT_RECHECK_MINUTES', env.ACCOUNT_RECHECK_MINUTES, 10),
    unpaidOrderExpiryHours: positiveInt('UNPAID_ORDER_EXPIRY_HOURS', env.UNPAID_ORDER_EXPIRY_HOURS, 24),
    shutdownTimeoutSeconds: positiveInt('SHUTDOWN_TIMEOUT_SECONDS', env.SHUTDOWN_TIMEOUT_SECONDS, 25),
    demoData: flag('DEMO_DATA', env.DEMO_DATA, !production),
    staticDir: env.STATIC_DIR === undefined ? 'dist' : nonEmpty(env.STATIC_DIR),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    productsCacheTtlMs: positiveInt('PRODUCTS_CACHE_TTL_MS', env.PRODUCTS_CACHE_TTL_MS, 30_000),
    sessionRateLimitPerMinute: positiveInt('SESSION_RATE_LIMIT_PER_MINUTE', env.SESSION_RATE_LIMIT_PER_MINUTE, 20),
    razorpay: razorpayOf(env),
    testGatewaySecret: nonEmpty(env.TEST_GATEWAY_SECRET) ?? 'test-gateway-secret-for-local-use-only',
    journeyAppUrl: urlOf('JOURNEY_APP_URL', env.JOURNEY_APP_URL),
    publicSiteUrl: urlOf('PUBLIC_SITE_URL', env.PUBLIC_SITE_URL),
    devMailOpen: flag('DEV_MAIL_OPEN', env.DEV_MAIL_OPEN, false),
    seller: {
      name: nonEmpty(env.SELLER_NAME) ?? DEMO_SELLER.name,
      gstin: nonEmpty(env.SELLER_GSTIN)?.toUpperCase() ?? DEMO_SELLER.gstin,
      state: indianStateOf('SELLER_STATE', env.SELLER_STATE, DEMO_SELLER.state),
      address: sellerAddress,
      signatory: {
        name: nonEmpty(env.SELLER_SIGNATORY_NAME) ?? DEMO_SELLER.signatory.name,
        designation: nonEmpty(env.SELLER_SIGNATORY_DESIGNATION) ?? DEMO_SELLER.signatory.designation,
      },
    },
    contactMessagesPerHour: positiveInt('CONTACT_MESSAGES_PER_HOUR', env.CONTACT_MESSAGES_PER_HOUR, 5),
    ghost: ghostOf(env),
    authChallengeRateLimitPerMinute: positiveInt(
      'AUTH_CHALLENGE_RATE_LIMIT_PER_MINUTE',
      env.AUTH_CHALLENGE_RATE_LIMIT_PER_MINUTE,
      10,
    ),
    authChallengeLimitPerTargetPerHour: positiveInt(
      'AUTH_CHALLENGE_LIMIT_PER_TARGET_PER_HOUR',
      env.AUTH_CHALLENGE_LIMIT_PER_TARGET_PER_HOUR,
      5,
    ),
    grievanceOfficer: {
      name: nonEmpty(env.GRIEVANCE_OFFICER_NAME) ?? DEMO_GRIEVANCE_OFFICER.name,
      email: nonEmpty(env.GRIEVANCE_OFFICER_EMAIL) ?? DEMO_GRIEVANCE_OFFICER.email,
      phone: nonEmpty(env.GRIEVANCE_OFFICER_PHONE) ?? DEMO_GRIEVANCE_OFFICER.phone,
      address: nonEmpty(env.GRIEVANCE_OFFICER_ADDRESS) ?? sellerAddress,
    },
    erasureDueDays: wholeNumber('ERASURE_DUE_DAYS', env.ERASURE_DUE_DAYS, 30),
    psqiOffered: flag('PSQI_OFFERED', env.PSQI_OFFERED, !production),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    shipping: shippingOf(env, production),
    samplePickupReminderDays: positiveInt('SAMPLE_PICKUP_REMINDER_DAYS', env.SAMPLE_PICKUP_REMINDER_DAYS, 3),
    messages: {
      smtpUrl: smtpUrlOf(env.SMTP_URL),
      catcher: !production && flag('MAIL_CATCHER', env.MAIL_CATCHER, !nonEmpty(env.SMTP_URL)),
      catcherPort: positiveIntOrZero('MAIL_CATCHER_PORT', env.MAIL_CATCHER_PORT, 0),
      from: nonEmpty(env.MAIL_FROM) ?? 'Gut360 Health <care@gut360.example>',
      signingSecret: nonEmpty(env.MESSAGE_SIGNING_SECRET) ?? DEV_SIGNING_SECRET,
      retryDelaySeconds: positiveInt('MESSAGE_RETRY_DELAY_SECONDS', env.MESSAGE_RETRY_DELAY_SECONDS, 30),
      sms: smsOf(env),
      whatsapp: whatsappOf(env),
      queueSchema: 'pgboss',
    },
  });
}

function positiveIntOrZero(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  return value;
}

/** A whole number as written, any sign: `defineConfig` checks its range and says why. */
function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  return value;
}
