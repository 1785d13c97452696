/**
 * The server's background work on the job queue: sending the outbox's messages and making CSV exports. Started by
 * `prepareData` once the schema is current; every API process works the queue, and a job is taken by one of them.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './../config';
import type { Db } from '../db';
import { runExport } from './exports';
import { MESSAGE_QUEUE } from './messages/outbox';
import { LogSmsProvider, Msg91SmsProvider, TwilioSmsProvider, type SmsProvider } from './messages/sms';
import { CloudWhatsappProvider, LogWhatsappProvider, type WhatsappProvider } from './messages/whatsapp';
import { deliverMessage, type MailTransport, type Senders } from './messages/worker';
import { startQueue, type Queue } from './queue';

export const EXPORT_QUEUE = 'exports.run';

/** Tries of a message before it is failed for good (the first and seven retries: about an hour and a half at 30 s). */
const MESSAGE_TRIES = 8;
/** The queue's retries of a message job: beyond the message's own tries, to cover tries that found another worker holding it. */
const MESSAGE_RETRY_LIMIT = MESSAGE_TRIES + 1;
/**
 * Seconds a worker's claim on a message lasts; it renews the claim while it sends (the mail server may take minutes),
 * so a message held by a process that died is handed on about a minute later (the outbox's sweep).
 */
export const LEASE_SECONDS = 60;
/** Seconds before the queue takes a message job as lost: longer than nodemailer's own timeouts (2 min for the greeting, 10 min for the socket). */
const JOB_EXPIRY_SECONDS = 15 * 60;

export function smsProviderOf(config: Config['messages']['sms'], log: FastifyBaseLogger, production: boolean): SmsProvider {
  switch (config.provider) {
    case 'log':
      // In production without a provider, the log says an SMS was due without the person's number or text.
      return new LogSmsProvider(
        production ? () => log.warn('an SMS was due, but no SMS provider is configured (SMS_PROVIDER)') : (line) => log.info(line),
      );
    case 'msg91':
      return new Msg91SmsProvider(config.authKey, config.templates);
    case 'twilio':
      return new TwilioSmsProvider(config.accountSid, config.authToken, config.from);
  }
}

export function whatsappProviderOf(config: Config['messages']['whatsapp'], log: FastifyBaseLogger, production: boolean): WhatsappProvider {
  if (config.provider === 'cloud') return new CloudWhatsappProvider(config.token, config.phoneNumberId, config.apiUrl);
  // In production without a provider, the log says a message was due without the person's number or text.
  return new LogWhatsappProvider(
    production ? () => log.warn('a WhatsApp message was due, but no WhatsApp provider is configured (WHATSAPP_PROVIDER)') : (line) => log.info(line),
  );
}

export interface JobsOptions {
  /** Where e-mail goes: SMTP_URL's server, the local catcher, or (neither) built and dropped. */
  mail: MailTransport;
  sms: SmsProvider;
  whatsapp: WhatsappProvider;
  /** Whether this process sends messages (the server does; most API tests only look at what was queued). */
  sendMessages: boolean;
  /** Seconds between an idle worker's looks for jobs. */
  pollingIntervalSeconds?: number;
}

export class Jobs {
  constructor(private readonly options: JobsOptions) {}

  #queue: Queue | undefined;
  #senders: Senders | undefined;

  /** Whether the queue is set up and its workers run: readiness asks. */
  get started(): boolean {
    return this.#queue !== undefined;
  }

  get queue(): Queue {
    if (!this.#queue) throw new Error('The job queue is not started yet.');
    return this.#queue;
  }

  /** What sends the messages: the tests hand these to their own workers. */
  get senders(): Senders {
    if (!this.#senders) throw new Error('The job queue is not started yet.');
    return this.#senders;
  }

  async start(db: Db, config: Config, siteUrl: string, log: FastifyBaseLogger): Promise<void> {
    const options = this.options;
    if (this.#queue) return;
    const queue = await startQueue(
      db,
      {
        schema: config.messages.queueSchema,
        supervise: options.sendMessages,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        queues: [
          {
            name: MESSAGE_QUEUE,
            retryLimit: MESSAGE_RETRY_LIMIT,
            retryDelay: config.messages.retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: JOB_EXPIRY_SECONDS,
          },
          { name: EXPORT_QUEUE, retryLimit: 2, retryDelay: 10, retryBackoff: false, expireInSeconds: 30 * 60 },
        ],
      },
      log,
    );
    this.#queue = queue;
    const senders: Senders = {
      db,
      mail: options.mail,
      sms: options.sms,
      whatsapp: options.whatsapp,
      whatsappLanguage: config.messages.whatsapp.language,
      queue,
      from: config.messages.from,
      siteUrl,
      seller: config.seller,
      secret: config.messages.signingSecret,
      leaseSeconds: LEASE_SECONDS,
      log,
    };
    this.#senders = senders;
    await queue.work<{ id: string }>(EXPORT_QUEUE, (data) => runExport(db, data.id, log, { sellerState: config.seller.state }));
    if (options.sendMessages) await this.startSending();
  }

  #sending = false;

  /** Has this process's worker send the outbox's messages (the server does from the start). */
  async startSending(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    const senders = this.senders;
    await this.queue.work<{ id: string }>(MESSAGE_QUEUE, async (data, job) => {
      await deliverMessage(senders, data.id, job.retryCount >= MESSAGE_RETRY_LIMIT);
    });
  }

  /** Stops this process's sending; messages wait in the outbox for another worker (or for `startSending`). */
  async stopSending(): Promise<void> {
    if (!this.#sending) return;
    this.#sending = false;
    await this.#queue?.unwork(MESSAGE_QUEUE);
  }

  async stop(): Promise<void> {
    await this.#queue?.stop();
    this.#queue = undefined;
    this.#sending = false;
  }
}

/** nodemailer's transport for SMTP_URL, or for the local catcher's port, or one that builds each message and drops it. */
export function mailTransportOf(smtpUrl: string | undefined, catcherPort: number | undefined): MailTransport {
  if (smtpUrl) return nodemailer.createTransport(smtpUrl);
  if (catcherPort) return nodemailer.createTransport({ host: '127.0.0.1', port: catcherPort, secure: false, ignoreTLS: true });
  return nodemailer.createTransport({ jsonTransport: true });
}
