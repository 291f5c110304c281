import { Link } from 'react-router';
import { setQuantity, totalQuantity } from '../../../shared/cart.ts';
import { formatMoney } from '../../../shared/money.ts';
import { notify } from '../../shell/overlays/notifications.ts';
import { useDrawer } from '../../shell/use-drawer.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { useCart } from './cart-store.ts';

/** The bag drawer (#bag): the lines in the bag with their quantities; pricing comes from the server later. */
export function BagDrawer() {
  const { current, close } = useDrawer();
  const [cart, setCart] = useCart();
  const quantity = totalQuantity(cart);

  const changeQuantity = (lineNumber: number, qty: number) => {
    const change = setQuantity(cart, lineNumber, qty);
    setCart(change.cart);
    if (change.message) notify({ type: 'danger', message: change.message.text, ...(change.message.id ? { id: change.message.id } : {}) });
  };

  return (
    <Drawer
      open={current?.drawer === 'bag'}
      onOpenChange={(open) => !open && close()}
      side="right"
      title={quantity > 0 ? `Your Bag (${quantity})` : 'Your Bag'}
    >
      {cart.items.length === 0 ? (
        <div className="flex flex-col items-center gap-6 px-6 py-16 text-center">
          <p className="text-lg font-semibold">Your bag is empty.</p>
          <Link
            to="/shop"
            onClick={close}
            className="bg-accent px-8 py-3 text-sm font-bold uppercase tracking-widest text-accent-ink hover:opacity-90"
          >
            Shop now
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line px-5">
          {cart.items.map((item) => (
            <li key={item.line_number} className="flex flex-col gap-2 py-5">
              <Link to={item.url} onClick={close} className="font-semibold hover:underline">
                {item.dim_name}
              </Link>
              <p className="text-sm text-ink-muted">
                Size {item.dim_size} · {formatMoney(item.item_price)}
              </p>
              <div className="flex items-center gap-3">
                <label className="text-sm" htmlFor={`bag-qty-${item.line_number}`}>
                  Quantity
                </label>
                <select
                  id={`bag-qty-${item.line_number}`}
                  value={item.qty}
                  onChange={(event) => changeQuantity(item.line_number, Number(event.target.value))}
                  className="border border-line bg-surface px-2 py-1"
                >
                  {Array.from({ length: Math.max(item.maxQty, item.qty) + 1 }, (_, qty) => (
                    <option key={qty} value={qty}>
                      {qty === 0 ? 'Remove' : qty}
                    </option>
                  ))}
                </select>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
