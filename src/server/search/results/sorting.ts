/** sort_by: its clauses checked against the collection into sort keys, the comparators, and top-k selection. */
import { SearchError, badRequest } from '../errors.ts';
import type { Collection } from '../index/collection.ts';
import type { DocIds } from '../index/doc-set.ts';
import type { ScoreBoard, TextMatchResult } from '../matching/text-match.ts';
import type { SortClause } from '../query/parameter-lists.ts';

export const TEXT_MATCH = '_text_match';
const SEQ_ID = '_seq_id';

export type MissingValues = 'first' | 'last' | 'normal';

/** A validated sort key: a text match score, a field, or the sequence id that breaks the last tie. */
export interface SortKey {
  name: string;
  descending: boolean;
  missingValues: MissingValues;
}

export function standardizeSortKeys(
  collection: Collection,
  clauses: readonly SortClause[],
  isWildcardQuery: boolean,
): SortKey[] {
  const keys: SortKey[] = [];
  for (const clause of clauses) {
    let name = clause.name;
    let missingValues: MissingValues | null = null;
    if (name.endsWith(')')) {
      const open = name.indexOf('(');
      const fieldName = name.slice(0, open);
      const parameters = name.slice(open + 1, -1);
      if (fieldName === TEXT_MATCH) {
        const parts = parameters.split(':').map((part) => part.trim());
        if (parts.length !== 2 || parts[0] !== 'buckets')
          throw badRequest('Invalid sorting parameter passed for _text_match.');
        if (!/^\d+$/.test(parts[1] as string))
          throw badRequest('Invalid value passed for _text_match `buckets` configuration.');
      } else {
        if (!collection.fieldsByName.has(fieldName)) {
          throw new SearchError(404, `Could not find a field named \`${fieldName}\` in the schema for sorting.`);
        }
        const parts = parameters.split(':').map((part) => part.trim());
        const mode = parts[1];
        if (
          parts.length !== 2 ||
          parts[0] !== 'missing_values' ||
          (mode !== 'first' && mode !== 'last' && mode !== 'normal')
        ) {
          throw badRequest(`Bad syntax for sorting field \`${fieldName}\``);
        }
        missingValues = mode;
      }
      name = fieldName;
    }
    if (name !== TEXT_MATCH) {
      const field = collection.fieldsByName.get(name);
      if (!field || !field.sort || !field.index) {
        throw new SearchError(404, `Could not find a field named \`${name}\` in the schema for sorting.`);
      }
    }
    if (clause.order !== 'ASC' && clause.order !== 'DESC') {
      throw badRequest(`Order for field\` ${name}\` should be either ASC or DESC.`);
    }
    // Missing numbers sort last; missing or empty strings count as the highest value (Typesense's docs).
    const isString = collection.stringIndexes.has(name);
    keys.push({
      name,
      descending: clause.order === 'DESC',
      missingValues: missingValues ?? (isString ? 'normal' : 'last'),
    });
  }

  if (keys.length === 0) {
    if (!isWildcardQuery) keys.push({ name: TEXT_MATCH, descending: true, missingValues: 'last' });
    const defaultSortingField = collection.schema.default_sorting_field;
    keys.push({ name: defaultSortingField || SEQ_ID, descending: true, missingValues: 'last' });
  }
  if (!isWildcardQuery && keys.length < 3 && !keys.some((key) => key.name === TEXT_MATCH)) {
    keys.push({ name: TEXT_MATCH, descending: true, missingValues: 'last' });
  }
  if (keys.length > 3) throw new SearchError(422, 'Only upto 3 sort_by fields can be specified.');
  return keys;
}

type Compare = (a: number, b: number) => number;

/**
 * Sort keys as numbers per document, written into reusable typed arrays: direction and missing-value rules are
 * folded in, so ranking compares plain numbers (smaller first) and higher sequence ids win the last tie.
 */
export class RankingKeys {
  private columns: Float64Array<ArrayBuffer>[] = [];

  comparator(
    collection: Collection,
    keys: readonly SortKey[],
    scores: ScoreBoard | null,
    ids: Iterable<number>,
  ): Compare {
    const size = collection.seqIdLimit;
    const fillers: ((seqId: number, column: Float64Array) => void)[] = [];
    // Each stage is a filled column, or (null) the text match, which is compared lazily.
    const stages: { fillerIndex: number; textDirection: number }[] = [];
    for (const key of keys) {
      if (key.name === SEQ_ID) continue;
      const direction = key.descending ? -1 : 1;
      if (key.name === TEXT_MATCH) {
        if (scores) stages.push({ fillerIndex: -1, textDirection: direction });
        continue;
      }
      const filler = fieldFiller(collection, key, direction);
      if (!filler) continue;
      stages.push({ fillerIndex: fillers.length, textDirection: 0 });
      fillers.push(filler);
    }
    while (this.columns.length < fillers.length) this.columns.push(new Float64Array(0));
    const columns = this.columns.slice(0, fillers.length).map((column, index) => {
      const sized = column.length >= size ? column : new Float64Array(Math.max(size, column.length * 2));
      this.columns[index] = sized;
      return sized;
    });
    for (const seqId of ids) {
      for (let index = 0; index < fillers.length; index++) {
        (fillers[index] as (seqId: number, column: Float64Array) => void)(seqId, columns[index] as Float64Array);
      }
    }
    const stageColumns = stages.map((stage) =>
      stage.fillerIndex >= 0 ? (columns[stage.fillerIndex] as Float64Array) : null,
    );
    const stageDirections = stages.map((stage) => stage.textDirection);
    return (a, b) => {
      for (let index = 0; index < stageColumns.length; index++) {
        const column = stageColumns[index];
        let difference: number;
        if (column) {
          difference = (column[a] as number) - (column[b] as number);
        } else if (scores) {
          const direction = stageDirections[index] as number;
          difference =
            direction * (scores.primary(a) - scores.primary(b)) ||
            direction * (scores.secondary(a) - scores.secondary(b));
        } else {
          difference = 0;
        }
        if (difference !== 0 && difference === difference) return difference;
      }
      return b - a;
    };
  }
}

function fieldFiller(
  collection: Collection,
  key: SortKey,
  direction: number,
): ((seqId: number, column: Float64Array) => void) | null {
  const missing =
    key.missingValues === 'first'
      ? Number.NEGATIVE_INFINITY
      : key.missingValues === 'last'
        ? Number.POSITIVE_INFINITY
        : direction * Number.POSITIVE_INFINITY;
  const numeric = collection.numericIndexes.get(key.name);
  if (numeric) {
    const values = numeric.values;
    return (seqId, column) => {
      const value = seqId < values.length ? (values[seqId] as number) : Number.NaN;
      column[seqId] = value === value ? direction * value : missing;
    };
  }
  const strings = collection.stringIndexes.get(key.name);
  if (!strings) return null;
  const ranks = strings.sortRank();
  const values = strings.sortValues;
  return (seqId, column) => {
    const value = values[seqId];
    const rank = value === undefined || value === '' ? undefined : ranks.get(value);
    column[seqId] = rank === undefined ? missing : direction * rank;
  };
}

/** The first `count` matches in ranking order. Newest-first on its own needs no ranking pass. */
export function rankTop(
  collection: Collection,
  sortKeys: readonly SortKey[],
  textMatch: TextMatchResult | null,
  matched: DocIds,
  count: number,
  rankingKeys: RankingKeys,
): number[] {
  const only = sortKeys.length === 1 ? sortKeys[0] : undefined;
  if (only && only.name === SEQ_ID && only.descending && !textMatch) {
    return matched.slice(Math.max(0, matched.length - count)).reverse();
  }
  const compare = rankingKeys.comparator(collection, sortKeys, textMatch ? textMatch.scores : null, matched);
  return topK(matched, count, compare);
}

/** The best `count` ids in order, by a bounded heap: O(n log count) and no full sort of the result set. */
export function topK(ids: Iterable<number>, count: number, compare: Compare): number[] {
  if (count <= 0) return [];
  const heap: number[] = [];
  // The heap's root is the worst of the kept ids.
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const siftUp = (start: number) => {
    let index = start;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!worse(heap[index] as number, heap[parent] as number)) break;
      [heap[index], heap[parent]] = [heap[parent] as number, heap[index] as number];
      index = parent;
    }
  };
  const siftDown = () => {
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let worst = index;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === index) return;
      [heap[index], heap[worst]] = [heap[worst] as number, heap[index] as number];
      index = worst;
    }
  };
  for (const id of ids) {
    if (heap.length < count) {
      heap.push(id);
      siftUp(heap.length - 1);
    } else if (compare(id, heap[0] as number) < 0) {
      heap[0] = id;
      siftDown();
    }
  }
  return heap.sort(compare);
}
