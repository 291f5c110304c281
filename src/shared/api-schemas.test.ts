import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type {
  cataloguePageSchema,
  postListSchema,
  postSchema,
  siteContentResponseSchema,
  websiteConfigSchema,
} from './api-schemas.ts';
import type { CataloguePage } from './catalogue-search/catalogue-page.ts';
import type { SiteContent } from './content.ts';
import type { Post, PostSummary } from './post.ts';
import type { WebsiteConfig } from './website-config.ts';

// The server's answers pass these schemas unchanged: src/server/http/response-schemas.test.ts.
describe('the API schemas read exactly the types of src/shared', () => {
  it('site content and catalogue page', () => {
    expectTypeOf<z.infer<typeof siteContentResponseSchema>>().toEqualTypeOf<SiteContent | null>();
    expectTypeOf<z.infer<typeof cataloguePageSchema>>().toEqualTypeOf<CataloguePage>();
  });

  it('posts and the website config', () => {
    expectTypeOf<z.infer<typeof postSchema>>().toEqualTypeOf<Post>();
    expectTypeOf<z.infer<typeof postListSchema>>().toEqualTypeOf<{
      posts: PostSummary[];
      total: number;
      offset: number;
    }>();
    expectTypeOf<z.infer<typeof websiteConfigSchema>>().toEqualTypeOf<WebsiteConfig>();
  });
});
