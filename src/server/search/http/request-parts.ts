/** Reading a request as Typesense does: its query string as a parameter map, its body as JSON it parses itself. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import type { SearchParameters } from '../query/search-params.ts';
import { API_KEY_HEADER } from './api-key.ts';

/** The query string as Typesense's parameter map: one string per name, the API key left out. */
export function queryParameters(request: FastifyRequest): SearchParameters {
  const parameters: SearchParameters = {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (key === API_KEY_HEADER) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') parameters[key] = last;
  }
  return parameters;
}

export function parseJsonBody(body: unknown): unknown {
  if (typeof body !== 'string') throw badRequest('Bad JSON.');
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('Bad JSON.');
  }
}
