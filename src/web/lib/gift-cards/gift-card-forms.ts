/**
 * The gift card pages' forms between the pages and their route actions: the form ids, the details as the API
 * names them (from the draft), the hidden fields of the payment form and the purchase call built from them,
 * and the replies the pages read.
 */
import type { GiftCardBalanceView, GiftCardPurchaseRequest, GiftCardPurchaseView } from '../../../shared/gift-card.ts';
import type { FormReply } from '../forms/form-reply.ts';
import type { GiftCardDraft } from '../gift-card-draft.ts';

export const GIFT_CARD_DETAILS_FORM_ID = 'gift-card-details';
export const GIFT_CARD_PAYMENT_FORM_ID = 'gift-card-payment';
export const GIFT_CARD_BALANCE_FORM_ID = 'gift-card-balance';

/** The details form's box that sends the bonus card to the buyer: ticked, its recipient is not asked for. */
export const GIFT_CARD_BONUS_TO_ME_FIELD = 'promo_to_me';

/** The card's details as the form posts them and the API takes them. */
export type GiftCardDetails = Pick<
  GiftCardPurchaseRequest,
  | 'recipient_name'
  | 'recipient_email'
  | 'message'
  | 'deliver_on'
  | 'promo_recipient_name'
  | 'promo_recipient_email'
  | 'promo_message'
> & { amount: string };

export const GIFT_CARD_DETAIL_NAMES = [
  'amount',
  'recipient_name',
  'recipient_email',
  'message',
  'deliver_on',
  'promo_recipient_name',
  'promo_recipient_email',
  'promo_message',
] as const;

/** The draft's details under the API's names. */
export function detailsOf(draft: GiftCardDraft): GiftCardDetails {
  return {
    amount: draft.amount > 0 ? String(draft.amount) : '',
    recipient_name: draft.recipientName,
    recipient_email: draft.recipientEmail,
    message: draft.giftMessage,
    deliver_on: draft.deliverOn,
    promo_recipient_name: draft.promoRecipientName,
    promo_recipient_email: draft.promoRecipientEmail,
    promo_message: draft.promoGiftMessage,
  };
}

/** The payment form's hidden fields besides the details: the attempt's key, and the new card's token or the saved card. */
export const GIFT_CARD_PAYMENT_FIELDS = {
  idempotencyKey: 'idempotency_key',
  cardToken: 'card_token',
  savedCardId: 'saved_card_id',
  buyerEmail: 'buyer_email',
} as const;

/** Where a refused card is said: the payment form's card line. */
export const GIFT_CARD_PAYMENT_CARD_FIELD = 'card';

export interface GiftCardPurchaseReply extends FormReply {
  /** The purchase made, for its confirmation. */
  purchase?: GiftCardPurchaseView;
}

export interface GiftCardBalanceReply extends FormReply {
  card?: GiftCardBalanceView;
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
};

/** The purchase call of a posted payment form, or null when it names no card or no key. */
export function purchaseRequestOf(formData: FormData): GiftCardPurchaseRequest | null {
  const idempotencyKey = text(formData, GIFT_CARD_PAYMENT_FIELDS.idempotencyKey);
  const savedCardId = text(formData, GIFT_CARD_PAYMENT_FIELDS.savedCardId);
  const token = text(formData, GIFT_CARD_PAYMENT_FIELDS.cardToken);
  const amount = Number(text(formData, 'amount'));
  if (!idempotencyKey || (!savedCardId && !token) || !Number.isFinite(amount)) return null;
  return {
    idempotency_key: idempotencyKey,
    amount,
    recipient_name: text(formData, 'recipient_name'),
    recipient_email: text(formData, 'recipient_email'),
    message: text(formData, 'message'),
    deliver_on: text(formData, 'deliver_on'),
    promo_recipient_name: text(formData, 'promo_recipient_name'),
    promo_recipient_email: text(formData, 'promo_recipient_email'),
    promo_message: text(formData, 'promo_message'),
    buyer_email: text(formData, GIFT_CARD_PAYMENT_FIELDS.buyerEmail),
    payment: savedCardId ? { saved_card_id: savedCardId } : { token },
  };
}
