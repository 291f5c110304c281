import { useEffect, useState } from 'react';
import { selectedParameter, type AddressSuggestion } from '../../../shared/address-autocomplete.ts';
import { addressAutocompleteEndpoint } from '../../../shared/api/address-autocomplete.ts';
import { AUTOCOMPLETE_MAX_RESULTS } from '../../../shared/constants.ts';
import { shopApi } from '../../lib/api/use-api.ts';
import { useShop } from '../../lib/use-shop.ts';

/** Typing waits this long for the next key before suggestions are asked for. */
const SUGGEST_AFTER_TYPING_MS = 250;
/** Fewer characters than this suggest nothing useful. */
const MIN_SEARCH_LENGTH = 3;

/** What to ask for: the typed address line, and the building to list the units of. */
export interface SuggestionQuery {
  search: string;
  selected: AddressSuggestion | null;
}

export interface Suggestions {
  list: AddressSuggestion[];
  /** The shop's built-in provider answered, from a sample of addresses: the page says so. */
  sample: boolean;
}

const NONE: Suggestions = { list: [], sample: false };

/**
 * The US suggestions for what the shopper typed (spec 4 and 7), asked for after a pause; a building chosen
 * as `selected` lists its units at once. A failure answers no suggestions, so the dropdown closes silently
 * (spec 8); a newer query cancels the older one.
 */
export function useAddressSuggestions(query: SuggestionQuery | null): Suggestions {
  const { brand } = useShop();
  const [suggestions, setSuggestions] = useState<Suggestions>(NONE);
  const search = query?.search.trim() ?? '';
  const selected = query?.selected ? selectedParameter(query.selected) : null;

  useEffect(() => {
    if (search.length < MIN_SEARCH_LENGTH && selected === null) {
      setSuggestions(NONE);
      return;
    }
    const controller = new AbortController();
    const asked = { search, max_results: AUTOCOMPLETE_MAX_RESULTS, selected: selected ?? undefined };
    const timer = window.setTimeout(
      () => {
        shopApi(brand)
          .call(
            addressAutocompleteEndpoint,
            { query: asked },
            { signal: controller.signal, suppressNotification: true },
          )
          .then((reply) => setSuggestions({ list: reply.suggestions, sample: reply.sample }))
          .catch(() => {
            if (!controller.signal.aborted) setSuggestions(NONE);
          });
      },
      selected === null ? SUGGEST_AFTER_TYPING_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [brand, search, selected]);

  return query === null ? NONE : suggestions;
}
