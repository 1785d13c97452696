/**
 * The API's HTTP server, made as Fastify makes its own (the same timeouts), with a door in front of Fastify: a
 * request that can be answered whole from memory (the catalogue's, `catalogueFromMemory`) is answered there, before
 * Fastify's routing, hooks and reply, the way a cache in front of the server would. Every other request, and any the
 * door turns away, goes to Fastify as usual. `app.inject` never passes the door.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers the request and says so, or leaves it untouched and says no. */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/** What Fastify hands a server factory: its options, with its defaults filled in. */
interface ServerFactoryOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** A server factory for Fastify whose server lets `door()` (once there is one) try each request first. */
export function serverWithFrontDoor(door: () => FrontDoor | undefined): FastifyServerFactory {
  return (handler, opts) => {
    const options = opts as unknown as ServerFactoryOptions;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (door()?.(request, response)) return;
      handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
