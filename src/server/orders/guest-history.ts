/**
 * A shopper's guest history joins their account once its address is confirmed: the orders and gift card
 * purchases made as a guest with that e-mail (and the cards bought in them) become the customer's. Never
 * before confirmation, since anyone can create an account with someone else's address; an order a guest made
 * stays reachable by its link and the order lookup all along.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface JoinedHistory {
  orders: number;
  giftCardPurchases: number;
}

export async function joinGuestHistory(
  trx: Transaction<Database>,
  customerId: string,
  email: string,
): Promise<JoinedHistory> {
  const address = email.trim().toLowerCase();
  const orders = await trx
    .updateTable('orders')
    .set({ customer_id: customerId })
    .where('customer_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .executeTakeFirst();
  const purchases = await trx
    .updateTable('gift_card_purchases')
    .set({ customer_id: customerId })
    .where('customer_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .returning('id')
    .execute();
  if (purchases.length > 0) {
    await trx
      .updateTable('gift_cards')
      .set({ purchaser_customer_id: customerId })
      .where('purchaser_customer_id', 'is', null)
      .where(
        'purchase_id',
        'in',
        purchases.map((purchase) => purchase.id),
      )
      .execute();
  }
  return { orders: Number(orders.numUpdatedRows), giftCardPurchases: purchases.length };
}
