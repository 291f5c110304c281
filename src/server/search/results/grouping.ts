/**
 * group_by and group_limit, as Typesense groups hits: documents with the same values in the group fields
 * (facet fields) form one group, groups rank by their best hit, and each shows its best group_limit hits.
 */
import { SearchError, badRequest } from '../errors.ts';
import type { Collection } from '../index/collection.ts';
import type { JsonValue } from '../index/schema.ts';
import { facetValueIds } from './facets.ts';

/** Config::get_max_group_limit's default. */
export const MAX_GROUP_LIMIT = 99;

/** Checks group_by and group_limit as Collection::search does; the fields to group by, or [] for no grouping. */
export function resolveGroupBy(collection: Collection, fields: readonly string[], groupLimit: number): string[] {
  if (fields.length === 0) return [];
  if (groupLimit === 0 || groupLimit > MAX_GROUP_LIMIT) {
    throw badRequest(`Value of \`group_limit\` must be between 1 and ${MAX_GROUP_LIMIT}.`);
  }
  for (const name of fields) {
    if (name.includes('*')) throw badRequest(`Pattern \`${name}\` is not allowed.`);
    if (name !== 'id' && !collection.fieldsByName.has(name)) {
      throw new SearchError(404, `Could not find a field named \`${name}\` in the schema.`);
    }
  }
  for (const name of fields) {
    if (name === 'id') throw badRequest('Cannot use `id` as a group by field.');
    if (!collection.fieldsByName.get(name)?.facet)
      throw badRequest(`Group by field \`${name}\` should be a facet field.`);
  }
  return [...fields];
}

/**
 * Each document's group as a small number. Documents without a value in every group field share a group, or
 * (group_missing_values=false) are a group each, as Index::get_distinct_id decides.
 */
export class GroupKeys {
  private readonly ids = new Map<string, number>();
  /** Each document's group once worked out: the thresholds ask again at every round of a search. */
  private readonly known = new Map<number, number>();

  constructor(
    private readonly collection: Collection,
    private readonly fields: readonly string[],
    private readonly missingValues: boolean,
  ) {}

  of(seqId: number): number {
    const known = this.known.get(seqId);
    if (known !== undefined) return known;
    let key = '';
    let anyValue = false;
    for (const name of this.fields) {
      const column = this.collection.facetColumns.get(name);
      const valueIds = column ? [...facetValueIds(column, seqId)] : [];
      if (valueIds.length > 0) anyValue = true;
      key += `${valueIds.join(',')}|`;
    }
    if (!anyValue && !this.missingValues) key = `#${seqId}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    this.known.set(seqId, id);
    return id;
  }
}

export interface HitGroup {
  group: number;
  /** Hits in ranking order, at most group_limit. */
  seqIds: number[];
  /** Matching documents in the group. */
  found: number;
  curated: boolean;
}

/**
 * Groups ranked documents, curated hits at their positions as groups of their own that later hits of the same
 * group join (Collection::search's merge of override and raw results).
 */
export function groupHits(
  ranked: readonly number[],
  curated: readonly { seqId: number; position: number }[],
  keys: GroupKeys,
  limit: number,
): HitGroup[] {
  const raw: HitGroup[] = [];
  const rawByGroup = new Map<number, HitGroup>();
  for (const seqId of ranked) {
    const group = keys.of(seqId);
    let entry = rawByGroup.get(group);
    if (!entry) {
      entry = { group, seqIds: [], found: 0, curated: false };
      rawByGroup.set(group, entry);
      raw.push(entry);
    }
    entry.found++;
    if (entry.seqIds.length < limit) entry.seqIds.push(seqId);
  }
  const pending = [...curated].sort((a, b) => a.position - b.position);
  const merged: HitGroup[] = [];
  const curatedByGroup = new Map<number, HitGroup>();
  let next = 0;
  const placeCurated = () => {
    while (next < pending.length && (pending[next] as { position: number }).position === merged.length + 1) {
      const { seqId } = pending[next++] as { seqId: number };
      const entry: HitGroup = { group: keys.of(seqId), seqIds: [seqId], found: 1, curated: true };
      curatedByGroup.set(entry.group, entry);
      merged.push(entry);
    }
  };
  for (const entry of raw) {
    placeCurated();
    const curatedGroup = curatedByGroup.get(entry.group);
    if (curatedGroup) {
      for (const seqId of entry.seqIds) if (curatedGroup.seqIds.length < limit) curatedGroup.seqIds.push(seqId);
      curatedGroup.found += entry.found;
    } else merged.push(entry);
  }
  while (next < pending.length) {
    const { seqId } = pending[next++] as { seqId: number };
    merged.push({ group: keys.of(seqId), seqIds: [seqId], found: 1, curated: true });
  }
  return merged;
}

/** The group's values as Typesense answers them in group_key: each group field the first hit has. */
export function groupKey(document: Record<string, JsonValue>, fields: readonly string[]): JsonValue[] {
  return fields.filter((name) => document[name] !== undefined).map((name) => document[name] as JsonValue);
}
