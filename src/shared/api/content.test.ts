import { describe, expectTypeOf, it } from 'vitest';
import type { SiteContent } from '../content.ts';
import type { Post, PostSummary } from '../post.ts';
import type { WebsiteConfig } from '../website-config.ts';
import type { postEndpoint, postListEndpoint, siteContentEndpoint } from './content.ts';
import type { DataOf } from './endpoint.ts';
import type { websiteConfigEndpoint } from './website-config.ts';

describe('the content endpoints', () => {
  it('respond with exactly the website config, site content and posts the pages show', () => {
    expectTypeOf<DataOf<typeof websiteConfigEndpoint>>().toEqualTypeOf<WebsiteConfig>();
    expectTypeOf<DataOf<typeof siteContentEndpoint>>().toEqualTypeOf<SiteContent | null>();
    expectTypeOf<DataOf<typeof postEndpoint>>().toEqualTypeOf<Post>();
    expectTypeOf<DataOf<typeof postListEndpoint>>().toEqualTypeOf<{
      posts: PostSummary[];
      total: number;
      offset: number;
    }>();
  });
});
