/**
 * The US address autocomplete endpoint (spec sections 4 and 7). Its response keeps the provider's shape,
 * `{suggestions}` whole rather than in `{data}`, with `sample` beside it. The module's name keeps it with the
 * forms' code in the browser's chunks (vite.config.ts), out of the chunk every page loads.
 */
import * as z from 'zod/mini';
import { autocompleteRequestSchema } from '../address-autocomplete.ts';
import { endpoint } from './endpoint.ts';

/**
 * The configured provider's suggestions for `search`, or the units of the building named by `selected`; `sample`
 * says the built-in provider answered, from a sample of addresses rather than every address.
 */
export const addressAutocompleteEndpoint = endpoint({
  method: 'GET',
  path: '/api/address-autocomplete',
  query: autocompleteRequestSchema,
  data: z.object({
    suggestions: z.array(
      z.object({
        street_line: z.string(),
        secondary: z.string(),
        entries: z.number(),
        city: z.string(),
        state: z.string(),
        zipcode: z.string(),
      }),
    ),
    sample: z.boolean(),
  }),
  envelope: false,
});
