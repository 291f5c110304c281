/**
 * Builds the product documents (spec section 3) from the database: the search index stores them and the
 * pages read them. Rows are loaded in bulk per table and joined in memory, so a full build is a handful of
 * queries however large the catalogue, and an incremental one touches only the products named.
 */
import { productUrl } from '../../shared/paths.ts';
import {
  IN_STOCK,
  OUT_OF_STOCK,
  type ImageFilter,
  type ImageRef,
  type ProductDocument,
  type ProductImage,
  type Sku,
} from '../../shared/product.ts';
import type { Db } from '../db/database.ts';
import type { ProductImageRow, ProductRow, SkuRow } from '../db/schema.ts';

/** Keeps every IN list well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

async function inChunks<T>(ids: readonly string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    rows.push(...(await load(ids.slice(start, start + CHUNK))));
  }
  return rows;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const imageRef = (row: ProductImageRow | undefined): ImageRef | null =>
  row ? { url: row.url, width: row.width, height: row.height } : null;

function parseFilters(json: string): ImageFilter[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as ImageFilter[]) : [];
}

const toSku = (row: SkuRow, styleId: string): Sku => ({
  sku: row.sku,
  size: row.size,
  style_id: styleId,
  qty: row.qty,
});

interface Loaded {
  products: ProductRow[];
  skus: Map<string, SkuRow[]>;
  images: Map<string, ProductImageRow[]>;
  tags: Map<string, Array<{ field: string; name: string }>>;
  curatedSlugs: Map<string, string[]>;
  blocks: Array<{ slug: string; tags: string[] }>;
}

/** The product ids whose documents change when these products change: their lengths and colourways too. */
export async function relatedProductIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('products').select(['variant_group', 'swatch_group']).where('id', 'in', chunk).execute(),
  );
  const variantGroups = [...new Set(rows.map((r) => r.variant_group).filter((g): g is string => g !== null))];
  const swatchGroups = [...new Set(rows.map((r) => r.swatch_group).filter((g): g is string => g !== null))];
  const related = new Set(ids);
  for (const [column, groups] of [
    ['variant_group', variantGroups],
    ['swatch_group', swatchGroups],
  ] as const) {
    const siblings = await inChunks(groups, (chunk) =>
      db.selectFrom('products').select('id').where(column, 'in', chunk).execute(),
    );
    siblings.forEach((s) => related.add(s.id));
  }
  return [...related];
}

async function load(db: Db, ids: readonly string[] | null): Promise<Loaded> {
  const products = ids
    ? await inChunks(ids, (chunk) => db.selectFrom('products').selectAll().where('id', 'in', chunk).execute())
    : await db.selectFrom('products').selectAll().execute();
  // Lengths and colourways of the products are needed to describe their variants and swatches.
  const groupIds = (column: 'variant_group' | 'swatch_group') => [
    ...new Set(products.map((p) => p[column]).filter((g): g is string => g !== null)),
  ];
  const siblings = ids
    ? [
        ...(await inChunks(groupIds('variant_group'), (chunk) =>
          db.selectFrom('products').selectAll().where('variant_group', 'in', chunk).execute(),
        )),
        ...(await inChunks(groupIds('swatch_group'), (chunk) =>
          db.selectFrom('products').selectAll().where('swatch_group', 'in', chunk).execute(),
        )),
      ]
    : [];
  const all = new Map([...products, ...siblings].map((p) => [p.id, p]));
  const allIds = [...all.keys()];
  const byProduct = <T extends { product_id: string }>(rows: T[]) => groupBy(rows, (r) => r.product_id);

  const [skus, images, tags, curated, blockRows] = await Promise.all([
    ids
      ? inChunks(allIds, (chunk) =>
          db.selectFrom('skus').selectAll().where('product_id', 'in', chunk).orderBy('position').execute(),
        )
      : db.selectFrom('skus').selectAll().orderBy('position').execute(),
    ids
      ? inChunks(allIds, (chunk) =>
          db.selectFrom('product_images').selectAll().where('product_id', 'in', chunk).orderBy('position').execute(),
        )
      : db.selectFrom('product_images').selectAll().orderBy('position').execute(),
    (() => {
      const query = db
        .selectFrom('product_tags')
        .innerJoin('facet_tags', 'facet_tags.id', 'product_tags.tag_id')
        .innerJoin('facet_groups', 'facet_groups.id', 'facet_tags.group_id')
        .select(['product_tags.product_id', 'facet_groups.field', 'facet_tags.name'])
        .orderBy('facet_tags.position');
      return ids
        ? inChunks(allIds, (chunk) => query.where('product_tags.product_id', 'in', chunk).execute())
        : query.execute();
    })(),
    (() => {
      const query = db
        .selectFrom('curated_block_products')
        .innerJoin('content_blocks', 'content_blocks.id', 'curated_block_products.block_id')
        .select(['curated_block_products.product_id', 'content_blocks.slug'])
        .where('content_blocks.slug', 'is not', null);
      return ids
        ? inChunks(allIds, (chunk) => query.where('curated_block_products.product_id', 'in', chunk).execute())
        : query.execute();
    })(),
    db
      .selectFrom('content_blocks')
      .select(['slug', 'product_tags'])
      .where('block_type', '=', 'Product')
      .where('slug', 'is not', null)
      .execute(),
  ]);

  return {
    products: [...all.values()],
    skus: byProduct(skus),
    images: byProduct(images),
    tags: new Map([...byProduct(tags)].map(([id, rows]) => [id, rows.map((r) => ({ field: r.field, name: r.name }))])),
    curatedSlugs: new Map(
      [...byProduct(curated)].map(([id, rows]) => [id, rows.map((r) => r.slug).filter((s): s is string => s !== null)]),
    ),
    // A Product block with no tags lists every product (the shop-all page).
    blocks: blockRows.flatMap((b) => {
      const tags: unknown = JSON.parse(b.product_tags);
      return b.slug && Array.isArray(tags) ? [{ slug: b.slug, tags: tags.map(String) }] : [];
    }),
  };
}

/** Documents for the products named, or for the whole catalogue when ids is null. */
export async function buildProductDocuments(db: Db, ids: readonly string[] | null): Promise<ProductDocument[]> {
  const loaded = await load(db, ids);
  const byId = new Map(loaded.products.map((p) => [p.id, p]));
  const wanted = ids ? ids.flatMap((id) => byId.get(id) ?? []) : loaded.products;
  const variantGroups = groupBy(
    loaded.products.filter((p) => p.variant_group !== null),
    (p) => p.variant_group ?? '',
  );
  const swatchGroups = groupBy(
    loaded.products.filter((p) => p.swatch_group !== null),
    (p) => p.swatch_group ?? '',
  );
  const skusOf = (p: ProductRow) => (loaded.skus.get(p.id) ?? []).map((row) => toSku(row, p.style_id));
  const stockOf = (p: ProductRow) => (loaded.skus.get(p.id) ?? []).reduce((sum, row) => sum + row.qty, 0);
  const cents = (value: number | null) => (value === null ? null : value / 100);
  const imagesOf = (p: ProductRow) => loaded.images.get(p.id) ?? [];
  const colorImageOf = (p: ProductRow) => imageRef(imagesOf(p).find((i) => i.role === 'color'));

  return wanted.map((p) => {
    const images = imagesOf(p);
    const totalQuantity = stockOf(p);
    const tags = loaded.tags.get(p.id) ?? [];
    const tagNames = new Set(tags.map((t) => t.name));
    const facets: Record<string, string[]> = {};
    for (const tag of tags) (facets[tag.field] ??= []).push(tag.name);
    const blockSlugs = new Set(loaded.curatedSlugs.get(p.id) ?? []);
    for (const block of loaded.blocks) {
      if (block.tags.every((tag) => tagNames.has(tag))) blockSlugs.add(block.slug);
    }
    const variants = (p.variant_group ? (variantGroups.get(p.variant_group) ?? []) : [])
      .sort((a, b) => a.default_position - b.default_position)
      .map((v) => ({
        _id: v.id,
        variant_name: v.variant_name ?? v.fit,
        url: productUrl(v.id, v.slug),
        price: v.price_cents / 100,
        sale_price: cents(v.sale_price_cents),
        is_in_stock: stockOf(v) > 0,
        total_quantity: stockOf(v),
        skus: skusOf(v),
      }));
    const swatches = (p.swatch_group ? (swatchGroups.get(p.swatch_group) ?? []) : [])
      .sort((a, b) => a.default_position - b.default_position)
      .map((s) => ({
        _id: s.id,
        style_id: s.style_id,
        name: s.colorway,
        url: productUrl(s.id, s.slug),
        color_image: colorImageOf(s),
      }));
    const productImages: ProductImage[] = images
      .filter((i) => i.role !== 'color')
      .map((i) => ({
        url: i.url,
        width: i.width,
        height: i.height,
        filters: parseFilters(i.filters),
        enabled: i.enabled === 1,
      }));
    return {
      id: p.id,
      _id: p.id,
      style_id: p.style_id,
      name: p.name,
      fit: p.fit,
      subcategory: p.subcategory,
      url: productUrl(p.id, p.slug),
      description: p.description,
      price: p.price_cents / 100,
      sale_price: cents(p.sale_price_cents),
      is_in_stock: totalQuantity > 0,
      total_quantity: totalQuantity,
      max_cart_qty: p.max_cart_qty,
      final_sale: p.final_sale === 1,
      badge_text: p.badge_text,
      badge_class: p.badge_class,
      badge_icon: p.badge_icon,
      primary_image: imageRef(images.find((i) => i.role === 'primary')),
      secondary_image: imageRef(images.find((i) => i.role === 'secondary')),
      color_image: colorImageOf(p),
      images: productImages,
      page_block_slugs: [...blockSlugs].sort(),
      show_on_plp: p.show_on_plp === 1,
      availability: totalQuantity > 0 ? IN_STOCK : OUT_OF_STOCK,
      default_position: p.default_position,
      skus: skusOf(p),
      variant_name: p.variant_name,
      variants: variants.length > 1 ? variants : [],
      swatch_products: swatches.length > 1 ? swatches : [],
      size_chart_name: p.size_chart_name,
      video_url: p.video_url,
      facets,
      updated_at: Date.parse(p.updated_at),
      created_at: Date.parse(p.created_at),
      units_sold: p.units_sold,
    };
  });
}
