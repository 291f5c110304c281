/**
 * The account area's data: the signed-in customer's orders, addresses and wallet. Every query is scoped by
 * the session's customer id, never by an id from the browser alone, so another customer's address or card
 * answers "not found" exactly as an id that does not exist.
 */
import { randomUUID } from 'node:crypto';
import {
  isOwnGiftCard,
  type AccountAddress,
  type AccountOrder,
  type AccountWallet,
} from '../../shared/account-area.ts';
import { fromCents } from '../../shared/money.ts';
import { orderPagePath } from '../../shared/order.ts';
import { validateAddress, type AddressFieldErrors, type AddressInput } from '../addresses/validate-address.ts';
import type { Db } from '../db/database.ts';
import type { Selectable } from 'kysely';
import type { AddressTable } from '../db/schema.ts';
import { orderHash } from '../orders/order-links.ts';
import { orderTotalCents } from '../orders/order-view.ts';

/** The customer's orders, newest first; each total is the one its page and e-mails show (orderTotalCents). */
export async function listOrders(db: Db, orderLinkSecret: string, customerId: string): Promise<AccountOrder[]> {
  const columns = [
    'orders.id',
    'orders.number',
    'orders.status',
    'orders.created_at',
    'orders.subtotal_cents',
    'orders.discount_cents',
    'orders.shipping_cents',
    'orders.tax_cents',
  ] as const;
  const rows = await db
    .selectFrom('orders')
    .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select((eb) => [...columns, eb.fn.coalesce(eb.fn.sum<number>('order_lines.qty'), eb.lit(0)).as('item_count')])
    .where('orders.customer_id', '=', customerId)
    .groupBy([...columns])
    .orderBy('orders.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: row.created_at,
    total: fromCents(orderTotalCents(row)),
    item_count: Number(row.item_count),
    url: orderPagePath(row.id, orderHash(orderLinkSecret, row.id)),
  }));
}

const addressOf = (row: Selectable<AddressTable>): AccountAddress => ({
  _id: row.id,
  country: row.country,
  first_name: row.first_name,
  last_name: row.last_name,
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  region: row.region,
  postcode: row.postcode,
  phone: row.phone,
  is_validated: row.is_validated === 1,
  is_default_shipping: row.is_default === 1,
  is_default_billing: row.is_default_billing === 1,
});

export async function listAddresses(db: Db, customerId: string): Promise<AccountAddress[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(addressOf);
}

export interface AddressChange {
  address: AddressInput;
  is_validated: boolean;
  /** Unset: left as it is (a new address becomes the default when the customer has none). */
  is_default_shipping?: boolean | undefined;
  is_default_billing?: boolean | undefined;
}

export type AddressRefusal = { status: 404 } | { status: 422; errors: AddressFieldErrors };

/** Adds an address (id null) or changes one of the customer's; a default moves from the customer's other addresses. */
export async function saveAddress(
  db: Db,
  customerId: string,
  id: string | null,
  change: AddressChange,
): Promise<AddressRefusal | AccountAddress> {
  const checked = validateAddress(change.address);
  if (!checked.ok) return { status: 422, errors: checked.errors };
  return db.transaction().execute(async (trx) => {
    const existing = id
      ? await trx
          .selectFrom('addresses')
          .selectAll()
          .where('id', '=', id)
          .where('customer_id', '=', customerId)
          .executeTakeFirst()
      : undefined;
    if (id && !existing) return { status: 404 } as const;
    const others = await trx
      .selectFrom('addresses')
      .select(['is_default', 'is_default_billing'])
      .where('customer_id', '=', customerId)
      .execute();
    const flag = (wanted: boolean | undefined, current: 0 | 1 | undefined, noneYet: boolean): 0 | 1 =>
      wanted === undefined ? (current ?? (noneYet ? 1 : 0)) : wanted ? 1 : 0;
    const isDefault = flag(
      change.is_default_shipping,
      existing?.is_default,
      !others.some((row) => row.is_default === 1),
    );
    const isDefaultBilling = flag(
      change.is_default_billing,
      existing?.is_default_billing,
      !others.some((row) => row.is_default_billing === 1),
    );
    if (isDefault)
      await trx.updateTable('addresses').set({ is_default: 0 }).where('customer_id', '=', customerId).execute();
    if (isDefaultBilling)
      await trx.updateTable('addresses').set({ is_default_billing: 0 }).where('customer_id', '=', customerId).execute();
    const values = {
      ...checked.address,
      is_validated: change.is_validated ? 1 : 0,
      is_default: isDefault,
      is_default_billing: isDefaultBilling,
    } as const;
    const addressId = existing?.id ?? randomUUID();
    if (existing) {
      await trx
        .updateTable('addresses')
        .set(values)
        .where('id', '=', addressId)
        .where('customer_id', '=', customerId)
        .execute();
    } else {
      await trx
        .insertInto('addresses')
        .values({ id: addressId, customer_id: customerId, ...values })
        .execute();
    }
    return addressOf(
      await trx.selectFrom('addresses').selectAll().where('id', '=', addressId).executeTakeFirstOrThrow(),
    );
  });
}

/** Removes one of the customer's addresses; false when the customer has no address of that id. */
export async function deleteAddress(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('addresses')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function readWallet(db: Db, customerId: string): Promise<AccountWallet> {
  const [cards, customer, credit, giftCards] = await Promise.all([
    db
      .selectFrom('saved_cards')
      .select(['id', 'brand', 'last4', 'exp_month', 'exp_year'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('customers')
      .select(['store_credit_cents', 'email'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('store_credit_entries')
      .select(['amount_cents', 'reason', 'order_id', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('gift_cards')
      .select(['id', 'code', 'initial_cents', 'balance_cents', 'recipient_email', 'created_at'])
      .where('purchaser_customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    cards,
    store_credit: {
      balance: fromCents(customer.store_credit_cents),
      history: credit.map((entry) => ({
        amount: fromCents(entry.amount_cents),
        reason: entry.reason,
        order_id: entry.order_id,
        created_at: entry.created_at,
      })),
    },
    // Only the last four characters of a code: the code itself spends the card.
    gift_cards: giftCards.map((card) => ({
      id: card.id,
      last4: card.code.slice(-4),
      initial: fromCents(card.initial_cents),
      balance: fromCents(card.balance_cents),
      recipient_email: card.recipient_email,
      owned: isOwnGiftCard(card.recipient_email, customer.email),
      created_at: card.created_at,
    })),
  };
}
