/**
 * How much JSON a search answers, counted while its hits, highlights and facets are built, so that a search
 * whose answer would pass its cap stops there with 422, before the rest is built (Typesense's status for asking
 * more hits than a page holds). Counted in characters of JSON; a document's text counts as stored, without the
 * escapes JSON may add to it.
 */
import { SearchError } from '../errors.ts';
import type { JsonObject } from '../index/schema.ts';

/** What a hit adds around its document and highlights (curated, text_match and its info, the keys). */
const HIT_FRAME_CHARS = 400;

/** The JSON length of each stored document, measured once: a stored document is replaced, never changed. */
const documentChars = new WeakMap<JsonObject, number>();

/** The characters of a stored document's JSON; a hit's document, a projection of it, is at most that. */
export function storedDocumentChars(document: JsonObject): number {
  let chars = documentChars.get(document);
  if (chars === undefined) {
    chars = JSON.stringify(document).length;
    documentChars.set(document, chars);
  }
  return chars;
}

/** The characters a string takes in JSON, quotes and escapes included. */
export const jsonStringChars = (text: string): number => JSON.stringify(text).length;

export class ResponseSize {
  private used = 0;

  /**
   * `cap` for this search alone; `shared`, the multi_search's count of the searches answered before it, whose
   * cap this search's answer counts towards too.
   */
  constructor(
    private readonly cap: number,
    private readonly shared?: ResponseSize,
  ) {}

  get chars(): number {
    return this.used;
  }

  /** Counts `chars` more, or stops the search when they would pass a cap. */
  add(chars: number): void {
    this.used += chars;
    if (this.used > this.cap) {
      throw new SearchError(
        422,
        `The response would be larger than ${this.cap} characters: ask for fewer hits, fields or facet values.`,
      );
    }
    if (this.shared && this.shared.used + this.used > this.shared.cap) {
      throw new SearchError(
        422,
        `The responses of this multi_search would be larger than ${this.shared.cap} characters together: send fewer searches, or ask for fewer hits.`,
      );
    }
  }

  /** Adds a search's whole answer to the multi_search's count, once the search has answered. */
  addAnswered(search: ResponseSize): void {
    this.used += search.used;
  }

  /** A hit: its document and the frame around it (the highlights count as they are built). */
  addHit(document: JsonObject): void {
    this.add(storedDocumentChars(document) + HIT_FRAME_CHARS);
  }
}
