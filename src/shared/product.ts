/**
 * The product as the search index stores it and the tile, search results and product page read it
 * (spec section 3, "Product (search document and tile)").
 */
import { CL_STYLE_IDS } from './constants.ts';

export interface ImageRef {
  url: string;
  width: number;
  height: number;
}

export type ImageFilterCompare = 'contains' | 'does_not_contain';

export interface ImageFilter {
  compare: ImageFilterCompare;
  tags: string[];
  display_tags: string[];
  type: 'default' | 'gallery';
}

export interface ProductImage extends ImageRef {
  filters: ImageFilter[];
  enabled: boolean;
}

export interface Sku {
  sku: string;
  size: string;
  style_id: string;
  qty: number;
}

/** A length of the same garment: choosing it swaps the tile's id, prices, stock and skus. */
export interface ProductVariant {
  _id: string;
  variant_name: string;
  url: string;
  price: number;
  sale_price: number | null;
  is_in_stock: boolean;
  total_quantity: number;
  skus: Sku[];
}

/** Another colourway of the same style: choosing it replaces the whole tile. */
export interface SwatchProduct {
  _id: string;
  style_id: string;
  name: string;
  url: string;
  color_image: ImageRef | null;
}

export const IN_STOCK = 'in stock';
export const OUT_OF_STOCK = 'out of stock';

export interface ProductDocument {
  /** Typesense's document id; the same value as _id. */
  id: string;
  _id: string;
  style_id: string;
  name: string;
  fit: string;
  /** The product's own category, the last step of its place in the catalogue ('Boxer Briefs'). */
  subcategory: string;
  url: string;
  description: string;
  price: number;
  sale_price: number | null;
  is_in_stock: boolean;
  total_quantity: number;
  max_cart_qty: number;
  /** Sold as final sale: no returns or exchanges (the product page and the bag say so). */
  final_sale: boolean;
  badge_text: string | null;
  badge_class: string | null;
  badge_icon: string | null;
  primary_image: ImageRef | null;
  secondary_image: ImageRef | null;
  color_image: ImageRef | null;
  images: ProductImage[];
  page_block_slugs: string[];
  show_on_plp: boolean;
  /** 'in stock' or 'out of stock': sorting on it ascending puts what can be bought first. */
  availability: string;
  default_position: number;
  skus: Sku[];
  variant_name: string | null;
  variants: ProductVariant[];
  swatch_products: SwatchProduct[];
  size_chart_name: string | null;
  video_url: string | null;
  /** Facet values by facet group field (division, category, size, color, fit, collection, ...). */
  facets: Record<string, string[]>;
  updated_at: number;
  /** When the product was added, in ms: the Newest order lists the latest first. */
  created_at: number;
  /** Units sold: the Best Sellers order lists the most first. */
  units_sold: number;
}

/** Styles UPMH1000, UPMH1001 and UPMH1002 show size M as CL (spec section 3, Sku). */
export function displaySize(sku: Pick<Sku, 'size' | 'style_id'>): string {
  const showsCl = (CL_STYLE_IDS as readonly string[]).includes(sku.style_id);
  return showsCl && sku.size === 'M' ? 'CL' : sku.size;
}

/** A sale price counts only when it is lower than the price. */
export const isOnSale = (product: Pick<ProductDocument, 'price' | 'sale_price'>) =>
  product.sale_price !== null && product.sale_price < product.price;

/** What one unit sells for: the sale price when it counts, otherwise the price (in whatever unit both are). */
export const sellingPrice = (product: Pick<ProductDocument, 'price' | 'sale_price'>) =>
  (isOnSale(product) ? product.sale_price : null) ?? product.price;

/** The length a listing shows in place of a sold-out product: its first length in stock, if any. */
export const lengthShownInstead = (
  product: Pick<ProductDocument, 'is_in_stock' | 'variants'>,
): ProductVariant | undefined =>
  product.is_in_stock ? undefined : product.variants.find((variant) => variant.is_in_stock);

/** What a listing's tile sells the product for: the selling price of the length it shows. */
export const listedSellingPrice = (
  product: Pick<ProductDocument, 'price' | 'sale_price' | 'is_in_stock' | 'variants'>,
) => sellingPrice(lengthShownInstead(product) ?? product);
