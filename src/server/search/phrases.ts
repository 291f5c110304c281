/**
 * Phrases and exclusions of `q` (Index::do_phrase_search and Index::handle_exclusion): which documents hold
 * words next to each other, in this order, within one value of a field.
 */
import { intersect, union, unionAll, type DocIds } from './doc-set.ts';
import type { StringFieldIndex } from './field-index.ts';
import type { QueryField } from './text-match.ts';

/** Documents whose value holds the phrase word for word; null when a word is nowhere in the field. */
function documentsWithPhrase(index: StringFieldIndex, phrase: readonly string[]): number[] | null {
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
  return candidates.filter((seqId) => (index.documentTokens[seqId] ?? []).some((value) => holdsInOrder(value, tokenIds)));
}

function holdsInOrder(value: readonly number[], tokenIds: readonly number[]): boolean {
  for (let start = 0; start + tokenIds.length <= value.length; start++) {
    let offset = 0;
    while (offset < tokenIds.length && value[start + offset] === tokenIds[offset]) offset++;
    if (offset === tokenIds.length) return true;
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
export function matchPhrases(fields: readonly QueryField[], phrases: readonly (readonly string[])[]): PhraseMatches {
  let seqIds: number[] = [];
  const fieldWeight = new Map<number, number>();
  for (const field of fields) {
    let inField: number[] | null = null;
    for (const phrase of phrases) {
      const found = documentsWithPhrase(field.index, phrase);
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
export function excludedDocuments(fields: readonly QueryField[], exclusions: readonly (readonly string[])[]): DocIds {
  const lists: DocIds[] = [];
  for (const field of fields) {
    for (const exclusion of exclusions) {
      const found = documentsWithPhrase(field.index, exclusion);
      if (found && found.length > 0) lists.push(found);
    }
  }
  return unionAll(lists);
}
