import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta.ts';
import { canonicalsOf, matchesAt, propertyOf, robotsOf, TEST_ORIGIN as ORIGIN } from './meta-test-support.ts';

describe('a page’s canonical link and Open Graph tags', () => {
  it('names the page’s own address once, without a trailing slash, as canonical link and og:url', () => {
    const tags = pageMeta({ matches: matchesAt('/news/', 'news'), title: 'News', description: 'The latest.' });
    expect(canonicalsOf(tags)).toEqual([`${ORIGIN}/news`]);
    expect(propertyOf(tags, 'og:url')).toEqual([`${ORIGIN}/news`]);
    expect(propertyOf(tags, 'og:title')).toEqual(['News']);
    expect(propertyOf(tags, 'og:description')).toEqual(['The latest.']);
    expect(propertyOf(tags, 'og:type')).toEqual(['website']);
    expect(propertyOf(tags, 'og:site_name')).toEqual(['ACME']);
    expect(canonicalsOf(pageMeta({ matches: matchesAt('/', 'home'), title: null }))).toEqual([`${ORIGIN}/`]);
  });

  it('keeps a path that looks like a host on the shop’s origin', () => {
    expect(
      canonicalsOf(pageMeta({ matches: matchesAt('//elsewhere.example/about', 'about'), title: 'About' })),
    ).toEqual([`${ORIGIN}//elsewhere.example/about`]);
  });

  it('takes a canonical address the page gives in place of its path, still once', () => {
    const tags = pageMeta({
      matches: matchesAt('/shop/men', 'shop'),
      title: 'Men',
      canonical: `${ORIGIN}/shop/men?page=2`,
    });
    expect(canonicalsOf(tags)).toEqual([`${ORIGIN}/shop/men?page=2`]);
    expect(propertyOf(tags, 'og:url')).toEqual([`${ORIGIN}/shop/men?page=2`]);
  });

  it('gives a page kept out of search engines no canonical address', () => {
    const tags = pageMeta({ matches: matchesAt('/checkout', 'checkout'), title: 'Checkout', noindex: true });
    expect(robotsOf(tags)).toEqual(['noindex']);
    expect(canonicalsOf(tags)).toEqual([]);
    expect(propertyOf(tags, 'og:url')).toEqual([]);
  });

  it('shares a picture as og:image and a video as og:video, on the public origin', () => {
    const picture = pageMeta({ matches: matchesAt('/about', 'about'), title: 'About', media: '/media/content/a.svg' });
    expect(propertyOf(picture, 'og:image')).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/`))]);
    const video = pageMeta({ matches: matchesAt('/about', 'about'), title: 'About', media: '/media/content/a.mp4' });
    expect(propertyOf(video, 'og:video')).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/.*a\\.mp4`))]);
  });
});
