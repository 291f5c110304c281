/**
 * The product page's rules (spec 2.1 /s/{id}/{slug*}, 3 Product and Sku, 5 Cart): its address, the product a
 * tile or a search result hands it through history state, and what each size offers.
 */
import { maxQuantity } from './cart.ts';
import { LOW_STOCK_BELOW } from './constants.ts';
import { PRODUCT_PATH_PREFIX } from './paths.ts';
import { displaySize, type ProductDocument, type Sku } from './product.ts';

/** A product id as the page's address carries it. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The slug part of a product's url ('/s/10001/red-boxer-brief' → 'red-boxer-brief'). */
export function productSlug(product: Pick<ProductDocument, 'url'>): string {
  const rest = product.url.startsWith(PRODUCT_PATH_PREFIX)
    ? product.url.slice(PRODUCT_PATH_PREFIX.length)
    : product.url;
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(slash + 1);
}

/**
 * What a link to the product page may carry as history state (spec 2.1): the product it already has, and the
 * slide its own gallery showed.
 */
export interface ProductPageState {
  product?: ProductDocument;
  activeSlide?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The product carried in history state, when it is the product the address names and has the fields the page
 * draws from; anything else is ignored and the page waits for the server's copy.
 */
export function carriedProduct(state: unknown, id: string): { product: ProductDocument; activeSlide: number } | null {
  if (!isObject(state) || !isObject(state.product)) return null;
  const product = state.product;
  const usable =
    product._id === id &&
    typeof product.name === 'string' &&
    typeof product.url === 'string' &&
    typeof product.price === 'number' &&
    Array.isArray(product.skus) &&
    Array.isArray(product.images) &&
    isObject(product.facets);
  if (!usable) return null;
  const slide = state.activeSlide;
  const activeSlide = typeof slide === 'number' && Number.isInteger(slide) && slide >= 0 ? slide : 0;
  return { product: product as unknown as ProductDocument, activeSlide };
}

export interface SizeOption {
  sku: Sku;
  /** The size as shoppers see it (styles UPMH1000-1002 show M as CL). */
  label: string;
  available: boolean;
  /** Units left when fewer than LOW_STOCK_BELOW remain; null otherwise (or when sold out). */
  onlyLeft: number | null;
}

/** The product's sizes in their stored order, each with its stock. */
export function sizeOptions(product: Pick<ProductDocument, 'skus'>): SizeOption[] {
  return product.skus.map((sku) => ({
    sku,
    label: displaySize(sku),
    available: sku.qty > 0,
    onlyLeft: sku.qty > 0 && sku.qty < LOW_STOCK_BELOW ? sku.qty : null,
  }));
}

/** The size chosen before the shopper chooses one: the only size when there is exactly one and it is in stock. */
export function initialSku(product: Pick<ProductDocument, 'skus'>): string | null {
  const [only, ...others] = product.skus;
  return only && others.length === 0 && only.qty > 0 ? only.sku : null;
}

/**
 * The quantities offered for one sku: 1 up to the most a bag may hold of it (spec 5: 30, lowered to
 * max_cart_qty when positive and smaller, capped by the sku's stock). An add that would pass the maximum is
 * capped by the bag, which then shows the cart-maximum message.
 */
export function quantityChoices(
  product: Pick<ProductDocument, 'max_cart_qty'>,
  sku: Pick<Sku, 'qty'> | null,
): number[] {
  const most = sku ? maxQuantity(product.max_cart_qty, sku.qty) : 1;
  return Array.from({ length: Math.max(1, most) }, (_, index) => index + 1);
}
