/**
 * Catalogue pages for GET /api/page: the site content of a shop path (or of its nearest parent, with the rest
 * of the path read as selected tags), its Product and Curated Product blocks, and the facet tree. Products and
 * facet counts come from the search service, not from here.
 */
import {
  tagOf,
  tagSlug,
  type CatalogueBlock,
  type CatalogueBlockType,
  type CataloguePage,
  type FacetTag,
  type FacetTreeNode,
} from '../../shared/catalogue-search/catalogue-page.ts';
import { pageSlugOfPath, shopSearch } from '../../shared/catalogue-search/shop-url.ts';
import type { Db } from '../db/database.ts';
import type { FacetGroupRow, FacetTagRow } from '../db/schema.ts';

const PRODUCT_BLOCK_TYPES: readonly CatalogueBlockType[] = ['Product', 'Curated Product'];
const SHOP_SLUG = 'shop';

function parseTags(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

interface Facets {
  groups: FacetGroupRow[];
  tags: FacetTagRow[];
}

async function readFacets(db: Db): Promise<Facets> {
  const [groups, tags] = await Promise.all([
    db.selectFrom('facet_groups').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('facet_tags').selectAll().orderBy('position').orderBy('id').execute(),
  ]);
  return { groups, tags };
}

/** The tag a path segment names ('red' → color Red), looking through the groups in their order. */
function tagOfSegment(segment: string, { groups, tags }: Facets): string | null {
  for (const group of groups) {
    const tag = tags.find(
      (candidate) =>
        candidate.group_id === group.id &&
        (tagSlug(candidate.display_name) === segment || tagSlug(candidate.name) === segment),
    );
    if (tag) return tagOf(group.field, tag.name);
  }
  return null;
}

/**
 * The facet tree of a page: a node per group, its tags below, a tag's children (a hierarchical group's leaves)
 * below it. url selects just that tag on this page; cadFilterUrl is the tag's own catalogue page under this one.
 */
function facetTree({ groups, tags }: Facets, pageSlug: string, shopSlugs: ReadonlySet<string>): FacetTreeNode[] {
  const pagePath = `/${pageSlug}`;
  const childrenOf = new Map<string | null, FacetTagRow[]>();
  for (const tag of tags) {
    const siblings = childrenOf.get(tag.parent_id) ?? [];
    siblings.push(tag);
    childrenOf.set(tag.parent_id, siblings);
  }
  const toNode = (row: FacetTagRow, field: string): FacetTreeNode => {
    const tag: FacetTag = {
      _id: row.id,
      name: row.name,
      display_name: row.display_name,
      group: field,
      icon_in_nav: row.icon_in_nav,
    };
    const ownSlug = `${pageSlug}/${tagSlug(row.display_name)}`;
    return {
      tag,
      count: 0,
      children: (childrenOf.get(row.id) ?? []).map((child) => toNode(child, field)),
      url: `${pagePath}${shopSearch({ tags: [tagOf(field, row.name)], q: '', page: 1 })}`,
      cadFilterUrl: shopSlugs.has(ownSlug) ? `/${ownSlug}` : null,
    };
  };
  return groups.map((group) => ({
    tag: { _id: group.id, name: group.field, display_name: group.display_name, group: group.field, icon_in_nav: null },
    count: 0,
    children: (childrenOf.get(null) ?? [])
      .filter((row) => row.group_id === group.id)
      .map((row) => toNode(row, group.field)),
    url: pagePath,
    cadFilterUrl: null,
  }));
}

/**
 * The catalogue page of a normalized shop path ('/shop/men/boxer-briefs'), or null when neither the path nor
 * any parent up to /shop is a page, or when the rest of the path names something that is not a tag.
 */
export async function readCataloguePage(db: Db, path: string): Promise<CataloguePage | null> {
  const segments = pageSlugOfPath(path).split('/');
  if (segments[0] !== SHOP_SLUG) return null;
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  const shopPages = await db
    .selectFrom('site_content')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', SHOP_SLUG), eb('slug', 'like', `${SHOP_SLUG}/%`)]))
    .execute();
  const bySlug = new Map(shopPages.map((page) => [page.slug, page]));
  const slug = candidates.findLast((candidate) => bySlug.has(candidate));
  const page = slug === undefined ? undefined : bySlug.get(slug);
  if (slug === undefined || !page) return null;

  const facets = await readFacets(db);
  const rest = segments.slice(slug.split('/').length);
  const selected: string[] = [];
  for (const segment of rest) {
    const tag = tagOfSegment(segment, facets);
    if (!tag) return null;
    if (!selected.includes(tag)) selected.push(tag);
  }

  const rows = await db
    .selectFrom('content_blocks')
    .select(['id', 'block_type', 'name', 'slug', 'product_tags'])
    .where('content_id', '=', page.id)
    .where('block_type', 'in', PRODUCT_BLOCK_TYPES)
    .where('slug', 'is not', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const tree = facetTree(facets, slug, new Set(bySlug.keys()));
  const blocks = rows.flatMap((row): CatalogueBlock[] => {
    const type = PRODUCT_BLOCK_TYPES.find((candidate) => candidate === row.block_type);
    if (!type || !row.slug) return [];
    return [
      {
        _id: row.id,
        block_type: type,
        name: row.name,
        slug: row.slug,
        product_tags: parseTags(row.product_tags),
        facets: type === 'Product' ? tree : [],
      },
    ];
  });
  return {
    _id: page.id,
    name: page.name,
    slug,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    selected,
    blocks,
  };
}
