import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { type siteContentResponseSchema, type SiteContent } from './content.ts';

describe('siteContentResponseSchema', () => {
  it('reads what SiteContent describes, or null', () => {
    expectTypeOf<z.infer<typeof siteContentResponseSchema>>().toEqualTypeOf<SiteContent | null>();
  });
});
