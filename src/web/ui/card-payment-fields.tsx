import { useEffect, useRef } from 'react';
import { formatCardNumber, type CardField } from '../../shared/payment-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { TextField } from './form-field.tsx';
import { SuccessIcon } from './icons.tsx';
import { useGroupedDigits } from './use-grouped-digits.ts';
import type { CardInput, CardPayment } from '../lib/checkout/use-card-payment.ts';

/** Each card input: its label, the browser's autofill token and its longest value. */
const CARD_INPUTS: Record<CardField, { label: string; autoComplete: string; maxLength: number; placeholder?: string }> =
  {
    number: { label: MESSAGES.cardNumber, autoComplete: 'cc-number', maxLength: 23 },
    expiry: {
      label: MESSAGES.cardExpiry,
      autoComplete: 'cc-exp',
      maxLength: 5,
      placeholder: MESSAGES.cardExpiryPlaceholder,
    },
    cvc: { label: MESSAGES.cardCvc, autoComplete: 'cc-csc', maxLength: 4 },
  };

/**
 * The card's number, expiry and CVC, with the brand read from the number and the token's card once made. The
 * inputs have no name: the card never travels with the form, only its token does.
 */
export function CardPaymentFields({ payment }: { payment: CardPayment }) {
  const { card, brand, token, problem, tokenizing, edit } = payment;
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const numberDigits = useGroupedDigits(formatCardNumber);
  // A card the gateway refused is not a card ready to pay, whatever token the next try has made for it.
  const ready = token && !problem?.declined ? token : null;
  // A card refused at Place order, locally or by the gateway, takes the shopper to the field to correct.
  useEffect(() => {
    if (problem?.fromSubmit) inputs.current[problem.field]?.focus();
  }, [problem]);
  const input = (field: keyof CardInput & CardField, className?: string) => (
    <TextField
      ref={(element) => {
        inputs.current[field] = element;
      }}
      {...CARD_INPUTS[field]}
      value={card[field]}
      error={problem?.field === field ? problem.message : undefined}
      announce
      inputMode="numeric"
      onChange={(event) => {
        const typed = event.target.value;
        edit(
          field,
          field === 'cvc' ? typed.replace(/\D/g, '') : field === 'number' ? numberDigits(event, card.number) : typed,
        );
      }}
      {...(className ? { className } : {})}
    />
  );
  return (
    <div className="grid grid-cols-2 gap-4">
      <div className="col-span-2 flex flex-col gap-1">
        {input('number')}
        <p aria-live="polite" className="min-h-5 text-sm text-ink-muted">
          {ready ? (
            <span className="inline-flex items-center gap-1 font-semibold text-success">
              <SuccessIcon className="size-4" />
              {MESSAGES.cardReady(MESSAGES.cardBrands[ready.brand], ready.last4)}
            </span>
          ) : tokenizing && !problem?.declined ? (
            MESSAGES.loading
          ) : (
            brand && MESSAGES.cardBrands[brand]
          )}
        </p>
      </div>
      {input('expiry')}
      {input('cvc')}
    </div>
  );
}
