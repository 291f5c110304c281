/** The hits of a response: curated ones merged in at their positions, and each hit's document, highlights and score. */
import { jsonStringChars, type ResponseSize } from '../bounds/response-size.ts';
import type { Collection } from '../index/collection.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../index/schema.ts';
import type { Stemmer } from '../index/stemming-dictionaries.ts';
import type { QueryField, TextMatchResult } from '../matching/text-match.ts';
import type { SearchRequest } from '../query/search-params.ts';
import { highlightDocument } from './highlight.ts';

/** A curated (pinned) document and its 1-based position among the hits. */
export interface CuratedHit {
  seqId: number;
  position: number;
}

/** What every hit's highlights need: the fields to highlight, their stemmers, and the tags' cost in the response. */
export interface HitHighlighting {
  fields: readonly string[];
  stemmedFields: ReadonlyMap<string, Stemmer>;
  tagChars: number;
}

/** highlight_fields, or the query's fields when none are given. */
export function hitHighlighting(
  collection: Collection,
  request: SearchRequest,
  queryFields: readonly QueryField[],
): HitHighlighting {
  const stemmedFields = new Map<string, Stemmer>();
  for (const [name, index] of collection.stringIndexes) if (index.stemmer) stemmedFields.set(name, index.stemmer);
  return {
    fields: request.highlightFields.length > 0 ? request.highlightFields : queryFields.map((field) => field.name),
    stemmedFields,
    tagChars: jsonStringChars(request.highlightStartTag) + jsonStringChars(request.highlightEndTag) - 4,
  };
}

/** Puts curated hits at their 1-based positions among the ranked ones, as Collection::search merges them. */
export function mergeCurated(ranked: readonly number[], curated: readonly CuratedHit[]): number[] {
  if (curated.length === 0) return [...ranked];
  const pending = [...curated].sort((a, b) => a.position - b.position);
  const merged: number[] = [];
  let next = 0;
  for (const seqId of ranked) {
    while (next < pending.length && (pending[next] as CuratedHit).position === merged.length + 1) {
      merged.push((pending[next] as CuratedHit).seqId);
      next++;
    }
    merged.push(seqId);
  }
  while (next < pending.length) merged.push((pending[next++] as CuratedHit).seqId);
  return merged;
}

export function buildHit(
  collection: Collection,
  seqId: number,
  isCurated: boolean,
  request: SearchRequest,
  textMatch: TextMatchResult | null,
  highlighting: HitHighlighting,
  queryTokenCount: number,
  size: ResponseSize,
): JsonObject {
  const stored = collection.documents[seqId] as JsonObject;
  size.addHit(stored);
  const hit: JsonObject = {};
  if (isCurated) hit.curated = true;
  hit.document = projectDocument(stored, request.includeFields, request.excludeFields);
  let highlight: JsonObject = {};
  let highlights: JsonObject[] = [];
  if (textMatch) {
    ({ highlight, highlights } = highlightDocument(stored, highlighting.fields, textMatch.highlightTokens, {
      startTag: request.highlightStartTag,
      endTag: request.highlightEndTag,
      snippetThreshold: request.snippetThreshold,
      affixTokens: request.highlightAffixNumTokens,
      fullFields: new Set(request.highlightFullFields),
      stemmedFields: highlighting.stemmedFields,
      size,
      copies: request.enableHighlightV1 ? 2 : 1,
      tagChars: highlighting.tagChars,
    }));
  }
  hit.highlight = highlight;
  if (request.enableHighlightV1) hit.highlights = highlights;
  if (isCurated) return hit;

  if (!textMatch) {
    hit.text_match = 100;
    hit.text_match_info = {
      best_field_score: '0',
      best_field_weight: 0,
      fields_matched: 0,
      num_tokens_dropped: 0,
      score: '100',
      tokens_matched: 0,
      typo_prefix_score: 255,
    };
    return hit;
  }
  const scores = textMatch.scores;
  scores.score(seqId);
  const tokensMatched = scores.tokensMatched[seqId] as number;
  const bestFieldScore = scores.bestFieldScore[seqId] as number;
  const weightAndFields = scores.weightAndFields[seqId] as number;
  const score = (BigInt(tokensMatched) << 59n) | (BigInt(bestFieldScore) << 11n) | BigInt(weightAndFields);
  hit.text_match = Number(score);
  hit.text_match_info = {
    best_field_score: String(bestFieldScore),
    best_field_weight: weightAndFields >> 3,
    fields_matched: weightAndFields & 7,
    num_tokens_dropped: Math.max(0, queryTokenCount - tokensMatched),
    score: score.toString(),
    tokens_matched: tokensMatched,
    typo_prefix_score: scores.typoCost[seqId] as number,
  };
  return hit;
}

const matchesPattern = (name: string, pattern: string): boolean =>
  pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/** include_fields and exclude_fields on the top-level keys, with keys in order as Typesense prints them. */
function projectDocument(document: JsonObject, include: readonly string[], exclude: readonly string[]): JsonObject {
  const projected: JsonObject = {};
  for (const key of Object.keys(document).sort()) {
    if (include.length > 0 && !include.some((pattern) => matchesPattern(key, pattern))) continue;
    if (exclude.some((pattern) => matchesPattern(key, pattern))) continue;
    projected[key] = sortedKeys(document[key] as JsonValue);
  }
  return projected;
}

function sortedKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys(value[key] as JsonValue);
  return sorted;
}
