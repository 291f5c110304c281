/**
 * The gift cards' e-mails: the card itself, to its recipient on the delivery day (its code is the only way to
 * spend it, so it goes to no one else), and the buyer's receipt, which names the cards by amount and
 * recipient but never carries their codes, and the buyer's notice when the merchant refunds the purchase.
 * Text and simple HTML, escaped.
 */
import { formatDay, type BonusKind } from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import { formatMoney, fromCents } from '../../shared/money.ts';
import { cardBrandName } from '../../shared/payment-card.ts';
import { PATHS } from '../../shared/paths.ts';
import { mailHtml, type MailMessage } from '../mail/mailer.ts';

interface ShopSettings {
  publicUrl: string;
  siteName: string;
}

const money = (cents: number) => formatMoney(fromCents(cents));

function text(
  paragraphs: string[],
  rows: Array<[string, string]>,
  links: Array<[string, string]>,
  siteName: string,
): string {
  return [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    siteName,
  ].join('\n');
}

export interface GiftCardMailInput {
  kind: 'purchased' | 'bonus';
  code: string;
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  message: string | null;
  senderName: string | null;
}

/** The card, to its recipient: who sent it, their message, the code and how to spend it. */
export function giftCardMail(shop: ShopSettings, card: GiftCardMailInput): MailMessage {
  const amount = money(card.amountCents);
  const subject =
    card.kind === 'bonus'
      ? MAIL_MESSAGES.giftCardBonusMailSubject(shop.siteName)
      : MAIL_MESSAGES.giftCardMailSubject(shop.siteName, card.senderName);
  const paragraphs = [
    MAIL_MESSAGES.giftCardMailGreeting(card.recipientName),
    card.kind === 'bonus'
      ? MAIL_MESSAGES.giftCardBonusMailIntro(amount)
      : MAIL_MESSAGES.giftCardMailIntro(amount, card.senderName),
    ...(card.message ? [MAIL_MESSAGES.giftCardMailMessage(card.message)] : []),
    MAIL_MESSAGES.giftCardMailHowToUse,
  ];
  const rows: Array<[string, string]> = [
    [MESSAGES.giftCardCode, card.code],
    [MESSAGES.giftCardAmount, amount],
  ];
  const links: Array<[string, string]> = [
    [MESSAGES.shopNow, shop.publicUrl + PATHS.shop],
    [MAIL_MESSAGES.giftCardMailBalance, shop.publicUrl + PATHS.giftCardsInfo],
  ];
  return {
    kind: 'gift-card',
    to: card.recipientEmail,
    subject,
    text: text(paragraphs, rows, links, shop.siteName),
    html: mailHtml(subject, paragraphs, rows, links),
  };
}

export interface GiftCardReceiptInput {
  email: string;
  amountCents: number;
  card: { name: string; email: string; deliverOn: string; deliveredNow: boolean };
  bonus: { kind: BonusKind; cents: number; name: string | null; email: string | null } | null;
  payment: { brand: string; last4: string };
}

/** The buyer's receipt: each card by amount, recipient and day, the bonus, and what was charged. */
export function giftCardReceipt(shop: ShopSettings, receipt: GiftCardReceiptInput): MailMessage {
  const subject = MAIL_MESSAGES.giftCardReceiptSubject(shop.siteName);
  const { card, bonus } = receipt;
  const rows: Array<[string, string]> = [
    [
      MAIL_MESSAGES.giftCardReceiptCard(money(receipt.amountCents), card.name, card.email),
      card.deliveredNow ? MESSAGES.giftCardDeliveryToday : MESSAGES.giftCardDeliveryOn(formatDay(card.deliverOn)),
    ],
  ];
  if (bonus?.kind === 'card')
    rows.push([
      MAIL_MESSAGES.giftCardReceiptBonusCard(money(bonus.cents), bonus.name ?? '', bonus.email ?? ''),
      MESSAGES.giftCardDeliveryToday,
    ]);
  if (bonus?.kind === 'store_credit')
    rows.push([MAIL_MESSAGES.giftCardReceiptBonusCredit(money(bonus.cents)), money(bonus.cents)]);
  rows.push([
    MAIL_MESSAGES.giftCardReceiptPaid(receipt.payment.brand, receipt.payment.last4),
    money(receipt.amountCents),
  ]);
  const paragraphs = [MAIL_MESSAGES.giftCardReceiptIntro];
  const links: Array<[string, string]> = [[MAIL_MESSAGES.giftCardMailBalance, shop.publicUrl + PATHS.giftCardsInfo]];
  return {
    kind: 'gift-card-receipt',
    to: receipt.email,
    subject,
    text: text(paragraphs, rows, links, shop.siteName),
    html: mailHtml(subject, paragraphs, rows, links),
  };
}

export interface GiftCardRefundMailInput {
  email: string;
  amountCents: number;
  /** What goes back to the buyer's card: the cards' unspent balance. */
  refundedCents: number;
  bonusWithdrawnCents: number;
  payment: { brand: string; last4: string };
}

/** The buyer's notice that the merchant refunded their purchase: what goes back to their card, what stays charged. */
export function giftCardRefundMail(shop: ShopSettings, refund: GiftCardRefundMailInput): MailMessage {
  const subject = MAIL_MESSAGES.giftCardRefundSubject(shop.siteName);
  const card = MESSAGES.cardReady(cardBrandName(refund.payment.brand), refund.payment.last4);
  const rows: Array<[string, string]> = [
    [
      MAIL_MESSAGES.giftCardReceiptPaid(cardBrandName(refund.payment.brand), refund.payment.last4),
      money(refund.amountCents),
    ],
    [MESSAGES.refundedTo(card), `−${money(refund.refundedCents)}`],
  ];
  if (refund.amountCents > refund.refundedCents)
    rows.push([MAIL_MESSAGES.giftCardRefundSpent, money(refund.amountCents - refund.refundedCents)]);
  if (refund.bonusWithdrawnCents > 0) rows.push([MAIL_MESSAGES.giftCardRefundBonus, money(refund.bonusWithdrawnCents)]);
  const paragraphs = [MAIL_MESSAGES.giftCardRefundIntro];
  const links: Array<[string, string]> = [[MESSAGES.shopNow, shop.publicUrl + PATHS.shop]];
  return {
    kind: 'gift-card-refund',
    to: refund.email,
    subject,
    text: text(paragraphs, rows, links, shop.siteName),
    html: mailHtml(subject, paragraphs, rows, links),
  };
}
