import type { Collection } from '../index/collection.ts';
import { contains, difference, intersect, union, unionAll, type DocIds } from '../index/doc-set.ts';
import { tokenize } from '../index/tokenizer.ts';
import type { FilterCondition, FilterNode, NumericTest } from '../query/filter-parser.ts';

/** A set of documents, or (complement: true) every document except these, so `!=` costs no full scan. */
interface Evaluated {
  ids: DocIds;
  complement: boolean;
}

/**
 * Filters already evaluated, for one multi_search: its searches often share a filter or the start of one (the
 * shop's page view sends its block filter seven times), and the documents do not change between them.
 */
export class FilterCache {
  private readonly results = new Map<Collection, Map<string, Evaluated>>();

  get(collection: Collection, key: string): Evaluated | undefined {
    return this.results.get(collection)?.get(key);
  }

  set(collection: Collection, key: string, result: Evaluated): Evaluated {
    let byKey = this.results.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.results.set(collection, byKey);
    }
    byKey.set(key, result);
    return result;
  }
}

/** The sorted ids of the documents that pass the filter; with a cache, parts seen before are not evaluated again. */
export function evaluateFilter(collection: Collection, root: FilterNode, cache?: FilterCache): DocIds {
  if (cache) {
    const key = `=${filterKey(root)}`;
    const known = cache.get(collection, key);
    if (known) return known.ids;
    const result = evaluateCached(collection, root, cache);
    return cache.set(collection, key, {
      ids: result.complement ? difference(collection.allSeqIds(), result.ids) : result.ids,
      complement: false,
    }).ids;
  }
  const result = evaluate(collection, root);
  return result.complement ? difference(collection.allSeqIds(), result.ids) : result.ids;
}

/** The filter as text, the same for the same conditions however they were spaced. */
function filterKey(node: FilterNode): string {
  if (node.kind === 'condition') return node.source;
  return `(${filterKey(node.left)}) ${node.kind === 'and' ? '&&' : '||'} (${filterKey(node.right)})`;
}

/**
 * evaluate, remembering each node's result. A chain of `&&` is intersected in the order written, so that its
 * beginnings are shared: `block && plp && colors` starts from `block && plp` when another search had it.
 */
function evaluateCached(collection: Collection, node: FilterNode, cache: FilterCache): Evaluated {
  const key = filterKey(node);
  const known = cache.get(collection, key);
  if (known) return known;
  let result: Evaluated;
  if (node.kind === 'condition') result = evaluateCondition(collection, node.condition);
  else if (node.kind === 'and')
    result = both(evaluateCached(collection, node.left, cache), evaluateCached(collection, node.right, cache));
  else result = either(evaluateCached(collection, node.left, cache), evaluateCached(collection, node.right, cache));
  return cache.set(collection, key, result);
}

function both(left: Evaluated, right: Evaluated): Evaluated {
  if (!left.complement && !right.complement) return { ids: intersect(left.ids, right.ids), complement: false };
  if (left.complement && right.complement) return { ids: union(left.ids, right.ids), complement: true };
  const [plain, negated] = left.complement ? [right, left] : [left, right];
  return { ids: difference(plain.ids, negated.ids), complement: false };
}

function either(left: Evaluated, right: Evaluated): Evaluated {
  if (!left.complement && !right.complement) return { ids: union(left.ids, right.ids), complement: false };
  if (left.complement && right.complement) return { ids: intersect(left.ids, right.ids), complement: true };
  const [plain, negated] = left.complement ? [right, left] : [left, right];
  return { ids: difference(negated.ids, plain.ids), complement: true };
}

function evaluate(collection: Collection, node: FilterNode): Evaluated {
  if (node.kind === 'condition') return evaluateCondition(collection, node.condition);
  if (node.kind === 'and') return evaluateConjunction(collection, node);
  return either(evaluate(collection, node.left), evaluate(collection, node.right));
}

/**
 * A chain of `&&` is intersected smallest set first; excluded sets are subtracted at the end. A list of values
 * (`colors:=[Black,White]`) much larger than the running result is not merged: the result is checked against it.
 */
function evaluateConjunction(collection: Collection, node: FilterNode): Evaluated {
  const operands: FilterNode[] = [];
  const pending: FilterNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop() as FilterNode;
    if (current.kind === 'and') pending.push(current.right, current.left);
    else operands.push(current);
  }
  const included: DocIds[][] = [];
  const excluded: DocIds[] = [];
  for (const operand of operands) {
    const condition = operand.kind === 'condition' ? operand.condition : null;
    if (condition?.kind === 'string' && !condition.negate) {
      included.push(stringMatches(collection, condition.field, condition.exact, condition.values));
      continue;
    }
    const result = evaluate(collection, operand);
    if (result.complement) excluded.push(result.ids);
    else included.push([result.ids]);
  }
  if (included.length === 0) return { ids: unionAll(excluded), complement: true };
  const sizeOf = (lists: DocIds[]) => lists.reduce((total, list) => total + list.length, 0);
  included.sort((a, b) => sizeOf(a) - sizeOf(b));
  let ids = unionAll(included[0] as DocIds[]);
  for (let index = 1; index < included.length && ids.length > 0; index++) {
    const lists = included[index] as DocIds[];
    if (lists.length > 1 && sizeOf(lists) > ids.length * 4) {
      const current = ids;
      ids = current.filter((id) => lists.some((list) => contains(list, id)));
    } else {
      ids = intersect(ids, unionAll(lists));
    }
  }
  for (const removed of excluded) if (ids.length > 0) ids = difference(ids, removed);
  return { ids, complement: false };
}

function evaluateCondition(collection: Collection, condition: FilterCondition): Evaluated {
  switch (condition.kind) {
    case 'id': {
      if (condition.values === 'all') return { ids: collection.allSeqIds(), complement: condition.negate };
      const ids = new Set<number>();
      for (const value of condition.values) {
        const seqId = collection.seqIdOf(value);
        if (seqId !== undefined) ids.add(seqId);
      }
      return { ids: [...ids].sort((a, b) => a - b), complement: condition.negate };
    }
    case 'string':
      return {
        ids: unionAll(stringMatches(collection, condition.field, condition.exact, condition.values)),
        complement: condition.negate,
      };
    case 'bool': {
      const index = collection.numericIndexes.get(condition.field);
      const wanted = [...new Set(condition.values.map((value) => (value ? 1 : 0)))];
      const lists = wanted.map((value) => index?.documentsWithValue(value) ?? []);
      return { ids: unionAll(lists), complement: condition.negate };
    }
    case 'numeric': {
      const only = condition.tests.length === 1 ? condition.tests[0] : undefined;
      if (only && only.comparator === '!=') {
        const value = only.value;
        return {
          ids: numericMatches(collection, condition.field, (candidate) => candidate === value),
          complement: !condition.negate,
        };
      }
      const tests = condition.tests;
      const ids = numericMatches(collection, condition.field, (value) => tests.some((test) => passes(test, value)));
      return { ids, complement: condition.negate };
    }
  }
}

function passes(test: NumericTest, value: number): boolean {
  switch (test.comparator) {
    case '=':
      return value === test.value;
    case '!=':
      return value !== test.value;
    case '<':
      return value < test.value;
    case '<=':
      return value <= test.value;
    case '>':
      return value > test.value;
    case '>=':
      return value >= test.value;
    case 'range':
      return value >= test.low && value <= test.high;
  }
}

function numericMatches(collection: Collection, field: string, predicate: (value: number) => boolean): DocIds {
  const index = collection.numericIndexes.get(field);
  return index ? index.matching(predicate, collection.seqIdLimit) : [];
}

/** The documents of each value, not yet merged. */
function stringMatches(collection: Collection, field: string, exact: boolean, values: readonly string[]): DocIds[] {
  const index = collection.stringIndexes.get(field);
  if (!index) return [];
  const lists: DocIds[] = [];
  for (const raw of values) {
    const isPrefix = raw.endsWith('*');
    const value = isPrefix ? raw.slice(0, -1) : raw;
    const tokens = tokenize(value);
    if (exact) {
      const key = tokens.join(' ');
      if (isPrefix) lists.push(...index.documentsWithValuePrefix(key));
      else lists.push(index.documentsWithValue(key));
      continue;
    }
    if (tokens.length === 0) continue;
    const last = tokens[tokens.length - 1] as string;
    const lastTokenDocs = isPrefix
      ? unionAll(index.tokensWithPrefix(last).map((token) => index.documentsWithToken(token)))
      : index.documentsWithToken(last);
    if (tokens.length === 1) {
      lists.push(lastTokenDocs);
      continue;
    }
    let candidates: DocIds = lastTokenDocs;
    for (const token of tokens.slice(0, -1)) candidates = intersect(candidates, index.documentsWithToken(token));
    lists.push(candidates.filter((seqId) => holdsPhrase(index.documentValues(seqId), index.tokens, tokens, isPrefix)));
  }
  return lists;
}

/** A multi-word `field:value` matches when one value of the field holds the words next to each other. */
function holdsPhrase(
  perValue: readonly Int32Array[],
  vocabulary: readonly string[],
  phrase: readonly string[],
  lastIsPrefix: boolean,
): boolean {
  for (const ids of perValue) {
    for (let start = 0; start + phrase.length <= ids.length; start++) {
      let matched = true;
      for (let offset = 0; offset < phrase.length && matched; offset++) {
        const token = vocabulary[ids[start + offset] as number] as string;
        const wanted = phrase[offset] as string;
        matched = lastIsPrefix && offset === phrase.length - 1 ? token.startsWith(wanted) : token === wanted;
      }
      if (matched) return true;
    }
  }
  return false;
}
