/**
 * query_by resolved into the fields a search matches its words in: wildcards expanded, each field checked, with
 * its weight, typos and prefix setting, as Collection::search reads query_by and the lists that go with it.
 */
import { SearchError, badRequest } from '../errors.ts';
import type { Collection } from '../index/collection.ts';
import { scalarTypeOf } from '../index/schema.ts';
import type { SearchRequest } from '../query/search-params.ts';
import type { QueryField } from './text-match.ts';

const FIELD_MAX_WEIGHT = 15;

export function resolveQueryFields(collection: Collection, request: SearchRequest): QueryField[] {
  checkListLengths(request);
  const resolved: { name: string; rawWeight: number; numTypos: number; prefix: boolean }[] = [];
  request.queryBy.forEach((raw, position) => {
    if (raw === 'id') throw badRequest('Cannot use `id` as a query by field.');
    const names: string[] = [];
    if (raw.includes('*')) {
      const prefix = raw.slice(0, raw.indexOf('*'));
      for (const field of collection.schema.fields) {
        if (field.name.startsWith(prefix) && field.index && scalarTypeOf(field.type) === 'string')
          names.push(field.name);
      }
      if (names.length === 0) {
        throw new SearchError(
          404,
          `No string or string array field found matching the pattern \`${raw}\` in the schema.`,
        );
      }
    } else {
      const field = collection.fieldsByName.get(raw);
      if (!field) throw new SearchError(404, `Could not find a field named \`${raw}\` in the schema.`);
      if (scalarTypeOf(field.type) !== 'string')
        throw badRequest(`Field \`${raw}\` should be a string or a string array.`);
      if (!field.index) throw badRequest(`Field \`${raw}\` is marked as a non-indexed field in the schema.`);
      names.push(raw);
    }
    for (const name of names) {
      if (resolved.some((entry) => entry.name === name)) continue;
      resolved.push({
        name,
        rawWeight: request.queryByWeights[position] ?? 0,
        numTypos: Math.min(2, request.numTypos[position] ?? request.numTypos[0] ?? 2),
        prefix: request.prefixes[position] ?? request.prefixes[0] ?? true,
      });
    }
  });

  const weights = normalizedWeights(
    resolved.map((entry) => entry.rawWeight),
    request.queryByWeights.length > 0,
  );
  return resolved.flatMap((entry, index) => {
    const fieldIndex = collection.stringIndexes.get(entry.name);
    if (!fieldIndex) return [];
    return [
      {
        name: entry.name,
        index: fieldIndex,
        weight: weights[index] ?? 0,
        numTypos: entry.numTypos,
        prefix: entry.prefix,
        stem: fieldIndex.stemmer !== null,
      },
    ];
  });
}

/** query_by_weights, num_typos and prefix go with query_by by position: one value each, or one for all. */
function checkListLengths(request: SearchRequest): void {
  const fieldCount = request.queryBy.length;
  if (fieldCount === 0) return;
  if (request.queryByWeights.length > 0 && request.queryByWeights.length !== fieldCount) {
    throw badRequest('Number of weights in `query_by_weights` does not match number of `query_by` fields.');
  }
  if (request.numTypos.length !== fieldCount && request.numTypos.length !== 1) {
    throw badRequest('Number of values in `num_typos` does not match number of `query_by` fields.');
  }
  if (request.prefixes.length !== fieldCount && request.prefixes.length !== 1) {
    throw badRequest('Number of prefix values in `prefix` does not match number of `query_by` fields.');
  }
}

/** Collection::process_search_field_weights: 15 for the first field down, or given weights squeezed into 0..15. */
function normalizedWeights(raw: readonly number[], given: boolean): number[] {
  if (!given) return raw.map((_, index) => Math.max(0, FIELD_MAX_WEIGHT - index));
  const descending = raw.every((weight, index) => index === 0 || weight <= (raw[index - 1] as number));
  if (descending && raw.every((weight) => weight <= FIELD_MAX_WEIGHT)) return [...raw];
  const order = raw.map((weight, index) => ({ weight, index })).sort((a, b) => b.weight - a.weight);
  const weights = new Array<number>(raw.length).fill(0);
  let previous = FIELD_MAX_WEIGHT;
  order.forEach((entry, rank) => {
    const previousEntry = order[rank - 1];
    const weight =
      rank === 0
        ? FIELD_MAX_WEIGHT
        : previousEntry && previousEntry.weight === entry.weight
          ? previous
          : Math.max(0, previous - 1);
    weights[entry.index] = weight;
    previous = weight;
  });
  return weights;
}
