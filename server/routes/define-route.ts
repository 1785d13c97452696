/**
 * Registers the route of one contract operation with its request and reply types taken from the generated
 * `openapi/schema.d.ts`, so a handler reads `request.body` and `request.params` as the contract declares them (and
 * as the contract's schemas have already validated them) and returns what the contract's 2xx answers hold.
 * Method, URL and schemas come from the contract; the session and role checks are attached by `contractAccess`.
 */
import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { OperationId } from '../openapi';
import type { operations } from '../../openapi/schema';

type ParametersIn<Id extends OperationId, In extends 'path' | 'query'> = NonNullable<operations[Id]['parameters'][In]>;

/** The JSON body of a request or response; `undefined` for a request without one (or an optional one left out). */
type JsonOf<Content> = Content extends { content: { 'application/json': infer Body } } ? Body : undefined;

type SuccessStatus = 200 | 201 | 202;

/** The 2xx answers with a JSON body, by status; empty when the operation answers something else (a PDF). */
type SuccessReplies<Id extends OperationId> = {
  [Status in keyof operations[Id]['responses'] as Status extends SuccessStatus
    ? JsonOf<operations[Id]['responses'][Status]> extends undefined
      ? never
      : Status
    : never]: JsonOf<operations[Id]['responses'][Status]>;
};

export interface ContractRouteGeneric<Id extends OperationId> extends RouteGenericInterface {
  Params: ParametersIn<Id, 'path'>;
  Querystring: ParametersIn<Id, 'query'>;
  Body: JsonOf<operations[Id]['requestBody']>;
  Reply: SuccessReplies<Id>;
}

export type ContractRouteOptions<Id extends OperationId> = Omit<
  RouteOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, ContractRouteGeneric<Id>>,
  'method' | 'url' | 'schema'
>;

export function defineRoute<Id extends OperationId>(app: FastifyInstance, operationId: Id, options: ContractRouteOptions<Id>): void {
  app.route<ContractRouteGeneric<Id>>({ ...options, ...app.contract.route(operationId) });
}
