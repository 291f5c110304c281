/** sort_by: parsing as CollectionManager::parse_sort_by_str does, validation, and top-k selection. */
import type { Collection } from './collection.ts';
import { SearchError, badRequest } from './errors.ts';
import type { ScoreBoard } from './text-match.ts';

export interface SortClause {
  name: string;
  order: string;
}

export const TEXT_MATCH = '_text_match';
const SEQ_ID = '_seq_id';

/** Splits `a:asc,b(missing_values: first):desc`; returns null when malformed. */
export function parseSortBy(sortBy: string): SortClause[] | null {
  const clauses: SortClause[] = [];
  let expression = '';
  let previousNonSpace = 'a';
  let depth = 0;
  for (let index = 0; index < sortBy.length; index++) {
    const char = sortBy.charAt(index);
    const isLast = index === sortBy.length - 1;
    if (isLast || (char === ',' && !/\d/.test(previousNonSpace) && depth === 0)) {
      if (isLast) expression += char;
      const colon = expression.lastIndexOf(':');
      if (colon < 0 || colon + 1 === expression.length) return null;
      clauses.push({ name: expression.slice(0, colon).trim(), order: expression.slice(colon + 1).trim().toUpperCase() });
      expression = '';
      while (index + 1 < sortBy.length && sortBy.charAt(index + 1) === ' ') index++;
    } else {
      if (char === '(') depth++;
      else if (char === ')') depth--;
      expression += char;
    }
    if (char !== ' ') previousNonSpace = char;
  }
  return clauses;
}

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
    let missingValues: MissingValues = 'last';
    if (name.endsWith(')')) {
      const open = name.indexOf('(');
      const fieldName = name.slice(0, open);
      const parameters = name.slice(open + 1, -1);
      if (fieldName === TEXT_MATCH) {
        const parts = parameters.split(':').map((part) => part.trim());
        if (parts.length !== 2 || parts[0] !== 'buckets') throw badRequest('Invalid sorting parameter passed for _text_match.');
        if (!/^\d+$/.test(parts[1] as string)) throw badRequest('Invalid value passed for _text_match `buckets` configuration.');
      } else {
        if (!collection.fieldsByName.has(fieldName)) {
          throw new SearchError(404, `Could not find a field named \`${fieldName}\` in the schema for sorting.`);
        }
        const parts = parameters.split(':').map((part) => part.trim());
        const mode = parts[1];
        if (parts.length !== 2 || parts[0] !== 'missing_values' || (mode !== 'first' && mode !== 'last' && mode !== 'normal')) {
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
    keys.push({ name, descending: clause.order === 'DESC', missingValues });
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

/** A comparator over sequence ids: negative when `a` ranks before `b`. Higher sequence ids win the last tie. */
export function buildComparator(collection: Collection, keys: readonly SortKey[], scores: ScoreBoard | null): Compare {
  const parts: Compare[] = keys.map((key) => keyComparator(collection, key, scores));
  return (a, b) => {
    for (const part of parts) {
      const result = part(a, b);
      if (result !== 0) return result;
    }
    return b - a;
  };
}

function keyComparator(collection: Collection, key: SortKey, scores: ScoreBoard | null): Compare {
  const direction = key.descending ? -1 : 1;
  if (key.name === SEQ_ID) return (a, b) => direction * (a - b);
  if (key.name === TEXT_MATCH) {
    if (!scores) return () => 0;
    return (a, b) => {
      const primary = scores.primary(a) - scores.primary(b);
      if (primary !== 0) return direction * primary;
      return direction * (scores.secondary(a) - scores.secondary(b));
    };
  }
  const numeric = collection.numericIndexes.get(key.name);
  const missingRank = (missingA: boolean, missingB: boolean): number => {
    if (key.missingValues === 'first') return missingA ? -1 : 1;
    if (key.missingValues === 'last') return missingA ? 1 : -1;
    return direction * (missingA ? -1 : 1);
  };
  if (numeric) {
    return (a, b) => {
      const values = numeric.values;
      const x = a < values.length ? (values[a] as number) : Number.NaN;
      const y = b < values.length ? (values[b] as number) : Number.NaN;
      const missingA = x !== x;
      const missingB = y !== y;
      if (missingA || missingB) return missingA === missingB ? 0 : missingRank(missingA, missingB);
      return x === y ? 0 : direction * (x < y ? -1 : 1);
    };
  }
  const strings = collection.stringIndexes.get(key.name)?.sortValues ?? [];
  return (a, b) => {
    const x = strings[a];
    const y = strings[b];
    if (x === undefined || y === undefined) return x === y ? 0 : missingRank(x === undefined, y === undefined);
    return x === y ? 0 : direction * (x < y ? -1 : 1);
  };
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
