/**
 * The synonyms and overrides API of a collection (Typesense v29's /collections/{c}/synonyms and /overrides),
 * admin key only. A write is checked first, then kept by the rules store when there is one (the shop's
 * database), then applied, so a refused or failed write changes nothing.
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { SearchEngine } from '../engine.ts';
import { SearchError } from '../errors.ts';
import { parseOverride } from '../index/overrides.ts';
import type { JsonObject } from '../index/schema.ts';
import { parseSynonym } from '../index/synonyms.ts';
import { parseJsonBody, queryParameters } from './request-parts.ts';

export type SearchRuleKind = 'synonym' | 'override';

/** Where synonyms and overrides written through the API are kept, so they outlive the process. */
export interface SearchRulesStore {
  save(kind: SearchRuleKind, collection: string, id: string, definition: JsonObject): Promise<void>;
  remove(kind: SearchRuleKind, collection: string, id: string): Promise<void>;
}

interface RuleParams {
  collection: string;
  id: string;
}

export function curationRoutes(
  app: FastifyInstance,
  { engine, admin, rules }: { engine: SearchEngine; admin: RouteShorthandOptions; rules: SearchRulesStore | undefined },
): void {
  app.get<{ Params: { collection: string } }>('/collections/:collection/synonyms', admin, async (request) => {
    const { offset, limit } = queryParameters(request);
    return { synonyms: engine.listSynonyms(request.params.collection, { offset, limit }) };
  });
  app.get<{ Params: RuleParams }>('/collections/:collection/synonyms/:id', admin, async (request) =>
    engine.getSynonym(request.params.collection, request.params.id),
  );
  app.put<{ Params: RuleParams }>('/collections/:collection/synonyms/:id', admin, async (request) => {
    const { collection, id } = request.params;
    if (!engine.hasCollection(collection)) throw new SearchError(404, 'Collection not found');
    const body = parseJsonBody(request.body);
    const { source } = parseSynonym(body, id);
    await rules?.save('synonym', collection, id, withoutId(source));
    return engine.upsertSynonym(collection, id, body);
  });
  app.delete<{ Params: RuleParams }>('/collections/:collection/synonyms/:id', admin, async (request) => {
    const { collection, id } = request.params;
    if (!engine.hasSynonym(collection, id)) throw new SearchError(404, 'Could not find that `id`.');
    await rules?.remove('synonym', collection, id);
    return engine.deleteSynonym(collection, id);
  });

  app.get<{ Params: { collection: string } }>('/collections/:collection/overrides', admin, async (request) => ({
    overrides: engine.listOverrides(request.params.collection),
  }));
  app.get<{ Params: RuleParams }>('/collections/:collection/overrides/:id', admin, async (request) =>
    engine.getOverride(request.params.collection, request.params.id),
  );
  app.put<{ Params: RuleParams }>('/collections/:collection/overrides/:id', admin, async (request) => {
    const { collection, id } = request.params;
    if (!engine.hasCollection(collection)) throw new SearchError(404, 'Not Found');
    const body = parseJsonBody(request.body);
    const { source } = parseOverride(body, id);
    await rules?.save('override', collection, id, withoutId(source));
    return engine.upsertOverride(collection, id, body);
  });
  app.delete<{ Params: RuleParams }>('/collections/:collection/overrides/:id', admin, async (request) => {
    const { collection, id } = request.params;
    if (!engine.hasOverride(collection, id)) throw new SearchError(404, 'Could not find that `id`.');
    await rules?.remove('override', collection, id);
    return engine.deleteOverride(collection, id);
  });
}

/** The definition as kept: the id is the row's, not the body's. */
function withoutId(source: JsonObject): JsonObject {
  const { id: _id, ...definition } = source;
  return definition;
}
