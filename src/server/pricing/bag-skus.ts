import type { CartItem } from '../../shared/cart.ts';
import { lineName, maxQuantity } from '../../shared/cart.ts';
import { fromCents } from '../../shared/money.ts';
import { productUrl } from '../../shared/paths.ts';
import { displaySize, sellingPrice } from '../../shared/product.ts';
import type { Db } from '../db/database.ts';

/** A sku as the bag prices it: today's price, stock and product, read from the database. */
export interface BagSku {
  sku: string;
  /** The price one unit sells at, in cents: the sale price when it is lower than the price. */
  unitCents: number;
  /** min(30, max_cart_qty when positive, stock): 0 when sold out. */
  maxQty: number;
  finalSale: boolean;
  line: Omit<CartItem, 'line_number' | 'qty' | 'maxQty' | 'discount_amount'>;
}

/** The skus named, with their products; a sku that no longer exists is absent from the map. */
export async function loadBagSkus(db: Db, skus: readonly string[]): Promise<Map<string, BagSku>> {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .select([
      'skus.sku',
      'skus.size',
      'skus.qty',
      'products.id',
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
    .execute();
  const productIds = [...new Set(rows.map((row) => row.id))];
  const images = productIds.length
    ? await db
        .selectFrom('product_images')
        .select(['product_id', 'url', 'width', 'height'])
        .where('product_id', 'in', productIds)
        .where('role', '=', 'primary')
        .where('enabled', '=', 1)
        .execute()
    : [];
  const imageOf = new Map(images.map(({ product_id, url, width, height }) => [product_id, { url, width, height }]));
  return new Map(
    rows.map((row) => {
      const unitCents = sellingPrice({ price: row.price_cents, sale_price: row.sale_price_cents });
      const bagSku: BagSku = {
        sku: row.sku,
        unitCents,
        maxQty: maxQuantity(row.max_cart_qty, row.qty),
        finalSale: row.final_sale === 1,
        line: {
          sku: row.sku,
          item_price: fromCents(unitCents),
          dim_style: row.style_id,
          dim_name: lineName(row.name, row.variant_name),
          dim_size: displaySize({ size: row.size, style_id: row.style_id }),
          dim_category: row.subcategory,
          url: productUrl(row.id, row.slug),
          image: imageOf.get(row.id) ?? null,
        },
      };
      return [row.sku, bagSku];
    }),
  );
}
