import { useEffect } from 'react';
import { emptyCart, parseCart, totalQuantity, type Cart } from '../../../shared/cart.ts';
import { storageKeys } from '../../../shared/storage-keys.ts';
import { cartQuantityStore } from './cart-quantity.ts';
import { useShop } from '../use-shop.ts';
import { persistedStore, useStore, type Store } from '../store.ts';

/** The bag, persisted under the brand's cart key; a damaged stored cart keeps every line it can read. */
export const cartStore = (brand: string): Store<Cart> =>
  persistedStore(storageKeys(brand).cart, emptyCart(), parseCart);

export function useCart(): [Cart, Store<Cart>['set']] {
  const store = cartStore(useShop().brand);
  return [useStore(store), store.set];
}

/** Keeps the header's bag badge at the bag's total quantity. */
export function useBagBadgeSync(): void {
  const [cart] = useCart();
  const quantity = totalQuantity(cart);
  useEffect(() => {
    cartQuantityStore.set(quantity);
  }, [quantity]);
}
