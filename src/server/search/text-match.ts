/**
 * Keyword matching and the text match score, after Typesense: each query word expands to the field's tokens
 * it equals, prefixes (last word) or reaches within the allowed typos, cheapest first; a document matches when
 * every word is found in one of the query_by fields; too few results drop words from the right, then the left.
 */
import { intersect, unionAll, type DocIds } from './doc-set.ts';
import type { StringFieldIndex } from './field-index.ts';
import { allowedTypos, boundedEditDistance } from './typo.ts';

export interface QueryField {
  name: string;
  index: StringFieldIndex;
  /** Typesense's weight, from 15 for the first field down. */
  weight: number;
  numTypos: number;
  prefix: boolean;
}

export interface TextMatchOptions {
  minLen1Typo: number;
  minLen2Typo: number;
  typoTokensThreshold: number;
  dropTokensThreshold: number;
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

/** Per document: the parts of Typesense's 64-bit text match score. */
export class ScoreBoard {
  bestFieldScore = new Float64Array(0);
  tokensMatched = new Uint8Array(0);
  weightAndFields = new Uint8Array(0);
  typoCost = new Uint8Array(0);

  ensure(size: number): void {
    if (this.bestFieldScore.length >= size) return;
    const capacity = Math.max(size, this.bestFieldScore.length * 2, 1024);
    this.bestFieldScore = new Float64Array(capacity);
    this.tokensMatched = new Uint8Array(capacity);
    this.weightAndFields = new Uint8Array(capacity);
    this.typoCost = new Uint8Array(capacity);
  }

  /** tokens_matched and best_field_score as one exact double, for ranking. */
  primary(seqId: number): number {
    return (this.tokensMatched[seqId] as number) * 2 ** 48 + (this.bestFieldScore[seqId] as number);
  }

  secondary(seqId: number): number {
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
export const MAX_QUERY_TOKENS = 64;

export function matchText(
  queryTokens: readonly string[],
  fields: readonly QueryField[],
  filter: DocIds | null,
  options: TextMatchOptions,
  scores: ScoreBoard,
  seqIdLimit: number,
): TextMatchResult {
  const tokens = queryTokens.slice(0, MAX_QUERY_TOKENS);
  const candidates = new CandidateCache(tokens, fields, options);
  scores.ensure(seqIdLimit);
  const matched = new Set<number>();
  const seqIds: number[] = [];
  const highlightTokens = new Map<string, Map<string, HighlightToken>>();

  for (const variant of tokenVariants(tokens.length)) {
    if (variant.length < tokens.length && seqIds.length >= options.dropTokensThreshold) break;
    const found = searchVariant(variant, fields, candidates, filter, options.typoTokensThreshold);
    if (!found) continue;
    const { documents, level } = found;
    const fieldMatches = fields.map((field, fieldIndex) => candidates.lookup(variant, fieldIndex, level));
    for (const seqId of documents) {
      if (matched.has(seqId)) continue;
      matched.add(seqId);
      seqIds.push(seqId);
      scoreDocument(seqId, variant, tokens.length, fields, fieldMatches, options, scores);
    }
    fields.forEach((field, fieldIndex) => {
      let tokensOfField = highlightTokens.get(field.name);
      if (!tokensOfField) {
        tokensOfField = new Map();
        highlightTokens.set(field.name, tokensOfField);
      }
      for (const [tokenId, infos] of fieldMatches[fieldIndex] as Map<number, MatchInfo[]>) {
        const token = field.index.tokens[tokenId] as string;
        const prefixLength = Math.max(...infos.map((info) => info.prefixLength));
        const known = tokensOfField.get(token);
        if (!known || (known.prefixLength > 0 && (prefixLength === 0 || prefixLength > known.prefixLength))) {
          tokensOfField.set(token, { prefixLength });
        }
      }
    });
  }
  return { seqIds, scores, highlightTokens, queryTokenCount: tokens.length };
}

/** The full query, then with words dropped from the right, then from the left. */
function* tokenVariants(count: number): Generator<number[]> {
  const all = Array.from({ length: count }, (_, index) => index);
  yield all;
  for (let kept = count - 1; kept >= 1; kept--) yield all.slice(0, kept);
  for (let dropped = 1; dropped < count; dropped++) yield all.slice(dropped);
}

function searchVariant(
  variant: readonly number[],
  fields: readonly QueryField[],
  candidates: CandidateCache,
  filter: DocIds | null,
  typoTokensThreshold: number,
): { documents: DocIds; level: number } | null {
  let best: { documents: DocIds; level: number } | null = null;
  for (let level = 0; level <= candidates.maxLevel; level++) {
    const perWord: DocIds[] = [];
    for (const word of variant) {
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
    for (let k = 1; k < perWord.length && documents.length > 0; k++) documents = intersect(documents, perWord[k] as DocIds);
    if (filter) documents = intersect(documents, filter);
    if (documents.length > 0) best = { documents, level };
    if (documents.length >= typoTokensThreshold) break;
  }
  return best;
}

interface MatchInfo {
  word: number;
  cost: number;
  prefixLength: number;
}

/** Candidates per query word and field, computed one typo level at a time and only when needed. */
class CandidateCache {
  readonly maxLevel: number;
  private readonly levels = new Map<string, Candidate[][]>();

  constructor(
    private readonly tokens: readonly string[],
    private readonly fields: readonly QueryField[],
    private readonly options: TextMatchOptions,
  ) {
    this.maxLevel = Math.max(0, ...fields.map((field) => Math.min(2, field.numTypos)));
  }

  upTo(word: number, fieldIndex: number, level: number): Candidate[] {
    const result: Candidate[] = [];
    for (let cost = 0; cost <= level; cost++) result.push(...this.at(word, fieldIndex, cost));
    return result;
  }

  lookup(variant: readonly number[], fieldIndex: number, level: number): Map<number, MatchInfo[]> {
    const byToken = new Map<number, MatchInfo[]>();
    for (const word of variant) {
      for (const candidate of this.upTo(word, fieldIndex, level)) {
        const infos = byToken.get(candidate.tokenId) ?? [];
        infos.push({ word, cost: candidate.cost, prefixLength: candidate.prefixLength });
        byToken.set(candidate.tokenId, infos);
      }
    }
    return byToken;
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
    for (const other of index.sortedVocabulary()) {
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

function scoreDocument(
  seqId: number,
  variant: readonly number[],
  queryTokenCount: number,
  fields: readonly QueryField[],
  fieldMatches: readonly Map<number, MatchInfo[]>[],
  options: TextMatchOptions,
  scores: ScoreBoard,
): void {
  let bestScore = -1;
  let bestWeight = 0;
  let bestCost = 0;
  let fieldsMatched = 0;
  let wordsSeen = 0;
  const wordBits = new Uint8Array(queryTokenCount);

  fields.forEach((field, fieldIndex) => {
    const perValue = field.index.documentTokens[seqId];
    const matches = fieldMatches[fieldIndex] as Map<number, MatchInfo[]>;
    if (!perValue || matches.size === 0) return;
    let fieldScore = -1;
    let fieldCost = 0;
    for (const tokenIds of perValue) {
      const scored = scoreValue(tokenIds, matches, variant, queryTokenCount, options, wordBits);
      if (scored && scored.score > fieldScore) {
        fieldScore = scored.score;
        fieldCost = scored.cost;
      }
    }
    if (fieldScore < 0) return;
    fieldsMatched++;
    if (fieldScore > bestScore || (fieldScore === bestScore && field.weight > bestWeight)) {
      bestScore = fieldScore;
      bestWeight = field.weight;
      bestCost = fieldCost;
    }
  });
  for (const bit of wordBits) wordsSeen += bit;
  scores.bestFieldScore[seqId] = Math.max(0, bestScore);
  scores.tokensMatched[seqId] = wordsSeen;
  scores.weightAndFields[seqId] = (bestWeight << 3) | (options.prioritizeNumMatchingFields ? Math.min(7, fieldsMatched) : 0);
  scores.typoCost[seqId] = bestCost;
}

const positionsScratch: number[] = [];

function scoreValue(
  tokenIds: Uint32Array,
  matches: Map<number, MatchInfo[]>,
  variant: readonly number[],
  queryTokenCount: number,
  options: TextMatchOptions,
  wordBits: Uint8Array,
): { score: number; cost: number } | null {
  const bestCost = new Map<number, number>();
  positionsScratch.length = 0;
  let verbatim = options.prioritizeExactMatch && tokenIds.length === queryTokenCount && variant.length === queryTokenCount;
  let firstPosition = -1;
  for (let position = 0; position < tokenIds.length; position++) {
    const infos = matches.get(tokenIds[position] as number);
    if (!infos) {
      verbatim = false;
      continue;
    }
    if (firstPosition < 0) firstPosition = position;
    let verbatimHere = false;
    for (const info of infos) {
      const known = bestCost.get(info.word);
      if (known === undefined || info.cost < known) bestCost.set(info.word, info.cost);
      positionsScratch.push(position * 256 + info.word);
      if (info.word === position && info.cost === 0 && info.prefixLength === 0) verbatimHere = true;
    }
    if (!verbatimHere) verbatim = false;
  }
  if (bestCost.size === 0) return null;
  let cost = 0;
  for (const [word, wordCost] of bestCost) {
    cost += wordCost;
    wordBits[word] = 1;
  }
  const wordsPresent = bestCost.size;
  const distance = Math.min(MAX_FIELD_DISTANCE, wordsPresent > 1 ? smallestWindow(positionsScratch, wordsPresent) : 0);
  const offsetScore = options.prioritizeTokenPosition ? 255 - Math.min(255, firstPosition) : 0;
  const score =
    wordsPresent * 2 ** 40 +
    wordsPresent * 2 ** 32 +
    (255 - Math.min(255, cost)) * 2 ** 24 +
    (MAX_FIELD_DISTANCE - distance) * 2 ** 16 +
    (verbatim ? 1 : 0) * 2 ** 8 +
    offsetScore;
  return { score, cost };
}

/** The shortest span of positions that holds every matched word once; entries are position * 256 + word. */
function smallestWindow(entries: number[], wordsPresent: number): number {
  entries.sort((a, b) => a - b);
  const counts = new Map<number, number>();
  let covered = 0;
  let best = Number.MAX_SAFE_INTEGER;
  let left = 0;
  for (let right = 0; right < entries.length; right++) {
    const word = (entries[right] as number) % 256;
    const count = counts.get(word) ?? 0;
    if (count === 0) covered++;
    counts.set(word, count + 1);
    while (covered === wordsPresent) {
      const span = Math.floor((entries[right] as number) / 256) - Math.floor((entries[left] as number) / 256);
      if (span < best) best = span;
      const leftWord = (entries[left] as number) % 256;
      const leftCount = (counts.get(leftWord) ?? 0) - 1;
      counts.set(leftWord, leftCount);
      if (leftCount === 0) covered--;
      left++;
    }
  }
  return best === Number.MAX_SAFE_INTEGER ? 0 : best;
}
