/** News, lifestyle and Familie posts as GET /api/posts returns them. */
import type { ImageRef, ProductDocument } from './product.ts';

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
  /** Who wrote it; empty for a post without a byline. */
  author: string;
}

export interface Post extends PostSummary {
  author_role: string;
  /** Catalogue tags whose products are shown under the post, and the first of those products. */
  product_tags: string[];
  products: ProductDocument[];
  /** Sanitized HTML. */
  content: string;
}

/** How many posts a list page shows at once. */
export const POSTS_PAGE_SIZE = 12;
