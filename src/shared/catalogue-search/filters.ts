/** The filter_by strings of the catalogue's searches (spec 7): a selection's, a block's, a listing's. */
import { facetBlock, HIERARCHY_SEPARATOR, splitTag, type CataloguePage } from './catalogue-page.ts';

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

/** The products a facet group counts: the block's that show on listing pages, under the other groups' selections. */
export const facetCountFilter = (slug: string, tags: readonly string[], field: string) =>
  and(blockFilter(slug), selectionFilter(tags, field));

/**
 * What a search of /shop counts (spec 5 and 7): the products of the shop page's facet block that show on listing
 * pages, no tag selected; null when the page has no Product block. The site search's 'View all N matches' counts
 * with it, so N is the number the shop page it opens lists.
 */
export function shopSearchFilter(shopPage: Pick<CataloguePage, 'blocks'>): string | null {
  const block = facetBlock(shopPage);
  return block ? listingFilter(block.slug, []) : null;
}
