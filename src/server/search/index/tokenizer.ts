/**
 * Typesense's default tokenizer: split on whitespace, lower-case, fold accents and drop every character that is
 * not a letter or a digit, so `T-Shirt` indexes as `tshirt` and `Underwear > Boxer Briefs` as three tokens.
 */
const SIMPLE_TOKEN = /^[a-z0-9]+$/;
const NON_ASCII = /[^ -~\s]/;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const WHITESPACE = /\s/;

export function normalizeWord(word: string): string {
  let lower = word.toLowerCase();
  if (SIMPLE_TOKEN.test(lower)) return lower;
  if (NON_ASCII.test(lower)) lower = lower.normalize('NFKD').replace(COMBINING_MARKS, '');
  return lower.replace(NOT_LETTER_OR_DIGIT, '');
}

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const token = normalizeWord(word);
    if (token !== '') tokens.push(token);
  }
  return tokens;
}

/** A token with the span of the word it came from, for highlighting. */
export interface TokenSpan {
  token: string;
  start: number;
  end: number;
}

export function tokenizeWithSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && WHITESPACE.test(text.charAt(index))) index++;
    const wordStart = index;
    while (index < text.length && !WHITESPACE.test(text.charAt(index))) index++;
    if (wordStart === index) break;
    const token = normalizeWord(text.slice(wordStart, index));
    if (token === '') continue;
    let start = wordStart;
    let end = index;
    // The highlight covers the letters and digits, not the punctuation around them.
    while (start < end && normalizeWord(text.charAt(start)) === '') start++;
    while (end > start && normalizeWord(text.charAt(end - 1)) === '') end--;
    spans.push({ token, start, end });
  }
  return spans;
}

/** The key two values share when `field:=value` should match: their tokens, joined. */
export function exactKey(text: string): string {
  return tokenize(text).join(' ');
}

/** How many characters of the word, from its start, spell the first `length` normalized characters. */
export function prefixSpanLength(text: string, start: number, end: number, length: number): number {
  let consumed = 0;
  let index = start;
  while (index < end && consumed < length) {
    consumed += normalizeWord(text.charAt(index)).length;
    index++;
  }
  return index - start;
}
