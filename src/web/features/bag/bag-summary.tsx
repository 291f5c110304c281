import { useId } from 'react';
import { Link } from 'react-router';
import type { Cart } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { BagStatus, PromoOutcome } from '../../lib/cart/use-cart-refresh.ts';
import { BagTotalsList } from '../../ui/bag-totals-list.tsx';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { PromoCodeField } from '../../ui/promo-code-field.tsx';

export interface BagSummaryProps {
  cart: Cart;
  /** Null until the server has priced this bag since it was opened. */
  status: BagStatus | null;
  refreshing: boolean;
  applyPromo: (code: string) => Promise<PromoOutcome>;
  removePromo: () => void;
}

/** The bag's footer: the promo code, the server's totals and the way to checkout. */
export function BagSummary({ cart, status, refreshing, applyPromo, removePromo }: BagSummaryProps) {
  const noteId = useId();
  const checkoutBlocked = status?.disableCheckout ?? false;

  return (
    <div className="flex flex-col gap-4">
      {status === null && !cart.promo_code_code ? (
        // Whether codes are offered is the server's answer: until it comes the field's room is kept, unseen and
        // out of reach, so the totals and the lines above do not move when it shows.
        <div className="invisible" aria-hidden="true" inert>
          <PromoCodeField applied={null} offered apply={applyPromo} remove={removePromo} />
        </div>
      ) : (
        <PromoCodeField
          applied={cart.promo_code_code}
          offered={status?.promoEnabled ?? false}
          apply={applyPromo}
          remove={removePromo}
        />
      )}

      <BagTotalsList
        cart={cart}
        busy={refreshing || status === null}
        faded={status === null}
        totalLabel={MESSAGES.total}
      />

      {checkoutBlocked ? (
        <>
          <Button
            variant="primary"
            disabled
            aria-describedby={status?.forceNoStock ? noteId : undefined}
            className="min-h-12 px-6"
          >
            {MESSAGES.checkout}
          </Button>
          {status?.forceNoStock && (
            <p id={noteId} className="text-sm text-danger">
              {MESSAGES.checkoutNeedsStock}
            </p>
          )}
        </>
      ) : (
        <Link to={PATHS.checkout} className={buttonStyles('primary', 'flex min-h-12 items-center justify-center px-6')}>
          {MESSAGES.checkout}
        </Link>
      )}
    </div>
  );
}
