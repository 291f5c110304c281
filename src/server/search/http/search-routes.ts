/**
 * Typesense's HTTP protocol over the embedded engine, for the official `typesense` client. Registered with
 * `{ prefix: '/search' }`; every answer, errors included, is shaped like Typesense's. So, unlike the shop's
 * API, these routes check their input themselves rather than with route schemas: each refusal keeps
 * Typesense's own status and `{message}` (docs/decisions/010).
 */
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SearchEngine, WriteAction } from '../engine.ts';
import { WRITE_ACTIONS } from '../engine.ts';
import { SearchError, badRequest } from '../errors.ts';
import { presentsKey, requireKey } from './api-key.ts';
import { curationRoutes, type SearchRulesStore } from './curation-routes.ts';
import { parseJsonBody, queryParameters } from './request-parts.ts';

export interface SearchRoutesOptions {
  engine: SearchEngine;
  searchKey: string;
  adminKey: string;
  /** Keeps the synonyms and overrides written through the API, so they outlive the process. */
  rules?: SearchRulesStore;
  /** Told the error behind every 500; by default the request's log line has it (a worker hands it to the shop's). */
  onServerError?: ServerErrorReport;
}

/** Where the cause of a 500 goes: its answer says only 'Internal Server Error'. */
export type ServerErrorReport = (error: Error, request: FastifyRequest) => void;

const logServerError: ServerErrorReport = (error, request) =>
  request.log.error({ err: error }, 'search request failed');

/** Typesense's bound on a GET search's query string (HttpServer::catch_all_handler); multi_search takes more. */
export const MAX_SEARCH_QUERY_STRING = 4000;

/** Imports carry a whole catalogue; other bodies stay small. */
export const IMPORT_BODY_LIMIT = 100 * 1024 * 1024;
export const BODY_LIMIT = 8 * 1024 * 1024;

interface CollectionParams {
  collection: string;
}
interface ItemParams extends CollectionParams {
  id: string;
}

export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (
  app,
  { engine, searchKey, adminKey, rules, onServerError = logServerError },
) => {
  const keys = { searchKey, adminKey };
  const search = { onRequest: requireKey('search', keys), bodyLimit: BODY_LIMIT };
  const admin = { onRequest: requireKey('admin', keys), bodyLimit: BODY_LIMIT };

  readBodiesAndAnswerErrorsAsTypesense(app, onServerError);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));

  app.get('/health', async () => ({ ok: true }));

  app.get<{ Params: CollectionParams }>('/collections/:collection/documents/search', search, async (request) => {
    // Typesense counts the query string from its '?'.
    const queryStart = request.url.indexOf('?');
    if (queryStart >= 0 && request.url.length - queryStart > MAX_SEARCH_QUERY_STRING) {
      throw badRequest(
        `Query string exceeds max allowed length of ${MAX_SEARCH_QUERY_STRING}. Use the /multi_search end-point for larger payloads.`,
      );
    }
    return engine.search(request.params.collection, queryParameters(request));
  });

  app.post('/multi_search', search, async (request) => {
    const body = parseJsonBody(request.body);
    const searches =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as { searches?: unknown }).searches
        : undefined;
    if (!Array.isArray(searches)) throw badRequest('Missing `searches` array.');
    const parameters = queryParameters(request);
    // The search-only key is in every page: its holder gets the default number of searches, whatever it asks.
    if (!presentsKey(request, adminKey)) delete parameters.limit_multi_searches;
    return engine.multiSearch(searches, parameters);
  });

  app.post('/collections', admin, async (request, reply) =>
    reply.code(201).send(engine.createCollection(parseJsonBody(request.body))),
  );
  app.get('/collections', admin, async () => engine.listCollections());
  app.get<{ Params: CollectionParams }>('/collections/:collection', admin, async (request) =>
    engine.getCollection(request.params.collection),
  );
  app.delete<{ Params: CollectionParams }>('/collections/:collection', admin, async (request) =>
    engine.deleteCollection(request.params.collection),
  );

  app.post<{ Params: CollectionParams }>('/collections/:collection/documents', admin, async (request, reply) => {
    const action = writeAction(queryParameters(request).action);
    const document = parseJsonBody(request.body);
    return reply.code(201).send(engine.writeDocument(request.params.collection, document, action));
  });
  app.delete<{ Params: CollectionParams }>('/collections/:collection/documents', admin, async (request) => {
    const filterBy = queryParameters(request).filter_by;
    if (filterBy === undefined) throw badRequest('Parameter `filter_by` must be provided.');
    return engine.deleteDocumentsByFilter(request.params.collection, filterBy);
  });
  app.post<{ Params: CollectionParams }>(
    '/collections/:collection/documents/import',
    { ...admin, bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const parameters = queryParameters(request);
      const action = writeAction(parameters.action);
      if (parameters.return_id !== undefined && parameters.return_id !== 'true' && parameters.return_id !== 'false') {
        throw badRequest('Parameter `return_id` must be a true|false.');
      }
      if (!engine.hasCollection(request.params.collection)) throw new SearchError(404, 'Not Found');
      const body = typeof request.body === 'string' ? request.body : '';
      if (body.trim() === '') throw badRequest('No documents provided');
      const results = engine.importDocuments(request.params.collection, body.split('\n'), action, {
        returnId: parameters.return_id === 'true',
      });
      return reply.type('text/plain; charset=utf-8').send(results.map((result) => JSON.stringify(result)).join('\n'));
    },
  );
  app.get<{ Params: ItemParams }>('/collections/:collection/documents/:id', admin, async (request) => {
    const parameters = queryParameters(request);
    const document = engine.getDocument(request.params.collection, request.params.id);
    const include = listParameter(parameters.include_fields);
    const exclude = listParameter(parameters.exclude_fields);
    return Object.fromEntries(
      Object.entries(document).filter(
        ([key]) => (include.length === 0 || include.includes(key)) && !exclude.includes(key),
      ),
    );
  });
  app.patch<{ Params: ItemParams }>('/collections/:collection/documents/:id', admin, async (request) =>
    engine.updateDocument(request.params.collection, request.params.id, parseJsonBody(request.body)),
  );
  app.delete<{ Params: ItemParams }>('/collections/:collection/documents/:id', admin, async (request) => {
    const { collection, id } = request.params;
    try {
      return engine.deleteDocument(collection, id);
    } catch (error) {
      const ignoreNotFound = queryParameters(request).ignore_not_found === 'true';
      if (ignoreNotFound && error instanceof SearchError && error.status === 404 && engine.hasCollection(collection)) {
        return { id };
      }
      throw error;
    }
  });

  app.post('/stemming/dictionaries/import', { ...admin, bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    const id = queryParameters(request).id;
    if (id === undefined) throw badRequest('Parameter `id` must be provided while importing dictionary words.');
    const body = typeof request.body === 'string' ? request.body : '';
    const lines = engine.importStemmingDictionary(id, body.split('\n'));
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });
  app.get('/stemming/dictionaries', admin, async () => engine.listStemmingDictionaries());
  app.get<{ Params: { id: string } }>('/stemming/dictionaries/:id', admin, async (request) =>
    engine.getStemmingDictionary(request.params.id),
  );
  app.delete<{ Params: { id: string } }>('/stemming/dictionaries/:id', admin, async (request) =>
    engine.deleteStemmingDictionary(request.params.id),
  );

  curationRoutes(app, { engine, admin, rules });
};

/** Typesense reads every body itself (JSON sent as text/plain too, JSON lines for imports) and answers `{message}`. */
export function readBodiesAndAnswerErrorsAsTypesense(
  app: FastifyInstance,
  onServerError: ServerErrorReport = logServerError,
): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError | SearchError, request, reply) => {
    if (error instanceof SearchError) return reply.code(error.status).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    onServerError(error, request);
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}

function writeAction(value: string | undefined): WriteAction {
  if (value === undefined) return 'create';
  const action = WRITE_ACTIONS.find((candidate) => candidate === value);
  if (!action) throw badRequest('Parameter `action` must be a create|update|upsert.');
  return action;
}

const listParameter = (value: string | undefined): string[] =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
