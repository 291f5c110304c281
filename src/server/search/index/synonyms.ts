/**
 * Synonyms of a collection, as Typesense v29's synonym_t and SynonymIndex: multi-way sets (any one stands for
 * the others) and one-way rules (a `root` stands for its synonyms, not the other way round), matched against
 * the words of a query and expanded into alternative queries (synonym_reduction).
 */
import { SearchError, badRequest } from '../errors.ts';
import { isJsonObject, type JsonObject } from './schema.ts';
import { tokenize } from './tokenizer.ts';
import { boundedEditDistance } from './typo.ts';

export interface Synonym {
  id: string;
  /** Tokens of the root; empty for a multi-way synonym. */
  root: string[];
  rawRoot: string;
  synonyms: string[][];
  rawSynonyms: string[];
  locale: string;
  symbolsToIndex: string[];
  /** The body as PUT sent it, with its id: what PUT answers. */
  source: JsonObject;
}

const SYNONYMS_ARRAY_ERROR = 'Could not find a valid string array of `synonyms`';

/** Checks a PUT /synonyms/{id} body as core_api's put_synonym and synonym_t::parse do. */
export function parseSynonym(input: unknown, id: string): Synonym {
  if (!isJsonObject(input)) throw badRequest('Bad JSON.');
  if ('root' in input && typeof input.root !== 'string') throw badRequest('Key `root` should be a string.');
  const list = input.synonyms;
  if (Array.isArray(list)) {
    if (list.length === 0) throw badRequest(SYNONYMS_ARRAY_ERROR);
    for (const synonym of list)
      if (typeof synonym !== 'string' || synonym === '') throw badRequest(SYNONYMS_ARRAY_ERROR);
  }
  if (!Array.isArray(list) || list.length === 0) throw badRequest('Could not find an array of `synonyms`');
  if ('locale' in input && typeof input.locale !== 'string') throw badRequest('Synonym `locale` should be a string.`');
  const symbolsToIndex: string[] = [];
  if ('symbols_to_index' in input) {
    const symbols = input.symbols_to_index;
    if (!Array.isArray(symbols) || symbols.length === 0 || typeof symbols[0] !== 'string') {
      throw badRequest('Synonym `symbols_to_index` should be an array of strings.');
    }
    for (const symbol of symbols) {
      if (typeof symbol !== 'string' || symbol.length !== 1) {
        throw badRequest('Synonym `symbols_to_index` should be an array of single character symbols.');
      }
      symbolsToIndex.push(symbol);
    }
  }
  const rawRoot = typeof input.root === 'string' ? input.root : '';
  const rawSynonyms = list.filter((synonym): synonym is string => typeof synonym === 'string');
  return {
    id,
    root: tokenize(rawRoot),
    rawRoot,
    synonyms: rawSynonyms.map(tokenize),
    rawSynonyms,
    locale: typeof input.locale === 'string' ? input.locale : '',
    symbolsToIndex,
    source: { ...input, id },
  };
}

/** synonym_t::to_view_json: what GET answers. */
export function synonymJson(synonym: Synonym): JsonObject {
  const json: JsonObject = { id: synonym.id, root: synonym.rawRoot, synonyms: [...synonym.rawSynonyms] };
  if (synonym.locale !== '') json.locale = synonym.locale;
  if (synonym.symbolsToIndex.length > 0) json.symbols_to_index = [...synonym.symbolsToIndex];
  return json;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  synonymIds: string[];
}

const newNode = (): TrieNode => ({ children: new Map(), synonymIds: [] });

/** A match of a synonym's words in the query: tokens [start, end). */
interface SynonymMatch {
  id: string;
  start: number;
  end: number;
}

export interface SynonymMatching {
  /** synonym_prefix: the last word of a synonym may be a prefix of the query's word. */
  prefix: boolean;
  /** synonym_num_typos */
  numTypos: number;
}

/** Typesense keeps at most this many alternatives per position while expanding, so expansion cannot run away. */
const MAX_EXPANSIONS_PER_POSITION = 200;
/** art_fuzzy_search's limit on the trie children a word may reach by typos or prefix. */
const MAX_FUZZY_CHILDREN = 10;

/** A collection's synonyms, listed in the order they were last written, as Typesense lists them. */
export class SynonymStore {
  private readonly byId = new Map<string, Synonym>();
  private trie: TrieNode | null = null;

  get size(): number {
    return this.byId.size;
  }

  upsert(synonym: Synonym): void {
    this.byId.delete(synonym.id);
    this.byId.set(synonym.id, synonym);
    this.trie = null;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Synonym {
    const synonym = this.byId.get(id);
    if (!synonym) throw new SearchError(404, 'Not Found');
    return synonym;
  }

  delete(id: string): void {
    if (!this.byId.delete(id)) throw new SearchError(404, 'Could not find that `id`.');
    this.trie = null;
  }

  list(): Synonym[] {
    return [...this.byId.values()];
  }

  /**
   * The alternative queries the synonyms make of these words (SynonymIndex::synonym_reduction): every way of
   * replacing runs of words that match a synonym, in Typesense's order, the words themselves left out.
   */
  expand(tokens: readonly string[], matching: SynonymMatching): string[][] {
    if (this.byId.size === 0 || tokens.length === 0) return [];
    const trie = this.trieRoot();
    const expansions: Map<string, string[]>[] = Array.from({ length: tokens.length + 1 }, () => new Map());
    expansions[tokens.length]?.set('', []);
    const add = (cell: Map<string, string[]>, expansion: string[]) => {
      const key = expansion.join('\u0000');
      if (cell.size < MAX_EXPANSIONS_PER_POSITION && !cell.has(key)) cell.set(key, expansion);
    };
    for (let start = tokens.length - 1; start >= 0; start--) {
      const cell = expansions[start] as Map<string, string[]>;
      const word = tokens[start] as string;
      for (const suffix of (expansions[start + 1] as Map<string, string[]>).values()) add(cell, [word, ...suffix]);
      for (const match of this.matchesAt(trie, tokens, start, matching)) {
        const synonym = this.byId.get(match.id);
        if (!synonym || synonym.locale !== '') continue;
        if (synonym.root.length > 0 && synonym.root.join(' ') !== tokens.slice(match.start, match.end).join(' '))
          continue;
        for (const suffix of (expansions[match.end] as Map<string, string[]>).values()) {
          for (const replacement of synonym.synonyms) add(cell, [...replacement, ...suffix]);
        }
      }
    }
    const original = tokens.join('\u0000');
    return [...(expansions[0] as Map<string, string[]>).entries()]
      .filter(([key]) => key !== original)
      .map(([, expansion]) => expansion)
      .sort(compareTokenLists);
  }

  private trieRoot(): TrieNode {
    if (this.trie) return this.trie;
    const root = newNode();
    const insert = (words: readonly string[], id: string) => {
      if (words.length === 0) return;
      let node = root;
      for (const word of words) {
        let child = node.children.get(word);
        if (!child) {
          child = newNode();
          node.children.set(word, child);
        }
        node = child;
      }
      node.synonymIds.push(id);
    };
    for (const synonym of this.byId.values()) {
      insert(synonym.root, synonym.id);
      for (const words of synonym.synonyms) insert(words, synonym.id);
    }
    this.trie = root;
    return root;
  }

  private matchesAt(
    root: TrieNode,
    tokens: readonly string[],
    start: number,
    matching: SynonymMatching,
  ): SynonymMatch[] {
    const matches: SynonymMatch[] = [];
    const walk = (node: TrieNode, position: number) => {
      for (const id of node.synonymIds) matches.push({ id, start, end: position });
      if (position === tokens.length) return;
      for (const child of matchingChildren(node, tokens[position] as string, matching)) walk(child, position + 1);
    };
    walk(root, start);
    return matches;
  }
}

function matchingChildren(node: TrieNode, word: string, matching: SynonymMatching): TrieNode[] {
  const exact = node.children.get(word);
  if (exact) return [exact];
  if (matching.numTypos === 0 && !matching.prefix) return [];
  const found: TrieNode[] = [];
  for (const [key, child] of node.children) {
    if (found.length === MAX_FUZZY_CHILDREN) break;
    const whole = boundedEditDistance(word, key, matching.numTypos) <= matching.numTypos;
    const prefix =
      matching.prefix &&
      key.length > word.length &&
      boundedEditDistance(word, key.slice(0, word.length), matching.numTypos) <= matching.numTypos;
    if (whole || prefix) found.push(child);
  }
  return found;
}

function compareTokenLists(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] as string;
    const y = b[index] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
