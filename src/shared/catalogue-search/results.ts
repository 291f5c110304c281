/**
 * A page view's multi_search read back: each block's hits and paging (spec 4, 'Catalogue paging'), product
 * documents as the index stores them, and the facet tree with the search's counts.
 */
import { splitTag, tagOf, type FacetTag, type FacetTreeNode } from './catalogue-page.ts';
import type { CatalogueQuery } from './searches.ts';

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
