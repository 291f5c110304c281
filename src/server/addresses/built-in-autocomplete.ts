/**
 * The built-in US address autocomplete: the addresses of sample-addresses.json (public places across the 50
 * states and DC, some buildings with several rooms or floors), found by the start of their street line (any
 * case, punctuation ignored), answered like Smarty's US Autocomplete Pro. A building with several units is one
 * suggestion whose secondary is the units' designator and whose entries is their number; asked again with
 * that suggestion as `selected`, it lists the units.
 *
 * The work of one call is bounded: the search is cut to AUTOCOMPLETE_SEARCH_MAX_LENGTH, the addresses are
 * kept sorted by their search text so a binary search finds the first match, and the walk from there stops
 * after max_results matches.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { parseSelected, type AddressSuggestion, type AutocompleteRequest } from '../../shared/address-autocomplete.ts';
import { AUTOCOMPLETE_SEARCH_MAX_LENGTH } from '../../shared/constants.ts';
import type { AddressAutocomplete } from './autocomplete-provider.ts';

const sampleAddressSchema = z.object({
  street_line: z.string().check(z.minLength(1)),
  city: z.string().check(z.minLength(1)),
  state: z.string().check(z.regex(/^[A-Z]{2}$/)),
  zipcode: z.string().check(z.regex(/^\d{5}$/)),
  /** The units of a building ('Rm 200'), sharing one designator. */
  secondaries: z.optional(z.array(z.string().check(z.minLength(1)))),
});

export type SampleAddress = z.infer<typeof sampleAddressSchema>;

const SAMPLE_FILE = new URL('./sample-addresses.json', import.meta.url);

/** Lower case, accents and punctuation dropped, one space between words: '1 AT&T Way' reads '1 at t way'. */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Listing {
  /** What a search's text must start with: street line, city, state and ZIP code. */
  text: string;
  suggestion: AddressSuggestion;
  /** The building's units, by their own search text; empty for an address without units. */
  units: Listing[];
}

/** The first listing whose text is not before the prefix (listings sorted by text). */
function firstAtOrAfter(listings: readonly Listing[], prefix: string): number {
  let low = 0;
  let high = listings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((listings[middle]?.text ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byText = (a: Listing, b: Listing) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

/** How a `selected` parameter names a building: its ZIP code, street line and designator. */
const buildingKey = (zipcode: string, streetAndSecondary: string) => `${zipcode} ${searchText(streetAndSecondary)}`;

function listingOf(address: SampleAddress): Listing {
  const place = `${address.city} ${address.state} ${address.zipcode}`;
  const base: AddressSuggestion = {
    street_line: address.street_line,
    secondary: '',
    entries: 0,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
  };
  const units = (address.secondaries ?? []).map((secondary) => ({
    text: searchText(`${address.street_line} ${secondary} ${place}`),
    suggestion: { ...base, secondary, entries: 1 },
    units: [],
  }));
  const [onlyUnit] = units;
  if (units.length === 1 && onlyUnit) return { ...onlyUnit, text: searchText(`${address.street_line} ${place}`) };
  const designators = new Set((address.secondaries ?? []).map((secondary) => secondary.split(' ')[0] ?? ''));
  const [designator] = designators;
  return {
    text: searchText(`${address.street_line} ${place}`),
    suggestion: units.length
      ? { ...base, secondary: designators.size === 1 ? (designator ?? '') : '', entries: units.length }
      : base,
    units: units.sort(byText),
  };
}

export class BuiltInAutocomplete implements AddressAutocomplete {
  readonly provider = 'built-in';
  private readonly listings: readonly Listing[];
  /** The buildings with several units, by buildingKey. */
  private readonly buildings: ReadonlyMap<string, Listing>;
  private static sample: BuiltInAutocomplete | null = null;

  constructor(addresses: readonly SampleAddress[]) {
    this.listings = addresses.map(listingOf).sort(byText);
    this.buildings = new Map(
      this.listings
        .filter((listing) => listing.units.length > 1)
        .map((listing) => [
          buildingKey(listing.suggestion.zipcode, `${listing.suggestion.street_line} ${listing.suggestion.secondary}`),
          listing,
        ]),
    );
  }

  /** The provider over the shipped sample, read on first use. */
  static fromSample(): BuiltInAutocomplete {
    BuiltInAutocomplete.sample ??= new BuiltInAutocomplete(
      z.array(sampleAddressSchema).parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8'))),
    );
    return BuiltInAutocomplete.sample;
  }

  async suggest(request: AutocompleteRequest): Promise<AddressSuggestion[]> {
    const search = searchText(request.search.slice(0, AUTOCOMPLETE_SEARCH_MAX_LENGTH));
    if (request.selected !== null) return this.units(request.selected, search, request.max_results);
    if (!search) return [];
    return this.matching(this.listings, search, request.max_results);
  }

  private matching(listings: readonly Listing[], prefix: string, max: number): AddressSuggestion[] {
    const found: AddressSuggestion[] = [];
    for (let i = firstAtOrAfter(listings, prefix); i < listings.length && found.length < max; i++) {
      const listing = listings[i];
      if (!listing?.text.startsWith(prefix)) break;
      found.push(listing.suggestion);
    }
    return found;
  }

  /** The units of the selected building: those the search names, or all of them when it names none. */
  private units(selected: string, search: string, max: number): AddressSuggestion[] {
    const selection = parseSelected(selected);
    if (!selection) return [];
    const building = this.buildings.get(buildingKey(selection.zipcode.slice(0, 5), selection.streetAndSecondary));
    if (!building || building.suggestion.state !== selection.state) return [];
    const named = search ? this.matching(building.units, search, max) : [];
    return named.length ? named : building.units.slice(0, max).map((unit) => unit.suggestion);
  }
}
