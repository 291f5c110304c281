/**
 * The catalogue's search rules (spec sections 2.1 /shop, 3, 4 'Catalogue paging', 5 and 7): the shop path and
 * query, selected facet tags, filter strings, the one multi_search a page view runs, reading its results, and
 * each block's paging state. Pure: the server's GET /api/page, the shop loader and the browser share them.
 */
import { MAX_FACET_VALUES, SHOP_ITEMS_PER_PAGE, SHOP_PAGE_DEFAULT } from './constants.ts';
import { DEFAULT_SHOP_SORT, parseSortParam, SORT_PARAM, sortByOf, type ShopSort } from './catalogue-sort.ts';
import { PRODUCTS_COLLECTION } from './site-search.ts';

/** Hierarchical facet values join their levels with it: 'Underwear > Boxer Briefs'. */
export const HIERARCHY_SEPARATOR = ' > ';

/** The facet groups that place a product in the catalogue: its division, and its category with its parents. */
export const DIVISION_FIELD = 'division';
export const CATEGORY_FIELD = 'category';

/** The value of a hierarchical group with the most levels: 'Underwear > Boxer Briefs' rather than 'Underwear'. */
export const deepestCategory = (values: readonly string[]): string | undefined =>
  values.reduce<string | undefined>(
    (deepest, value) =>
      deepest === undefined || value.split(HIERARCHY_SEPARATOR).length > deepest.split(HIERARCHY_SEPARATOR).length
        ? value
        : deepest,
    undefined,
  );

export interface FacetTag {
  _id: string;
  /** The value products carry in the group's field ('Underwear > Boxer Briefs'). */
  name: string;
  display_name: string;
  /** The facet group's field (division, category, size, color, fits, print, collection). */
  group: string;
  icon_in_nav: string | null;
}

/**
 * One node of a page's facet tree (spec 3). The top level holds the facet groups (their tag names the field);
 * below are the group's tags, a hierarchical group's leaves under their parents.
 */
export interface FacetTreeNode {
  tag: FacetTag;
  /** Products on the page carrying the tag; counts come from the search, GET /api/page leaves them 0. */
  count: number;
  children: FacetTreeNode[];
  /** The page with only this tag selected. */
  url: string;
  /** The catalogue page of its own that lists the tag within this page ('/shop/men/boxer-briefs'), if any. */
  cadFilterUrl: string | null;
}

export type CatalogueBlockType = 'Product' | 'Curated Product';

export interface CatalogueBlock {
  _id: string;
  block_type: CatalogueBlockType;
  name: string;
  /** The slug products carry in page_block_slugs. */
  slug: string;
  product_tags: string[];
  /** The facet tree of a Product block; a Curated Product block is hand-picked and has none. */
  facets: FacetTreeNode[];
}

/** What GET /api/page answers in data. */
export interface CataloguePage {
  _id: string;
  name: string;
  /** The site content slug of the page that was found ('shop/men'). */
  slug: string;
  meta_title: string;
  meta_description: string;
  /** Tags the rest of the path selects ('/shop/men/red' on the shop/men page: ['color:Red']). */
  selected: string[];
  blocks: CatalogueBlock[];
}

/** The shop path as the shop serves it: lower-cased, without a trailing slash (spec 2.1). */
export function normalizeShopPath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  return lower || '/';
}

/** The site content slug of a shop path: '/shop/men' → 'shop/men'. */
export const pageSlugOfPath = (path: string) => path.replace(/^\/+/, '');

/** How a tag name appears as a path segment, the way catalogue page slugs are made ('Boxer Briefs' → 'boxer-briefs'). */
export function tagSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/"/g, 'in')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A selected tag as query t holds it: 'category:Underwear > Boxer Briefs'. */
export const tagOf = (field: string, name: string) => `${field}:${name}`;

export function splitTag(tag: string): { field: string; name: string } {
  const colon = tag.indexOf(':');
  return { field: tag.slice(0, colon), name: tag.slice(colon + 1) };
}

/**
 * A field name, a colon and a value. Filter values are quoted with backticks, which have no escape, so a value
 * holding one cannot be selected.
 */
const TAG_PATTERN = /^[a-z_][a-z0-9_]{0,40}:[^`]{1,200}$/;
const MAX_TAGS = 50;

export interface ParsedTags {
  tags: string[];
  /** Why the value was ignored, for the caller to log (spec 5: an invalid t is logged and ignored). */
  error: string | null;
}

/** Reads query t, a JSON array of 'field:name' strings; anything else is ignored as a whole. */
export function parseTagsParam(raw: string | null): ParsedTags {
  if (raw === null || raw === '') return { tags: [], error: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return {
      tags: [],
      error: `Ignoring query t, which is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!Array.isArray(value)) return { tags: [], error: 'Ignoring query t, which is not a JSON array' };
  if (value.length > MAX_TAGS) return { tags: [], error: `Ignoring query t, which holds more than ${MAX_TAGS} tags` };
  const invalid = value.find((entry) => typeof entry !== 'string' || !TAG_PATTERN.test(entry));
  if (invalid !== undefined)
    return { tags: [], error: `Ignoring query t: ${JSON.stringify(invalid)} is not a field:name tag` };
  return { tags: [...new Set(value as string[])], error: null };
}

/** Query t for these tags, or null when none is selected. */
export const tagsParam = (tags: readonly string[]): string | null => (tags.length ? JSON.stringify(tags) : null);

/** Selected tags toggle on and off (spec 4). */
export const toggleTag = (tags: readonly string[], tag: string): string[] =>
  tags.includes(tag) ? tags.filter((selected) => selected !== tag) : [...tags, tag];

/** Query p, the page number: a whole number from 1, otherwise the default page. */
export function parsePageParam(raw: string | null): number {
  if (raw === null || !/^\d{1,5}$/.test(raw)) return SHOP_PAGE_DEFAULT;
  return Math.max(SHOP_PAGE_DEFAULT, Number(raw));
}

/** Where page p starts: page 1 at 0, page 2 after the first 60 products. */
export const pageOffset = (page: number, perPage = SHOP_ITEMS_PER_PAGE) => (page - 1) * perPage;

export interface ShopQuery {
  tags: readonly string[];
  q: string;
  page: number;
  /** Featured when left out. */
  sort?: ShopSort;
}

/** The shop URL's query for a selection; a reset (no tags, page 1) keeps only the search text and the sort. */
export function shopSearch({ tags, q, page, sort = DEFAULT_SHOP_SORT }: ShopQuery): string {
  const params = new URLSearchParams();
  const t = tagsParam(tags);
  if (t) params.set('t', t);
  if (q) params.set('q', q);
  if (sort !== DEFAULT_SHOP_SORT) params.set(SORT_PARAM, sort);
  if (page > SHOP_PAGE_DEFAULT) params.set('p', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A value in backticks, so commas, spaces, colons and brackets in it stay part of the value. */
export const quoteFilterValue = (value: string) => `\`${value}\``;

/** The values a field filters on: a parent value is dropped when one of its children is selected too. */
export function effectiveValues(values: readonly string[]): string[] {
  const unique = [...new Set(values)];
  return unique.filter((value) => !unique.some((other) => other.startsWith(`${value}${HIERARCHY_SEPARATOR}`)));
}

/** One field's values, any of which matches: division:=[`Men`,`Women`]. */
export const fieldFilter = (field: string, values: readonly string[]) =>
  `${field}:=[${effectiveValues(values).map(quoteFilterValue).join(',')}]`;

/** The selected tags by field, fields in the order first selected. */
export function valuesByField(tags: readonly string[]): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const tag of tags) {
    const { field, name } = splitTag(tag);
    const values = fields.get(field) ?? [];
    if (!values.includes(name)) values.push(name);
    fields.set(field, values);
  }
  return fields;
}

/**
 * The filter of a selection (spec 7): one group per field joined with ' && ', a field's values matching any.
 * exceptField leaves one field out, so its own facet counts still show the values one could add.
 */
export function selectionFilter(tags: readonly string[], exceptField?: string): string {
  return [...valuesByField(tags)]
    .filter(([field]) => field !== exceptField)
    .map(([field, values]) => fieldFilter(field, values))
    .join(' && ');
}

/** The products of one page block that show on listing pages. */
export const blockFilter = (slug: string) => `page_block_slugs:=[${quoteFilterValue(slug)}] && show_on_plp:true`;

const and = (...parts: string[]) => parts.filter(Boolean).join(' && ');

/** The products a block lists for a selection: the block's that show on listing pages, matching every field. */
export const listingFilter = (slug: string, tags: readonly string[]) => and(blockFilter(slug), selectionFilter(tags));

/** One search of the multi_search body, in the search service's parameter names. */
export interface CatalogueSearchParams {
  collection: string;
  q: string;
  query_by: string;
  filter_by: string;
  sort_by?: string;
  limit?: number;
  offset?: number;
  facet_by?: string;
  max_facet_values?: number;
  per_page?: number;
  exclude_fields?: string;
}

export interface CatalogueQuery {
  /** The blocks whose products to load, each from its own offset. */
  blocks: ReadonlyArray<{ slug: string; offset: number }>;
  /** The block whose products the facet counts describe; null: no facet queries. */
  facetSlug: string | null;
  facetFields: readonly string[];
  tags: readonly string[];
  q: string;
  /** query_by from the search config (site-search.ts queryBy). */
  queryBy: string;
  /** The products' order; Featured when left out. */
  sort?: ShopSort;
  limit?: number;
}

/**
 * What a list leaves out of each product: the index's sorting and filtering keys. Sixty products to a page,
 * every byte counts twice: in the page and again in its loader data.
 */
const UNREAD_DOCUMENT_FIELDS = [
  'page_block_slugs',
  'show_on_plp',
  'availability',
  'default_position',
  'updated_at',
  'created_at',
  'units_sold',
  'selling_price',
  'has_primary_image',
];

/**
 * The multi_search body of spec 7: one product query per block (limit = shop items per page, from the block's
 * offset), then one facet query per facet group, filtered by the other groups' selections.
 */
export function catalogueSearches(query: CatalogueQuery): CatalogueSearchParams[] {
  const q = query.q.trim() || '*';
  const excluded = UNREAD_DOCUMENT_FIELDS.join(',');
  const products = query.blocks.map(({ slug, offset }): CatalogueSearchParams => ({
    collection: PRODUCTS_COLLECTION,
    q,
    query_by: query.queryBy,
    filter_by: listingFilter(slug, query.tags),
    sort_by: sortByOf(query.sort ?? DEFAULT_SHOP_SORT),
    limit: query.limit ?? SHOP_ITEMS_PER_PAGE,
    offset,
    exclude_fields: excluded,
  }));
  const facetSlug = query.facetSlug;
  const facets =
    facetSlug === null
      ? []
      : query.facetFields.map((field): CatalogueSearchParams => ({
          collection: PRODUCTS_COLLECTION,
          q,
          query_by: query.queryBy,
          filter_by: and(blockFilter(facetSlug), selectionFilter(query.tags, field)),
          facet_by: field,
          max_facet_values: MAX_FACET_VALUES,
          per_page: 0,
        }));
  return [...products, ...facets];
}

/** The part of a search response the catalogue reads. */
export interface CatalogueSearchResult<P> {
  hits?: ReadonlyArray<{ document: P }>;
  found?: number;
  facet_counts?: ReadonlyArray<{ field_name: string; counts: ReadonlyArray<{ value: string; count: number }> }>;
  /** Set instead of the above when this one search of a multi_search failed. */
  error?: string;
}

/** Facet value counts by field, then by value. */
export type FacetCounts = Record<string, Record<string, number>>;

export interface CatalogueResults<P> {
  blocks: Array<{ slug: string; offset: number; hits: P[]; found: number }>;
  counts: FacetCounts;
  /** The errors of searches that failed, for the caller to log. */
  errors: string[];
}

/** Reads a multi_search answer to catalogueSearches(query), in the same order. */
export function readCatalogueResults<P>(
  query: CatalogueQuery,
  results: ReadonlyArray<CatalogueSearchResult<P>>,
): CatalogueResults<P> {
  const errors = results.flatMap((result) => (result.error ? [result.error] : []));
  const blocks = query.blocks.map(({ slug, offset }, index) => {
    const result = results[index];
    return { slug, offset, hits: result?.hits?.map((hit) => hit.document) ?? [], found: result?.found ?? 0 };
  });
  const counts: FacetCounts = {};
  if (query.facetSlug !== null) {
    query.facetFields.forEach((field, index) => {
      const result = results[query.blocks.length + index];
      const facet = result?.facet_counts?.find((candidate) => candidate.field_name === field);
      counts[field] = Object.fromEntries(facet?.counts.map(({ value, count }) => [value, count]) ?? []);
    });
  }
  return { blocks, counts, errors };
}

/**
 * A product document as the search index returns it: the index keeps each facet group's values in a top-level
 * field of its own, and this moves them back under facets.
 */
export function fromSearchDocument<P extends object>(
  document: P,
  facetFields: readonly string[],
): P & { facets: Record<string, string[]> } {
  const fields = document as Record<string, unknown>;
  const stored = fields.facets;
  if (typeof stored === 'object' && stored !== null) return { ...document, facets: stored as Record<string, string[]> };
  const facets: Record<string, string[]> = {};
  for (const field of facetFields) {
    const values = fields[field];
    facets[field] = Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
  }
  const rest = Object.fromEntries(Object.entries(fields).filter(([field]) => !facetFields.includes(field)));
  return { ...(rest as P), facets };
}

/** A product where it stands in its list: index+1+offset (spec 3, position). */
export const productPosition = (index: number, offset: number) => index + 1 + offset;

export type Positioned<P> = P & { position: number };

/** One block's paging state (spec 4, 'Catalogue paging'). */
export interface BlockPaging<P> {
  slug: string;
  products: Array<Positioned<P>>;
  /** Where the next load starts: 0 at first, then the number of products loaded (plus the page's own start). */
  offset: number;
  found: number;
  closed: boolean;
}

/** A block before its first load; a page after the first starts further in. */
export const startPaging = <P>(slug: string, offset = 0): BlockPaging<P> => ({
  slug,
  products: [],
  offset,
  found: 0,
  closed: false,
});

/** A load's hits appended: the offset moves past them and the block closes once found is reached. */
export function afterLoad<P>(block: BlockPaging<P>, hits: readonly P[], found: number): BlockPaging<P> {
  const positioned = hits.map((hit, index) => ({ ...hit, position: productPosition(index, block.offset) }));
  const offset = block.offset + hits.length;
  return {
    ...block,
    products: [...block.products, ...positioned],
    offset,
    found,
    // A load that brings nothing closes the block too, so a shrinking catalogue never loads forever.
    closed: offset >= found || hits.length === 0,
  };
}

/** Only blocks not closed load further. */
export const blocksToLoad = <P>(blocks: ReadonlyArray<BlockPaging<P>>) => blocks.filter((block) => !block.closed);

/** The tree with the search's counts in it. */
export function withCounts(nodes: readonly FacetTreeNode[], counts: FacetCounts): FacetTreeNode[] {
  return nodes.map((node) => ({
    ...node,
    count: counts[node.tag.group]?.[node.tag.name] ?? 0,
    children: withCounts(node.children, counts),
  }));
}

/**
 * The part of a counted tree worth showing: tags that narrow the listing (some products on the page carry them,
 * not all of them) and selected ones, so they can be cleared, with the groups that keep any. total is how many
 * products the listing has; a group with a selection of its own counts over more than that, so it keeps every
 * tag some product carries.
 */
export function visibleFacets(
  groups: readonly FacetTreeNode[],
  selected: readonly string[],
  total: number,
): FacetTreeNode[] {
  return groups.flatMap((group) => {
    const ownSelection = selected.some((tag) => splitTag(tag).field === group.tag.group);
    const keep = (nodes: readonly FacetTreeNode[]): FacetTreeNode[] =>
      nodes.flatMap((node) => {
        const children = keep(node.children);
        const narrows = node.count > 0 && (ownSelection || node.count < total);
        const shown = narrows || selected.includes(tagOf(node.tag.group, node.tag.name)) || children.length > 0;
        return shown ? [{ ...node, children }] : [];
      });
    const children = keep(group.children);
    return children.length ? [{ ...group, children }] : [];
  });
}

/** Every tag of a tree by its 'field:name', for naming selected chips. */
export function facetTagsByKey(groups: readonly FacetTreeNode[]): Map<string, FacetTag> {
  const tags = new Map<string, FacetTag>();
  const visit = (nodes: readonly FacetTreeNode[]) =>
    nodes.forEach((node) => {
      tags.set(tagOf(node.tag.group, node.tag.name), node.tag);
      visit(node.children);
    });
  groups.forEach((group) => visit(group.children));
  return tags;
}

/** What the shop URL asks for: query t (tags), q (search text), p (page number) and sort, plus why t was ignored. */
export function readShopQuery(params: URLSearchParams): Required<ShopQuery> & { error: string | null } {
  const { tags, error } = parseTagsParam(params.get('t'));
  return {
    tags,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: parsePageParam(params.get('p')),
    sort: parseSortParam(params.get(SORT_PARAM)),
    error,
  };
}

/** The block whose facet tree the sidebar shows and whose products the counts describe: the first Product block. */
export const facetBlock = (page: Pick<CataloguePage, 'blocks'>): CatalogueBlock | undefined =>
  page.blocks.find((block) => block.block_type === 'Product');

/**
 * What a search of /shop counts (spec 5 and 7): the products of the shop page's facet block that show on listing
 * pages, no tag selected; null when the page has no Product block. The site search's 'View all N matches' counts
 * with it, so N is the number the shop page it opens lists.
 */
export function shopSearchFilter(shopPage: Pick<CataloguePage, 'blocks'>): string | null {
  const block = facetBlock(shopPage);
  return block ? listingFilter(block.slug, []) : null;
}

export const facetFieldsOf = (page: Pick<CataloguePage, 'blocks'>): string[] =>
  facetBlock(page)?.facets.map((group) => group.tag.group) ?? [];

/** The tags a page can filter on (their field is one of its facet groups'), and those it cannot. */
export function selectableTags(
  tags: readonly string[],
  facetFields: readonly string[],
): { tags: string[]; ignored: string[] } {
  const known = (tag: string) => facetFields.includes(splitTag(tag).field);
  return { tags: tags.filter(known), ignored: tags.filter((tag) => !known(tag)) };
}

/**
 * The blocks a view lists: hand-picked blocks only on the plain first page, since picks are no answer to a
 * filter, a search or a later page.
 */
export function listedBlocks(
  page: Pick<CataloguePage, 'blocks'>,
  filtering: boolean,
  pageNumber: number,
): CatalogueBlock[] {
  const plain = !filtering && pageNumber === SHOP_PAGE_DEFAULT;
  return page.blocks.filter((block) => plain || block.block_type === 'Product');
}

/** The multi_search of a page view: its listed blocks from page p's offset in its order, counts for its facet block. */
export function pageCatalogueQuery(
  page: Pick<CataloguePage, 'blocks'>,
  view: { selection: readonly string[]; q: string; page: number; sort?: ShopSort; queryBy: string },
): CatalogueQuery {
  const offset = pageOffset(view.page);
  // Picks are in the merchandiser's order, so another order lists only the Product blocks too.
  const filtering =
    view.selection.length > 0 || view.q !== '' || (view.sort ?? DEFAULT_SHOP_SORT) !== DEFAULT_SHOP_SORT;
  return {
    blocks: listedBlocks(page, filtering, view.page).map((block) => ({ slug: block.slug, offset })),
    facetSlug: facetBlock(page)?.slug ?? null,
    facetFields: facetFieldsOf(page),
    tags: view.selection,
    q: view.q,
    queryBy: view.queryBy,
    sort: view.sort,
  };
}
