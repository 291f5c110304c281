/**
 * A catalogue page as GET /api/page returns it (spec 3): its blocks and their facet trees, and the tags a shopper
 * selects in them, named 'field:name'. Pure, like the rest of catalogue-search/: the server's GET /api/page, the
 * shop loader and the browser share them.
 */

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

/** The block whose facet tree the sidebar shows and whose products the counts describe: the first Product block. */
export const facetBlock = (page: Pick<CataloguePage, 'blocks'>): CatalogueBlock | undefined =>
  page.blocks.find((block) => block.block_type === 'Product');

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
