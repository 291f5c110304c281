import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { postKindOfPath, postListPath, type postListSchema, type postSchema, type Post, type PostSummary } from './post.ts';

describe('post paths', () => {
  it('tells the kind from the path', () => {
    expect(postKindOfPath('/news/launch', 'acme')).toBe('news');
    expect(postKindOfPath('/acme-life', 'acme')).toBe('life');
    expect(postKindOfPath('/the-familie/x', 'acme')).toBe('familie');
    expect(postKindOfPath('/shop', 'acme')).toBeNull();
  });

  it('names each list path', () => {
    expect(postListPath('life', 'acme')).toBe('/acme-life');
    expect(postListPath('familie', 'acme')).toBe('/the-familie');
    expect(postListPath('news', 'acme')).toBe('/news');
  });
});

describe('post schemas', () => {
  it('read what Post and a page of PostSummary describe', () => {
    expectTypeOf<z.infer<typeof postSchema>>().toEqualTypeOf<Post>();
    expectTypeOf<z.infer<typeof postListSchema>>().toEqualTypeOf<{ posts: PostSummary[]; total: number; offset: number }>();
  });
});
