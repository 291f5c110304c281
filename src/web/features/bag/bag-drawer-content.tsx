import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { freeShippingMessage } from '../../../shared/bag-pricing.ts';
import { isDomestic, setQuantity, totalQuantity, type Cart } from '../../../shared/cart.ts';
import { CURRENCY } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { track } from '../../lib/analytics/analytics.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { buttonStyles } from '../../ui/button.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { BagLine } from './bag-line.tsx';
import { BagSummary } from './bag-summary.tsx';
import { useCartRefresh } from '../../lib/cart/use-cart-refresh.ts';

/** Session storage: the cart view event has been sent in this browser session. */
const cartViewedKey = (brand: string) => `${brand}-cart-viewed`;

/** Spec 4: a cart view event, once per session, when the bag is viewed and holds items. */
function useCartViewEvent(open: boolean, cart: Cart) {
  const { brand } = useShop();
  const holdsItems = cart.items.length > 0;
  // Sent when the bag is first seen holding items, with the lines of that moment, not again as they change.
  const seen = useRef(cart);
  seen.current = cart;
  useEffect(() => {
    if (!open || !holdsItems) return;
    try {
      if (window.sessionStorage.getItem(cartViewedKey(brand))) return;
      window.sessionStorage.setItem(cartViewedKey(brand), '1');
    } catch {
      // Session storage blocked: the event may then be sent once per page load instead.
    }
    const viewed = seen.current;
    track({
      event: 'view_cart',
      currency: CURRENCY,
      value: viewed.totals.subtotal_after_discounts.amount,
      items: viewed.items.map((item) => ({
        item_id: item.sku,
        item_name: item.dim_name,
        item_variant: item.dim_size,
        price: item.item_price,
        quantity: item.qty,
      })),
    });
  }, [open, holdsItems, brand]);
}

/**
 * The bag drawer (#bag): the lines, priced by the server each time it opens and after every change. Its code
 * loads when it first opens or at the shopper's first touch (bag-drawer.tsx).
 */
export default function BagDrawerContent() {
  const { current, close } = useDrawer();
  const open = current?.drawer === 'bag';
  const { websiteConfig } = useShop();
  const { cart, setCart, status, refreshing, applyPromo } = useCartRefresh(open);
  useCartViewEvent(open, cart);
  const quantity = totalQuantity(cart);
  const shippingLine =
    websiteConfig && isDomestic(cart)
      ? freeShippingMessage(websiteConfig, cart.totals.subtotal_after_discounts.amount)
      : null;

  const changeQuantity = (lineNumber: number, qty: number) => {
    const change = setQuantity(cart, lineNumber, qty);
    setCart(change.cart);
    if (change.message)
      notify({ type: 'danger', message: change.message.text, ...(change.message.id ? { id: change.message.id } : {}) });
  };

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => !next && close()}
      side="right"
      title={quantity > 0 ? MESSAGES.yourBagCount(quantity) : MESSAGES.yourBag}
      footer={
        cart.items.length > 0 ? (
          <BagSummary
            cart={cart}
            status={status}
            refreshing={refreshing}
            applyPromo={applyPromo}
            removePromo={() => setCart({ ...cart, promo_code_id: null, promo_code_code: null })}
          />
        ) : undefined
      }
    >
      {cart.items.length === 0 ? (
        <div className="flex flex-col items-center gap-6 px-6 py-16 text-center">
          <p className="text-lg font-semibold">{MESSAGES.bagEmpty}</p>
          <Link to={PATHS.shop} onClick={close} className={buttonStyles('primary', 'px-8 py-3')}>
            {MESSAGES.shopNow}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col px-5">
          {shippingLine && (
            // Until the server has priced the bag the line's room is kept, unseen (its words may be stale), so
            // the lines below do not move when it comes.
            <div
              className={`flex flex-col gap-2 border-b border-line py-4 ${status === null ? 'invisible' : ''}`}
              aria-hidden={status === null}
            >
              <p className="text-sm font-semibold">{shippingLine.text}</p>
              <div className="h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
                <div
                  className="h-full bg-success transition-[width] duration-300"
                  style={{ width: `${Math.round(shippingLine.progress * 100)}%` }}
                />
              </div>
            </div>
          )}
          <ul className="divide-y divide-line">
            {cart.items.map((item) => (
              <BagLine
                key={item.line_number}
                item={item}
                isGift={item.sku === cart.added_auto_sku}
                onQuantity={(qty) => changeQuantity(item.line_number, qty)}
                onFollow={close}
              />
            ))}
          </ul>
          {status?.finalSalesMessage && (
            <p className="mb-5 border-l-4 border-warning bg-surface-muted px-3 py-2 text-sm">
              {status.finalSalesMessage}
            </p>
          )}
        </div>
      )}
    </Drawer>
  );
}
