import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { useCardPayment } from '../../lib/checkout/use-card-payment.ts';
import { useSavedCards } from '../../lib/checkout/use-saved-cards.ts';
import type { SavedCard } from '../../../shared/account-area.ts';
import { useGiftCardDraft } from '../../lib/gift-card-draft.ts';
import { GIFT_CARD_PAYMENT_FIELDS } from '../../lib/gift-cards/gift-card-forms.ts';
import { useStore } from '../../lib/store.ts';
import { useUser } from '../../lib/user-store.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { CardPaymentFields } from '../../ui/card-payment-fields.tsx';
import { SavedCardChoice } from '../../ui/saved-card-choice.tsx';
import { giftCardPaymentChoice, HIDE_CANCEL_STATE, hidesCancel } from './gift-card-payment-choice.ts';

function StepHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-lg font-bold uppercase tracking-wider">
      {children}
    </h2>
  );
}

/** /giftcards/checkout/card: a signed-in buyer's saved cards, or a new one; the choice goes back to payment. */
export function GiftCardCardStep({ savedCards }: { savedCards: readonly SavedCard[] }) {
  const [draft] = useGiftCardDraft();
  const signedIn = isSignedIn(useUser());
  const navigate = useNavigate();
  const saved = useSavedCards(savedCards, signedIn);
  const choice = useStore(giftCardPaymentChoice);
  const [pickedId, pick] = useState<string | null | undefined>(undefined);
  if (draft.saleAmount === null) return <Navigate to={PATHS.giftCardsCheckout} replace />;
  const chosenId = pickedId !== undefined ? pickedId : choice?.kind === 'saved' ? choice.id : (saved.chosenId ?? null);
  const confirmChoice = () => {
    if (chosenId === null) {
      void navigate(PATHS.giftCardsNewCard);
      return;
    }
    giftCardPaymentChoice.set({ kind: 'saved', id: chosenId });
    void navigate(PATHS.giftCardsPayment);
  };
  return (
    <section aria-labelledby="gift-card-card" className="flex flex-col gap-4">
      <StepHeading id="gift-card-card">{MESSAGES.chooseCardHeading}</StepHeading>
      {saved.cards.length > 0 ? (
        <>
          <SavedCardChoice
            name={GIFT_CARD_PAYMENT_FIELDS.savedCardId}
            cards={saved.cards}
            chosenId={chosenId}
            choose={pick}
          />
          <Button variant="primary" onClick={confirmChoice} className="min-h-12 w-full px-10 sm:w-fit">
            {MESSAGES.useThisCard}
          </Button>
        </>
      ) : (
        <Link
          to={PATHS.giftCardsNewCard}
          state={HIDE_CANCEL_STATE}
          className={buttonStyles('primary', 'inline-flex min-h-12 w-fit items-center px-10')}
        >
          {MESSAGES.addCard}
        </Link>
      )}
    </section>
  );
}

/**
 * /giftcards/checkout/card/new: the shop's card form (the checkout's fields); its token is what payment uses.
 * Cancel goes back to the saved cards, and is hidden when history state says there is nothing to go back to.
 */
export function GiftCardNewCardStep() {
  const [draft] = useGiftCardDraft();
  const { state } = useLocation();
  const navigate = useNavigate();
  const payment = useCardPayment();
  if (draft.saleAmount === null) return <Navigate to={PATHS.giftCardsCheckout} replace />;
  const confirmCard = async () => {
    const token = payment.token ?? (await payment.tokenize());
    if (!token) return;
    giftCardPaymentChoice.set({ kind: 'token', token });
    void navigate(PATHS.giftCardsPayment);
  };
  return (
    <section aria-labelledby="gift-card-new-card" className="flex flex-col gap-4">
      <StepHeading id="gift-card-new-card">{MESSAGES.newCardHeading}</StepHeading>
      <div className="max-w-md">
        <CardPaymentFields payment={payment} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="primary"
          pending={payment.tokenizing}
          onClick={() => void confirmCard()}
          className="min-h-12 px-10"
        >
          {MESSAGES.useThisCard}
        </Button>
        {!hidesCancel(state) && (
          <Button variant="outline" onClick={() => void navigate(PATHS.giftCardsCard)} className="min-h-12 px-10">
            {MESSAGES.cancel}
          </Button>
        )}
      </div>
    </section>
  );
}
