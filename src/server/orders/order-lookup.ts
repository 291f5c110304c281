/**
 * The order lookup (/order/): an order number and an e-mail. The answer is the same whether or not an order
 * matches, so the lookup tells nobody which orders exist; when one does, its link is e-mailed to its address.
 * Lookups are limited per client address and per e-mail, counted in the database.
 */
import { MESSAGES } from '../../shared/messages.ts';
import { refusal, type Refusal } from '../refusal.ts';
import type { OrderContext } from './order-context.ts';
import { orderLinkMail } from './order-mail.ts';
import { withinRateLimits } from '../rate-limits/rate-limits.ts';

export const LOOKUP_WINDOW_MS = 15 * 60_000;
export const LOOKUPS_PER_ADDRESS = 20;
export const LOOKUPS_PER_EMAIL = 5;

export async function lookUpOrder(
  ctx: OrderContext,
  request: { number: number; email: string; clientAddress: string },
  now: Date,
): Promise<Refusal | { message: string }> {
  const email = request.email.trim().toLowerCase();
  const within = await withinRateLimits(
    ctx.db,
    [
      { kind: 'lookup-ip', subject: request.clientAddress, max: LOOKUPS_PER_ADDRESS, windowMs: LOOKUP_WINDOW_MS },
      { kind: 'lookup-email', subject: email, max: LOOKUPS_PER_EMAIL, windowMs: LOOKUP_WINDOW_MS },
    ],
    now,
  );
  if (!within) return refusal(429, MESSAGES.orderLookupTooMany);
  const order = await ctx.db
    .selectFrom('orders')
    .select(['id', 'number', 'email'])
    .where('number', '=', request.number)
    .executeTakeFirst();
  if (order && order.email.trim().toLowerCase() === email) {
    const config = await ctx.db.selectFrom('website_config').select('site_name').where('id', '=', 1).executeTakeFirst();
    const mail = orderLinkMail({
      publicUrl: ctx.publicUrl,
      secret: ctx.orderLinkSecret,
      siteName: config?.site_name ?? '',
      order,
    });
    const outboxId = await ctx.mailer.enqueue(ctx.db, mail, now);
    await ctx.mailer.deliver([outboxId]);
  }
  return { message: MESSAGES.orderLookupSent };
}
