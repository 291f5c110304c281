/**
 * Phrases and exclusions of `q` (Index::do_phrase_search and Index::handle_exclusion): which documents hold
 * words next to each other, in this order, within one value of a field.
 */
import type { SearchDeadline } from '../bounds/search-deadline.ts';
import { intersect, union, unionAll, type DocIds } from '../index/doc-set.ts';
import type { StringFieldIndex } from '../index/field-index.ts';
import type { QueryField, ScoreBoard, TextMatchResult } from './text-match.ts';

/**
 * Documents whose value holds the phrase word for word; null when a word is nowhere in the field. Past the time
 * budget, the documents not yet read that hold every word are kept when `keepUnread` (an exclusion then leaves
 * out too many rather than too few), and left out otherwise.
 */
function documentsWithPhrase(
  index: StringFieldIndex,
  phrase: readonly string[],
  deadline: SearchDeadline,
  keepUnread: boolean,
): number[] | null {
  const tokenIds: number[] = [];
  for (const word of phrase) {
    const tokenId = index.tokenId(word);
    if (tokenId === undefined || (index.postings[tokenId] as DocIds).length === 0) return null;
    tokenIds.push(tokenId);
  }
  let candidates: DocIds = index.postings[tokenIds[0] as number] as DocIds;
  for (let position = 1; position < tokenIds.length && candidates.length > 0; position++) {
    candidates = intersect(candidates, index.postings[tokenIds[position] as number] as DocIds);
  }
  if (tokenIds.length === 1) return [...candidates];
  const found: number[] = [];
  for (let position = 0; position < candidates.length; position++) {
    if ((position & 1023) === 1023 && deadline.passed()) {
      if (keepUnread)
        for (let unread = position; unread < candidates.length; unread++) found.push(candidates[unread] as number);
      break;
    }
    const seqId = candidates[position] as number;
    if (holdsPhrase(index, seqId, tokenIds)) found.push(seqId);
  }
  return found;
}

/** Whether one of the document's values holds the token ids in this order, next to each other. */
function holdsPhrase(index: StringFieldIndex, seqId: number, tokenIds: readonly number[]): boolean {
  const { pool, start, length } = index.documentTokens;
  if (seqId >= length.length) return false;
  // The packed lists hold each value as its token count, then its token ids.
  const end = (start[seqId] as number) + (length[seqId] as number);
  for (let cursor = start[seqId] as number; cursor < end; cursor += 1 + (pool[cursor] as number)) {
    const valueEnd = cursor + 1 + (pool[cursor] as number);
    for (let first = cursor + 1; first + tokenIds.length <= valueEnd; first++) {
      let offset = 0;
      while (offset < tokenIds.length && pool[first + offset] === tokenIds[offset]) offset++;
      if (offset === tokenIds.length) return true;
    }
  }
  return false;
}

export interface PhraseMatches {
  /** Sorted ids of documents holding the phrases in one of the fields. */
  seqIds: number[];
  /** Per document, the weight of the heaviest field that holds the phrases: Typesense ranks by it. */
  fieldWeight: Map<number, number>;
}

/**
 * Within a field every phrase that is found must be held; the fields' results are joined. As in Typesense, a
 * phrase whose words a field does not have at all is not asked of that field.
 */
export function matchPhrases(
  fields: readonly QueryField[],
  phrases: readonly (readonly string[])[],
  deadline: SearchDeadline,
): PhraseMatches {
  let seqIds: number[] = [];
  const fieldWeight = new Map<number, number>();
  for (const field of fields) {
    let inField: number[] | null = null;
    for (const phrase of phrases) {
      const found = documentsWithPhrase(field.index, phrase, deadline, false);
      if (!found || found.length === 0) continue;
      inField = inField ? intersect(inField, found) : found;
    }
    if (!inField || inField.length === 0) continue;
    for (const seqId of inField) fieldWeight.set(seqId, Math.max(fieldWeight.get(seqId) ?? 0, field.weight));
    seqIds = union(seqIds, inField);
  }
  return { seqIds, fieldWeight };
}

/** Sorted ids of documents holding an excluded word, or an excluded phrase word for word, in any field. */
export function excludedDocuments(
  fields: readonly QueryField[],
  exclusions: readonly (readonly string[])[],
  deadline: SearchDeadline,
): DocIds {
  const lists: DocIds[] = [];
  for (const field of fields) {
    for (const exclusion of exclusions) {
      const found = documentsWithPhrase(field.index, exclusion, deadline, true);
      if (found && found.length > 0) lists.push(found);
    }
  }
  return unionAll(lists);
}

/** Typesense scores a phrase-only match by the weight of the field that holds it, above this base. */
const PHRASE_SCORE_BASE = 100_000;

/** The text match of a query of phrases alone: documents rank by their heaviest field holding the phrases. */
export function phraseTextMatch(
  phrases: PhraseMatches,
  matched: DocIds,
  scores: ScoreBoard,
  seqIdLimit: number,
): TextMatchResult {
  scores.reset(seqIdLimit, (seqId) => {
    scores.tokensMatched[seqId] = 0;
    scores.bestFieldScore[seqId] = PHRASE_SCORE_BASE + (phrases.fieldWeight.get(seqId) ?? 0);
    scores.weightAndFields[seqId] = 0;
    scores.typoCost[seqId] = 0;
  });
  return { seqIds: [...matched], scores, highlightTokens: new Map(), queryTokenCount: 0 };
}

/** Marks the phrases' words in the hits, as Typesense adds them to the highlighted tokens. */
export function addPhraseHighlights(
  textMatch: TextMatchResult,
  fields: readonly QueryField[],
  phrases: readonly (readonly string[])[],
): void {
  for (const field of fields) {
    let tokens = textMatch.highlightTokens.get(field.name);
    if (!tokens) {
      tokens = new Map();
      textMatch.highlightTokens.set(field.name, tokens);
    }
    for (const word of phrases.flat())
      if (field.index.tokenId(word) !== undefined) tokens.set(word, { prefixLength: 0 });
  }
}
