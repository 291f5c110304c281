/**
 * The Stripe Customer of each account that saved a card with Stripe (docs/decisions/032-checkout-from-the-account.md):
 * Stripe attaches a card saved at checkout to it, and a saved card pays again only through it.
 */
import type { Db } from '../db/database.ts';

export interface StripeCustomers {
  /** The Stripe Customer id of the shop's customer, or null while none was made. */
  find(customerId: string): Promise<string | null>;
  /** Keeps the id unless the customer has one already, and answers the one kept: two first saves at once agree. */
  keep(customerId: string, stripeCustomerId: string, now: Date): Promise<string>;
}

/** The shop's database as the place the Stripe Customers are kept. */
export function stripeCustomersIn(db: Db): StripeCustomers {
  const find = async (customerId: string) =>
    (
      await db
        .selectFrom('stripe_customers')
        .select('stripe_customer_id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst()
    )?.stripe_customer_id ?? null;
  return {
    find,
    async keep(customerId, stripeCustomerId, now) {
      await db
        .insertInto('stripe_customers')
        .values({ customer_id: customerId, stripe_customer_id: stripeCustomerId, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column('customer_id').doNothing())
        .execute();
      return (await find(customerId)) ?? stripeCustomerId;
    },
  };
}
