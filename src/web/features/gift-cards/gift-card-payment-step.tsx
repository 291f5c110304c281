import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { giftCardBuyerSchema } from '../../../shared/validators.ts';
import {
  checkoutAttemptKey,
  endCheckoutAttempt,
  newAttemptKey,
  sessionStorageOrNull,
} from '../../lib/checkout/checkout-attempt.ts';
import { useSavedCards } from '../../lib/checkout/use-saved-cards.ts';
import type { SavedCard } from '../../../shared/account-area.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { resetGiftCardDraft, useGiftCardDraft } from '../../lib/gift-card-draft.ts';
import {
  detailsOf,
  GIFT_CARD_DETAIL_NAMES,
  GIFT_CARD_PAYMENT_CARD_FIELD,
  GIFT_CARD_PAYMENT_FIELDS,
  GIFT_CARD_PAYMENT_FORM_ID,
  type GiftCardPurchaseReply,
} from '../../lib/gift-cards/gift-card-forms.ts';
import { useStore } from '../../lib/store.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField } from '../../ui/form-field.tsx';
import { giftCardPaymentChoice, giftCardReceiptEmail, HIDE_CANCEL_STATE } from './gift-card-payment-choice.ts';

const BRAND_NAMES: Record<string, string | undefined> = MESSAGES.cardBrands;

/**
 * /giftcards/checkout/payment: the receipt's address (a guest's; a signed-in buyer's is the account's), the
 * card to pay with (chosen on the card steps, or a signed-in buyer's first saved card) and Pay, which posts
 * the draft's details with the attempt's idempotency key: a double click or a retry buys once. Bought, the
 * draft is emptied and the first step shows the confirmation.
 */
export function GiftCardPaymentStep({
  initialReply,
  savedCards,
}: {
  initialReply: GiftCardPurchaseReply | null;
  savedCards: readonly SavedCard[];
}) {
  const { brand } = useShop();
  const [draft] = useGiftCardDraft();
  const user = useUser();
  const signedIn = isSignedIn(user);
  const navigate = useNavigate();
  const saved = useSavedCards(savedCards, signedIn);
  const choice = useStore(giftCardPaymentChoice);
  const [attemptKey] = useState(() => checkoutAttemptKey(sessionStorageOrNull(), brand, newAttemptKey, 'gift-card'));
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: GIFT_CARD_PAYMENT_FORM_ID,
    action: PATHS.giftCardsPayment,
    schema: giftCardBuyerSchema({ guest: !signedIn }),
    processingType: 'overlay',
    revalidate: false,
    initialReply,
  });

  const purchase = reply?.purchase;
  const handled = useRef(purchase);
  useEffect(() => {
    if (!purchase || handled.current === purchase) return;
    handled.current = purchase;
    endCheckoutAttempt(sessionStorageOrNull(), brand, 'gift-card');
    giftCardPaymentChoice.set(null);
    giftCardReceiptEmail.set('');
    resetGiftCardDraft();
    void navigate(PATHS.giftCardsCheckout, { replace: true, state: { purchase } });
  }, [purchase, brand, navigate]);

  if (draft.saleAmount === null) return purchase ? null : <Navigate to={PATHS.giftCardsCheckout} replace />;

  const savedCard =
    choice?.kind === 'saved'
      ? saved.cards.find((card) => card.id === choice.id)
      : choice === null
        ? saved.cards[0]
        : undefined;
  const token = choice?.kind === 'token' ? choice.token : null;
  const card = token ?? savedCard ?? null;
  const cardLabel = card ? MESSAGES.cardReady(BRAND_NAMES[card.brand] ?? card.brand, card.last4) : null;
  const cardError = reply?.result.error?.[GIFT_CARD_PAYMENT_CARD_FIELD]?.[0];
  const formError = pending ? null : (form.errors?.[0] ?? null);
  const details = { ...detailsOf(draft), amount: String(draft.saleAmount) };

  return (
    <form {...formProps} aria-busy={pending} className="flex flex-col gap-6">
      {GIFT_CARD_DETAIL_NAMES.map((name) => (
        <input key={name} type="hidden" name={name} value={details[name]} />
      ))}
      <input type="hidden" name={GIFT_CARD_PAYMENT_FIELDS.idempotencyKey} value={attemptKey} />
      <input type="hidden" name={GIFT_CARD_PAYMENT_FIELDS.cardToken} value={token?.token ?? ''} />
      <input type="hidden" name={GIFT_CARD_PAYMENT_FIELDS.savedCardId} value={token ? '' : (savedCard?.id ?? '')} />

      <section aria-labelledby="gift-card-receipt" className="flex flex-col gap-3">
        <h2 id="gift-card-receipt" className="text-lg font-bold uppercase tracking-wider">
          {MESSAGES.contactInformation}
        </h2>
        {signedIn ? (
          <p className="text-sm">{MESSAGES.signedInAs(user.username)}</p>
        ) : (
          <EmailField
            label={MESSAGES.giftCardReceiptEmail}
            name={fields.buyer_email.name}
            defaultValue={fields.buyer_email.initialValue ?? giftCardReceiptEmail.get()}
            onChange={(event) => giftCardReceiptEmail.set(event.target.value)}
            error={fields.buyer_email.errors?.[0]}
            className="max-w-md"
          />
        )}
      </section>

      <section aria-labelledby="gift-card-pay-with" className="flex flex-col gap-3">
        <h2 id="gift-card-pay-with" className="text-lg font-bold uppercase tracking-wider">
          {MESSAGES.payWith}
        </h2>
        <div className="flex min-h-12 flex-wrap items-center justify-between gap-3 border border-line px-4 py-2">
          <span aria-describedby={cardError ? 'gift-card-card-error' : undefined} className="text-sm font-semibold">
            {cardLabel ?? MESSAGES.giftCardNoCard}
          </span>
          <Link
            to={saved.cards.length > 0 ? PATHS.giftCardsCard : PATHS.giftCardsNewCard}
            state={saved.cards.length > 0 ? undefined : HIDE_CANCEL_STATE}
            className="text-sm font-semibold underline underline-offset-4"
          >
            {card ? MESSAGES.changeCard : MESSAGES.addCard}
          </Link>
        </div>
        {cardError && (
          <p id="gift-card-card-error" role="alert" className="text-sm text-danger">
            {cardError}
          </p>
        )}
      </section>

      {formError && (
        <p id={form.errorId} role="alert" className="border-l-4 border-danger bg-surface-muted px-3 py-2 text-sm">
          {formError}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        pending={pending}
        disabled={!card}
        className="min-h-14 w-full px-6 sm:w-fit sm:px-16"
      >
        {pending ? MESSAGES.giftCardPaying : MESSAGES.giftCardPay(formatMoney(draft.saleAmount))}
      </Button>
    </form>
  );
}
