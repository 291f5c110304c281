import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { cataloguePageSchema } from './api-schemas.ts';
import type { CataloguePage } from './catalogue-search/catalogue-page.ts';

// The server's answers pass these schemas unchanged: src/server/http/response-schemas.test.ts.
describe('the API schemas read exactly the types of src/shared', () => {
  it('catalogue page', () => {
    expectTypeOf<z.infer<typeof cataloguePageSchema>>().toEqualTypeOf<CataloguePage>();
  });
});
