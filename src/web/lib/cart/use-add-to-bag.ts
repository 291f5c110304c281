import { useCallback } from 'react';
import { addItem, lineCategory, lineName, maxQuantity } from '../../../shared/cart.ts';
import { ADD_TO_BAG_PROCESSING_MS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { ProductDocument, ProductVariant, Sku } from '../../../shared/product.ts';
import { displaySize, sellingPrice } from '../../../shared/product.ts';
import { notify } from '../notifications/notifications.ts';
import { startProcessing } from '../processing/processing.ts';
import { useShop } from '../use-shop.ts';
import { confirmAdded } from './bag-confirmation.ts';
import { cartStore } from './cart-store.ts';

/** Where an add came from, for analytics (spec 4: tiles add with source product-tiles). */
export type AddSource = 'product-tiles' | 'product-page' | 'search';

export const addToBagProcessingKey = (sku: string) => `add-to-bag:${sku}`;

/**
 * Adds one sku of a product (or of one of its lengths) to the bag: quantity 1 by default, the 500 ms
 * processing state on the sku, the bag's limits, and the spec's confirmations (a toast and the header's
 * added panel) or limit message.
 */
export function useAddToBag() {
  const { brand } = useShop();
  return useCallback(
    (product: ProductDocument, sku: Sku, options: { qty?: number; variant?: ProductVariant; source: AddSource }) => {
      const stop = startProcessing({ key: addToBagProcessingKey(sku.sku), type: 'inline', reason: 'add-to-bag' });
      window.setTimeout(stop, ADD_TO_BAG_PROCESSING_MS);
      const store = cartStore(brand);
      const before = store.get();
      const change = addItem(before, {
        sku: sku.sku,
        qty: options.qty ?? 1,
        item_price: sellingPrice(options.variant ?? product),
        discount_amount: 0,
        dim_style: sku.style_id,
        dim_name: lineName(product.name, options.variant?.variant_name ?? product.variant_name),
        dim_size: displaySize(sku),
        dim_category: lineCategory(product),
        url: options.variant?.url ?? product.url,
        image: product.primary_image,
        maxQty: maxQuantity(product.max_cart_qty, sku.qty),
      });
      store.set(change.cart);
      const added = change.cart !== before;
      const line = added ? change.cart.items.find((item) => item.sku === sku.sku) : undefined;
      if (line) confirmAdded(line);
      if (added) notify({ type: 'success', message: MESSAGES.itemAdded });
      if (change.message)
        notify({
          type: 'danger',
          message: change.message.text,
          ...(change.message.id ? { id: change.message.id } : {}),
        });
      return added;
    },
    [brand],
  );
}
