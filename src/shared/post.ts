/** News, lifestyle and Familie posts as GET /api/posts returns them. */
import type { ImageRef } from './product.ts';

export const POST_KINDS = ['news', 'life', 'familie'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export interface PostSummary {
  _id: string;
  kind: PostKind;
  slug: string;
  title: string;
  excerpt: string;
  /** The post's picture as ResponsiveImage draws it. */
  image: ImageRef | null;
  published_at: string;
}

export interface Post extends PostSummary {
  /** Sanitized HTML. */
  content: string;
}

/** How many posts a list page shows at once. */
export const POSTS_PAGE_SIZE = 12;

/** The list path of each kind; the brand names the lifestyle one (/{brand}-life). */
export function postListPath(kind: PostKind, brand: string): string {
  if (kind === 'life') return `/${brand}-life`;
  if (kind === 'familie') return '/the-familie';
  return '/news';
}

/** Which kind of post list or post a path shows, or null. */
export function postKindOfPath(pathname: string, brand: string): PostKind | null {
  const first = pathname.split('/').filter(Boolean)[0];
  if (first === 'news') return 'news';
  if (first === `${brand}-life`) return 'life';
  if (first === 'the-familie') return 'familie';
  return null;
}
