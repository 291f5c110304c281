/** Bags for the journeys: lines as the shop stores them, put in local storage before a page loads. */
import type { Page } from '@playwright/test';
import { emptyCart, type CartItem } from '../src/shared/cart.ts';
import type { Sku } from '../src/shared/product.ts';

/** A line as an old bag kept it: a stale price and name the refresh must replace. */
export const staleLine = (sku: Sku, lineNumber = 1): CartItem => ({
  line_number: lineNumber,
  sku: sku.sku,
  qty: 1,
  item_price: 1,
  discount_amount: 0,
  dim_style: sku.style_id,
  dim_name: 'Stale name',
  dim_size: sku.size,
  dim_category: '',
  url: '/shop',
  image: null,
  maxQty: 30,
});

/** Puts a bag in local storage the way the shop keeps it, then loads the page at path. */
export async function withBag(page: Page, items: CartItem[], path = '/about') {
  await page.goto('/about');
  await page.evaluate((cart) => window.localStorage.setItem('acme-cart', JSON.stringify(cart)), {
    ...emptyCart(),
    items,
  });
  // A fresh document, so the page reads the bag from storage (a hash alone would not reload it).
  await page.goto('about:blank');
  await page.goto(path);
}
