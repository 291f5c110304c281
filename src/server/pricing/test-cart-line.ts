/** For tests: a bag line as the browser sends it, before the server prices it (no price, name or picture). */
import type { CartItem } from '../../shared/cart.ts';

export const testCartLine = (sku: string, qty: number, lineNumber = 1): CartItem => ({
  line_number: lineNumber,
  sku,
  qty,
  item_price: 0,
  discount_amount: 0,
  dim_style: '',
  dim_name: '',
  dim_size: '',
  dim_category: '',
  url: '',
  image: null,
  maxQty: 30,
});
