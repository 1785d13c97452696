/**
 * A process's life as a service: starting, ready, draining. Readiness follows it; while draining, every request
 * that still arrives (on a kept-alive connection, or in the moment before the listener closes) gets the shop's 503
 * with Retry-After and the connection closed, so a load balancer's retry goes to another process.
 */
import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError } from './db';
import { HttpError, sendError } from './errors';

export type Phase = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  phase: Phase = 'starting';
  #running = 0;
  #idle: Array<() => void> = [];

  get draining(): boolean {
    return this.phase === 'draining';
  }

  /** Route handlers running now: a request whose client left still runs to its end (a payment being recorded). */
  get handlersRunning(): number {
    return this.#running;
  }

  handlerStarted(): void {
    this.#running += 1;
  }

  handlerEnded(): void {
    this.#running -= 1;
    if (this.#running === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Resolves once no handler runs: the queue and the database are stopped only then. */
  handlersDone(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}

/** Seconds a client is asked to wait before trying again: another process answers by then. */
export const RETRY_AFTER_SECONDS = 5;

/** The health routes answer while draining: liveness stays true and readiness says why it is false. */
const HEALTH_PATH = /^\/api\/health(?:\/|\?|$)/;

/**
 * Hooks that run first on every request and last on every answer, and a count of the handlers running. Register
 * before the routes: the count wraps each route's handler.
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  // Fastify's close waits for connections, not handlers: one whose client has gone would otherwise find the queue
  // and the database stopped under it, and its transaction (a payment) rolled back.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      lifecycle.handlerStarted();
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        lifecycle.handlerEnded();
        throw error;
      }
      if (result instanceof Promise) return result.finally(() => lifecycle.handlerEnded());
      lifecycle.handlerEnded();
      return result;
    };
  });
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!lifecycle.draining || HEALTH_PATH.test(request.url)) return done();
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    sendError(reply, new HttpError(503, 'This server is restarting. Please try again in a moment.', 'UNAVAILABLE'));
  });
  // A request that was in flight when draining began still gets its answer, and its connection is not kept. (The
  // catalogue's answer from memory skips onSend hooks and says so itself: `writeAnswer` in the products' handlers.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ProcessLog {
  error(object: unknown, message: string): void;
  fatal(object: unknown, message: string): void;
}

/**
 * Keeps a stray rejection or exception from ending the process when it is a passing database fault (a library's
 * un-awaited call failing while Postgres is away); anything else is logged as fatal and the process shuts down
 * through `onFatal`, as a deploy's SIGTERM would. Returns a function that removes the handlers.
 */
export function handleProcessFaults(
  log: ProcessLog,
  onFatal: (error: unknown) => void,
  target: Pick<NodeJS.Process, 'on' | 'off'> = process,
): () => void {
  let logged = 0;
  let windowStart = 0;
  // During an outage the same fault can repeat every second: a few lines a minute say it.
  const quietly = (error: unknown, message: string) => {
    const now = Date.now();
    if (now - windowStart > 60_000) {
      windowStart = now;
      logged = 0;
    }
    if (++logged <= 3) log.error({ err: error instanceof Error ? error.message : String(error) }, message);
  };
  const onRejection = (reason: unknown) => {
    if (isConnectionError(reason)) return quietly(reason, 'a background task lost the database; it is retried');
    log.error({ err: reason }, 'unhandled rejection');
  };
  const onException = (error: Error) => {
    if (isConnectionError(error)) return quietly(error, 'a connection to the database failed; the process carries on');
    log.fatal({ err: error }, 'uncaught exception: shutting down');
    onFatal(error);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}

export interface ShutdownOptions {
  /** Milliseconds after which the process exits even if requests or jobs are still running. */
  deadlineMs: number;
  /**
   * Milliseconds between turning unready and closing the listener. Every answer meanwhile says `Connection: close`,
   * so kept-alive clients close their connections themselves after their next request instead of having them closed
   * under a request already on its way (a reset).
   */
  drainMs?: number;
  exit: (code: number) => void;
}

/** See `ShutdownOptions.drainMs`. */
export const DRAIN_MS = 1_000;
/** Milliseconds for requests on connections accepted just before the listener closed to be read. */
const SETTLE_MS = 250;

/**
 * Drains and stops: readiness turns false and new requests get the 503 at once, every answer closing its connection;
 * after `drainMs` the listener closes, requests in flight finish, idle kept-alive connections are closed; then the app's onClose hooks stop the scheduled tasks and the queue's workers, which give
 * their jobs back, and close the database. Past the deadline the process exits anyway.
 */
export function shutdown(app: FastifyInstance, reason: string, options: ShutdownOptions): Promise<void> {
  const started = Date.now();
  app.lifecycle.phase = 'draining';
  app.log.info({ reason }, 'shutting down: draining requests');
  const deadline = setTimeout(() => {
    app.log.error({ reason, afterMs: Date.now() - started }, 'shutdown deadline passed: exiting with work unfinished');
    options.exit(1);
  }, options.deadlineMs);
  deadline.unref();
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const drained = (async () => {
    await pause(Math.min(options.drainMs ?? DRAIN_MS, options.deadlineMs / 2));
    // Stop accepting connections first, without closing the kept ones: a connection accepted a moment ago may carry
    // a request not yet read, and closing it as idle would reset it. Its request is answered (with the 503 and
    // `Connection: close`) before `close` reaps what is still idle.
    if (app.server.listening) {
      net.Server.prototype.close.call(app.server);
      await pause(SETTLE_MS);
    }
  })();
  return drained.then(() => app.close()).then(
    () => {
      clearTimeout(deadline);
      app.log.info({ reason, tookMs: Date.now() - started }, 'shut down');
      options.exit(0);
    },
    (error: unknown) => {
      clearTimeout(deadline);
      app.log.error({ err: error }, 'shutdown failed');
      options.exit(1);
    },
  );
}
