import { describe, expect, it } from 'vitest';
import { isValidGstin } from '../../machines/gstin';
import { ConfigError, loadConfig, siteUrlOf } from '../../server/config';


/** What production needs besides NODE_ENV: a mail server, its own signing secret and the shop's address. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtps://shop:secret@smtp.example.com:465',
  MESSAGE_SIGNING_SECRET: 'a-long-random-production-secret',
  PUBLIC_SITE_URL: 'https://shop.example.in',
} as const;

describe('configuration', () => {
  it('has working defaults for one machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDataDir: '.data/pglite',
      firebaseProjectId: 'demo-gut-shop',
      firebaseAuthEmulatorHost: undefined,
      production: false,
      sessionTtlHours: 168,
      demoData: true,
      staticDir: 'dist',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://db.internal/shop',
      FIREBASE_PROJECT_ID: 'gut-shop-prod',
      SESSION_TTL_HOURS: '24',
      ACCOUNT_RECHECK_MINUTES: '5',
      DEMO_DATA: 'false',
      STATIC_DIR: '',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://db.internal/shop',
      firebaseProjectId: 'gut-shop-prod',
      sessionTtlHours: 24,
      accountRecheckMinutes: 5,
      demoData: false,
      staticDir: undefined,
    });
    expect(typeof config.trustProxy).toBe('function');
  });

  it('refuses to start in production with the Auth emulator configured', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DEMO_DATA: 'false' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('refuses to start in production with demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
  });

  it('reads the limits on sign-in messages', () => {
    expect(loadConfig({})).toMatchObject({ authChallengeRateLimitPerMinute: 10, authChallengeLimitPerTargetPerHour: 5 });
    expect(
      loadConfig({ AUTH_CHALLENGE_RATE_LIMIT_PER_MINUTE: '3', AUTH_CHALLENGE_LIMIT_PER_TARGET_PER_HOUR: '2' }),
    ).toMatchObject({ authChallengeRateLimitPerMinute: 3, authChallengeLimitPerTargetPerHour: 2 });
    expect(() => loadConfig({ AUTH_CHALLENGE_LIMIT_PER_TARGET_PER_HOUR: '0' })).toThrow(/AUTH_CHALLENGE_LIMIT_PER_TARGET_PER_HOUR/);
  });

  it('reads Razorpay’s keys, all three or none, and where its API is', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_key', RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret' };
    expect(loadConfig({}).razorpay).toBeUndefined();
    expect(loadConfig(keys).razorpay).toEqual({ keyId: 'rzp_live_key', keySecret: 'key-secret', webhookSecret: 'webhook-secret', apiUrl: undefined });
    expect(loadConfig({ ...keys, RAZORPAY_API_URL: 'http://127.0.0.1:9300/' }).razorpay?.apiUrl).toBe('http://127.0.0.1:9300');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_key' })).toThrow(/all three/);
    expect(() => loadConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:9300' })).toThrow(/RAZORPAY_API_URL is set without the Razorpay keys/);
    expect(() => loadConfig({ ...keys, RAZORPAY_API_URL: 'api.razorpay.com' })).toThrow(/RAZORPAY_API_URL must be an http\(s\) URL/);
  });

  it('has a demo seller whose GSTIN is valid, and reads the seller and the signatory of its invoices', () => {
    const { seller } = loadConfig({});
    expect(isValidGstin(seller.gstin)).toBe(true);
    expect(seller).toMatchObject({ state: 'Karnataka', signatory: { name: expect.any(String), designation: expect.any(String) } });
    expect(
      loadConfig({
        SELLER_NAME: 'Gut Labs LLP',
        SELLER_GSTIN: ' 27aapfu0939f1zv ',
        SELLER_STATE: 'Maharashtra',
        SELLER_ADDRESS: '1 Marine Drive, Mumbai 400020',
        SELLER_SIGNATORY_NAME: 'R. Mehta',
        SELLER_SIGNATORY_DESIGNATION: 'Partner',
      }).seller,
    ).toEqual({
      name: 'Gut Labs LLP',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      address: '1 Marine Drive, Mumbai 400020',
      signatory: { name: 'R. Mehta', designation: 'Partner' },
    });
  });

  it.each([
    ['a GSTIN whose check character is wrong', { SELLER_GSTIN: '29AAICG1234K1Z5' }, /SELLER_GSTIN "29AAICG1234K1Z5" is not a valid GSTIN\. .*ends in H/],
    ['a GSTIN of the wrong shape', { SELLER_GSTIN: '29AAICG1234K' }, /SELLER_GSTIN .* 15 characters/],
    ['another state’s GSTIN', { SELLER_GSTIN: '27AAPFU0939F1ZV' }, /registered in Maharashtra, but SELLER_STATE is Karnataka/],
    ['a state that is not Indian', { SELLER_STATE: 'Bavaria' }, /SELLER_STATE must be an Indian state/],
  ])('refuses %s for the seller', (_, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('has a demo grievance officer at the seller’s address, and reads the officer and the days to complete an erasure', () => {
    const defaults = loadConfig({ SELLER_ADDRESS: '1 Marine Drive, Mumbai 400020' });
    expect(defaults.grievanceOfficer).toMatchObject({ name: expect.any(String), email: expect.stringContaining('@'), phone: expect.any(String) });
    expect(defaults.grievanceOfficer.address).toBe('1 Marine Drive, Mumbai 400020');
    expect(defaults.erasureDueDays).toBe(30);
    const config = loadConfig({
      GRIEVANCE_OFFICER_NAME: 'Kavya Iyer',
      GRIEVANCE_OFFICER_EMAIL: 'privacy@gut360.example',
      GRIEVANCE_OFFICER_PHONE: '+91 80 4000 3600',
      GRIEVANCE_OFFICER_ADDRESS: 'Privacy desk, 80 Feet Road, Bengaluru 560034',
      ERASURE_DUE_DAYS: '90',
    });
    expect(config.grievanceOfficer).toEqual({
      name: 'Kavya Iyer',
      email: 'privacy@gut360.example',
      phone: '+91 80 4000 3600',
      address: 'Privacy desk, 80 Feet Road, Bengaluru 560034',
    });
    expect(config.erasureDueDays).toBe(90);
    expect(loadConfig({ ERASURE_DUE_DAYS: '1' }).erasureDueDays).toBe(1);
  });

  it.each([
    [{ ERASURE_DUE_DAYS: '0' }, /ERASURE_DUE_DAYS must be a whole number of days from 1 to 90/],
    [{ ERASURE_DUE_DAYS: '91' }, /ERASURE_DUE_DAYS must be a whole number of days from 1 to 90 \(the DPDP Rules 2025/],
    [{ ERASURE_DUE_DAYS: '30.5' }, /ERASURE_DUE_DAYS must be a whole number/],
    [{ ERASURE_DUE_DAYS: 'a month' }, /ERASURE_DUE_DAYS must be a whole number/],
    [{ GRIEVANCE_OFFICER_EMAIL: 'the grievance officer' }, /GRIEVANCE_OFFICER_EMAIL must be an e-mail address/],
  ])('refuses %o for data rights', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('turns demo data off by default in production', () => {
    expect(loadConfig({ ...PRODUCTION }).demoData).toBe(false);
  });

  it('refuses to start in production without a mail server or with the development signing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MESSAGE_SIGNING_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://user:pass@smtp.example.com:465' })).toThrow(/MESSAGE_SIGNING_SECRET/);
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL must be/);
    const config = loadConfig({ ...PRODUCTION });
    expect(config.messages).toMatchObject({ smtpUrl: PRODUCTION.SMTP_URL, catcher: false, sms: { provider: 'log' } });
  });

  it('refuses to start in production without PUBLIC_SITE_URL; elsewhere the shop’s address is this server on this computer', () => {
    const { PUBLIC_SITE_URL: _address, ...withoutAddress } = PRODUCTION;
    expect(() => loadConfig(withoutAddress)).toThrow(ConfigError);
    expect(() => loadConfig(withoutAddress)).toThrow(/PUBLIC_SITE_URL is not set while NODE_ENV=production/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_SITE_URL: 'shop.example.in' })).toThrow(/PUBLIC_SITE_URL must be an http\(s\) URL/);
    expect(siteUrlOf(loadConfig({ ...PRODUCTION, PUBLIC_SITE_URL: 'https://shop.example.in/' }))).toBe('https://shop.example.in');
    expect(siteUrlOf(loadConfig({}))).toBe('http://localhost:8080');
    expect(siteUrlOf(loadConfig({ PORT: '9000' }))).toBe('http://localhost:9000');
  });

  it('takes TRUST_PROXY as a hop count or the proxies’ addresses, and refuses true in production', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const hops = loadConfig({ ...PRODUCTION, TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false, false]);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: ' 10.0.0.0/8, 2001:db8::/32 ,192.0.2.10, loopback' }).trustProxy).toBe(
      '10.0.0.0/8,2001:db8::/32,192.0.2.10,loopback',
    );
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: 'uniquelocal,linklocal' }).trustProxy).toBe('uniquelocal,linklocal');
    // Outside production `true` is still taken (a laptop behind its own proxy); production refuses it.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    for (const yes of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: yes })).toThrow(/TRUST_PROXY=true while NODE_ENV=production/);
    }
    for (const wrong of ['everyone', '10.0.0.0/33', '10.0.0.1,', '::1/129', 'proxy.internal', '10.0.0.0/8/8', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY must be the number of proxies/);
    }
  });

  it('serves the development mail page only on this computer unless DEV_MAIL_OPEN, which production refuses', () => {
    expect(loadConfig({}).devMailOpen).toBe(false);
    expect(loadConfig({ DEV_MAIL_OPEN: 'true' }).devMailOpen).toBe(true);
    expect(() => loadConfig({ DEV_MAIL_OPEN: 'everyone' })).toThrow(/DEV_MAIL_OPEN must be true or false/);
    expect(loadConfig({ ...PRODUCTION, DEV_MAIL_OPEN: 'false' }).devMailOpen).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEV_MAIL_OPEN: 'true' })).toThrow(/DEV_MAIL_OPEN is set while NODE_ENV=production/);
  });

  it('runs the local mail catcher outside production unless a mail server is set, and reads the SMS provider', () => {
    expect(loadConfig({}).messages).toMatchObject({ catcher: true, catcherPort: 0, smtpUrl: undefined });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).messages.catcher).toBe(false);
    expect(loadConfig({ MAIL_CATCHER: 'false' }).messages.catcher).toBe(false);
    expect(loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_KIT_SHIPPED: 'a', MSG91_TEMPLATE_REPORT_READY: 'b' }).messages.sms).toEqual({
      provider: 'msg91',
      authKey: 'k',
      templates: { 'kit-shipped': 'a', 'report-ready': 'b' },
    });
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER must be/);
  });

  it('reads the WhatsApp provider, and refuses half of the Cloud API’s settings, in production too', () => {
    expect(loadConfig({}).messages.whatsapp).toEqual({ provider: 'log', verifyToken: undefined, appSecret: undefined, language: 'en' });
    const cloud = {
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
    };
    expect(loadConfig(cloud).messages.whatsapp).toEqual({
      provider: 'cloud',
      token: 'EAAG-token',
      phoneNumberId: '106540352242922',
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      language: 'en',
      apiUrl: undefined,
    });
    expect(loadConfig({ ...cloud, WHATSAPP_TEMPLATE_LANGUAGE: 'en_US', WHATSAPP_API_URL: 'http://127.0.0.1:9' }).messages.whatsapp).toMatchObject({
      language: 'en_US',
      apiUrl: 'http://127.0.0.1:9',
    });
    for (const missing of ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']) {
      const half = { ...cloud, [missing]: '' };
      expect(() => loadConfig(half), missing).toThrow(/WHATSAPP_PROVIDER=cloud needs/);
      expect(() => loadConfig({ ...PRODUCTION, ...half }), missing).toThrow(/WHATSAPP_PROVIDER=cloud needs/);
    }
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAG-token' })).toThrow(/without WHATSAPP_PROVIDER=cloud/);
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'telegram' })).toThrow(/WHATSAPP_PROVIDER must be log or cloud/);
    expect(() => loadConfig({ ...cloud, WHATSAPP_TEMPLATE_LANGUAGE: 'English' })).toThrow(/WHATSAPP_TEMPLATE_LANGUAGE/);
  });

  it('offers the PSQI by default outside production only, and reads PSQI_OFFERED', () => {
    expect(loadConfig({}).psqiOffered).toBe(true);
    expect(loadConfig({ ...PRODUCTION }).psqiOffered).toBe(false);
    expect(loadConfig({ ...PRODUCTION, PSQI_OFFERED: 'true' }).psqiOffered).toBe(true);
    expect(loadConfig({ PSQI_OFFERED: 'false' }).psqiOffered).toBe(false);
    expect(() => loadConfig({ PSQI_OFFERED: 'licensed' })).toThrow(/PSQI_OFFERED must be true or false/);
  });

  it('serves no metrics without METRICS_TOKEN, and refuses a token short enough to guess', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    const token = 'c2NyYXBlLW1lLWlmLXlvdS1jYW4';
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(23) })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'twenty four characters, with spaces' })).toThrow(/METRICS_TOKEN/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SESSION_TTL_HOURS: '-1' }, /SESSION_TTL_HOURS/],
    [{ ACCOUNT_RECHECK_MINUTES: '0' }, /ACCOUNT_RECHECK_MINUTES/],
    [{ ACCOUNT_RECHECK_MINUTES: 'ten' }, /ACCOUNT_RECHECK_MINUTES/],
    [{ DEMO_DATA: 'maybe' }, /DEMO_DATA/],
    [{ FIREBASE_SERVICE_ACCOUNT: '{not json' }, /FIREBASE_SERVICE_ACCOUNT/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('configuration of shipping', () => {
  const SHIPROCKET = {
    SHIPPING_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: 'api@shop.example.in',
    SHIPROCKET_PASSWORD: 'secret',
    SHIPROCKET_PICKUP_LOCATION: 'Koramangala warehouse',
    SHIPROCKET_PICKUP_PIN: '560034',
    SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token-1234',
  } as const;
  const LAB = {
    LAB_NAME: 'Gut360 Microbiome Lab',
    LAB_ADDRESS: 'Plot 14, Bommasandra Industrial Area',
    LAB_CITY: 'Bengaluru',
    LAB_STATE: 'Karnataka',
    LAB_PIN: '560099',
    LAB_PHONE: '+91 80400 03601',
    LAB_EMAIL: 'lab@shop.example.in',
  } as const;

  it('uses the test courier and the demo lab outside production, and enters shipments by hand in production by default', () => {
    expect(loadConfig({}).shipping).toMatchObject({ provider: 'test', lab: { name: 'Gut360 Microbiome Lab', pin: '560099' } });
    expect(loadConfig({ SHIPPING_PROVIDER: 'none' }).shipping).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION }).shipping).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, SHIPPING_PROVIDER: 'test' })).toThrow(/SHIPPING_PROVIDER=test while NODE_ENV=production/);
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'carrier-pigeon' })).toThrow(/SHIPPING_PROVIDER must be test, shiprocket or none/);
  });

  it('reads Shiprocket with every setting and the lab’s address', () => {
    expect(loadConfig({ ...PRODUCTION, ...SHIPROCKET, ...LAB }).shipping).toEqual({
      provider: 'shiprocket',
      email: 'api@shop.example.in',
      password: 'secret',
      pickupLocation: 'Koramangala warehouse',
      pickupPin: '560034',
      webhookToken: 'a-long-webhook-token-1234',
      apiUrl: undefined,
      lab: { name: 'Gut360 Microbiome Lab', line1: 'Plot 14, Bommasandra Industrial Area', line2: '', city: 'Bengaluru', state: 'Karnataka', pin: '560099', phone: '8040003601', email: 'lab@shop.example.in' },
    });
  });

  it('refuses to start with half of Shiprocket’s settings, or half of the lab’s', () => {
    expect(() => loadConfig({ ...PRODUCTION, SHIPPING_PROVIDER: 'shiprocket', SHIPROCKET_EMAIL: 'api@shop.example.in', ...LAB })).toThrow(
      'SHIPPING_PROVIDER=shiprocket needs SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_PICKUP_PIN, SHIPROCKET_WEBHOOK_TOKEN.',
    );
    expect(() => loadConfig({ ...PRODUCTION, SHIPROCKET_EMAIL: 'api@shop.example.in' })).toThrow(/SHIPROCKET_EMAIL is set but SHIPPING_PROVIDER is none/);
    expect(() => loadConfig({ ...PRODUCTION, ...SHIPROCKET })).toThrow(/The lab's address is incomplete: set LAB_NAME, LAB_ADDRESS/);
    expect(() => loadConfig({ ...PRODUCTION, ...SHIPROCKET, ...LAB, LAB_EMAIL: '' })).toThrow("The lab's address is incomplete: set LAB_EMAIL.");
    expect(() => loadConfig({ ...PRODUCTION, ...SHIPROCKET, ...LAB, LAB_PIN: '56009' })).toThrow(/LAB_PIN must be a 6-digit PIN code/);
    expect(() => loadConfig({ ...PRODUCTION, ...SHIPROCKET, ...LAB, SHIPROCKET_PICKUP_PIN: 'x' })).toThrow(/SHIPROCKET_PICKUP_PIN must be a 6-digit PIN code/);
    expect(() => loadConfig({ ...PRODUCTION, ...SHIPROCKET, ...LAB, SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  });
});
