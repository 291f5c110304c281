/**
 * The merchant's order tool, reading DATA_DIR, DATABASE_URL and the payment keys like the server:
 *   npm run orders -- status <number> <status> [--tracking <url>]
 * moves an order forward (fulfilled, shipped with its tracking link, delivered), cancels it before it ships or
 * refunds it after, through the same service as POST /admin-api/orders/{id}/status.
 *   npm run orders -- refund-gift-cards <purchase id | code of one of its cards>
 * undoes a gift card purchase: voids or refunds what its cards have not spent and withdraws them and the
 * promotion's bonus, through the same service as POST /admin-api/gift-card-purchases/{id}/refund.
 *   npm run orders -- sweep
 * finishes what a crash left: voids abandoned authorizations, captures placed orders and gift card purchases, sends
 * pending refunds, and e-mails the gift cards whose delivery day has come.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { formatMoney, fromCents } from '../../shared/money.ts';
import { isOrderStatus, ORDER_STATUSES } from '../../shared/order.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { refundGiftCardPurchase, type GiftCardPurchaseRefund } from '../gift-cards/refund-gift-card-purchase.ts';
import { Refusal } from '../refusal.ts';
import { createOrderContext } from './order-context.ts';
import { moveOrderStatus } from './order-status.ts';
import { sweepOrders } from './order-sweeper.ts';

const USAGE = [
  `usage: npm run orders -- status <number> <${ORDER_STATUSES.join('|')}> [--tracking <url>]`,
  '       npm run orders -- refund-gift-cards <purchase id | card code>',
  '       npm run orders -- sweep',
].join('\n');

const money = (cents: number) => formatMoney(fromCents(cents));

/** The refund in the merchant's words: what went back to which card, what stays charged, what was withdrawn. */
function describeRefund(refund: GiftCardPurchaseRefund): string {
  const card = `the ${refund.card.brand} card ending in ${refund.card.last4}`;
  const lines = [
    refund.voided
      ? `Gift card purchase ${refund.purchaseId}: the ${money(refund.amountCents)} authorization on ${card} is released; the buyer is not charged.`
      : `Gift card purchase ${refund.purchaseId}: ${money(refund.refundedCents)} of ${money(refund.amountCents)} back to ${card}.`,
  ];
  if (refund.spentCents > 0)
    lines.push(`${money(refund.spentCents)} was already spent with the card and stays charged.`);
  if (refund.bonusWithdrawnCents > 0)
    lines.push(`The promotion's bonus: ${money(refund.bonusWithdrawnCents)} withdrawn, not refunded.`);
  lines.push(
    refund.settled
      ? 'Its gift cards are withdrawn.'
      : 'Its gift cards are withdrawn; the payment provider has not confirmed the refund yet, and the sweeper sends it again.',
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { tracking: { type: 'string' } } });
  const [command, subject, status] = positionals;
  const config = loadConfig();
  const { db } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const orders = createOrderContext(config, db, { logger: pino({ level: 'warn' }) });
    if (command === 'sweep' && positionals.length === 1) {
      const summary = await sweepOrders(orders, new Date());
      console.log(
        `Voided ${summary.voided} authorizations, captured ${summary.captured} orders, sent ${summary.refunds} refunds, e-mailed ${summary.giftCardsDelivered} gift cards, captured ${summary.giftCardPurchasesCaptured} gift card purchases, settled ${summary.giftCardPurchaseRefunds} gift card refunds, let go of ${summary.savedCardsLetGo} deleted saved cards.`,
      );
      return 0;
    }
    if (command === 'refund-gift-cards' && subject && positionals.length === 2) {
      const refunded = await refundGiftCardPurchase(
        orders,
        /^[0-9a-f-]{36}$/i.test(subject) ? { id: subject } : { code: subject },
        new Date(),
      );
      if (refunded instanceof Refusal) {
        console.error(`${subject}: ${refunded.body.error}`);
        return 1;
      }
      console.log(describeRefund(refunded));
      return refunded.settled ? 0 : 1;
    }
    if (
      command !== 'status' ||
      !subject ||
      !/^\d+$/.test(subject) ||
      !status ||
      !isOrderStatus(status) ||
      positionals.length !== 3
    ) {
      console.error(USAGE);
      return 2;
    }
    const moved = await moveOrderStatus(orders, { number: Number(subject) }, status, {
      trackingUrl: values.tracking,
      now: new Date(),
    });
    if (moved instanceof Refusal) {
      console.error(`Order ${subject}: ${moved.body.error}`);
      return 1;
    }
    console.log(`Order ${subject} is ${moved.to} (was ${moved.from}).`);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
