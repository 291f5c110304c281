/** What every US address autocomplete provider offers, and how it fails. */
import type { AddressSuggestion, AutocompleteRequest } from '../../shared/address-autocomplete.ts';

export interface AddressAutocomplete {
  readonly provider: 'built-in' | 'smarty';
  suggest(request: AutocompleteRequest): Promise<AddressSuggestion[]>;
}

/** The provider failed or did not answer in time: the route answers an empty list, and the dropdown closes. */
export class AutocompleteUnavailableError extends Error {
  override readonly name = 'AutocompleteUnavailableError';
}
