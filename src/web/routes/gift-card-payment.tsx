import { data } from 'react-router';
import { giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { giftCardBuyerSchema } from '../../shared/validators.ts';
import { GiftCardPaymentStep } from '../features/gift-cards/gift-card-payment-step.tsx';
import { loadSavedCards } from '../lib/checkout/saved-cards.server.ts';
import { loadSavedCardsOnClient } from '../lib/checkout/use-saved-cards.ts';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { failedReply, parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import {
  GIFT_CARD_PAYMENT_CARD_FIELD,
  GIFT_CARD_PAYMENT_FIELDS,
  purchaseRequestOf,
  type GiftCardPurchaseReply,
} from '../lib/gift-cards/gift-card-forms.ts';
import type { Route } from './+types/gift-card-payment';
import { AfterStart } from '../ui/after-start.tsx';

/** The signed-in customer's saved cards, with the page. */
export const loader = ({ context }: Route.LoaderArgs) => loadSavedCards(context);

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadSavedCardsOnClient(serverLoader);

/**
 * Pay: the receipt's address checked with the shared schema, then the purchase made through the API in process
 * (the session's cookie goes with it) under the attempt's idempotency key. A declined card is said at the card;
 * the API's field messages at their fields, or on the form for the details, which the first step holds.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(
    formData,
    giftCardBuyerSchema({ guest: formData.has(GIFT_CARD_PAYMENT_FIELDS.buyerEmail) }),
  );
  if (submission.status !== 'success')
    return data<GiftCardPurchaseReply>({ result: submission.reply() }, { status: 400 });
  const purchase = purchaseRequestOf(formData);
  if (!purchase) return data<GiftCardPurchaseReply>(failedReply(MESSAGES.giftCardNoCard), { status: 400 });
  const answer = await askEndpoint(context.api, giftCardPurchaseEndpoint, { body: purchase });
  if (answer.data) return data<GiftCardPurchaseReply>({ result: submission.reply(), purchase: answer.data.purchase });
  const reply = replyFromApi(submission, answer, {
    success: MESSAGES.apiFailure,
    fieldOf: () => (answer.status === 402 ? GIFT_CARD_PAYMENT_CARD_FIELD : undefined),
  });
  const detailError = Object.entries(reply.result.error ?? {}).find(
    ([field]) => field !== GIFT_CARD_PAYMENT_FIELDS.buyerEmail && field !== GIFT_CARD_PAYMENT_CARD_FIELD,
  )?.[1]?.[0];
  // A detail the API refused belongs to the first step: said on this form, where the buyer can follow the link back.
  const shown = detailError ? { ...reply, result: submission.reply({ formErrors: [detailError] }) } : reply;
  return data<GiftCardPurchaseReply>(shown, { status: replyStatus(answer) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export default function GiftCardPayment({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AfterStart>
      <GiftCardPaymentStep initialReply={actionData ?? null} savedCards={loaderData.savedCards} />
    </AfterStart>
  );
}
