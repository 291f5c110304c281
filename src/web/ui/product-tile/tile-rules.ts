/**
 * The product tile's rules (spec 2.4 'Product tile' and 4 'Product tile'): quick-add grid columns, how many
 * swatches fit, and the lengths and colours a tile can switch to.
 */
import {
  IN_STOCK,
  lengthShownInstead,
  OUT_OF_STOCK,
  type ImageRef,
  type ProductDocument,
  type ProductVariant,
} from '../../../shared/product.ts';

/** Size buttons: one column for a single size, two for two, four otherwise. */
export function sizeColumns(skuCount: number): 1 | 2 | 4 {
  if (skuCount <= 1) return 1;
  return skuCount === 2 ? 2 : 4;
}

/** Length (variant) buttons: two columns when they pair up evenly, one otherwise. */
export const variantColumns = (variantCount: number): 1 | 2 => (variantCount % 2 === 0 ? 2 : 1);

/** The size buttons of a chosen length: one, two or three columns by how many there are. */
export function selectedSizeColumns(skuCount: number): 1 | 2 | 3 {
  if (skuCount <= 1) return 1;
  return skuCount === 2 ? 2 : 3;
}

export const GRID_COLUMNS = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' } as const;

/** Chips are 2.6 em apart; about 70% of the row holds them, the rest is left for the '+N'. */
const SWATCH_EM = 2.6;
const SWATCH_ROW_SHARE = 0.7;
/** Before the row is measured (the server, hydration): a count that fits the narrowest tile. */
export const SWATCHES_BEFORE_MEASURE = 3;

/** How many of total swatches show in a row width px wide at a font size of em px, and how many remain for '+N'. */
export function fitSwatches(total: number, widthPx: number, emPx: number): { shown: number; remainder: number } {
  const capacity =
    emPx > 0 ? Math.max(1, Math.floor((SWATCH_ROW_SHARE * widthPx) / (SWATCH_EM * emPx))) : SWATCHES_BEFORE_MEASURE;
  const shown = Math.min(total, capacity);
  return { shown, remainder: total - shown };
}

/** A tile showing one length: the length's id, url, prices, stock and skus in place of the shown product's. */
export function withVariant(product: ProductDocument, variant: ProductVariant): ProductDocument {
  return {
    ...product,
    id: variant._id,
    _id: variant._id,
    url: variant.url,
    variant_name: variant.variant_name,
    price: variant.price,
    sale_price: variant.sale_price,
    is_in_stock: variant.is_in_stock,
    total_quantity: variant.total_quantity,
    availability: variant.is_in_stock ? IN_STOCK : OUT_OF_STOCK,
    skus: variant.skus,
  };
}

/** The length a tile shows now: the one whose id it carries, if it is one of its lengths. */
export const currentVariant = (product: ProductDocument): ProductVariant | undefined =>
  product.variants.find((variant) => variant._id === product._id);

/** What a tile shows first: a sold-out product with a length in stock shows that length instead. */
export function initialTileProduct(product: ProductDocument): ProductDocument {
  const inStock = lengthShownInstead(product);
  return inStock ? withVariant(product, inStock) : product;
}

/** A tile swipes through at most this many pictures. */
export const MAX_TILE_IMAGES = 4;

/** The tile's pictures: the primary, the secondary, then the other enabled images, each once. */
export function tileImages(product: Pick<ProductDocument, 'primary_image' | 'secondary_image' | 'images'>): ImageRef[] {
  const candidates = [
    product.primary_image,
    product.secondary_image,
    ...product.images.filter((image) => image.enabled),
  ];
  const images: ImageRef[] = [];
  for (const image of candidates) {
    if (image && !images.some((kept) => kept.url === image.url))
      images.push({ url: image.url, width: image.width, height: image.height });
  }
  return images.slice(0, MAX_TILE_IMAGES);
}

/** The picture a swiped tile has come to rest on: the nearest whole width scrolled, within the pictures. */
export function slideAt(scrollLeft: number, width: number, count: number): number {
  if (width <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / width)));
}
