import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GET_CART_PATH, withoutBagLink, type GetCartRequest, type GetCartResponse } from '../../../shared/bag-pricing.ts';
import type { Cart } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { ApiError } from '../api/api-client.ts';
import { shopApi } from '../api/use-api.ts';
import { notify } from '../notifications/notifications.ts';
import { useShop } from '../use-shop.ts';
import { useCart } from './cart-store.ts';

/** What the bag shows beside its lines: the server's word on stock, checkout, final sale and promos. */
export type BagStatus = Pick<GetCartResponse, 'forceNoStock' | 'disableCheckout' | 'finalSalesMessage' | 'promoEnabled'>;

/** A change of quantity waits this long for the next before the bag is priced again. */
const REPRICE_AFTER_CHANGE_MS = 400;

/**
 * Keeps the open bag priced by the server (spec 2.2: #bag also refreshes the cart). Opening the bag refreshes
 * it; so does any change to its lines while it is open. A reply is applied only if the bag has not changed
 * since it was asked for, so a quick tap on a quantity is never undone. A failed refresh keeps the bag as it
 * is and says so: 'Unable to load your bag.' or the server's own error text.
 */
export function useCartRefresh(open: boolean) {
  const { brand } = useShop();
  const [cart, setCart] = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const [status, setStatus] = useState<BagStatus | null>(null);
  const [pending, setPending] = useState(0);
  /** The cart last sent or stored by a reply: seeing it again is not a change to price. */
  const priced = useRef<Cart | null>(null);
  const latest = useRef(cart);
  latest.current = cart;

  const refresh = useCallback(
    async (code?: string): Promise<boolean> => {
      const sent = latest.current;
      priced.current = sent;
      const body: GetCartRequest = code === undefined ? { cart: sent } : { cart: sent, code };
      setPending((count) => count + 1);
      try {
        const reply = await shopApi(brand).post<GetCartResponse>(`${GET_CART_PATH}${here.current.search}`, body, { suppressNotification: true });
        if (reply.processedMarketplaceRequest) {
          const { pathname, search, hash, state } = here.current;
          navigate({ pathname, search: withoutBagLink(search), hash }, { replace: true, preventScrollReset: true, state });
        }
        if (latest.current !== sent) return true;
        priced.current = reply.updatedCart;
        setCart(reply.updatedCart);
        setStatus({
          forceNoStock: reply.forceNoStock,
          disableCheckout: reply.disableCheckout,
          finalSalesMessage: reply.finalSalesMessage,
          promoEnabled: reply.promoEnabled,
        });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.cancelled) return false;
        notify({ type: 'danger', message: (error instanceof ApiError ? error.serverText : null) ?? MESSAGES.cartLoadFailure });
        return false;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [brand, navigate, setCart],
  );

  useEffect(() => {
    if (open) void refresh();
    // Opening the bag refreshes it; later changes are priced by the effect below.
  }, [open, refresh]);

  useEffect(() => {
    if (!open || cart === priced.current) return;
    const timer = window.setTimeout(() => void refresh(), REPRICE_AFTER_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [open, cart, refresh]);

  return { cart, setCart, status, refreshing: pending > 0, refresh };
}
