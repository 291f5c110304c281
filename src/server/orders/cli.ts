/**
 * The merchant's order tool, reading DATA_DIR, DATABASE_URL and the payment keys like the server:
 *   npm run orders -- status <number> <status> [--tracking <url>]
 * moves an order forward (fulfilled, shipped with its tracking link, delivered), cancels it before it ships or
 * refunds it after, through the same service as POST /admin-api/orders/{id}/status.
 *   npm run orders -- sweep
 * finishes what a crash left: voids abandoned authorizations, captures placed orders and gift card purchases, sends
 * pending refunds, and e-mails the gift cards whose delivery day has come.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { isOrderStatus, ORDER_STATUSES } from '../../shared/order.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createOrderContext } from './order-context.ts';
import { moveOrderStatus } from './order-status.ts';
import { sweepOrders } from './order-sweeper.ts';

const USAGE = `usage: npm run orders -- status <number> <${ORDER_STATUSES.join('|')}> [--tracking <url>]\n       npm run orders -- sweep`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { tracking: { type: 'string' } } });
  const [command, numberText, status] = positionals;
  const config = loadConfig();
  const { db } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const orders = createOrderContext(config, db, { logger: pino({ level: 'warn' }) });
    if (command === 'sweep' && positionals.length === 1) {
      const summary = await sweepOrders(orders, new Date());
      console.log(
        `Voided ${summary.voided} authorizations, captured ${summary.captured} orders, sent ${summary.refunds} refunds, e-mailed ${summary.giftCardsDelivered} gift cards, captured ${summary.giftCardPurchasesCaptured} gift card purchases.`,
      );
      return 0;
    }
    if (command !== 'status' || !numberText || !/^\d+$/.test(numberText) || !status || !isOrderStatus(status) || positionals.length !== 3) {
      console.error(USAGE);
      return 2;
    }
    const moved = await moveOrderStatus(orders, { number: Number(numberText) }, status, { trackingUrl: values.tracking, now: new Date() });
    if (!moved.ok) {
      console.error(`Order ${numberText}: ${moved.error}`);
      return 1;
    }
    console.log(`Order ${numberText} is ${moved.to} (was ${moved.from}).`);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
