/** Bags for the benches: lines of demo products in stock, as the shop keeps them in local storage. */
import type { CartItem } from '../src/shared/cart.ts';
import type { ProductDocument } from '../src/shared/product.ts';

/** The demo store's first product id, and how many ids from it are looked at for products in stock. */
const FIRST_DEMO_PRODUCT_ID = 10001;
const PRODUCTS_LOOKED_AT = 199;

/** Lines of the first `count` demo products with a size in stock, read from the shop at origin. */
export async function stockedLines(origin: string, count: number): Promise<CartItem[]> {
  const lines: CartItem[] = [];
  for (let id = FIRST_DEMO_PRODUCT_ID; lines.length < count && id < FIRST_DEMO_PRODUCT_ID + PRODUCTS_LOOKED_AT; id++) {
    const response = await fetch(`${origin}/api/products/${id}`);
    if (!response.ok) continue;
    const product = ((await response.json()) as { data: ProductDocument }).data;
    const sku = product.skus.find((candidate) => candidate.qty > 0);
    if (!sku) continue;
    lines.push({
      line_number: lines.length + 1,
      sku: sku.sku,
      qty: 1,
      item_price: 0,
      discount_amount: 0,
      dim_style: sku.style_id,
      dim_name: product.name,
      dim_size: sku.size,
      dim_category: '',
      url: product.url,
      image: null,
      maxQty: 30,
    });
  }
  if (lines.length < count)
    throw new Error(`The demo store has only ${lines.length} products in stock among its first ${PRODUCTS_LOOKED_AT}`);
  return lines;
}
