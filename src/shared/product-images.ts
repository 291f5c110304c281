/**
 * Which of a product's images show (spec 3: images carry `enabled` and filters with compare, tags and type).
 *
 * The rule, in the spec's words:
 * - A disabled image never shows.
 * - A filter is read against a selection of tag names. compare 'contains' holds when the selection holds any
 *   of the filter's tags; 'does_not_contain' holds when it holds none of them. Tag names match without regard
 *   to case. A filter with no tags constrains nothing.
 * - type says where a filter applies: 'gallery' filters decide whether an image joins a gallery (the product
 *   page's gallery, a tile's swipe carousel); 'default' filters decide whether an image may lead a product
 *   shown in a list (the tile's default image). A filter of the other type is ignored.
 * - An image shows where every filter of that place's type holds.
 */
import type { ImageFilter, ImageRef, ProductDocument, ProductImage } from './product.ts';

export type ImageFilterType = ImageFilter['type'];

const normalise = (tag: string) => tag.trim().toLowerCase();

/** The selection as the filters read it. */
export const tagSelection = (tags: Iterable<string>): ReadonlySet<string> => new Set([...tags].map(normalise));

export function filterHolds(filter: Pick<ImageFilter, 'compare' | 'tags'>, selection: ReadonlySet<string>): boolean {
  if (filter.tags.length === 0) return true;
  const any = filter.tags.some((tag) => selection.has(normalise(tag)));
  return filter.compare === 'contains' ? any : !any;
}

/** Whether an image shows in a place whose filters are of the given type. */
export function imageShows(
  image: Pick<ProductImage, 'enabled' | 'filters'>,
  selection: ReadonlySet<string>,
  type: ImageFilterType,
): boolean {
  return image.enabled && image.filters.every((filter) => filter.type !== type || filterHolds(filter, selection));
}

/**
 * The product page's selection: the options that make up what the shopper is looking at. That is every facet
 * value of the product (division, category, colour, print, fit, collections) with the size narrowed to the
 * size the shopper chose, or no size while none is chosen.
 */
export function productPageSelection(
  product: Pick<ProductDocument, 'facets'>,
  selectedSize: string | null,
): ReadonlySet<string> {
  const values = Object.entries(product.facets).flatMap(([field, names]) => (field === 'size' ? [] : names));
  return tagSelection(selectedSize === null ? values : [...values, selectedSize]);
}

/**
 * The images of the product page's gallery, in their stored order. When the filters leave nothing, the
 * primary image still shows, so a product page always has a picture when the product has one.
 */
export function galleryImages(
  product: Pick<ProductDocument, 'images' | 'primary_image'>,
  selection: ReadonlySet<string>,
): ImageRef[] {
  const shown: ImageRef[] = product.images
    .filter((image) => imageShows(image, selection, 'gallery'))
    .map(({ url, width, height }) => ({ url, width, height }));
  if (shown.length > 0) return shown;
  return product.primary_image ? [product.primary_image] : [];
}

/**
 * The slide of the product page's gallery (with no size chosen) that shows a picture, for a tile that hands
 * over the picture it was showing; the first slide when the gallery does not show it.
 */
export function gallerySlideOf(
  product: Pick<ProductDocument, 'images' | 'primary_image' | 'facets'>,
  imageUrl: string | null,
): number {
  if (imageUrl === null) return 0;
  const index = galleryImages(product, productPageSelection(product, null)).findIndex(
    (image) => image.url === imageUrl,
  );
  return Math.max(index, 0);
}
