import { describe, expect, it } from 'vitest';
import type { ContentBlock, MediaItem, SiteContent } from '../../shared/content.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Post, PostSummary } from '../../shared/post.ts';
import {
  canonicalsOf,
  metaOf,
  propertyOf,
  robotsOf,
  TEST_ORIGIN as ORIGIN,
} from '../lib/navigation/meta-test-support.ts';
import { packJson } from '../lib/packed-json.ts';
import { meta as contentPageMeta } from './content-page.tsx';
import { meta as homeMeta } from './home.tsx';
import { meta as postMeta } from './post.tsx';
import { meta as postsMeta } from './posts.tsx';

const image = (url: string): MediaItem =>
  ({ url, width: 1600, height: 900, title: '', hex: null, media_type: 'image' }) as MediaItem;

describe('the content pages’ meta', () => {
  const banner = { images: [image('/media/content/pages/about.svg')] } as ContentBlock;
  const text = { images: [] as MediaItem[] } as ContentBlock;
  const about = {
    name: 'About',
    slug: 'about',
    meta_title: 'About Us',
    meta_description: 'Loud prints since 2014.',
    blocks: [text, banner],
  } as SiteContent;

  it('home: its content’s title and description, the first block picture, its address', () => {
    const tags = metaOf(homeMeta, '/', 'home', { page: packJson({ ...about, slug: 'home' }), appHost: 'shop' });
    expect(propertyOf(tags, 'og:title')).toEqual(['About Us']);
    expect(propertyOf(tags, 'og:image')).toEqual([expect.stringContaining(`${ORIGIN}/`)]);
    expect(propertyOf(tags, 'og:image')[0]).toContain('about');
    expect(canonicalsOf(tags)).toEqual([`${ORIGIN}/`]);
  });

  it('a static page: its picture and address; an editor’s preview is kept out of search engines', () => {
    const tags = metaOf(contentPageMeta, '/about', 'about', { page: about, appHost: 'shop' });
    expect(propertyOf(tags, 'og:description')).toEqual(['Loud prints since 2014.']);
    expect(propertyOf(tags, 'og:image')).toHaveLength(1);
    expect(canonicalsOf(tags)).toEqual([`${ORIGIN}/about`]);
    const preview = metaOf(contentPageMeta, '/preview-blocks', 'preview-blocks', { page: null, appHost: 'shop' });
    expect(robotsOf(preview)).toEqual(['noindex']);
    expect(canonicalsOf(preview)).toEqual([]);
  });

  const summary: PostSummary = {
    _id: 'p1',
    kind: 'news',
    slug: 'bras-finally',
    title: 'Bras, Finally',
    excerpt: 'Our first bras are here.',
    image: { url: '/media/content/posts/bras.svg', width: 1600, height: 900 },
    published_at: '2026-01-27T09:00:00.000Z',
    author: 'Dana',
  };

  it('a post: an article with its picture, its time and its address', () => {
    const post: Post = { ...summary, author_role: 'Founder', product_tags: [], products: [], content: '<p>Hi</p>' };
    const tags = metaOf(postMeta, '/news/bras-finally/', 'news-post', { post, listPath: '/news' });
    expect(propertyOf(tags, 'og:type')).toEqual(['article']);
    expect(propertyOf(tags, 'og:image')).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/.*bras`))]);
    expect(propertyOf(tags, 'article:published_time')).toEqual(['2026-01-27T09:00:00.000Z']);
    expect(canonicalsOf(tags)).toEqual([`${ORIGIN}/news/bras-finally`]);
  });

  it('a list of posts: its description, and each later page its own address', () => {
    const list = { kind: 'news', listPath: '/news', posts: [summary], total: 30, offset: 0 };
    const first = metaOf(postsMeta, '/news/', 'news', list);
    expect(propertyOf(first, 'og:description')).toEqual([MESSAGES.postListDescriptions.news]);
    expect(canonicalsOf(first)).toEqual([`${ORIGIN}/news`]);
    expect(canonicalsOf(metaOf(postsMeta, '/news', 'news', { ...list, offset: 12 }))).toEqual([
      `${ORIGIN}/news?offset=12`,
    ]);
  });
});
