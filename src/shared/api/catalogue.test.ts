import { describe, expectTypeOf, it } from 'vitest';
import type { CataloguePage } from '../catalogue-search/catalogue-page.ts';
import type { SearchAttribute } from '../site-search.ts';
import type { cataloguePageEndpoint, searchConfigEndpoint } from './catalogue.ts';
import type { DataOf } from './endpoint.ts';

describe('the catalogue endpoints', () => {
  it('respond with exactly the catalogue page and the search config the shop reads', () => {
    expectTypeOf<DataOf<typeof cataloguePageEndpoint>>().toEqualTypeOf<CataloguePage>();
    expectTypeOf<DataOf<typeof searchConfigEndpoint>>().toEqualTypeOf<{
      attributes: SearchAttribute[];
      facet_ordering: string[];
    }>();
  });
});
