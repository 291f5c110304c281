/** Hit highlights: the `highlight` object and the legacy `highlights` array, with `<mark>` around matches. */
import type { ResponseSize } from '../bounds/response-size.ts';
import type { JsonObject, JsonValue } from '../index/schema.ts';
import type { Stemmer } from '../index/stemming-dictionaries.ts';
import { prefixSpanLength, tokenizeWithSpans } from '../index/tokenizer.ts';
import type { HighlightToken } from '../matching/text-match.ts';

export interface HighlightOptions {
  startTag: string;
  endTag: string;
  snippetThreshold: number;
  affixTokens: number;
  fullFields: ReadonlySet<string>;
  /** Fields with `stem: true` or a stemming dictionary: their words are looked up by stem. */
  stemmedFields: ReadonlyMap<string, Stemmer>;
  /** Counts the highlights into the answer's size before each is built. */
  size: ResponseSize;
  /** How many times the answer holds each highlight: twice with the legacy `highlights` array. */
  copies: number;
  /** The characters both tags take in JSON, escapes included. */
  tagChars: number;
}

/** What a highlighted field's entry adds around its texts: the field's name and the keys. */
const HIGHLIGHT_FRAME_CHARS = 60;

interface MarkedText {
  matchedTokens: string[];
  snippet: string;
  value: string;
}

export function highlightDocument(
  document: JsonObject,
  fields: readonly string[],
  tokensByField: ReadonlyMap<string, ReadonlyMap<string, HighlightToken>>,
  options: HighlightOptions,
): { highlight: JsonObject; highlights: JsonObject[] } {
  const highlight: JsonObject = {};
  const highlights: JsonObject[] = [];
  for (const field of fields) {
    const tokens = tokensByField.get(field);
    const value = document[field];
    if (!tokens || tokens.size === 0 || value === undefined || value === null) continue;
    const full = options.fullFields.has(field);
    const stem = options.stemmedFields.get(field) ?? null;
    if (typeof value === 'string') {
      const marked = markText(value, tokens, options, stem, full);
      if (!marked) continue;
      const entry: JsonObject = { matched_tokens: marked.matchedTokens, snippet: marked.snippet };
      if (full) entry.value = marked.value;
      highlight[field] = entry;
      const legacy: JsonObject = { field, matched_tokens: marked.matchedTokens, snippet: marked.snippet };
      if (full) legacy.value = marked.value;
      highlights.push(legacy);
    } else if (Array.isArray(value)) {
      const perValue = value.map((element: JsonValue) =>
        typeof element === 'string' ? markText(element, tokens, options, stem, full) : null,
      );
      if (!perValue.some((marked) => marked !== null)) continue;
      highlight[field] = value.map((element: JsonValue, index) => {
        const marked = perValue[index];
        const entry: JsonObject = marked
          ? { matched_tokens: marked.matchedTokens, snippet: marked.snippet }
          : { matched_tokens: [], snippet: String(element) };
        if (full) entry.value = marked ? marked.value : String(element);
        return entry;
      });
      const indices: number[] = [];
      perValue.forEach((marked, index) => {
        if (marked) indices.push(index);
      });
      const legacy: JsonObject = {
        field,
        indices,
        matched_tokens: indices.map((index) => (perValue[index] as MarkedText).matchedTokens),
        snippets: indices.map((index) => (perValue[index] as MarkedText).snippet),
      };
      if (full) legacy.values = indices.map((index) => (perValue[index] as MarkedText).value);
      highlights.push(legacy);
    }
  }
  return { highlight, highlights };
}

function markText(
  text: string,
  tokens: ReadonlyMap<string, HighlightToken>,
  options: HighlightOptions,
  stem: Stemmer | null,
  full: boolean,
): MarkedText | null {
  const spans = tokenizeWithSpans(text);
  const marks: { start: number; end: number }[] = [];
  const matchedTokens: string[] = [];
  let firstMatch = -1;
  let lastMatch = -1;
  spans.forEach((span, index) => {
    const token = tokens.get(stem ? stem(span.token) : span.token);
    if (!token) return;
    const length =
      token.prefixLength > 0 ? prefixSpanLength(text, span.start, span.end, token.prefixLength) : span.end - span.start;
    marks.push({ start: span.start, end: span.start + length });
    matchedTokens.push(text.slice(span.start, span.start + length));
    if (firstMatch < 0) firstMatch = index;
    lastMatch = index;
  });
  if (marks.length === 0) return null;
  options.size.add(
    options.copies * matchedTokens.reduce((chars, token) => chars + token.length + 3, HIGHLIGHT_FRAME_CHARS),
  );
  const whole = spans.length < options.snippetThreshold;
  // The value is the snippet when the text is short, and only in the answer otherwise for full highlight fields.
  const value = whole || full ? applyMarks(text, marks, 0, text.length, options) : '';
  if (whole) {
    if (full) options.size.add(options.copies * value.length);
    return { matchedTokens, snippet: value, value };
  }
  const firstSpan = spans[Math.max(0, firstMatch - options.affixTokens)];
  const lastSpan =
    spans[Math.min(spans.length - 1, Math.min(lastMatch, firstMatch + options.affixTokens) + options.affixTokens)];
  const start = firstSpan ? firstSpan.start : 0;
  const end = lastSpan ? lastSpan.end : text.length;
  const snippetMarks = marks.filter((mark) => mark.start >= start && mark.end <= end);
  return { matchedTokens, snippet: applyMarks(text, snippetMarks, start, end, options), value };
}

function applyMarks(
  text: string,
  marks: readonly { start: number; end: number }[],
  from: number,
  to: number,
  options: HighlightOptions,
): string {
  options.size.add(options.copies * (to - from + marks.length * options.tagChars));
  let result = '';
  let cursor = from;
  for (const mark of marks) {
    result += text.slice(cursor, mark.start) + options.startTag + text.slice(mark.start, mark.end) + options.endTag;
    cursor = mark.end;
  }
  return result + text.slice(cursor, to);
}
