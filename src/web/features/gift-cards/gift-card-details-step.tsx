import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  addDays,
  earnsBonusCard,
  formatDay,
  GIFT_CARD_DELIVERY_MAX_DAYS,
  GIFT_CARD_MAX_AMOUNT,
  GIFT_CARD_MESSAGE_MAX_LENGTH,
  GIFT_CARD_MIN_AMOUNT,
  GIFT_CARD_NAME_MAX_LENGTH,
  giftCardBonus,
  giftCardPromo,
  localDay,
  type GiftCardPurchaseView,
} from '../../../shared/gift-card.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { giftCardSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useGiftCardDraft, type GiftCardDraft } from '../../lib/gift-card-draft.ts';
import {
  detailsOf,
  GIFT_CARD_BONUS_TO_ME_FIELD,
  GIFT_CARD_DETAILS_FORM_ID,
} from '../../lib/gift-cards/gift-card-forms.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { EmailField, TextAreaField, TextField } from '../../ui/form-field.tsx';
import { readCheckoutStart } from './gift-card-start.ts';
import { purchaseOfState } from './gift-card-steps.ts';

/** Today in the buyer's own calendar: the first day the date field offers. */
const localToday = () => localDay(new Date());

function GiftCardConfirmation({ purchase }: { purchase: GiftCardPurchaseView }) {
  const { bonus } = purchase;
  return (
    <section aria-labelledby="gift-card-thanks" className="flex flex-col items-start gap-3">
      <h2 id="gift-card-thanks" className="font-display text-2xl font-black uppercase tracking-tight">
        {MESSAGES.giftCardThanks}
      </h2>
      <p>
        {purchase.deliver_on && purchase.deliver_on > localToday()
          ? MESSAGES.giftCardSentOn(purchase.recipient_email, formatDay(purchase.deliver_on))
          : MESSAGES.giftCardSentNow(purchase.recipient_email)}
      </p>
      {bonus?.kind === 'card' && bonus.recipient_email && (
        <p>{MESSAGES.giftCardBonusSent(formatMoney(bonus.amount), bonus.recipient_email)}</p>
      )}
      {bonus?.kind === 'store_credit' && <p>{MESSAGES.giftCardCreditAdded(formatMoney(bonus.amount))}</p>}
      <p className="text-ink-muted">{MESSAGES.giftCardReceiptSent(purchase.receipt_email)}</p>
      <Link
        to={PATHS.giftCardsCheckout}
        replace
        className={buttonStyles('primary', 'mt-4 inline-flex min-h-12 items-center px-8')}
      >
        {MESSAGES.buyAnotherGiftCard}
      </Link>
    </section>
  );
}

/**
 * The first step: the amount (a denomination or another amount within the limits), the recipient, a message,
 * the delivery day and, when the amount earns one, the bonus card's recipient. Each field goes to the draft as
 * it is typed; Continue checks them all with the shared schema (in the browser, then the route action) and
 * moves on to sign in, or straight to payment for a signed-in buyer. After a purchase it shows its confirmation.
 */
export function GiftCardDetailsStep({ initialReply }: { initialReply: FormReply | null }) {
  const { state } = useLocation();
  const purchase = purchaseOfState(state);
  return purchase ? <GiftCardConfirmation purchase={purchase} /> : <GiftCardDetailsForm initialReply={initialReply} />;
}

function GiftCardDetailsForm({ initialReply }: { initialReply: FormReply | null }) {
  const [draft, setDraft] = useGiftCardDraft();
  const { websiteConfig } = useShop();
  const user = useUser();
  const signedIn = isSignedIn(user);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const promo = websiteConfig ? giftCardPromo(websiteConfig) : { ratePerFifty: 0, storeCredit: false };
  const denominations = websiteConfig?.gift_card_denominations ?? [];
  const bonusCard = earnsBonusCard(draft.amount, promo);
  const bonus = giftCardBonus(draft.amount, promo, true);
  // The bonus card goes to the buyer unless they name someone else: a recipient in the draft means they did.
  const [bonusToMe, setBonusToMe] = useState(() => draft.promoRecipientEmail === '' && draft.promoRecipientName === '');
  const bonusToSomeoneElse = bonusCard && !bonusToMe;
  const schema = useMemo(() => giftCardSchema({ bonusToSomeoneElse }), [bonusToSomeoneElse]);
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: GIFT_CARD_DETAILS_FORM_ID,
    action: `${PATHS.giftCardsCheckout}?index`,
    schema,
    revalidate: false,
    initialReply,
  });
  // null: an amount that is not one of the denominations was typed in Other (the draft says which).
  const [otherPicked, setOtherChosen] = useState<boolean | null>(null);
  const otherChosen = otherPicked ?? (draft.amount > 0 && !denominations.includes(draft.amount));
  const [today] = useState(localToday);

  // A start link from the splash: its amount or message in the draft, then off the address so a reload keeps what was typed.
  useEffect(() => {
    const start = readCheckoutStart(search);
    if (!start) return;
    setDraft((previous) => ({ ...previous, ...start }));
    setOtherChosen(null);
    setSearch({}, { replace: true });
  }, [search, setSearch, setDraft]);

  // The details passed: the amount agreed for payment, and on to the next step.
  const handled = useRef(reply);
  useEffect(() => {
    if (!reply || handled.current === reply || reply.result.status !== 'success') return;
    handled.current = reply;
    setDraft((previous) => ({ ...previous, saleAmount: previous.amount, promoAmount: bonus?.amount ?? 0 }));
    void navigate(signedIn ? PATHS.giftCardsPayment : PATHS.giftCardsLogin);
  }, [reply, setDraft, navigate, signedIn, bonus]);

  const edit = (change: Partial<GiftCardDraft>) =>
    setDraft((previous) => ({ ...previous, ...change, action: 'purchase', saleAmount: null }));
  const formError = pending ? null : (form.errors?.[0] ?? null);
  const messageLeft = GIFT_CARD_MESSAGE_MAX_LENGTH - draft.giftMessage.length;
  const details = detailsOf(draft);
  const minimum = formatMoney(GIFT_CARD_MIN_AMOUNT);
  const maximum = formatMoney(GIFT_CARD_MAX_AMOUNT);

  return (
    <form {...formProps} aria-busy={pending} className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-bold uppercase tracking-wider">{MESSAGES.giftCardAmount}</legend>
        <input type="hidden" name={fields.amount.name} value={details.amount} />
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {denominations.map((amount) => (
            <label
              key={amount}
              className="flex min-h-12 cursor-pointer items-center justify-center border border-line font-bold has-checked:border-ink has-checked:bg-ink has-checked:text-page has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
            >
              <input
                type="radio"
                name="amount_choice"
                value={amount}
                checked={!otherChosen && draft.amount === amount}
                onChange={() => {
                  setOtherChosen(false);
                  edit({ amount });
                }}
                className="sr-only"
              />
              {formatMoney(amount)}
            </label>
          ))}
          <label className="flex min-h-12 cursor-pointer items-center justify-center border border-line font-bold has-checked:border-ink has-checked:bg-ink has-checked:text-page has-focus-visible:outline-2 has-focus-visible:outline-offset-2">
            <input
              type="radio"
              name="amount_choice"
              value="other"
              checked={otherChosen}
              onChange={() => setOtherChosen(true)}
              className="sr-only"
            />
            {MESSAGES.giftCardOtherAmount}
          </label>
        </div>
        {otherChosen && (
          <TextField
            label={MESSAGES.giftCardCustomAmount(minimum, maximum)}
            inputMode="numeric"
            value={draft.amount > 0 ? String(draft.amount) : ''}
            onChange={(event) => {
              const typed = event.target.value.trim();
              edit({ amount: typed === '' || Number.isNaN(Number(typed)) ? 0 : Number(typed) });
            }}
            className="max-w-xs"
          />
        )}
        {fields.amount.errors?.[0] && (
          <p id={fields.amount.errorId} className="text-sm text-danger">
            {fields.amount.errors[0]}
          </p>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-lg font-bold uppercase tracking-wider">{MESSAGES.giftCardRecipientHeading}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={MESSAGES.giftCardRecipientName}
            name={fields.recipient_name.name}
            value={draft.recipientName}
            maxLength={GIFT_CARD_NAME_MAX_LENGTH}
            onChange={(event) => edit({ recipientName: event.target.value })}
            error={fields.recipient_name.errors?.[0]}
            autoComplete="off"
          />
          <EmailField
            label={MESSAGES.giftCardRecipientEmail}
            name={fields.recipient_email.name}
            value={draft.recipientEmail}
            onChange={(event) => edit({ recipientEmail: event.target.value })}
            error={fields.recipient_email.errors?.[0]}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1">
          <TextAreaField
            label={MESSAGES.giftCardMessageLabel}
            name={fields.message.name}
            value={draft.giftMessage}
            onChange={(event) => edit({ giftMessage: event.target.value })}
            error={fields.message.errors?.[0]}
          />
          <p className={`text-xs ${messageLeft < 0 ? 'text-danger' : 'text-ink-muted'}`}>
            {MESSAGES.giftCardCharactersLeft(messageLeft)}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <TextField
            label={MESSAGES.giftCardDeliveryLabel}
            type="date"
            name={fields.deliver_on.name}
            value={draft.deliverOn || today}
            min={today}
            max={addDays(today, GIFT_CARD_DELIVERY_MAX_DAYS)}
            onChange={(event) => edit({ deliverOn: event.target.value === today ? '' : event.target.value })}
            error={fields.deliver_on.errors?.[0]}
            className="max-w-xs"
          />
          <p className="text-xs text-ink-muted">{MESSAGES.giftCardDeliveryHint}</p>
        </div>
      </fieldset>

      {bonus && bonusCard && (
        <fieldset className="flex flex-col gap-4 border border-ink p-4 md:p-6">
          <legend className="px-2 text-lg font-bold uppercase tracking-wider">
            {MESSAGES.giftCardBonusHeading(formatMoney(bonus.amount))}
          </legend>
          <p className="text-sm text-ink-muted">{MESSAGES.giftCardBonusIntro}</p>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
            <input
              type="checkbox"
              name={GIFT_CARD_BONUS_TO_ME_FIELD}
              checked={bonusToMe}
              onChange={(event) => {
                setBonusToMe(event.target.checked);
                if (event.target.checked)
                  edit({ promoRecipientName: '', promoRecipientEmail: '', promoGiftMessage: '' });
              }}
              className="size-5 accent-ink"
            />
            {MESSAGES.giftCardBonusToMe(signedIn ? user.username : null)}
          </label>
          {!bonusToMe && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={MESSAGES.giftCardBonusName}
                  name={fields.promo_recipient_name.name}
                  value={draft.promoRecipientName}
                  maxLength={GIFT_CARD_NAME_MAX_LENGTH}
                  onChange={(event) => edit({ promoRecipientName: event.target.value })}
                  error={fields.promo_recipient_name.errors?.[0]}
                />
                <EmailField
                  label={MESSAGES.giftCardBonusEmail}
                  name={fields.promo_recipient_email.name}
                  value={draft.promoRecipientEmail}
                  onChange={(event) => edit({ promoRecipientEmail: event.target.value })}
                  error={fields.promo_recipient_email.errors?.[0]}
                />
              </div>
              <TextAreaField
                label={MESSAGES.giftCardBonusMessage}
                name={fields.promo_message.name}
                value={draft.promoGiftMessage}
                onChange={(event) => edit({ promoGiftMessage: event.target.value })}
                error={fields.promo_message.errors?.[0]}
              />
            </>
          )}
        </fieldset>
      )}
      {bonus?.kind === 'store_credit' && (
        <p className="border-l-4 border-ink px-3 py-2 text-sm font-semibold">
          {MESSAGES.giftCardCreditEarned(formatMoney(bonus.amount))} {signedIn ? '' : MESSAGES.giftCardPromoCreditNote}
        </p>
      )}

      {formError && (
        <p id={form.errorId} role="alert" className="border-l-4 border-danger bg-surface-muted px-3 py-2 text-sm">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" pending={pending} className="min-h-14 w-full px-6 sm:w-fit sm:px-16">
        {MESSAGES.giftCardContinue}
      </Button>
    </form>
  );
}
