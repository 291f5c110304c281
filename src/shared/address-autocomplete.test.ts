import { describe, expect, it } from 'vitest';
import {
  autocompleteRequestSchema,
  clampMaxResults,
  parseSelected,
  selectedParameter,
  type AddressSuggestion,
} from './address-autocomplete.ts';

const building: AddressSuggestion = {
  street_line: '1 Dr Carlton B Goodlett Pl',
  secondary: 'Rm',
  entries: 4,
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94102',
};

describe('selectedParameter and parseSelected', () => {
  it('write a suggestion as street_line secondary (entries) city state zipcode', () => {
    expect(selectedParameter(building)).toBe('1 Dr Carlton B Goodlett Pl Rm (4) San Francisco CA 94102');
    expect(selectedParameter({ ...building, secondary: '', entries: 0 })).toBe(
      '1 Dr Carlton B Goodlett Pl (0) San Francisco CA 94102',
    );
  });

  it('read it back, a comma after the city and a ZIP+4 allowed', () => {
    expect(parseSelected(selectedParameter(building))).toEqual({
      streetAndSecondary: '1 Dr Carlton B Goodlett Pl Rm',
      entries: 4,
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94102',
    });
    expect(parseSelected('600 4th Ave Fl (2) Seattle, wa 98104-1873')).toEqual({
      streetAndSecondary: '600 4th Ave Fl',
      entries: 2,
      city: 'Seattle',
      state: 'WA',
      zipcode: '98104-1873',
    });
  });

  it('refuse what is not one', () => {
    expect(parseSelected('600 4th Ave Seattle WA 98104')).toBeNull();
    expect(parseSelected('(2) Seattle WA 98104')).toBeNull();
    expect(parseSelected('')).toBeNull();
  });
});

describe('autocompleteRequestSchema', () => {
  it('defaults max_results to 7 and caps it at 10', () => {
    expect(autocompleteRequestSchema.parse({ search: ' 200 N Spring ' })).toEqual({
      key: '',
      license: '',
      max_results: 7,
      search: '200 N Spring',
      selected: null,
    });
    expect(autocompleteRequestSchema.parse({ search: 'a', max_results: '50' }).max_results).toBe(10);
    expect(autocompleteRequestSchema.parse({ search: 'a', max_results: 0 }).max_results).toBe(1);
    expect(autocompleteRequestSchema.parse({ search: 'a', key: 'k', license: 'l', selected: ' x ' })).toMatchObject({
      key: 'k',
      license: 'l',
      selected: 'x',
    });
  });

  it('refuses a missing or too long search and a max_results that is no number', () => {
    expect(autocompleteRequestSchema.safeParse({}).success).toBe(false);
    expect(autocompleteRequestSchema.safeParse({ search: 'x'.repeat(129) }).success).toBe(false);
    expect(autocompleteRequestSchema.safeParse({ search: 'a', max_results: 'many' }).success).toBe(false);
    expect(autocompleteRequestSchema.safeParse({ search: 'a', selected: 'x'.repeat(301) }).success).toBe(false);
  });

  it('clamps a number into 1 to 10', () => {
    expect(clampMaxResults(undefined)).toBe(7);
    expect(clampMaxResults(3.7)).toBe(3);
    expect(clampMaxResults(-4)).toBe(1);
  });
});
