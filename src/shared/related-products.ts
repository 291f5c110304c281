/**
 * The product page's 'You May Also Like' strip (issue C2, item 11): the best sellers of the product's own
 * category and division that can be bought and have a picture, leaving out the product, its lengths and its
 * colourways.
 */
import { CATEGORY_FIELD, deepestCategory, DIVISION_FIELD } from './catalogue-search/catalogue-page.ts';
import { fieldFilter } from './catalogue-search/filters.ts';
import { sortByOf } from './catalogue-sort.ts';
import type { ProductDocument } from './product.ts';
import { RECOMMENDATION_FIELDS, type ProductSearchParams } from './site-search.ts';

/** How many products the strip shows at most. */
export const RELATED_PRODUCTS_LIMIT = 12;

type RelatedTo = Pick<ProductDocument, '_id' | 'facets' | 'swatch_products' | 'variants'>;

/** The product search of the strip; null for a product without a category, which has nothing alike. */
export function relatedProductsParams(product: RelatedTo): (ProductSearchParams & { filter_by: string }) | null {
  const category = deepestCategory(product.facets[CATEGORY_FIELD] ?? []);
  if (category === undefined) return null;
  const division = product.facets[DIVISION_FIELD]?.[0];
  const own = new Set([
    product._id,
    ...product.swatch_products.map((swatch) => swatch._id),
    ...product.variants.map((variant) => variant._id),
  ]);
  const filters = [
    fieldFilter(CATEGORY_FIELD, [category]),
    ...(division ? [fieldFilter(DIVISION_FIELD, [division])] : []),
    `id:!=[${[...own].join(',')}]`,
    'is_in_stock:true && has_primary_image:true && show_on_plp:true',
  ];
  return {
    q: '*',
    filter_by: filters.join(' && '),
    sort_by: sortByOf('best-sellers'),
    limit: RELATED_PRODUCTS_LIMIT,
    include_fields: RECOMMENDATION_FIELDS.join(','),
  };
}
