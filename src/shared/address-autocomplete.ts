/**
 * US address autocomplete in the shape of spec sections 3 and 7, which is the shape of Smarty's US
 * Autocomplete Pro API: the query key, license, max_results, search and selected, and suggestions of
 * street_line, secondary, entries, city, state and zipcode. A suggestion with more than one entry is a
 * building with several units: asking again with it as `selected` lists the units (spec section 4).
 */
import * as z from 'zod/mini';
import {
  AUTOCOMPLETE_MAX_RESULTS,
  AUTOCOMPLETE_MAX_RESULTS_LIMIT,
  AUTOCOMPLETE_SEARCH_MAX_LENGTH,
} from './constants.ts';

export interface AddressSuggestion {
  street_line: string;
  /** A unit ('Rm 200'), a building's unit designator when entries > 1 ('Rm'), or ''. */
  secondary: string;
  /** 0 for an address without units, 1 for one unit, the number of units of a building otherwise. */
  entries: number;
  city: string;
  state: string;
  zipcode: string;
}

export interface AutocompleteRequest {
  /** The provider's public key the browser sends; the shop's server uses its own credentials. */
  key: string;
  license: string;
  max_results: number;
  search: string;
  /** A suggestion with more than one entry, as selectedParameter writes it, to list its units. */
  selected: string | null;
}

/** The parts of a `selected` parameter. */
export interface AutocompleteSelection {
  /** The street line and the secondary, joined by a space as the provider writes them. */
  streetAndSecondary: string;
  entries: number;
  city: string;
  state: string;
  zipcode: string;
}

const KEY_MAX_LENGTH = 200;
/** A street line and secondary, entries, city, state and ZIP+4, with room to spare. */
const SELECTED_MAX_LENGTH = 300;

const text = (max: number) => z.string().check(z.maxLength(max));

/** A max_results within 1 and the limit; the default when absent. */
export function clampMaxResults(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return AUTOCOMPLETE_MAX_RESULTS;
  return Math.min(AUTOCOMPLETE_MAX_RESULTS_LIMIT, Math.max(1, Math.trunc(value)));
}

/** The query string of an autocomplete call: too long or malformed values are refused, max_results is capped. */
export const autocompleteRequestSchema = z.lazy(() =>
  z.pipe(
    z.object({
      key: z.optional(text(KEY_MAX_LENGTH)),
      license: z.optional(text(KEY_MAX_LENGTH)),
      max_results: z.optional(z.union([z.int(), z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number))])),
      search: text(AUTOCOMPLETE_SEARCH_MAX_LENGTH),
      selected: z.optional(text(SELECTED_MAX_LENGTH)),
    }),
    z.transform((query): AutocompleteRequest => ({
      key: query.key ?? '',
      license: query.license ?? '',
      max_results: clampMaxResults(query.max_results),
      search: query.search.trim(),
      selected: query.selected?.trim() || null,
    })),
  ),
);

/** The `selected` parameter of a suggestion: `street_line secondary (entries) city state zipcode`. */
export function selectedParameter(suggestion: AddressSuggestion): string {
  const street = [suggestion.street_line, suggestion.secondary].filter(Boolean).join(' ');
  return `${street} (${suggestion.entries}) ${suggestion.city} ${suggestion.state} ${suggestion.zipcode}`;
}

const SELECTED = /^(.*\S)\s+\((\d+)\)\s+(.+?),?\s+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/;

/** Reads a `selected` parameter (a comma after the city is allowed), or null when it is not one. */
export function parseSelected(value: string): AutocompleteSelection | null {
  const match = SELECTED.exec(value.trim());
  if (!match) return null;
  const [, streetAndSecondary = '', entries = '0', city = '', state = '', zipcode = ''] = match;
  return {
    streetAndSecondary,
    entries: Number(entries),
    city,
    state: state.toUpperCase(),
    zipcode,
  };
}
