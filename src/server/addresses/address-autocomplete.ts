/**
 * The US address autocomplete the shop offers at its own path: Smarty's US Autocomplete Pro when its keys are
 * configured, otherwise the built-in provider over the shipped sample of addresses. Both answer in the
 * spec's suggestion shape; a provider that fails or is too slow raises AutocompleteUnavailableError, which the
 * route answers with an empty list (the dropdown closes silently, spec section 8).
 */
import type { ServerConfig } from '../config.ts';
import type { AddressAutocomplete } from './autocomplete-provider.ts';
import { BuiltInAutocomplete } from './built-in-autocomplete.ts';
import { SmartyAutocomplete } from './smarty-autocomplete.ts';

export function createAddressAutocomplete(
  config: Pick<ServerConfig, 'smartyAutocomplete' | 'publicUrl'>,
): AddressAutocomplete {
  return config.smartyAutocomplete
    ? new SmartyAutocomplete({ ...config.smartyAutocomplete, referer: config.publicUrl })
    : BuiltInAutocomplete.fromSample();
}
