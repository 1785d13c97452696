/**
 * The local mail catcher: an SMTP server that `npm start` and the browser tests run in place of a real mail server.
 * It accepts whatever the shop sends, keeps the parsed messages in memory (newest first) and lets the development
 * mail page and the tests read them. It is never exposed beyond the host it listens on.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerError } from 'smtp-server';

/** The same limit Gmail sets on a message, so a too large invoice or ebook fails here first. */
const SIZE_LIMIT = 25 * 1024 * 1024;

/** How long open sessions get, once the catcher stops, to read the 421 before their sockets are cut. */
const CLOSE_GRACE_MS = 100;

/** The headers kept by name: what the shop must get right for mailbox providers (unsubscribe, folding). */
const SELECTED_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post', 'Message-ID'] as const;

export type SelectedHeader = (typeof SELECTED_HEADERS)[number];

export interface CaughtAttachment {
  filename: string | null;
  contentType: string;
  /** Bytes, decoded. */
  size: number;
  /** The Content-ID without angle brackets, for an image the HTML shows by `cid:`. */
  contentId: string | null;
  inline: boolean;
}

export interface CaughtMail {
  id: string;
  /** ISO time of the first delivery. */
  receivedAt: string;
  /** The Message-ID header, angle brackets included; null when the message had none. */
  messageId: string | null;
  /** The address in the From header (the envelope sender when the header has none). */
  from: string | null;
  /** The envelope recipients: everyone the message was delivered to, Cc and Bcc included. */
  to: string[];
  subject: string;
  /** The text/plain part as sent; null when the message has none (none is made up from the HTML). */
  text: string | null;
  /** The text/html part as sent (`cid:` links kept); null when the message has none. */
  html: string | null;
  headers: Partial<Record<SelectedHeader, string>>;
  /** Every header line, unfolded, in the order sent. */
  headerLines: { name: string; value: string }[];
  attachments: CaughtAttachment[];
  /** How many times a message with this Message-ID arrived; repeats are folded into the first, as Gmail does. */
  deliveries: number;
}

export interface AttachmentContent {
  filename: string | null;
  contentType: string;
  content: Buffer;
}

export interface MailCatcher {
  /** The port it listens on (the one picked when asked for port 0). */
  readonly port: number;
  readonly host: string;
  /** Newest first. */
  messages(): readonly CaughtMail[];
  message(id: string): CaughtMail | undefined;
  attachment(id: string, index: number): AttachmentContent | undefined;
  clear(): void;
  /** Closes every open session and releases the port; what was caught stays readable. */
  stop(): Promise<void>;
  /** Listens again on the same port after `stop()`, keeping what was caught (an outage that ends). */
  start(): Promise<void>;
  /** The first message, caught already or arriving within `timeoutMs`, that `predicate` accepts (also on a repeat delivery). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
}

export interface MailCatcherOptions {
  port: number;
  /** Default 127.0.0.1: the catcher accepts mail from anyone who reaches it. */
  host?: string;
  /** How many messages are kept; the oldest go first. Default 500. */
  keep?: number;
  log?: (line: string) => void;
}

interface Stored {
  mail: CaughtMail;
  contents: Buffer[];
}

function smtpError(message: string, responseCode: number): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      // Past the limit the rest is read and dropped: the client is answered only once it has sent it all.
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded ? 'too-large' : Buffer.concat(chunks)));
  });
}

/** A header line's value, unfolded: 'List-Unsubscribe: <https://…>,\r\n <mailto:…>' → '<https://…>, <mailto:…>'. */
function headerValue(line: string): string {
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

function toMail(parsed: ParsedMail, envelope: { from: string | null; to: string[] }): Stored {
  const headerLines = parsed.headerLines.map(({ key, line }) => ({
    name: line.slice(0, line.indexOf(':')).trim() || key,
    value: headerValue(line),
  }));
  const headers: Partial<Record<SelectedHeader, string>> = {};
  for (const name of SELECTED_HEADERS) {
    const found = headerLines.find((header) => header.name.toLowerCase() === name.toLowerCase());
    if (found) headers[name] = found.value;
  }
  const mail: CaughtMail = {
    id: randomUUID(),
    receivedAt: new Date().toISOString(),
    messageId: parsed.messageId ?? null,
    from: parsed.from?.value.find((address) => address.address)?.address ?? envelope.from,
    to: envelope.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    headers,
    headerLines,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      size: attachment.size,
      contentId: attachment.cid ?? null,
      inline: attachment.related === true || attachment.contentDisposition === 'inline',
    })),
    deliveries: 1,
  };
  return { mail, contents: parsed.attachments.map((attachment) => attachment.content) };
}

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 500;
  const log = options.log ?? (() => {});
  let port = options.port;

  /** Newest first. */
  let stored: Stored[] = [];
  const byMessageId = new Map<string, Stored>();
  const waiters = new Set<(mail: CaughtMail) => void>();

  function received(parsed: ParsedMail, envelope: { from: string | null; to: string[] }): void {
    const earlier = parsed.messageId ? byMessageId.get(parsed.messageId) : undefined;
    let mail: CaughtMail;
    if (earlier) {
      // A repeat (a resend after a lost answer): one message in the mailbox, counted.
      const to = [...earlier.mail.to, ...envelope.to.filter((address) => !earlier.mail.to.includes(address))];
      mail = { ...earlier.mail, to, deliveries: earlier.mail.deliveries + 1 };
      earlier.mail = mail;
      log(`Mail caught again (${mail.deliveries} deliveries) to ${mail.to.join(', ')}: ${mail.subject}`);
    } else {
      const entry = toMail(parsed, envelope);
      mail = entry.mail;
      stored.unshift(entry);
      if (mail.messageId) byMessageId.set(mail.messageId, entry);
      for (const dropped of stored.splice(keep)) {
        if (dropped.mail.messageId && byMessageId.get(dropped.mail.messageId) === dropped) byMessageId.delete(dropped.mail.messageId);
      }
      log(`Mail caught to ${mail.to.join(', ')}: ${mail.subject}`);
    }
    for (const waiter of [...waiters]) waiter(mail);
  }

  function createServer(): SMTPServer {
    return new SMTPServer({
      name: 'mail-catcher.gut360.local',
      banner: 'Gut360 development mail catcher',
      size: SIZE_LIMIT,
      authOptional: true,
      // Credentials in a development SMTP_URL are accepted as they are, over plain text.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 1_000,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
      onData: (stream, session, callback) => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null,
          to: session.envelope.rcptTo.map((recipient: SMTPServerAddress) => recipient.address),
        };
        readAll(stream)
          .then(async (raw) => {
            if (raw === 'too-large') return callback(smtpError(`Message exceeds the limit of ${SIZE_LIMIT} bytes`, 552));
            // Stored before the 250, so a sender that was answered finds its message.
            received(await simpleParser(raw, { keepCidLinks: true, skipHtmlToText: true, skipTextToHtml: true }), envelope);
            callback();
          })
          .catch((error: unknown) => callback(smtpError(`Message not accepted: ${(error as Error).message}`, 451)));
      },
    });
  }

  let server: SMTPServer | undefined;
  /** Each listening server's open sockets: cutting those of a stopped server must leave a restarted one's alone. */
  const socketsOf = new WeakMap<SMTPServer, Set<Socket>>();

  async function listen(): Promise<void> {
    if (server) return;
    const candidate = createServer();
    await new Promise<void>((resolve, reject) => {
      candidate.once('error', reject);
      candidate.listen(port, host, () => {
        candidate.off('error', reject);
        resolve();
      });
    });
    // A client that drops its connection is no concern of the shop's; an unheard 'error' would end the process.
    candidate.on('error', (error: Error) => log(`Mail catcher: ${error.message}`));
    const sockets = new Set<Socket>();
    socketsOf.set(candidate, sockets);
    candidate.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const address = candidate.server.address();
    if (address && typeof address === 'object') port = address.port;
    server = candidate;
  }

  async function stop(): Promise<void> {
    const current = server;
    if (!current) return;
    server = undefined;
    await new Promise<void>((resolve) => {
      // Resolves once every connection is gone and the port is free again.
      current.close(resolve);
      for (const connection of [...current.connections]) {
        connection.send(421, 'Server shutting down');
        connection.close();
      }
      // A pooled sender keeps its session open; it is not waited for.
      setTimeout(() => {
        for (const socket of socketsOf.get(current) ?? []) socket.destroy();
      }, CLOSE_GRACE_MS).unref();
    });
  }

  await listen();

  return {
    get port() {
      return port;
    },
    host,
    messages: () => stored.map((entry) => entry.mail),
    message: (id) => stored.find((entry) => entry.mail.id === id)?.mail,
    attachment(id, index) {
      const entry = stored.find((candidate) => candidate.mail.id === id);
      const meta = entry?.mail.attachments[index];
      const content = entry?.contents[index];
      return meta && content ? { filename: meta.filename, contentType: meta.contentType, content } : undefined;
    },
    clear() {
      stored = [];
      byMessageId.clear();
    },
    stop,
    start: listen,
    waitFor(predicate, timeoutMs = 5_000) {
      const caught = stored.find((entry) => predicate(entry.mail));
      if (caught) return Promise.resolve(caught.mail);
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter = (mail: CaughtMail) => {
          try {
            if (!predicate(mail)) return;
          } catch (error) {
            finish();
            reject(error as Error);
            return;
          }
          finish();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          finish();
          const seen = stored.map((entry) => `"${entry.mail.subject}" to ${entry.mail.to.join(', ')}`);
          reject(new Error(`No caught e-mail matched within ${timeoutMs} ms; caught: ${seen.length > 0 ? seen.join('; ') : 'none'}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
      });
    },
  };
}
