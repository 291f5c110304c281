/**
 * Registers a route from its endpoint (src/shared/api/endpoint.ts): the endpoint's schemas check the request,
 * and its data schema is the 200 response's schema (inside `{data}` unless the endpoint has no envelope), so what
 * the handler returns is encoded through it (a field the contract does not name is dropped; one it names but the
 * handler left out is a 500, logged).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { responseSchema, type AnyEndpoint, type DataOf, type ParamsOf } from '../../shared/api/endpoint.ts';
import { Refusal } from '../refusal.ts';

export { Refusal };

/** Every refusal names what was wrong in `error`; some add what the caller needs to put it right. */
const refusalSchema = z.looseObject({ error: z.string() });

/** The one way a refusal becomes a response: its status, and its body `{error, ...}`. */
const sendRefusal = (reply: FastifyReply, refused: Refusal) => reply.code(refused.status).send(refused.body);

export interface EndpointRequest<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: E extends { query: z.ZodMiniType } ? z.output<E['query']> : undefined;
  body: E extends { body: z.ZodMiniType } ? z.output<E['body']> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends AnyEndpoint> = (input: EndpointRequest<E>) => Promise<DataOf<E> | Refusal>;

/**
 * Serves the endpoint on the app, which is the plugin registered under the endpoint's prefix (`/api`,
 * `/session-api`): the route's own path is what follows the prefix.
 */
export function serveEndpoint<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>) {
  if (!endpoint.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${endpoint.path} is not under the plugin's prefix ${app.prefix}`);
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: responseSchema(endpoint), '4xx': refusalSchema, '5xx': refusalSchema },
    },
    handler: async (request, reply) => {
      // The route's schemas have checked these against the endpoint's types before the handler runs.
      const result = await handler({
        params: request.params as ParamsOf<E>,
        query: request.query as EndpointRequest<E>['query'],
        body: request.body as EndpointRequest<E>['body'],
        request,
        reply,
      });
      if (result instanceof Refusal) return sendRefusal(reply, result);
      return endpoint.envelope === false ? result : { data: result };
    },
  });
}
