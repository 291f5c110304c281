import type {
  BlockType,
  Breakpoint,
  ContentBlock,
  MediaItem,
  ProductImageTile,
  SiteContent,
} from '../../shared/content.ts';
import { BLOCK_TYPES } from '../../shared/content.ts';
import { buildProductDocuments } from '../catalogue/product-documents.ts';
import type { Db } from '../db/database.ts';
import type { ContentBlockRow } from '../db/schema.ts';
import { sanitizeContentHtml } from './sanitize.ts';

/** How many products a Product or Curated Product block carries into a content page. */
const CONTENT_BLOCK_PRODUCTS = 12;

function parseList<T>(json: string): T[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
}

const asBlockType = (value: string): BlockType => BLOCK_TYPES.find((type) => type === value) ?? 'Default';
const asBreakpoint = (value: string): Breakpoint => (value === 'mobile' || value === 'desktop' ? value : 'all');

/** Products carrying every one of the tags, in their default order, that show on listing pages. */
export async function productIdsWithTags(
  db: Db,
  tags: string[],
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  if (!tags.length) return { ids: [], total: 0 };
  const matching = db
    .selectFrom('product_tags')
    .innerJoin('facet_tags', 'facet_tags.id', 'product_tags.tag_id')
    .select('product_tags.product_id')
    .where('facet_tags.name', 'in', tags)
    .groupBy('product_tags.product_id')
    .having((eb) => eb.fn.count<number>('facet_tags.name').distinct(), '=', tags.length);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', matching)
      .where('show_on_plp', '=', 1)
      .orderBy('default_position')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('id', 'in', matching)
      .where('show_on_plp', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.total) };
}

async function blockProducts(db: Db, row: ContentBlockRow): Promise<ContentBlock['productData']> {
  const empty = { products: [], total: 0, offset: 0, closed: true };
  let selection: { ids: string[]; total: number };
  if (row.block_type === 'Curated Product') {
    const curated = await db
      .selectFrom('curated_block_products')
      .select('product_id')
      .where('block_id', '=', row.id)
      .orderBy('position')
      .execute();
    selection = { ids: curated.slice(0, CONTENT_BLOCK_PRODUCTS).map((c) => c.product_id), total: curated.length };
  } else if (row.block_type === 'Product') {
    selection = await productIdsWithTags(db, parseList<string>(row.product_tags), CONTENT_BLOCK_PRODUCTS);
  } else {
    return empty;
  }
  const products = await buildProductDocuments(db, selection.ids);
  return { products, total: selection.total, offset: products.length, closed: products.length >= selection.total };
}

async function toBlock(
  db: Db,
  row: ContentBlockRow,
  children: Map<string | null, ContentBlockRow[]>,
): Promise<ContentBlock> {
  return {
    _id: row.id,
    block_type: asBlockType(row.block_type),
    name: row.name,
    slug: row.slug,
    breakpoint: asBreakpoint(row.breakpoint),
    container_class: row.container_class,
    container_style: row.container_style,
    images: parseList<MediaItem>(row.images).map((item) => ({
      ...item,
      content: item.content ? sanitizeContentHtml(item.content) : null,
    })),
    fields: parseList(row.fields),
    configuration: parseList(row.configuration),
    content: sanitizeContentHtml(row.content),
    form_id: row.form_id,
    blocks: await Promise.all((children.get(row.id) ?? []).map((child) => toBlock(db, child, children))),
    auto_advance: row.auto_advance === 1,
    pagination_arrows: row.pagination_arrows === 1,
    indicator_type: row.indicator_type,
    product_tags: parseList(row.product_tags),
    product_images: parseList<ProductImageTile>(row.product_images).map((tile) => ({
      ...tile,
      content: tile.content ? sanitizeContentHtml(tile.content) : '',
    })),
    productData: await blockProducts(db, row),
  };
}

export async function readSiteContent(db: Db, slug: string): Promise<SiteContent | null> {
  const page = await db.selectFrom('site_content').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!page) return null;
  const rows = await db
    .selectFrom('content_blocks')
    .selectAll()
    .where('content_id', '=', page.id)
    .orderBy('position')
    .execute();
  const children = new Map<string | null, ContentBlockRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_block_id) ?? [];
    siblings.push(row);
    children.set(row.parent_block_id, siblings);
  }
  return {
    _id: page.id,
    name: page.name,
    slug: page.slug,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    blocks: await Promise.all((children.get(null) ?? []).map((row) => toBlock(db, row, children))),
    created_at: page.created_at,
    updated_at: page.updated_at,
    updated_by: page.updated_by,
  };
}
