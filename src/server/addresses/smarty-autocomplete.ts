/**
 * Smarty's US Autocomplete Pro over HTTPS: GET {url}?search&max_results&license[&selected] with the shop's
 * credentials (auth-id and auth-token, or an embedded key sent with the shop's origin as Referer, as embedded
 * keys are locked to the hosts they were made for). The browser's own key and license are not forwarded.
 * Anything but a well-formed answer within the timeout is an AutocompleteUnavailableError; the error never
 * carries the request URL, which holds the credentials.
 */
import * as z from 'zod/mini';
import type { AddressSuggestion, AutocompleteRequest } from '../../shared/address-autocomplete.ts';
import type { SmartyAutocompleteConfig } from '../config.ts';
import { AutocompleteUnavailableError, type AddressAutocomplete } from './autocomplete-provider.ts';

/** How long a shopper's keystroke waits for the provider before the dropdown gives up. */
export const SMARTY_TIMEOUT_MS = 2000;
/** A page of at most 10 suggestions is a few kilobytes; anything far larger is not an answer. */
const MAX_RESPONSE_CHARACTERS = 256 * 1024;

const field = z.catch(z.string().check(z.maxLength(200)), '');
const responseSchema = z.object({
  suggestions: z.nullable(
    z.array(
      z.object({
        street_line: field,
        secondary: field,
        city: field,
        state: field,
        zipcode: field,
        entries: z.catch(z.int().check(z.nonnegative()), 0),
      }),
    ),
  ),
});

export interface SmartyAutocompleteOptions extends SmartyAutocompleteConfig {
  /** The shop's public origin, sent as Referer with an embedded key. */
  referer: string;
  timeoutMs?: number;
}

export class SmartyAutocomplete implements AddressAutocomplete {
  readonly provider = 'smarty';

  constructor(private readonly options: SmartyAutocompleteOptions) {}

  async suggest(request: AutocompleteRequest): Promise<AddressSuggestion[]> {
    if (!request.search) return [];
    const { credentials, license, url, referer, timeoutMs = SMARTY_TIMEOUT_MS } = this.options;
    const lookup = new URL(url);
    if ('embeddedKey' in credentials) lookup.searchParams.set('key', credentials.embeddedKey);
    else {
      lookup.searchParams.set('auth-id', credentials.authId);
      lookup.searchParams.set('auth-token', credentials.authToken);
    }
    lookup.searchParams.set('search', request.search);
    lookup.searchParams.set('max_results', String(request.max_results));
    lookup.searchParams.set('license', license);
    if (request.selected) lookup.searchParams.set('selected', request.selected);

    let text: string;
    try {
      const response = await fetch(lookup, {
        headers: { accept: 'application/json', ...('embeddedKey' in credentials ? { referer } : {}) },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new AutocompleteUnavailableError(`Smarty answered HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      if (error instanceof AutocompleteUnavailableError) throw error;
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new AutocompleteUnavailableError(
        timedOut ? `Smarty did not answer within ${timeoutMs} ms` : 'Smarty could not be reached',
      );
    }
    if (text.length > MAX_RESPONSE_CHARACTERS)
      throw new AutocompleteUnavailableError('Smarty answered more than a page of suggestions');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AutocompleteUnavailableError('Smarty answered something other than JSON');
    }
    const parsed = responseSchema.safeParse(body);
    if (!parsed.success) throw new AutocompleteUnavailableError('Smarty answered without a suggestions list');
    return (parsed.data.suggestions ?? []).filter((suggestion) => suggestion.street_line).slice(0, request.max_results);
  }
}
