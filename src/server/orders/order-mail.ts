/** The order's e-mails: the confirmation written with the order, and the link the lookup sends. Text and simple HTML, escaped. */
import type { CartItem } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney, fromCents } from '../../shared/money.ts';
import { mailHtml, type MailMessage, type MailRow } from '../mail/mailer.ts';
import type { PricedAmounts } from '../pricing/price-cart.ts';
import { orderLink } from './order-links.ts';

interface LinkSettings {
  publicUrl: string;
  secret: string;
  siteName: string;
}

export interface OrderConfirmationInput extends LinkSettings {
  /** The website config's order_confirmation_text. */
  confirmationText: string;
  order: {
    id: string;
    number: number;
    email: string;
    lines: ReadonlyArray<Pick<CartItem, 'dim_name' | 'dim_size' | 'qty' | 'item_price' | 'discount_amount'>>;
    amounts: PricedAmounts;
  };
}

const money = (cents: number) => formatMoney(fromCents(cents));

function page(title: string, paragraphs: string[], rows: MailRow[], link: string): string {
  return mailHtml(title, paragraphs, rows, [[MESSAGES.viewYourOrder, link]]);
}

export function orderConfirmation(input: OrderConfirmationInput): MailMessage {
  const { order } = input;
  const link = orderLink(input.publicUrl, input.secret, order.id);
  const { amounts } = order;
  const rows: Array<[string, string]> = [
    ...order.lines.map((line): [string, string] => [
      `${line.qty} × ${line.dim_name} ${line.dim_size}`.trim(),
      formatMoney(line.item_price * line.qty - line.discount_amount),
    ]),
    [MESSAGES.subtotal, money(amounts.subtotalCents - amounts.discountCents)],
    [MESSAGES.shipping, amounts.shippingCents === 0 ? MESSAGES.free : money(amounts.shippingCents)],
    ...(amounts.taxCents > 0 ? [[MESSAGES.salesTax, money(amounts.taxCents)] as [string, string]] : []),
    ...(amounts.giftCardCents > 0 ? [[MESSAGES.giftCards, `−${money(amounts.giftCardCents)}`] as [string, string]] : []),
    ...(amounts.storeCreditCents > 0 ? [[MESSAGES.storeCredit, `−${money(amounts.storeCreditCents)}`] as [string, string]] : []),
    [MESSAGES.total, money(amounts.balanceDueCents)],
  ];
  const subject = MESSAGES.orderConfirmationSubject(order.number);
  const text = [
    subject,
    '',
    input.confirmationText,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${MESSAGES.viewYourOrder}: ${link}`,
    '',
    input.siteName,
  ].join('\n');
  return { kind: 'order-confirmation', to: order.email, subject, text, html: page(subject, [input.confirmationText], rows, link) };
}

/** The link the order lookup sends to the order's e-mail. */
export function orderLinkMail(input: LinkSettings & { order: { id: string; number: number; email: string } }): MailMessage {
  const link = orderLink(input.publicUrl, input.secret, input.order.id);
  const subject = MESSAGES.orderLinkSubject(input.order.number);
  const text = [subject, '', `${MESSAGES.viewYourOrder}: ${link}`, '', input.siteName].join('\n');
  return { kind: 'order-link', to: input.order.email, subject, text, html: page(subject, [], [], link) };
}
