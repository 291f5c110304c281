import { insertSorted, removeSorted, type DocIds } from './doc-set.ts';
import type { Stemmer } from './stemming-dictionaries.ts';
import { exactKey, tokenize } from './tokenizer.ts';

const EMPTY: DocIds = [];

function grownFloat64(array: Float64Array<ArrayBuffer>, minimumLength: number): Float64Array<ArrayBuffer> {
  if (minimumLength <= array.length) return array;
  const grown = new Float64Array(Math.max(minimumLength, array.length * 2, 64)).fill(Number.NaN);
  grown.set(array);
  return grown;
}

function grownInt32(array: Int32Array<ArrayBuffer>, minimumLength: number, fill: number): Int32Array<ArrayBuffer> {
  if (minimumLength <= array.length) return array;
  const grown = new Int32Array(Math.max(minimumLength, array.length * 2, 64)).fill(fill);
  grown.set(array);
  return grown;
}

/**
 * A list of integers per sequence id, all packed end to end in one typed array: three arrays in all rather than
 * one small array per document (at 100,000 products the difference is hundreds of megabytes). A replaced or
 * removed list leaves a gap, reclaimed when the pool next grows and gaps are half of it.
 */
export class PackedLists {
  pool = new Int32Array(1024);
  /** Where each sequence id's list starts in the pool, and how long it is (0: none). */
  start = new Int32Array(0);
  length = new Int32Array(0);
  private used = 0;
  private live = 0;

  set(seqId: number, values: ArrayLike<number>): void {
    this.remove(seqId);
    if (this.used + values.length > this.pool.length) this.grow(values.length);
    this.start = grownInt32(this.start, seqId + 1, 0);
    this.length = grownInt32(this.length, seqId + 1, 0);
    this.start[seqId] = this.used;
    this.length[seqId] = values.length;
    this.pool.set(values, this.used);
    this.used += values.length;
    this.live += values.length;
  }

  remove(seqId: number): void {
    if (seqId < this.length.length && (this.length[seqId] as number) > 0) {
      this.live -= this.length[seqId] as number;
      this.length[seqId] = 0;
    }
  }

  /** Makes room, dropping the gaps of removed or replaced lists when they waste half the pool. */
  private grow(needed: number): void {
    const wasted = this.used - this.live;
    const size = Math.max(this.pool.length * (wasted * 2 > this.used ? 1 : 2), this.live + needed + 1024);
    const compacted = new Int32Array(size);
    let used = 0;
    for (let seqId = 0; seqId < this.length.length; seqId++) {
      const length = this.length[seqId] as number;
      if (length <= 0) continue;
      const start = this.start[seqId] as number;
      compacted.set(this.pool.subarray(start, start + length), used);
      this.start[seqId] = used;
      used += length;
    }
    this.pool = compacted;
    this.used = used;
    this.live = used;
  }
}

/**
 * A string or string[] field: an inverted index from token to the sorted ids of documents holding it, each
 * document's tokens per value (for scoring and highlighting), and the documents per whole value for `:=`.
 */
export class StringFieldIndex {
  private readonly tokenIds = new Map<string, number>();
  readonly tokens: string[] = [];
  readonly postings: number[][] = [];
  private vocabulary: string[] | null = null;
  /**
   * Per document, the token ids of each value (one value for a plain string), packed as the value's token count
   * and then its ids, value after value: walk them with documentValues, or the pool itself where it is hot.
   */
  readonly documentTokens = new PackedLists();
  private readonly exactValues = new Map<string, number[]>();
  /** Raw values for sorting when the field is sortable. */
  readonly sortValues: (string | undefined)[] = [];
  private sortRanks: Map<string, number> | null = null;

  /** stemmer: the postings hold the words' stems (a `stem: true` field); `:=` still compares the words. */
  constructor(
    readonly sortable: boolean,
    readonly stemmer: Stemmer | null = null,
  ) {}

  add(seqId: number, values: readonly string[]): void {
    const packed: number[] = [];
    for (const value of values) {
      const tokens = tokenize(value);
      packed.push(tokens.length);
      for (const token of this.stemmer ? tokens.map(this.stemmer) : tokens) {
        let id = this.tokenIds.get(token);
        if (id === undefined) {
          id = this.tokens.length;
          this.tokenIds.set(token, id);
          this.tokens.push(token);
          this.postings.push([]);
          this.vocabulary = null;
        }
        packed.push(id);
        insertSorted(this.postings[id] as number[], seqId);
      }
      const key = tokens.join(' ');
      let exact = this.exactValues.get(key);
      if (!exact) {
        exact = [];
        this.exactValues.set(key, exact);
      }
      insertSorted(exact, seqId);
    }
    this.documentTokens.set(seqId, packed);
    if (this.sortable) {
      const sortValue = values[0];
      this.sortValues[seqId] = sortValue;
      if (sortValue !== undefined && this.sortRanks && !this.sortRanks.has(sortValue)) this.sortRanks = null;
    }
  }

  remove(seqId: number, values: readonly string[]): void {
    for (const ids of this.documentValues(seqId)) {
      for (const id of ids) removeSorted(this.postings[id] as number[], seqId);
    }
    for (const value of values) {
      const exact = this.exactValues.get(exactKey(value));
      if (exact) removeSorted(exact, seqId);
    }
    this.documentTokens.remove(seqId);
    if (this.sortable) this.sortValues[seqId] = undefined;
  }

  /** The token ids of each of the document's values, as views into the packed lists (none when it has none). */
  documentValues(seqId: number): Int32Array[] {
    const { pool, start, length } = this.documentTokens;
    if (seqId >= length.length) return [];
    const values: Int32Array[] = [];
    const end = (start[seqId] as number) + (length[seqId] as number);
    for (let cursor = start[seqId] as number; cursor < end; cursor += 1 + (pool[cursor] as number)) {
      values.push(pool.subarray(cursor + 1, cursor + 1 + (pool[cursor] as number)));
    }
    return values;
  }

  /** Each distinct sort value's position in code-unit order, so sorting compares numbers. */
  sortRank(): Map<string, number> {
    if (!this.sortRanks) {
      const distinct = [...new Set(this.sortValues.filter((value): value is string => value !== undefined))].sort();
      this.sortRanks = new Map(distinct.map((value, rank) => [value, rank]));
    }
    return this.sortRanks;
  }

  tokenId(token: string): number | undefined {
    return this.tokenIds.get(token);
  }

  documentsWithToken(token: string): DocIds {
    const id = this.tokenIds.get(token);
    return id === undefined ? EMPTY : (this.postings[id] as DocIds);
  }

  documentsWithValue(key: string): DocIds {
    return this.exactValues.get(key) ?? EMPTY;
  }

  documentsWithValuePrefix(prefix: string): DocIds[] {
    const lists: DocIds[] = [];
    for (const [key, ids] of this.exactValues) {
      if (key.startsWith(prefix) && ids.length > 0) lists.push(ids);
    }
    return lists;
  }

  /** Tokens in code-unit order, for prefix lookups and typo scans. */
  sortedVocabulary(): string[] {
    if (!this.vocabulary) this.vocabulary = [...this.tokens].sort();
    return this.vocabulary;
  }

  tokensWithPrefix(prefix: string): string[] {
    const vocabulary = this.sortedVocabulary();
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((vocabulary[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const matches: string[] = [];
    for (let index = low; index < vocabulary.length; index++) {
      const token = vocabulary[index] as string;
      if (!token.startsWith(prefix)) break;
      matches.push(token);
    }
    return matches;
  }
}

/**
 * A numeric or bool field: values by sequence id, NaN where a document has none. Bools are stored as 1 and 0
 * and also keep the sorted ids per value, so `flag:true` costs no scan.
 */
export class NumericFieldIndex {
  values = new Float64Array(0);
  readonly arrayValues: (readonly number[] | undefined)[] = [];
  private readonly idsByValue: Map<number, number[]> | null;

  constructor(
    readonly isArray: boolean,
    isBool: boolean,
  ) {
    this.idsByValue = isBool
      ? new Map([
          [0, []],
          [1, []],
        ])
      : null;
  }

  add(seqId: number, values: readonly number[]): void {
    if (this.idsByValue) for (const value of values) insertSorted(this.idsByValue.get(value) ?? [], seqId);
    if (this.isArray) {
      this.arrayValues[seqId] = values;
      return;
    }
    this.values = grownFloat64(this.values, seqId + 1);
    this.values[seqId] = values[0] ?? Number.NaN;
  }

  remove(seqId: number): void {
    if (this.idsByValue) for (const ids of this.idsByValue.values()) removeSorted(ids, seqId);
    if (this.isArray) this.arrayValues[seqId] = undefined;
    else if (seqId < this.values.length) this.values[seqId] = Number.NaN;
  }

  /** Sorted ids holding exactly this value, when the field keeps them (bools); null otherwise. */
  documentsWithValue(value: number): DocIds | null {
    return this.idsByValue ? (this.idsByValue.get(value) ?? EMPTY) : null;
  }

  /** Sorted ids of documents with a value (any element, for arrays) that satisfies the predicate. */
  matching(predicate: (value: number) => boolean, upperSeqId: number): number[] {
    const result: number[] = [];
    if (this.isArray) {
      for (let seqId = 0; seqId < upperSeqId; seqId++) {
        const values = this.arrayValues[seqId];
        if (values && values.some(predicate)) result.push(seqId);
      }
      return result;
    }
    const values = this.values;
    const end = Math.min(upperSeqId, values.length);
    for (let seqId = 0; seqId < end; seqId++) {
      const value = values[seqId] as number;
      if (value === value && predicate(value)) result.push(seqId);
    }
    return result;
  }
}

/**
 * Facet values of one field: each distinct value gets a small id and every document keeps the ids of its
 * values, in typed arrays (a shared pool for array fields), so counting over a result set never allocates.
 */
export class FacetColumn {
  private readonly valueIds = new Map<string, number>();
  readonly values: string[] = [];
  readonly numericValues: number[] = [];
  singleValueIds = new Int32Array(0);
  /** For array fields: each document's value ids. */
  private readonly valueLists = new PackedLists();

  constructor(
    readonly isArray: boolean,
    readonly isNumeric: boolean,
  ) {}

  get pool(): Int32Array {
    return this.valueLists.pool;
  }

  /** For array fields: where each document's ids start in the pool, and how many there are. */
  get poolStart(): Int32Array {
    return this.valueLists.start;
  }

  get poolLength(): Int32Array {
    return this.valueLists.length;
  }

  private idFor(value: string, numeric: number): number {
    let id = this.valueIds.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.valueIds.set(value, id);
      this.values.push(value);
      this.numericValues.push(numeric);
    }
    return id;
  }

  add(seqId: number, values: readonly string[], numericValues: readonly number[]): void {
    if (!this.isArray) {
      this.singleValueIds = grownInt32(this.singleValueIds, seqId + 1, -1);
      const first = values[0];
      this.singleValueIds[seqId] = first === undefined ? -1 : this.idFor(first, numericValues[0] ?? Number.NaN);
      return;
    }
    const ids: number[] = [];
    values.forEach((value, index) => {
      const id = this.idFor(value, numericValues[index] ?? Number.NaN);
      if (!ids.includes(id)) ids.push(id);
    });
    this.valueLists.set(seqId, ids);
  }

  remove(seqId: number): void {
    if (this.isArray) this.valueLists.remove(seqId);
    else if (seqId < this.singleValueIds.length) this.singleValueIds[seqId] = -1;
  }
}
