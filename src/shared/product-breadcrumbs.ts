/**
 * The product page's breadcrumbs (issue C2, item 11): Home, the product's division, then each level of its
 * category, each a link to the shop page that lists it: Home › Men › Underwear › Boxer Briefs.
 */
import {
  CATEGORY_FIELD,
  deepestCategory,
  DIVISION_FIELD,
  HIERARCHY_SEPARATOR,
  tagSlug,
} from './catalogue-search/catalogue-page.ts';
import { MESSAGES } from './messages.ts';
import { PATHS, shopPath } from './paths.ts';
import type { ProductDocument } from './product.ts';

export interface Breadcrumb {
  name: string;
  path: string;
}

/** The levels of the category value with the most of them: 'Underwear > Boxer Briefs' rather than 'Underwear'. */
const categoryLevels = (values: readonly string[]): string[] =>
  (deepestCategory(values) ?? '')
    .split(HIERARCHY_SEPARATOR)
    .map((level) => level.trim())
    .filter(Boolean);

/**
 * The trail to a product. A division's page is /shop/{division}; a category level's is the division's page
 * followed by the level ('/shop/men/underwear', '/shop/men/boxer-briefs'), as the catalogue names its pages,
 * and a path without a page of its own still lists the level: the shop reads the rest of a path as tags. A level
 * named like the step before it (the Accessories division's Accessories category) is not repeated.
 */
export function productBreadcrumbs(product: Pick<ProductDocument, 'facets'>): Breadcrumb[] {
  const division = product.facets[DIVISION_FIELD]?.[0];
  const base = division ? shopPath(tagSlug(division)) : PATHS.shop;
  const crumbs: Breadcrumb[] = [{ name: MESSAGES.home, path: PATHS.home }];
  if (division) crumbs.push({ name: division, path: base });
  for (const level of categoryLevels(product.facets[CATEGORY_FIELD] ?? [])) {
    if (crumbs.at(-1)?.name === level) continue;
    crumbs.push({ name: level, path: `${base}/${tagSlug(level)}` });
  }
  return crumbs;
}
