import type { preValidationAsyncHookHandler } from 'fastify';

/** The contract's optional bodies: a request sent without one is checked as the empty object. */
export const emptyBodyAsObject: preValidationAsyncHookHandler = async (request) => {
  if (request.body === undefined || request.body === null) request.body = {};
};
