import type { CartItem } from '../../shared/cart.ts';
import { lineCategory, lineName, maxQuantity } from '../../shared/cart.ts';
import { fromCents } from '../../shared/money.ts';
import { productUrl } from '../../shared/paths.ts';
import { displaySize, sellingPrice, type ImageRef } from '../../shared/product.ts';
import type { Db } from '../db/database.ts';

/** A sku with its product as the database holds them: what the pricing reads to make a bag line. */
export interface SkuRecord {
  sku: string;
  size: string;
  /** Units in stock. */
  qty: number;
  product_id: string;
  slug: string;
  style_id: string;
  name: string;
  variant_name: string | null;
  subcategory: string;
  price_cents: number;
  sale_price_cents: number | null;
  max_cart_qty: number;
  final_sale: boolean;
  /** The product's primary picture, or null. */
  image: ImageRef | null;
}

/** A sku as the bag prices it: today's price, stock and product. */
export interface BagSku {
  sku: string;
  /** min(30, max_cart_qty when positive, stock): 0 when sold out. */
  maxQty: number;
  finalSale: boolean;
  line: Omit<CartItem, 'line_number' | 'qty' | 'maxQty' | 'discount_amount'>;
}

/** The bag's view of a stored sku: it sells at the sale price only when that is lower than the price. */
export function toBagSku(record: SkuRecord): BagSku {
  return {
    sku: record.sku,
    maxQty: maxQuantity(record.max_cart_qty, record.qty),
    finalSale: record.final_sale,
    line: {
      sku: record.sku,
      item_price: fromCents(sellingPrice({ price: record.price_cents, sale_price: record.sale_price_cents })),
      dim_style: record.style_id,
      dim_name: lineName(record.name, record.variant_name),
      dim_size: displaySize(record),
      dim_category: lineCategory(record),
      url: productUrl(record.product_id, record.slug),
      image: record.image,
    },
  };
}

/**
 * The bag line of a sku at today's price and stock, with the line's own number and quantity and no discount.
 * Spelled out rather than spread: V8 makes a new hidden class each time it spreads an object into one with
 * more fields, which cost a priced bag 3 µs a line.
 */
export function bagLine(bagSku: BagSku, lineNumber: number, qty: number): CartItem {
  const { sku, item_price, dim_style, dim_name, dim_size, dim_category, url, image } = bagSku.line;
  return {
    sku,
    item_price,
    dim_style,
    dim_name,
    dim_size,
    dim_category,
    url,
    image,
    line_number: lineNumber,
    qty,
    maxQty: bagSku.maxQty,
    discount_amount: 0,
  };
}

/** The skus named, with their products; a sku that no longer exists is left out. */
export async function loadSkuRecords(db: Db, skus: readonly string[]): Promise<SkuRecord[]> {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .select([
      'skus.sku',
      'skus.size',
      'skus.qty',
      'skus.product_id',
      'products.slug',
      'products.style_id',
      'products.name',
      'products.variant_name',
      'products.subcategory',
      'products.price_cents',
      'products.sale_price_cents',
      'products.max_cart_qty',
      'products.final_sale',
    ])
    .where('skus.sku', 'in', unique)
    .orderBy('skus.sku')
    .execute();
  const imageOf = await loadPrimaryImages(
    db,
    rows.map((row) => row.product_id),
  );
  return rows.map((row) => ({ ...row, final_sale: row.final_sale === 1, image: imageOf.get(row.product_id) ?? null }));
}

/** The primary picture of each of these products that has one. */
export async function loadPrimaryImages(db: Db, productIds: readonly string[]): Promise<Map<string, ImageRef>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const images = await db
    .selectFrom('product_images')
    .select(['product_id', 'url', 'width', 'height'])
    .where('product_id', 'in', unique)
    .where('role', '=', 'primary')
    .where('enabled', '=', 1)
    .execute();
  return new Map(images.map(({ product_id, url, width, height }) => [product_id, { url, width, height }]));
}
