import { describe, expect, it } from 'vitest';
import { candidateSlugs } from './candidate-slugs.ts';

describe('candidateSlugs', () => {
  it('tries the whole path, then each shorter prefix', () => {
    expect(candidateSlugs('/shop/Men/boxer-briefs/')).toEqual(['shop/men/boxer-briefs', 'shop/men', 'shop']);
    expect(candidateSlugs('/about')).toEqual(['about']);
    expect(candidateSlugs('/')).toEqual([]);
  });
});
