import { describe, expect, it } from 'vitest';
import { postKindOfPath, postListPath, productUrl, shopPath, shopSearchPath, sizeGuidePath } from './paths.ts';

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

describe('shopSearchPath', () => {
  it('is /shop with the trimmed term as query q', () => {
    expect(shopSearchPath(' boxer brief ')).toBe('/shop?q=boxer+brief');
    expect(new URL(shopSearchPath('tank & top'), 'http://shop.test').searchParams.get('q')).toBe('tank & top');
  });
});

describe('page paths', () => {
  it('builds the catalogue, product and size guide paths', () => {
    expect(shopPath('men')).toBe('/shop/men');
    expect(productUrl('10001', 'red-boxer-brief')).toBe('/s/10001/red-boxer-brief');
    expect(sizeGuidePath('kids-socks')).toBe('/size-guides/kids-socks');
  });
});
