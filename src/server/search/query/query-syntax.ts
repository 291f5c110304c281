/**
 * The operators of `q`, as Collection::parse_search_query and process_tokens read them: `"a phrase"` must
 * appear word for word, `-word` and `-"a phrase"` leave out the documents that have them, and everything else
 * is a keyword. A query of exclusions or phrases alone searches everything (`*`) they allow.
 */
import { normalizeWord } from '../index/tokenizer.ts';

export interface ParsedQuery {
  /** Keywords in order; ['*'] when the query has none (a wildcard). */
  include: string[];
  /** Words and phrases whose documents are left out. */
  exclude: string[][];
  phrases: string[][];
}

/** Typesense cuts a query word at 100 bytes. */
const MAX_WORD_LENGTH = 100;
/** The first tokenizer pass keeps `-` and `"` so the operators survive it. */
const NOT_WORD_OR_OPERATOR = /[^\p{L}\p{M}\p{N}"-]+/gu;

export function parseQuery(query: string, stem: ((word: string) => string) | null = null): ParsedQuery {
  if (query === '*') return { include: ['*'], exclude: [], phrases: [] };
  const include: string[] = [];
  const exclude: string[][] = [];
  const phrases: string[][] = [];
  let excludeNext = false;
  let inPhrase = false;
  let phrase: string[] = [];

  for (const raw of query.split(/\s+/)) {
    let word = raw.replace(NOT_WORD_OR_OPERATOR, '');
    if (word === '' || word === '-') continue;
    let endOfPhrase = false;
    if (word.startsWith('-')) {
      excludeNext = true;
      word = word.slice(1);
    }
    if (word.startsWith('"') && word.length > 1) {
      inPhrase = true;
      word = word.slice(1);
    }
    if (word.endsWith('"') || word === '"') {
      if (inPhrase) {
        endOfPhrase = true;
        word = word.slice(0, -1);
      } else if (word === '"') {
        inPhrase = true;
      }
    }
    const token = normalizeWord(word).slice(0, MAX_WORD_LENGTH);
    if (token !== '') {
      const stemmed = stem ? stem(token) : token;
      if (inPhrase) phrase.push(stemmed);
      else if (excludeNext) {
        exclude.push([stemmed]);
        excludeNext = false;
      } else include.push(stemmed);
    }
    if (endOfPhrase && inPhrase) {
      if (excludeNext) exclude.push(phrase);
      else phrases.push(phrase);
      inPhrase = false;
      excludeNext = false;
      phrase = [];
    }
  }
  // An unclosed quote: its words are keywords, or one excluded phrase after a `-`.
  if (phrase.length > 0) {
    if (excludeNext) exclude.push(phrase);
    else include.push(...phrase);
  }
  if (include.length === 0) include.push('*');
  return { include, exclude, phrases };
}
