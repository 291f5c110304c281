import { describe, expect, it } from 'vitest';
import { postKindOfPath, postListPath } from './post.ts';

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
