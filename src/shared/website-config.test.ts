import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { type websiteConfigSchema, type WebsiteConfig } from './website-config.ts';

describe('websiteConfigSchema', () => {
  it('reads what WebsiteConfig describes', () => {
    expectTypeOf<z.infer<typeof websiteConfigSchema>>().toEqualTypeOf<WebsiteConfig>();
  });
});
