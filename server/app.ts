/**
 * The app factory shared by `main.ts` and the tests. It opens the database and wires the contract, but neither
 * migrates nor listens: callers decide when (see `prepareData`).
 */
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import { limitKeyOf } from './client-address';
import { siteUrlOf, type Config } from './config';
import { openDb, type Db } from './db';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { HttpError, notFound, registerErrorHandling, sendError, tooManyRequests } from './errors';
import { firebaseAuth } from './firebase';
import { nestsDeeperThan, tooDeep } from './json-depth';
import { contractValidatorCompiler, loadContract, refuseControlCharacters, type Contract } from './openapi';
import { accountRecheck, contractAccess, type AccountRecheck } from './plugins/auth';
import { securityHeadersFor } from './plugins/security-headers';
import { Lifecycle, registerDraining } from './lifecycle';
import { serverWithFrontDoor, type FrontDoor } from './front-door';
import { EXPIRY_SWEEP_EVERY_SECONDS, expireUnpaidOrders } from './services/order-expiry';
import { startSchedule } from './services/schedule';
import { expiredExportsTask } from './services/exports';
import { sweepLostMessages } from './services/messages/sweep';
import { Jobs, LEASE_SECONDS, mailTransportOf, smsProviderOf, whatsappProviderOf } from './services/jobs';
import { startMailCatcher, type MailCatcher } from './services/messages/catcher';
import { Messages, UNPAID_REMINDER_AFTER_HOURS } from './services/messages/events';
import { LogSmsProvider } from './services/messages/sms';
import { LogWhatsappProvider } from './services/messages/whatsapp';
import { shippingProviderOf, type ShippingProvider } from './services/shipping';
import { devMailRoutes } from './routes/dev-mail/handlers';
import { pageLookup } from './plugins/page-content';
import { registerMetrics } from './plugins/metrics';
import { registerSpa } from './plugins/static';
import { attemptCounter, databaseRateLimitStore, type AttemptCounter, type Clock } from './plugins/rate-limit';
import { addressRoutes } from './routes/addresses/handlers';
import { adminCouponRoutes } from './routes/admin-coupons/handlers';
import { adminCustomerRoutes } from './routes/admin-customers/handlers';
import { adminExportRoutes } from './routes/admin-exports/handlers';
import { adminOrderRoutes } from './routes/admin-orders/handlers';
import { adminProductRoutes } from './routes/admin-products/handlers';
import { adminKitRoutes } from './routes/admin-kits/handlers';
import { adminMessageRoutes } from './routes/admin-messages/handlers';
import { adminTeamRoutes } from './routes/admin-team/handlers';
import { authoringRoutes } from './routes/authoring/handlers';
import { authRoutes } from './routes/auth/handlers';
import { cartRoutes } from './routes/cart/handlers';
import { contactRoutes } from './routes/contact/handlers';
import { contentRoutes } from './routes/content/handlers';
import { couponsRoutes } from './routes/coupons/handlers';
import { ebookRoutes } from './routes/ebook/handlers';
import { healthRoutes } from './routes/health/handlers';
import { kitIntakeRoutes } from './routes/kit-intakes/handlers';
import { kitPickupRoutes } from './routes/kit-pickups/handlers';
import { kitRoutes } from './routes/kits/handlers';
import { orderRoutes } from './routes/orders/handlers';
import { paymentRoutes } from './routes/payments/handlers';
import { privacyRoutes } from './routes/privacy/handlers';
import { CatalogueCache, catalogueFromMemory, productsRoutes } from './routes/products/handlers';
import { publicationRoutes } from './routes/publications/handlers';
import { questionnaireRoutes } from './routes/questionnaires/handlers';
import { shippingRoutes } from './routes/shipping/handlers';
import { staffHomeRoutes } from './routes/staff-home/handlers';
import { unsubscribeRoutes } from './routes/unsubscribe/handlers';
import { whatsappRoutes } from './routes/whatsapp/handlers';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    contract: Contract;
    firebaseAuth: Auth;
    catalogue: CatalogueCache;
    attempts: AttemptCounter;
    accountRecheck: AccountRecheck;
    jobs: Jobs;
    messages: Messages;
    lifecycle: Lifecycle;
    /** The courier aggregator; null when shipments are entered by hand. */
    shipping: ShippingProvider | null;
  }
}

export interface AppOptions {
  /**
   * The time rate-limit windows and account re-checks follow; the database's clock when unset. Tests pass a clock
   * they move by hand.
   */
  now?: Clock;
  /**
   * Run the scheduled tasks (expiring unpaid orders and reminding of them, handing lost messages back to the queue,
   * deleting expired exports), once per interval across all processes; the server process does, the tests call the
   * tasks themselves.
   */
  scheduledJobs?: boolean;
  /** Send the outbox's e-mail and SMS in this process; the server does, the tests of sending start it themselves. */
  sendMessages?: boolean;
  /** An open database to use (and close with the app) instead of opening the one the configuration names. */
  db?: Db;
}

const API_PATH = /^\/api(?:[/?]|$)/;
/** How often messages whose job was lost are handed back to the queue. */
const MESSAGE_SWEEP_EVERY_SECONDS = 30;
/** How often kits activated some days ago with no pickup booked are looked for. */
const PICKUP_REMINDER_EVERY_SECONDS = 3600;
const FILE_PATH = /\/[^/?]+\.[a-z0-9]+(?:\?|$)/i;

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const contract = loadContract();
  const db = options.db ?? (await openDb(config));
  const headers = securityHeadersFor(config);
  const securityHeadersOf = (url: string) => (API_PATH.test(url) ? headers.api : headers.pages);
  // The catalogue is answered from memory ahead of Fastify once its route is registered (`catalogueFromMemory`).
  let frontDoor: FrontDoor | undefined;
  const app = Fastify({
    serverFactory: serverWithFrontDoor(() => frontDoor),
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Draining answers with the shop's own 503 (lifecycle.ts), not Fastify's.
    return503OnClosing: false,
    // Errors raised before routing (a malformed URL) skip the error handler; they get the same shape here.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeadersOf(request.url));
      if (error.statusCode !== undefined && error.statusCode < 500) {
        sendError(reply, new HttpError(error.statusCode, 'The request URL is not valid.', 'BAD_REQUEST'));
        return;
      }
      request.log.error({ err: error }, 'request failed before routing');
      sendError(reply, new HttpError(500, 'Something went wrong on our side. Please try again in a moment.', 'INTERNAL'));
    },
  });
  // The site's address in messages: the public one, or this server's for a local shop.
  const siteUrl = siteUrlOf(config);
  let catcher: MailCatcher | undefined;
  try {
    const sms = smsProviderOf(config.messages.sms, app.log, config.production);
    const whatsapp = whatsappProviderOf(config.messages.whatsapp, app.log, config.production);
    if (config.messages.catcher && !config.production) {
      catcher = await startMailCatcher({ port: config.messages.catcherPort });
      app.log.info(`Local mail catcher on port ${catcher.port}; what the shop sends is at /_dev/mail`);
    }
    const jobs = new Jobs({
      mail: mailTransportOf(config.messages.smtpUrl, catcher?.port),
      sms,
      whatsapp,
      sendMessages: options.sendMessages ?? false,
    });
    app.decorate('jobs', jobs);
    app.decorate('messages', new Messages(() => jobs.queue, siteUrl, config.journeyAppUrl));
    if (!config.production && (catcher || sms instanceof LogSmsProvider || whatsapp instanceof LogWhatsappProvider)) {
      await app.register((scope) =>
        devMailRoutes(
          scope,
          {
            mail: catcher,
            sms: sms instanceof LogSmsProvider ? sms : undefined,
            whatsapp: whatsapp instanceof LogWhatsappProvider ? whatsapp : undefined,
          },
          { open: config.devMailOpen },
        ),
      );
    }

    const lifecycle = new Lifecycle();
    app.decorate('lifecycle', lifecycle);
    registerDraining(app, lifecycle);

    // The tasks start once the server is ready, so after the migrations that the process runs before listening.
    let stopTasks: (() => Promise<unknown>) | undefined;
    app.addHook('onReady', async () => {
      lifecycle.phase = 'ready';
      if (!options.scheduledJobs) return;
      stopTasks = startSchedule(
        db,
        [
          {
            name: 'orders.expire-unpaid',
            everySeconds: EXPIRY_SWEEP_EVERY_SECONDS,
            run: async () => {
              await expireUnpaidOrders(db, config.unpaidOrderExpiryHours);
              await db.transaction((tx) => app.messages.remindUnpaid(tx, UNPAID_REMINDER_AFTER_HOURS, config.unpaidOrderExpiryHours));
            },
          },
          {
            name: 'messages.hand-back-lost',
            everySeconds: MESSAGE_SWEEP_EVERY_SECONDS,
            run: () => sweepLostMessages(db, app.jobs.queue, config.messages.queueSchema, LEASE_SECONDS),
          },
          expiredExportsTask(db, app.log),
          // Samples not booked for pickup are chased once, where a courier service can collect them.
          ...(app.shipping
            ? [
                {
                  name: 'kits.remind-pickups',
                  everySeconds: PICKUP_REMINDER_EVERY_SECONDS,
                  run: () => db.transaction((tx) => app.messages.remindPickups(tx, config.samplePickupReminderDays)),
                },
              ]
            : []),
        ],
        app.log,
      );
    });
    app.addHook('onClose', async () => {
      lifecycle.phase = 'draining';
      await lifecycle.handlersDone();
      await stopTasks?.();
      await app.jobs.stop();
      await catcher?.stop();
      await db.close();
    });

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('contract', contract);
    app.decorate('firebaseAuth', firebaseAuth(config));
    app.decorate('catalogue', new CatalogueCache(db, config.productsCacheTtlMs, headers.api));
    app.decorate('shipping', shippingProviderOf(config));
    app.decorate('attempts', attemptCounter(db, options.now));
    app.decorate('accountRecheck', accountRecheck(db, app.firebaseAuth, config.accountRecheckMinutes, options.now));
    app.decorateRequest('session', null);

    // Before any route: each API route must be a contract operation, and gets the checks its security declares.
    app.addHook('onRoute', contractAccess(contract));

    app.setValidatorCompiler(contractValidatorCompiler());
    app.addHook('preValidation', refuseControlCharacters);
    registerErrorHandling(app);
    registerMetrics(app);

    // The SPA sends a JSON content type on every call (SPEC §7), including DELETEs and POSTs that carry no body;
    // an empty body is "no body" rather than malformed JSON. Anything else goes through Fastify's own parser.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') {
        done(null, undefined);
        return;
      }
      if (nestsDeeperThan(body as string)) {
        done(tooDeep(), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    // One hook for what every answer carries: the security headers, and no caching of answers about a person by
    // browsers or proxies unless a route says otherwise. The catalogue's answer from memory is written past Fastify's
    // reply, with these same headers made once (`CatalogueCache.answers`): a header added here must be added there too.
    app.addHook('onSend', (request, reply, payload, done) => {
      const api = API_PATH.test(request.url);
      reply.headers(api ? headers.api : headers.pages);
      if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    // API answers are compressed on the fly; the SPA's files are served precompressed by the static plugin.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Brotli's default (quality 11) is meant for files compressed once; per request it would cost more than it saves.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });

    await app.register(rateLimit, {
      global: false,
      // Per client address unless a route counts by something else; an IPv6 client by its /64.
      keyGenerator: (request) => limitKeyOf(request.ip),
      store: databaseRateLimitStore(db, app.attempts),
      errorResponseBuilder: () => tooManyRequests(),
    });

    await app.register(healthRoutes);
    await app.register(authRoutes);
    await app.register(productsRoutes);
    frontDoor = catalogueFromMemory(app);
    await app.register(cartRoutes);
    await app.register(addressRoutes);
    await app.register(orderRoutes);
    await app.register(paymentRoutes);
    await app.register(shippingRoutes);
    await app.register(whatsappRoutes);
    await app.register(kitRoutes);
    await app.register(kitIntakeRoutes);
    await app.register(kitPickupRoutes);
    await app.register(couponsRoutes);
    await app.register(privacyRoutes);
    await app.register(contactRoutes);
    await app.register(publicationRoutes);
    await app.register(ebookRoutes);
    await app.register(contentRoutes);
    await app.register(questionnaireRoutes);
    await app.register(adminCustomerRoutes);
    await app.register(adminExportRoutes);
    await app.register(staffHomeRoutes);
    await app.register(adminOrderRoutes);
    await app.register(adminKitRoutes);
    await app.register(adminCouponRoutes);
    await app.register(adminProductRoutes);
    await app.register(adminTeamRoutes);
    await app.register(adminMessageRoutes);
    await app.register(unsubscribeRoutes);
    await app.register(authoringRoutes);

    const sendPage = config.staticDir ? await registerSpa(app, config.staticDir, pageLookup(db), () => app.catalogue.products()) : null;
    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url) && !FILE_PATH.test(request.url);
      if (sendPage && isPage) return sendPage(request.url, reply);
      return sendError(reply, notFound(API_PATH.test(request.url) ? 'There is no such API endpoint.' : 'Not found.'));
    });
  } catch (error) {
    await catcher?.stop().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
  return app;
}

/** Brings the schema up to date and, for the embedded demo setup, adds the demo data. */
export async function prepareData(app: FastifyInstance): Promise<void> {
  const applied = await migrate(app.db);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  if (app.config.demoData) {
    // Sign-in accounts can only be created in the emulator; without it the profiles wait for real accounts.
    await seedDemoData(app.db, app.config.firebaseAuthEmulatorHost ? app.firebaseAuth : null);
    app.catalogue.invalidate();
  }
  await app.jobs.start(app.db, app.config, app.messages.siteUrl, app.log);
}
