/**
 * The order's e-mails: the confirmation written with the order, one for every change the shopper did not see
 * happen (a cancellation, the merchant's refund, an address change, the shipment with its tracking link, the
 * delivery), and
 * the link the lookup sends. Every one is drawn from the order view (order-view.ts), so its lines, totals,
 * payments and refunds say what the order's page and the account's list say. Text and simple HTML, escaped.
 */
import type { Transaction } from 'kysely';
import { countryName, findRegion } from '../../shared/address-lists.ts';
import type { CartAddress } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import { formatMoney } from '../../shared/money.ts';
import type { OrderView } from '../../shared/order.ts';
import { refundLabel } from '../../shared/refund-label.ts';
import { cardBrandName } from '../../shared/payment-card.ts';
import type { Database } from '../db/schema.ts';
import { mailHtml, writeToOutbox, type MailMessage, type MailRow } from '../mail/mailer.ts';
import { orderLink } from './order-links.ts';
import { readOrderView, type OrderViewSettings } from './order-view.ts';

interface LinkSettings {
  publicUrl: string;
  secret: string;
  siteName: string;
}

export interface OrderMailSettings extends LinkSettings {
  /** The website config's order_confirmation_text, the confirmation's first paragraph. */
  confirmationText: string;
}

/** What an e-mail about an order tells: that it was placed, or what changed since. */
export type OrderMailKind =
  | 'order-confirmation'
  | 'order-cancelled'
  | 'order-refunded'
  | 'order-address-changed'
  | 'order-shipped'
  | 'order-delivered';

const SUBJECTS: Record<OrderMailKind, (number: number) => string> = {
  'order-confirmation': MAIL_MESSAGES.orderConfirmationSubject,
  'order-cancelled': MAIL_MESSAGES.orderCancelledSubject,
  'order-refunded': MAIL_MESSAGES.orderRefundedSubject,
  'order-address-changed': MAIL_MESSAGES.orderAddressChangedSubject,
  'order-shipped': MAIL_MESSAGES.orderShippedSubject,
  'order-delivered': MAIL_MESSAGES.orderDeliveredSubject,
};

const negative = (amount: number) => `−${formatMoney(amount)}`;

/** The address as a few lines of text, as the order's page prints it. */
export function addressText(address: CartAddress): string[] {
  const region = findRegion(address.country, address.region)?.name ?? address.region;
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.city}, ${region} ${address.postcode}`.trim(),
    countryName(address.country) ?? address.country,
  ];
}

/** The order's table: lines, the totals its page shows (the discount on its own line), what paid, and refunds. */
export function orderRows(order: OrderView): MailRow[] {
  const { totals } = order;
  return [
    ...order.lines.map((line): MailRow => [`${line.qty} × ${line.name} ${line.size}`.trim(), formatMoney(line.total)]),
    [MESSAGES.subtotal, formatMoney(totals.subtotal)],
    ...(totals.discount > 0 ? [[MESSAGES.discount, negative(totals.discount)] satisfies MailRow] : []),
    [MESSAGES.shippingBy(order.ship_method.name), totals.shipping > 0 ? formatMoney(totals.shipping) : MESSAGES.free],
    ...(totals.tax > 0 ? [[MESSAGES.salesTax, formatMoney(totals.tax)] satisfies MailRow] : []),
    [MESSAGES.total, formatMoney(totals.total)],
    ...order.gift_cards.map((card): MailRow => [
      MAIL_MESSAGES.paidWith(MESSAGES.giftCardEnding(card.last4)),
      formatMoney(card.amount),
    ]),
    ...(totals.store_credit > 0
      ? [[MAIL_MESSAGES.paidWith(MESSAGES.storeCreditLower), formatMoney(totals.store_credit)] satisfies MailRow]
      : []),
    ...(order.payment && totals.card > 0
      ? [
          [
            MAIL_MESSAGES.paidWith(MESSAGES.cardReady(cardBrandName(order.payment.brand), order.payment.last4)),
            formatMoney(totals.card),
          ] satisfies MailRow,
        ]
      : []),
    ...order.refunds.map((refund): MailRow => [refundLabel(order, refund), negative(refund.amount)]),
  ];
}

function introOf(kind: OrderMailKind, settings: OrderMailSettings, order: OrderView): string[] {
  switch (kind) {
    case 'order-confirmation':
      return settings.confirmationText ? [settings.confirmationText] : [];
    case 'order-cancelled':
      return [MAIL_MESSAGES.orderCancelledIntro];
    case 'order-refunded':
      return [MAIL_MESSAGES.orderRefundedIntro];
    case 'order-address-changed':
      return [MAIL_MESSAGES.orderAddressChangedIntro, addressText(order.shipping_address).join(', ')];
    case 'order-shipped':
      return [MAIL_MESSAGES.orderShippedIntro];
    case 'order-delivered':
      return [MAIL_MESSAGES.orderDeliveredIntro];
  }
}

/** An e-mail about the order: what happened, the order's table, the link to its page and, once shipped, the tracking link. */
export function orderMail(kind: OrderMailKind, settings: OrderMailSettings, order: OrderView): MailMessage {
  const link = orderLink(settings.publicUrl, settings.secret, order.id);
  const subject = SUBJECTS[kind](order.number);
  const paragraphs = introOf(kind, settings, order);
  const rows = orderRows(order);
  const links: Array<[string, string]> = [
    ...(order.tracking_url && (kind === 'order-shipped' || kind === 'order-address-changed')
      ? [[MESSAGES.trackPackage, order.tracking_url] satisfies [string, string]]
      : []),
    [MESSAGES.viewYourOrder, link],
  ];
  const text = [
    subject,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    settings.siteName,
  ].join('\n');
  return { kind, to: order.email, subject, text, html: mailHtml(subject, paragraphs, rows, links) };
}

/** What writing an order's e-mail needs: the order view's settings and the shop's address for links. */
export interface OrderMailContext extends OrderViewSettings {
  publicUrl: string;
}

/**
 * Writes the e-mail about an order to the outbox inside the transaction of the change it reports, drawn from
 * the order as that transaction sees it; the caller delivers it after commit. Returns its outbox id.
 */
export async function writeOrderMail(
  ctx: OrderMailContext,
  trx: Transaction<Database>,
  orderId: string,
  kind: OrderMailKind,
  now: Date,
): Promise<string> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const config = await trx
    .selectFrom('website_config')
    .select(['site_name', 'order_confirmation_text'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const view = await readOrderView(trx, order, ctx, now);
  const settings: OrderMailSettings = {
    publicUrl: ctx.publicUrl,
    secret: ctx.orderLinkSecret,
    siteName: config?.site_name ?? '',
    confirmationText: config?.order_confirmation_text ?? '',
  };
  return writeToOutbox(trx, orderMail(kind, settings, view), now);
}

/** The link the order lookup sends to the order's e-mail. */
export function orderLinkMail(
  input: LinkSettings & { order: { id: string; number: number; email: string } },
): MailMessage {
  const link = orderLink(input.publicUrl, input.secret, input.order.id);
  const subject = MAIL_MESSAGES.orderLinkSubject(input.order.number);
  const text = [subject, '', `${MESSAGES.viewYourOrder}: ${link}`, '', input.siteName].join('\n');
  return {
    kind: 'order-link',
    to: input.order.email,
    subject,
    text,
    html: mailHtml(subject, [], [], [[MESSAGES.viewYourOrder, link]]),
  };
}
