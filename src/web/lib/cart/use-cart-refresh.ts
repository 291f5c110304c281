import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutBagLink, type GetCartRequest, type GetCartResponse } from '../../../shared/bag-pricing.ts';
import type { Cart } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { ApiError } from '../api/api-client.ts';
import { shopApi } from '../api/use-api.ts';
import { notify } from '../notifications/notifications.ts';
import { useShop } from '../use-shop.ts';
import { useCart } from './cart-store.ts';

/** What the bag shows beside its lines: the server's word on stock, checkout, final sale and promos. */
export type BagStatus = Pick<
  GetCartResponse,
  'forceNoStock' | 'disableCheckout' | 'finalSalesMessage' | 'promoEnabled'
>;

/** What came of a typed promo code: applied, or refused with the server's reason (null: nothing to say). */
export interface PromoOutcome {
  applied: boolean;
  refusal: string | null;
}

/** A failed pricing keeps the bag as it is and says so, unless the request was cancelled. */
function notifyFailure(error: unknown) {
  if (error instanceof ApiError && error.cancelled) return;
  notify({
    type: 'danger',
    message: (error instanceof ApiError ? error.serverText : null) ?? MESSAGES.cartLoadFailure,
  });
}

// The bag's endpoint describes the whole bag: its schemas load when the bag is first priced, not with every page.
const loadGetCartEndpoint = () => import('../../../shared/api/bag.ts').then(({ getCartEndpoint }) => getCartEndpoint);

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
  /** The last reply's cart: while the stored cart is this one, what the shopper sees is what the server priced. */
  const [pricedCart, setPricedCart] = useState<Cart | null>(null);
  /** The cart last sent or stored by a reply: seeing it again is not a change to price. */
  const priced = useRef<Cart | null>(null);
  const latest = useRef(cart);
  latest.current = cart;

  /** Prices the bag, with a typed promo code when given; a failure is the caller's to tell. */
  const price = useCallback(
    async (code?: string): Promise<void> => {
      const sent = latest.current;
      priced.current = sent;
      const body: GetCartRequest = code === undefined ? { cart: sent } : { cart: sent, code };
      setPending((count) => count + 1);
      try {
        // The page's query string goes with the call whole: the server applies the bag link it may hold.
        const reply = await shopApi(brand).call(
          await loadGetCartEndpoint(),
          { body },
          { searchParams: new URLSearchParams(here.current.search), suppressNotification: true },
        );
        if (reply.processedMarketplaceRequest) {
          const { pathname, search, hash, state } = here.current;
          navigate(
            { pathname, search: withoutBagLink(search), hash },
            { replace: true, preventScrollReset: true, state },
          );
        }
        if (latest.current !== sent) return;
        priced.current = reply.updatedCart;
        setPricedCart(reply.updatedCart);
        setCart(reply.updatedCart);
        setStatus({
          forceNoStock: reply.forceNoStock,
          disableCheckout: reply.disableCheckout,
          finalSalesMessage: reply.finalSalesMessage,
          promoEnabled: reply.promoEnabled,
        });
      } finally {
        setPending((count) => count - 1);
      }
    },
    [brand, navigate, setCart],
  );

  const refresh = useCallback(async () => {
    try {
      await price();
    } catch (error) {
      notifyFailure(error);
    }
  }, [price]);

  /**
   * Applies a typed promo code. A refusal (a 4xx with the server's reason) is the field's to show, so it comes
   * back rather than as a toast; any other failure is told like a failed refresh.
   */
  const applyPromo = useCallback(
    async (code: string): Promise<PromoOutcome> => {
      try {
        await price(code);
        return { applied: true, refusal: null };
      } catch (error) {
        const refused = error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;
        const refusal = refused ? error.serverText : null;
        if (!refusal) notifyFailure(error);
        return { applied: false, refusal };
      }
    },
    [price],
  );

  /** Prices the bag now unless the server priced it as it is; what the shopper sends next is then what they saw. */
  const settle = useCallback(async () => {
    if (latest.current !== priced.current) await refresh();
  }, [refresh]);

  useEffect(() => {
    if (open) void refresh();
    // Opening the bag refreshes it; later changes are priced by the effect below.
  }, [open, refresh]);

  useEffect(() => {
    if (!open || cart === priced.current) return;
    const timer = window.setTimeout(() => void refresh(), REPRICE_AFTER_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [open, cart, refresh]);

  return { cart, setCart, status, refreshing: pending > 0, upToDate: cart === pricedCart, settle, applyPromo };
}
