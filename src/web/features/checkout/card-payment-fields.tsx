import { MESSAGES } from '../../../shared/messages.ts';
import { TextField } from '../../ui/form-field.tsx';
import { SuccessIcon } from '../../ui/icons.tsx';
import type { CardPayment } from './use-card-payment.ts';

/**
 * The card's number, expiry and CVC, with the brand read from the number and the token's card once made. The
 * inputs have no name: the card never travels with the form, only its token does.
 */
export function CardPaymentFields({ payment }: { payment: CardPayment }) {
  const { card, brand, token, problem, tokenizing, edit } = payment;
  const errorAt = (field: 'number' | 'expiry' | 'cvc') => (problem?.field === field ? problem.message : undefined);
  const brandName = brand ? MESSAGES.cardBrands[brand] : null;
  return (
    <div className="grid grid-cols-2 gap-4">
      <div className="col-span-2 flex flex-col gap-1">
        <TextField
          label={MESSAGES.cardNumber}
          value={card.number}
          error={errorAt('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          onChange={(event) => edit('number', event.target.value)}
        />
        <p aria-live="polite" className="min-h-5 text-sm text-ink-muted">
          {token ? (
            <span className="inline-flex items-center gap-1 font-semibold text-success"><SuccessIcon className="size-4" aria-hidden="true" />{MESSAGES.cardReady(MESSAGES.cardBrands[token.brand], token.last4)}</span>
          ) : tokenizing ? (
            MESSAGES.loading
          ) : (
            brandName
          )}
        </p>
      </div>
      <TextField
        label={MESSAGES.cardExpiry}
        value={card.expiry}
        error={errorAt('expiry')}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        maxLength={5}
        onChange={(event) => edit('expiry', event.target.value)}
      />
      <TextField
        label={MESSAGES.cardCvc}
        value={card.cvc}
        error={errorAt('cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        onChange={(event) => edit('cvc', event.target.value.replace(/\D/g, ''))}
      />
    </div>
  );
}
