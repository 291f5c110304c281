import type { MediaItem } from '../../shared/content.ts';
import type { Post, PostKind, PostSummary } from '../../shared/post.ts';
import type { ProductDocument } from '../../shared/product.ts';
import type { Db } from '../db/database.ts';
import type { Selectable } from 'kysely';
import type { PostTable } from '../db/schema.ts';
import { buildProductDocuments } from '../catalogue/product-documents.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { productIdsWithTags } from './site-content-repository.ts';

function parseImage(json: string): MediaItem | null {
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && 'url' in value ? (value as MediaItem) : null;
}

type SummaryRow = Pick<
  Selectable<PostTable>,
  'id' | 'kind' | 'slug' | 'title' | 'excerpt' | 'image' | 'published_at' | 'author'
>;

const toSummary = (row: SummaryRow): PostSummary => ({
  _id: row.id,
  kind: row.kind as PostKind,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  image: parseImage(row.image),
  published_at: row.published_at,
  author: row.author,
});

/** The catalogue tags of a post's products, as stored (a JSON list). */
function parseTags(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** Published posts of a kind, newest first, from offset. */
export async function listPosts(db: Db, kind: PostKind, offset: number, limit: number, now: Date) {
  const published = db.selectFrom('posts').where('kind', '=', kind).where('published_at', '<=', now.toISOString());
  const [rows, count] = await Promise.all([
    published
      .select(['id', 'kind', 'slug', 'title', 'excerpt', 'image', 'published_at', 'author'])
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    published.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { posts: rows.map(toSummary), total: Number(count.total), offset };
}

/** How many products a post shows under it. */
export const POST_PRODUCTS = 4;

/**
 * The products shown under a post: those carrying any of its tags, taken from each tag in turn so that every
 * tag the writer named is shown, the first of each in the catalogue's own order.
 */
async function postProducts(db: Db, tags: readonly string[]): Promise<ProductDocument[]> {
  const byTag = await Promise.all(tags.map(async (tag) => (await productIdsWithTags(db, [tag], POST_PRODUCTS)).ids));
  const chosen = new Set<string>();
  for (let turn = 0; turn < POST_PRODUCTS && chosen.size < POST_PRODUCTS; turn++) {
    for (const ids of byTag) {
      const id = ids[turn];
      if (id !== undefined && chosen.size < POST_PRODUCTS) chosen.add(id);
    }
  }
  return buildProductDocuments(db, [...chosen]);
}

export async function readPost(db: Db, kind: PostKind, slug: string, now: Date): Promise<Post | null> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('kind', '=', kind)
    .where('slug', '=', slug)
    .where('published_at', '<=', now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const productTags = parseTags(row.product_tags);
  return {
    ...toSummary(row),
    author_role: row.author_role,
    product_tags: productTags,
    products: await postProducts(db, productTags),
    content: sanitizeContentHtml(row.content),
  };
}
