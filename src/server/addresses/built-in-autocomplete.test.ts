import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { autocompleteRequestSchema, selectedParameter } from '../../shared/address-autocomplete.ts';
import { US_STATES } from '../../shared/address-lists.ts';
import { BuiltInAutocomplete, searchText, type SampleAddress } from './built-in-autocomplete.ts';
import { usZipCodes } from './us-zip-codes.ts';

const request = (query: Record<string, unknown>) => autocompleteRequestSchema.parse(query);
const sample = JSON.parse(readFileSync(new URL('./sample-addresses.json', import.meta.url), 'utf8')) as SampleAddress[];
const autocomplete = BuiltInAutocomplete.fromSample();

describe('the sample of addresses', () => {
  it('covers every state and DC with a few hundred addresses', () => {
    expect(sample.length).toBeGreaterThanOrEqual(300);
    expect(new Set(sample.map((address) => address.state))).toEqual(new Set(US_STATES.map((state) => state.code)));
  });

  it("agrees with the ZIP data: each ZIP code is its state's and names its city", () => {
    const zipCodes = usZipCodes();
    const disagreeing = sample.filter((address) => {
      const place = zipCodes.place(address.zipcode);
      return place?.state !== address.state || place.city !== address.city;
    });
    expect(disagreeing).toEqual([]);
  });

  it("lists each address once, a building's units under one designator", () => {
    const keys = sample.map((address) => searchText(`${address.street_line} ${address.zipcode}`));
    expect(new Set(keys).size).toBe(keys.length);
    const buildings = sample.filter((address) => (address.secondaries?.length ?? 0) > 1);
    expect(buildings.length).toBeGreaterThanOrEqual(5);
    for (const building of buildings) {
      expect(new Set(building.secondaries?.map((secondary) => secondary.split(' ')[0])).size).toBe(1);
    }
  });
});

describe('searchText', () => {
  it('ignores case, accents and punctuation', () => {
    expect(searchText('1 AT&T Way')).toBe('1 at t way');
    expect(searchText('  Pérez,  Art   Museum. ')).toBe('perez art museum');
  });
});

describe('BuiltInAutocomplete', () => {
  it("suggests addresses whose street line starts with the search, in the spec's shape", async () => {
    expect(await autocomplete.suggest(request({ search: '1600 pennsylvania' }))).toEqual([
      {
        street_line: '1600 Pennsylvania Ave NW',
        secondary: '',
        entries: 0,
        city: 'Washington',
        state: 'DC',
        zipcode: '20500',
      },
    ]);
  });

  it('ignores case and punctuation in the search, and reads on into the city', async () => {
    const [found] = await autocomplete.suggest(request({ search: '1, AT&T  WAY' }));
    expect(found?.city).toBe('Arlington');
    expect(
      await autocomplete.suggest(request({ search: '1600 Pennsylvania Ave NW Washington DC 20500' })),
    ).toHaveLength(1);
    expect(await autocomplete.suggest(request({ search: '1600 Pennsylvania Ave NW Boston' }))).toEqual([]);
  });

  it('answers at most max_results, 7 by default', async () => {
    expect(await autocomplete.suggest(request({ search: '1' }))).toHaveLength(7);
    expect(await autocomplete.suggest(request({ search: '1', max_results: '3' }))).toHaveLength(3);
    expect(await autocomplete.suggest(request({ search: '1', max_results: '40' }))).toHaveLength(10);
  });

  it('answers nothing to an empty search or one nothing starts with', async () => {
    expect(await autocomplete.suggest(request({ search: '' }))).toEqual([]);
    expect(await autocomplete.suggest(request({ search: '  ,. ' }))).toEqual([]);
    expect(await autocomplete.suggest(request({ search: 'zzz' }))).toEqual([]);
  });

  it('suggests a building with several units once, with their number as entries', async () => {
    expect(await autocomplete.suggest(request({ search: '1 dr carlton' }))).toEqual([
      {
        street_line: '1 Dr Carlton B Goodlett Pl',
        secondary: 'Rm',
        entries: 4,
        city: 'San Francisco',
        state: 'CA',
        zipcode: '94102',
      },
    ]);
  });

  it('drills into a building chosen as selected, the search naming some of its units', async () => {
    const [building] = await autocomplete.suggest(request({ search: '1 dr carlton' }));
    if (!building) throw new Error('no building');
    const units = await autocomplete.suggest(
      request({ search: '1 dr carlton', selected: selectedParameter(building) }),
    );
    expect(units.map((unit) => unit.secondary)).toEqual(['Rm 168', 'Rm 200', 'Rm 234', 'Rm 244']);
    expect(
      units.every(
        (unit) => unit.entries === 1 && unit.street_line === building.street_line && unit.zipcode === '94102',
      ),
    ).toBe(true);
    const named = await autocomplete.suggest(
      request({ search: '1 Dr Carlton B Goodlett Pl Rm 2', selected: selectedParameter(building) }),
    );
    expect(named.map((unit) => unit.secondary)).toEqual(['Rm 200', 'Rm 234', 'Rm 244']);
    const capped = await autocomplete.suggest(
      request({ search: '1 dr carlton', max_results: '2', selected: selectedParameter(building) }),
    );
    expect(capped).toHaveLength(2);
  });

  it('drills into nothing for a selected that names no building', async () => {
    expect(
      await autocomplete.suggest(request({ search: '1', selected: '1 Nowhere St Rm (3) Springfield IL 62701' })),
    ).toEqual([]);
    expect(
      await autocomplete.suggest(
        request({ search: '1', selected: '1 Dr Carlton B Goodlett Pl Rm (4) San Francisco NY 94102' }),
      ),
    ).toEqual([]);
    expect(await autocomplete.suggest(request({ search: '1', selected: 'not a selection' }))).toEqual([]);
  });

  it('suggests the one unit of a building that has only one', async () => {
    const provider = new BuiltInAutocomplete([
      { street_line: '5 Main St', city: 'Burlington', state: 'VT', zipcode: '05401', secondaries: ['Ste 2'] },
    ]);
    expect(await provider.suggest(request({ search: '5 main' }))).toEqual([
      { street_line: '5 Main St', secondary: 'Ste 2', entries: 1, city: 'Burlington', state: 'VT', zipcode: '05401' },
    ]);
  });

  it('reads no further than the longest search', async () => {
    const provider = new BuiltInAutocomplete([
      { street_line: `1 ${'A'.repeat(200)} St`, city: 'Burlington', state: 'VT', zipcode: '05401' },
    ]);
    expect(
      await provider.suggest({ key: '', license: '', max_results: 7, search: `1 ${'a'.repeat(300)}`, selected: null }),
    ).toHaveLength(1);
  });
});
