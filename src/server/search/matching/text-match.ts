/**
 * Keyword matching and the text match score, after Typesense: each query word expands to the field's tokens
 * it equals, prefixes (last word) or reaches within the allowed typos, cheapest first; a document matches when
 * every word is found in one of the query_by fields; too few results drop words from the right, then the left.
 */
import { SEARCH_CAPS } from '../bounds/search-caps.ts';
import type { SearchDeadline } from '../bounds/search-deadline.ts';
import { intersect, unionAll, type DocIds } from '../index/doc-set.ts';
import type { StringFieldIndex } from '../index/field-index.ts';
import { allowedTypos, boundedEditDistance } from '../index/typo.ts';

export interface QueryField {
  name: string;
  index: StringFieldIndex;
  /** Typesense's weight, from 15 for the first field down. */
  weight: number;
  numTypos: number;
  prefix: boolean;
  /** The field's words are indexed by stem. */
  stem: boolean;
}

export interface TextMatchOptions {
  minLen1Typo: number;
  minLen2Typo: number;
  typoTokensThreshold: number;
  dropTokensThreshold: number;
  /** With group_by, the thresholds count groups, not documents. */
  groupOf?: (seqId: number) => number;
  maxCandidates: number;
  prioritizeExactMatch: boolean;
  prioritizeTokenPosition: boolean;
  prioritizeNumMatchingFields: boolean;
}

/** A token of the field that stands for a query word. */
interface Candidate {
  tokenId: number;
  cost: number;
  /** Length of the query word when the token was reached as a prefix of it; 0 for whole-word matches. */
  prefixLength: number;
}

/** How a field token counts for highlighting: the part of it to mark. */
export interface HighlightToken {
  prefixLength: number;
}

/**
 * Per document: the parts of Typesense's 64-bit text match score. Documents are scored when first asked for,
 * so a search sorted on fields only scores its ties and the hits it returns.
 */
export class ScoreBoard {
  bestFieldScore = new Float64Array(0);
  tokensMatched = new Uint8Array(0);
  weightAndFields = new Uint8Array(0);
  typoCost = new Uint8Array(0);
  private scoredIn = new Uint32Array(0);
  private generation = 0;
  private scorer: ((seqId: number) => void) | null = null;

  /** Starts a new search: earlier scores no longer count. */
  reset(size: number, scorer: (seqId: number) => void): void {
    if (this.bestFieldScore.length < size) {
      const capacity = Math.max(size, this.bestFieldScore.length * 2, 1024);
      this.bestFieldScore = new Float64Array(capacity);
      this.tokensMatched = new Uint8Array(capacity);
      this.weightAndFields = new Uint8Array(capacity);
      this.typoCost = new Uint8Array(capacity);
      this.scoredIn = new Uint32Array(capacity);
    }
    this.generation++;
    this.scorer = scorer;
  }

  /** Scores the document if this search has not yet. */
  score(seqId: number): void {
    if (this.scoredIn[seqId] === this.generation) return;
    this.scoredIn[seqId] = this.generation;
    this.scorer?.(seqId);
  }

  clear(seqId: number): void {
    this.bestFieldScore[seqId] = 0;
    this.tokensMatched[seqId] = 0;
    this.weightAndFields[seqId] = 0;
    this.typoCost[seqId] = 0;
  }

  /** tokens_matched and best_field_score as one exact double, for ranking. */
  primary(seqId: number): number {
    this.score(seqId);
    return (this.tokensMatched[seqId] as number) * 2 ** 48 + (this.bestFieldScore[seqId] as number);
  }

  secondary(seqId: number): number {
    this.score(seqId);
    return this.weightAndFields[seqId] as number;
  }
}

export interface TextMatchResult {
  /** Matching documents, unsorted. */
  seqIds: number[];
  scores: ScoreBoard;
  /** Per field, the tokens that matched a query word, for highlighting. */
  highlightTokens: Map<string, Map<string, HighlightToken>>;
  queryTokenCount: number;
}

const MAX_FIELD_DISTANCE = 100;
/** Words past this many are ignored, so a pathological `q` cannot run for long. */
export const MAX_QUERY_TOKENS = SEARCH_CAPS.queryTokens;

/** The words to find, and the alternatives synonyms make of them (Collection::synonym_reduction). */
export interface TextQuery {
  tokens: readonly string[];
  synonyms: readonly (readonly string[])[];
}

/** One query searched: the words themselves, or a synonym alternative, with its own candidates. */
interface Alternative {
  tokens: readonly string[];
  candidates: CandidateCache;
  /** Synonym alternatives are searched without typos at first (Index::do_synonym_search). */
  isSynonym: boolean;
}

export function matchText(
  query: TextQuery,
  fields: readonly QueryField[],
  filter: DocIds | null,
  options: TextMatchOptions,
  scores: ScoreBoard,
  seqIdLimit: number,
  deadline: SearchDeadline,
): TextMatchResult {
  const tokens = query.tokens.slice(0, MAX_QUERY_TOKENS);
  const alternatives: Alternative[] = [tokens, ...query.synonyms].map((words, index) => {
    const kept = words.slice(0, MAX_QUERY_TOKENS);
    return { tokens: kept, candidates: new CandidateCache(kept, fields, options, deadline), isSynonym: index > 0 };
  });
  // With synonyms, a document holding every word of any alternative counts as matching this many words, so
  // a synonym match ranks as high as a match of the words themselves (syn_orig_num_tokens).
  const synonymTokenCount =
    alternatives.length > 1 ? Math.max(...alternatives.map((alternative) => alternative.tokens.length)) : -1;
  const matched = new Set<number>();
  const seqIds: number[] = [];
  const highlightTokens = new Map<string, Map<string, HighlightToken>>();
  // Which alternative and token variant (all words, or some dropped) each document matched, for lazy scoring.
  const variantOf = new Map<number, { alternative: Alternative; variant: number[]; fieldMatches: TokenMatches[] }>();
  let scored = 0;
  scores.reset(seqIdLimit, (seqId) => {
    // Past the time budget, documents not scored yet count as matching nothing and rank after the others.
    if (deadline.cutoff || ((++scored & 255) === 0 && deadline.passed())) {
      scores.clear(seqId);
      return;
    }
    const match = variantOf.get(seqId);
    if (!match) return;
    const whole = match.variant.length === match.alternative.tokens.length ? synonymTokenCount : -1;
    scoreDocument(
      seqId,
      match.variant,
      match.alternative.tokens.length,
      whole,
      fields,
      match.fieldMatches,
      options,
      scores,
    );
  });

  const search = (alternative: Alternative, variant: number[], maxLevel: number, typoTokensThreshold: number) => {
    if (deadline.passed()) return;
    const found = searchVariant(
      variant,
      fields,
      alternative.candidates,
      filter,
      typoTokensThreshold,
      maxLevel,
      options.groupOf,
      deadline,
    );
    if (!found) return;
    const { documents, level } = found;
    const fieldMatches = fields.map((_, fieldIndex) => alternative.candidates.lookup(variant, fieldIndex, level));
    const match = { alternative, variant, fieldMatches };
    for (let position = 0; position < documents.length; position++) {
      if ((position & 4095) === 4095 && deadline.passed()) break;
      const seqId = documents[position] as number;
      if (matched.has(seqId)) continue;
      matched.add(seqId);
      seqIds.push(seqId);
      variantOf.set(seqId, match);
    }
    fields.forEach((field, fieldIndex) => {
      let tokensOfField = highlightTokens.get(field.name);
      if (!tokensOfField) {
        tokensOfField = new Map();
        highlightTokens.set(field.name, tokensOfField);
      }
      const matches = fieldMatches[fieldIndex] as TokenMatches;
      matches.tokenIds.forEach((tokenId, slot) => {
        const infos = matches.infos[slot] as MatchInfo[];
        const token = field.index.tokens[tokenId] as string;
        const prefixLength = Math.max(...infos.map((info) => info.prefixLength));
        const known = tokensOfField.get(token);
        if (!known || (known.prefixLength > 0 && (prefixLength === 0 || prefixLength > known.prefixLength))) {
          tokensOfField.set(token, { prefixLength });
        }
      });
    });
  };

  // Every word of the query, then of each synonym alternative (without typos), then words dropped from each
  // while fewer than drop_tokens_threshold documents are found (Index::search).
  for (const alternative of alternatives) {
    const all = alternative.tokens.map((_, index) => index);
    if (alternative.isSynonym) search(alternative, all, 0, 0);
    else search(alternative, all, alternative.candidates.maxLevel, options.typoTokensThreshold);
  }
  for (const alternative of alternatives) {
    for (const variant of droppedVariants(alternative.tokens.length)) {
      if (resultCount(seqIds, options.groupOf) >= options.dropTokensThreshold) break;
      search(alternative, variant, alternative.candidates.maxLevel, options.typoTokensThreshold);
    }
  }
  return { seqIds, scores, highlightTokens, queryTokenCount: tokens.length };
}

/** Words dropped from the right, then from the left; only the first 20 words take part, as in Typesense. */
function* droppedVariants(count: number): Generator<number[]> {
  const all = Array.from({ length: Math.min(count, MAX_DROP_TOKENS) }, (_, index) => index);
  for (let kept = all.length - 1; kept >= 1; kept--) yield all.slice(0, kept);
  for (let dropped = 1; dropped < all.length; dropped++) yield all.slice(dropped);
}

const MAX_DROP_TOKENS = 20;

function searchVariant(
  variant: readonly number[],
  fields: readonly QueryField[],
  candidates: CandidateCache,
  filter: DocIds | null,
  typoTokensThreshold: number,
  maxLevel: number,
  groupOf: ((seqId: number) => number) | undefined,
  deadline: SearchDeadline,
): { documents: DocIds; level: number } | null {
  let best: { documents: DocIds; level: number } | null = null;
  for (let level = 0; level <= maxLevel && !deadline.passed(); level++) {
    const perWord: DocIds[] = [];
    for (const word of variant) {
      // Each word's union can cover the whole collection: the time is checked between them.
      if (deadline.passed()) return best;
      const lists: DocIds[] = [];
      fields.forEach((field, fieldIndex) => {
        for (const candidate of candidates.upTo(word, fieldIndex, level)) {
          lists.push(field.index.postings[candidate.tokenId] as DocIds);
        }
      });
      perWord.push(unionAll(lists));
    }
    perWord.sort((a, b) => a.length - b.length);
    let documents: DocIds = perWord[0] ?? [];
    for (let k = 1; k < perWord.length && documents.length > 0; k++)
      documents = intersect(documents, perWord[k] as DocIds);
    if (filter) documents = intersect(documents, filter);
    if (documents.length > 0) best = { documents, level };
    if (resultCount(documents, groupOf) >= typoTokensThreshold) break;
  }
  return best;
}

/** How many results the thresholds see: documents, or with group_by their groups. */
function resultCount(seqIds: DocIds, groupOf: ((seqId: number) => number) | undefined): number {
  if (!groupOf) return seqIds.length;
  const groups = new Set<number>();
  for (const seqId of seqIds) groups.add(groupOf(seqId));
  return groups.size;
}

interface MatchInfo {
  word: number;
  cost: number;
  prefixLength: number;
}

/** For one field: which query words each field token stands for, looked up by token id without hashing. */
interface TokenMatches {
  slotByToken: Int32Array;
  infos: MatchInfo[][];
  tokenIds: number[];
}

/** Candidates per query word and field, computed one typo level at a time and only when needed. */
class CandidateCache {
  readonly maxLevel: number;
  private readonly levels = new Map<string, Candidate[][]>();

  constructor(
    private readonly tokens: readonly string[],
    private readonly fields: readonly QueryField[],
    private readonly options: TextMatchOptions,
    private readonly deadline: SearchDeadline,
  ) {
    this.maxLevel = Math.max(0, ...fields.map((field) => Math.min(2, field.numTypos)));
  }

  upTo(word: number, fieldIndex: number, level: number): Candidate[] {
    const result: Candidate[] = [];
    for (let cost = 0; cost <= level; cost++) result.push(...this.at(word, fieldIndex, cost));
    return result;
  }

  lookup(variant: readonly number[], fieldIndex: number, level: number): TokenMatches {
    const field = this.fields[fieldIndex] as QueryField;
    const matches: TokenMatches = {
      slotByToken: new Int32Array(field.index.tokens.length).fill(-1),
      infos: [],
      tokenIds: [],
    };
    for (const word of variant) {
      for (const candidate of this.upTo(word, fieldIndex, level)) {
        let slot = matches.slotByToken[candidate.tokenId] as number;
        if (slot < 0) {
          slot = matches.infos.length;
          matches.slotByToken[candidate.tokenId] = slot;
          matches.infos.push([]);
          matches.tokenIds.push(candidate.tokenId);
        }
        (matches.infos[slot] as MatchInfo[]).push({ word, cost: candidate.cost, prefixLength: candidate.prefixLength });
      }
    }
    return matches;
  }

  private at(word: number, fieldIndex: number, cost: number): Candidate[] {
    const key = `${word}:${fieldIndex}`;
    let levels = this.levels.get(key);
    if (!levels) {
      levels = [];
      this.levels.set(key, levels);
    }
    let candidates = levels[cost];
    if (!candidates) {
      candidates = this.compute(word, fieldIndex, cost);
      levels[cost] = candidates;
    }
    return candidates;
  }

  private compute(word: number, fieldIndex: number, cost: number): Candidate[] {
    const field = this.fields[fieldIndex] as QueryField;
    const token = this.tokens[word] as string;
    const isPrefix = field.prefix && word === this.tokens.length - 1;
    const index = field.index;
    const byFrequency = (a: Candidate, b: Candidate) =>
      (index.postings[b.tokenId] as number[]).length - (index.postings[a.tokenId] as number[]).length;

    if (cost === 0) {
      const candidates: Candidate[] = [];
      const exactId = index.tokenId(token);
      if (exactId !== undefined && (index.postings[exactId] as number[]).length > 0) {
        candidates.push({ tokenId: exactId, cost: 0, prefixLength: 0 });
      }
      if (isPrefix) {
        const expansions = index
          .tokensWithPrefix(token)
          .filter((other) => other !== token)
          .map((other) => ({ tokenId: index.tokenId(other) as number, cost: 0, prefixLength: token.length }))
          .filter((candidate) => (index.postings[candidate.tokenId] as number[]).length > 0)
          .sort(byFrequency)
          .slice(0, this.options.maxCandidates);
        candidates.push(...expansions);
      }
      return candidates;
    }

    const { minLen1Typo, minLen2Typo } = this.options;
    if (allowedTypos(token.length, Math.min(2, field.numTypos), minLen1Typo, minLen2Typo) < cost) return [];
    const found: Candidate[] = [];
    const vocabulary = index.sortedVocabulary();
    for (let position = 0; position < vocabulary.length; position++) {
      // A scan of a large vocabulary is the slowest step of a typo search: it stops when the time is up.
      if ((position & 1023) === 1023 && this.deadline.passed()) break;
      const other = vocabulary[position] as string;
      const tokenId = index.tokenId(other) as number;
      if ((index.postings[tokenId] as number[]).length === 0) continue;
      if (boundedEditDistance(token, other, cost) === cost) {
        found.push({ tokenId, cost, prefixLength: 0 });
      } else if (isPrefix && other.length > token.length) {
        const head = other.slice(0, token.length);
        if (head !== token && boundedEditDistance(token, head, cost) === cost) {
          found.push({ tokenId, cost, prefixLength: token.length });
        }
      }
    }
    return found.sort(byFrequency).slice(0, this.options.maxCandidates);
  }
}

// Scratch space for scoring, reused for every document so ranking thousands of matches allocates nothing.
const wordSeen = new Uint8Array(MAX_QUERY_TOKENS);
const wordCost = new Int16Array(MAX_QUERY_TOKENS);
const windowCounts = new Int32Array(MAX_QUERY_TOKENS);
let positionWords = new Int32Array(1024);
let positionOffsets = new Int32Array(1024);

function scoreDocument(
  seqId: number,
  variant: readonly number[],
  queryTokenCount: number,
  synonymTokenCount: number,
  fields: readonly QueryField[],
  fieldMatches: readonly TokenMatches[],
  options: TextMatchOptions,
  scores: ScoreBoard,
): void {
  let bestScore = -1;
  let bestWeight = 0;
  let bestCost = 0;
  let fieldsMatched = 0;
  wordSeen.fill(0, 0, queryTokenCount);

  for (let fieldIndex = 0; fieldIndex < fields.length; fieldIndex++) {
    const field = fields[fieldIndex] as QueryField;
    const { pool, start, length } = field.index.documentTokens;
    const matches = fieldMatches[fieldIndex] as TokenMatches;
    if (seqId >= length.length || length[seqId] === 0 || matches.tokenIds.length === 0) continue;
    let fieldScore = -1;
    let fieldCost = 0;
    // The packed lists hold each value as its token count, then its token ids.
    const end = (start[seqId] as number) + (length[seqId] as number);
    for (let cursor = start[seqId] as number; cursor < end; cursor += 1 + (pool[cursor] as number)) {
      const score = scoreValue(
        pool,
        cursor + 1,
        pool[cursor] as number,
        matches,
        variant,
        queryTokenCount,
        synonymTokenCount,
        options,
      );
      if (score > fieldScore) {
        fieldScore = score;
        fieldCost = lastValueCost;
      }
    }
    if (fieldScore < 0) continue;
    fieldsMatched++;
    if (fieldScore > bestScore || (fieldScore === bestScore && field.weight > bestWeight)) {
      bestScore = fieldScore;
      bestWeight = field.weight;
      bestCost = fieldCost;
    }
  }
  let wordsSeen = 0;
  for (let word = 0; word < queryTokenCount; word++) wordsSeen += wordSeen[word] as number;
  scores.bestFieldScore[seqId] = Math.max(0, bestScore);
  scores.tokensMatched[seqId] = synonymTokenCount > 0 ? synonymTokenCount : wordsSeen;
  scores.weightAndFields[seqId] =
    (bestWeight << 3) | (options.prioritizeNumMatchingFields ? Math.min(7, fieldsMatched) : 0);
  scores.typoCost[seqId] = bestCost;
}

let lastValueCost = 0;

/**
 * Typesense's per-field score (Match::get_match_score) for one value, or -1 when no query word is in it. With
 * synonyms in play (synonymTokenCount > 0), a value holding every word counts as holding that many words, next
 * to each other (Index::score_results2).
 */
function scoreValue(
  pool: Int32Array,
  from: number,
  tokenCount: number,
  matches: TokenMatches,
  variant: readonly number[],
  queryTokenCount: number,
  synonymTokenCount: number,
  options: TextMatchOptions,
): number {
  const slotByToken = matches.slotByToken;
  let anyMatch = false;
  for (let position = 0; position < tokenCount && !anyMatch; position++)
    anyMatch = (slotByToken[pool[from + position] as number] as number) >= 0;
  if (!anyMatch) return -1;
  for (const word of variant) wordCost[word] = -1;
  if (positionWords.length < tokenCount * 4) {
    positionWords = new Int32Array(tokenCount * 4);
    positionOffsets = new Int32Array(tokenCount * 4);
  }
  let entries = 0;
  let wordsPresent = 0;
  let verbatim = options.prioritizeExactMatch && tokenCount === queryTokenCount && variant.length === queryTokenCount;
  let firstPosition = -1;
  for (let position = 0; position < tokenCount; position++) {
    const slot = slotByToken[pool[from + position] as number] as number;
    const infos = slot >= 0 ? matches.infos[slot] : undefined;
    if (!infos) {
      verbatim = false;
      continue;
    }
    if (firstPosition < 0) firstPosition = position;
    let verbatimHere = false;
    for (const info of infos) {
      const known = wordCost[info.word] as number;
      if (known < 0) {
        wordsPresent++;
        wordCost[info.word] = info.cost;
      } else if (info.cost < known) wordCost[info.word] = info.cost;
      if (entries < positionWords.length) {
        positionWords[entries] = info.word;
        positionOffsets[entries] = position;
        entries++;
      }
      if (info.word === position && info.cost === 0 && info.prefixLength === 0) verbatimHere = true;
    }
    if (!verbatimHere) verbatim = false;
  }
  if (wordsPresent === 0) return -1;
  let cost = 0;
  for (const word of variant) {
    const known = wordCost[word] as number;
    if (known < 0) continue;
    cost += known;
    wordSeen[word] = 1;
  }
  lastValueCost = cost;
  let distance = Math.min(MAX_FIELD_DISTANCE, wordsPresent > 1 ? smallestWindow(entries, wordsPresent, variant) : 0);
  if (synonymTokenCount > 0 && wordsPresent === variant.length) {
    wordsPresent = synonymTokenCount;
    distance = synonymTokenCount - 1;
  }
  const offsetScore = options.prioritizeTokenPosition ? 255 - Math.min(255, firstPosition) : 0;
  return (
    wordsPresent * 2 ** 40 +
    wordsPresent * 2 ** 32 +
    (255 - Math.min(255, cost)) * 2 ** 24 +
    (MAX_FIELD_DISTANCE - distance) * 2 ** 16 +
    (verbatim ? 1 : 0) * 2 ** 8 +
    offsetScore
  );
}

/** The shortest span of positions that holds every matched word once; entries come in position order. */
function smallestWindow(entries: number, wordsPresent: number, variant: readonly number[]): number {
  for (const word of variant) windowCounts[word] = 0;
  let covered = 0;
  let best = Number.MAX_SAFE_INTEGER;
  let left = 0;
  for (let right = 0; right < entries; right++) {
    const word = positionWords[right] as number;
    if (windowCounts[word] === 0) covered++;
    windowCounts[word] = (windowCounts[word] as number) + 1;
    while (covered === wordsPresent) {
      const span = (positionOffsets[right] as number) - (positionOffsets[left] as number);
      if (span < best) best = span;
      const leftWord = positionWords[left] as number;
      windowCounts[leftWord] = (windowCounts[leftWord] as number) - 1;
      if (windowCounts[leftWord] === 0) covered--;
      left++;
    }
  }
  return best === Number.MAX_SAFE_INTEGER ? 0 : best;
}
