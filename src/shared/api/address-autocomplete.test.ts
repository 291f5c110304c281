import { describe, expectTypeOf, it } from 'vitest';
import type { AddressSuggestion } from '../address-autocomplete.ts';
import type { addressAutocompleteEndpoint } from './address-autocomplete.ts';
import type { DataOf } from './endpoint.ts';

describe('the address autocomplete endpoint', () => {
  it('responds with the suggestions the address line offers', () => {
    expectTypeOf<DataOf<typeof addressAutocompleteEndpoint>>().toEqualTypeOf<{
      suggestions: AddressSuggestion[];
      sample: boolean;
    }>();
  });
});
