import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Cart } from '../../../shared/cart.ts';
import { MAX_CODE_LENGTH } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { formatMoney, fromCents, toCents as cents } from '../../../shared/money.ts';
import type { BagStatus, PromoOutcome } from './use-cart-refresh.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';

export interface BagSummaryProps {
  cart: Cart;
  /** Null until the server has priced this bag since it was opened. */
  status: BagStatus | null;
  refreshing: boolean;
  applyPromo: (code: string) => Promise<PromoOutcome>;
  removePromo: () => void;
}

function Row({ label, children, strong = false }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'pt-2 text-base font-bold' : 'text-sm'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** The bag's footer: the promo code, the server's totals and the way to checkout. */
export function BagSummary({ cart, status, refreshing, applyPromo, removePromo }: BagSummaryProps) {
  const promoId = useId();
  const promoErrorId = useId();
  const noteId = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  /** Why the typed code was refused, shown under the field until the code changes or one applies. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const { totals } = cart;
  const shipMethod = cart.available_ship_methods.find((method) => method.code === cart.requested_ship_method);
  const shippingCents = shipMethod ? cents(shipMethod.price) : 0;
  const giftCardCents = cart.gift_card_payment_items.reduce((sum, payment) => sum + cents(payment.amount), 0);
  const taxCents = cents(totals.tax.amount);
  const creditCents = cents(totals.subtotal_after_discounts.amount) + shippingCents + taxCents - giftCardCents - cents(totals.balance_due.amount);
  const checkoutBlocked = status?.disableCheckout ?? false;

  const submitPromo = async (event: FormEvent) => {
    event.preventDefault();
    if (applying || code.trim() === '') return;
    setApplying(true);
    setRefusal(null);
    const outcome = await applyPromo(code);
    setApplying(false);
    setRefusal(outcome.refusal);
    if (outcome.applied) setCode('');
  };

  return (
    <div className="flex flex-col gap-4">
      {cart.promo_code_code ? (
        <p className="flex items-center justify-between gap-3 bg-surface-muted px-3 py-2 text-sm">
          <span>{MESSAGES.promoApplied(cart.promo_code_code)}</span>
          <button
            type="button"
            onClick={removePromo}
            className="min-h-9 underline underline-offset-4"
            aria-label={MESSAGES.removePromo(cart.promo_code_code)}
          >
            {MESSAGES.remove}
          </button>
        </p>
      ) : (
        status?.promoEnabled && (
          <form onSubmit={submitPromo} className="flex flex-col gap-1.5">
            <div className="flex gap-2">
              <label htmlFor={promoId} className="sr-only">
                {MESSAGES.promoCode}
              </label>
              <input
                id={promoId}
                name="code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setRefusal(null);
                }}
                placeholder={MESSAGES.promoCode}
                maxLength={MAX_CODE_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? promoErrorId : undefined}
                className="min-h-11 min-w-0 flex-1 border border-line bg-surface px-3 text-sm uppercase placeholder:normal-case placeholder:text-ink-muted aria-invalid:border-danger"
              />
              <Button type="submit" variant="outline" pending={applying} className="min-h-11 px-5">
                {MESSAGES.applyPromo}
              </Button>
            </div>
            {refusal && (
              <p id={promoErrorId} role="alert" className="text-sm text-danger">
                {refusal}
              </p>
            )}
          </form>
        )
      )}

      <dl aria-busy={refreshing || status === null} className={`flex flex-col gap-1 ${status === null ? 'opacity-50' : ''}`}>
        <Row label={MESSAGES.subtotal}>{formatMoney(totals.subtotal.amount)}</Row>
        {cents(totals.discount.amount) > 0 && <Row label={MESSAGES.discount}>−{formatMoney(totals.discount.amount)}</Row>}
        {shipMethod && (
          <Row label={MESSAGES.shipping}>{shippingCents === 0 ? MESSAGES.free : formatMoney(fromCents(shippingCents))}</Row>
        )}
        {taxCents > 0 && <Row label={MESSAGES.salesTax}>{formatMoney(totals.tax.amount)}</Row>}
        {giftCardCents > 0 && <Row label={MESSAGES.giftCards}>−{formatMoney(fromCents(giftCardCents))}</Row>}
        {creditCents > 0 && <Row label={MESSAGES.storeCredit}>−{formatMoney(fromCents(creditCents))}</Row>}
        <Row label={MESSAGES.total} strong>
          {formatMoney(totals.balance_due.amount)}
        </Row>
      </dl>

      {checkoutBlocked ? (
        <>
          <Button variant="primary" disabled aria-describedby={status?.forceNoStock ? noteId : undefined} className="min-h-12 px-6">
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
