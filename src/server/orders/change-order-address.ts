/**
 * Changing an order's shipping address before it ships: the address is checked as at checkout and the order
 * re-taxed at the new address's rate. A lower tax is refunded (order-refunds.ts); a higher one is refused, as
 * charging a card again needs the shopper present (3-D Secure, a new authorization) and a shop that ships
 * there can ask them to order again. The country stays the order's: its shipping method was priced for it.
 * The shopper is e-mailed the new address (and any tax refunded) from the same transaction.
 */
import type { CartAddress } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_ADDRESS_CHANGE_PATH } from '../../shared/order.ts';
import { validateAddress } from '../addresses/validate-address.ts';
import { salesTax } from '../pricing/sales-tax.ts';
import { taxRatesOf } from '../pricing/tax-rates.ts';
import { fromCents } from '../../shared/money.ts';
import { refusal, type Refusal } from '../refusal.ts';
import type { OrderContext } from './order-context.ts';
import { writeOrderMail } from './order-mail.ts';
import { addOrderEvent } from './order-payments.ts';
import { NO_REFUNDS, refundOrderPayments, settleRefunds, type PendingRefunds } from './order-refunds.ts';
import { canChangeAddress } from './order-view.ts';

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.body.error);
  }
}

export async function changeOrderAddress(
  ctx: OrderContext,
  orderId: string,
  address: CartAddress,
  now: Date,
): Promise<Refusal | null> {
  const checked = validateAddress(address);
  if (!checked.ok) {
    const fields = Object.fromEntries(
      Object.entries(checked.errors).map(([field, message]) => [`shipping_address.${field}`, message]),
    );
    return refusal(422, MESSAGES.correctTheErrors, { fields });
  }
  const newAddress: CartAddress = { ...address, ...checked.address };
  let changedAddress: { refunds: PendingRefunds; mail: string };
  try {
    changedAddress = await ctx.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (!order || !canChangeAddress(order))
        throw new Refused(
          refusal(409, MESSAGES.orderAddressChangeUnavailable, { redirect: FAILED_ADDRESS_CHANGE_PATH }),
        );
      const current = JSON.parse(order.shipping_address) as Partial<CartAddress>;
      if ((current.country ?? '') !== newAddress.country)
        throw new Refused(refusal(422, MESSAGES.orderAddressOtherCountry));
      const lines = await trx
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('line_number')
        .execute();
      const tax = salesTax({
        items: lines.map((line) => ({
          item_price: fromCents(line.item_price_cents),
          qty: line.qty,
          discount_amount: fromCents(line.discount_cents),
          maxQty: line.qty,
        })),
        shippingCents: order.shipping_cents,
        address: newAddress,
        rates: await taxRatesOf(trx, newAddress.country),
      });
      if (tax.taxCents > order.tax_cents) throw new Refused(refusal(422, MESSAGES.orderAddressRaisesTax));
      const changed = await trx
        .updateTable('orders')
        .set({
          shipping_address: JSON.stringify(newAddress),
          tax_cents: tax.taxCents,
          shipping_tax_cents: tax.shippingTaxCents,
          total_cents: order.total_cents - (order.tax_cents - tax.taxCents),
          updated_at: now.toISOString(),
        })
        .where('id', '=', orderId)
        .where('status', '=', order.status)
        .returning('id')
        .executeTakeFirst();
      if (!changed)
        throw new Refused(
          refusal(409, MESSAGES.orderAddressChangeUnavailable, { redirect: FAILED_ADDRESS_CHANGE_PATH }),
        );
      for (const [index, line] of lines.entries()) {
        await trx
          .updateTable('order_lines')
          .set({ tax_cents: tax.lineTaxCents[index] ?? 0 })
          .where('order_id', '=', orderId)
          .where('line_number', '=', line.line_number)
          .execute();
      }
      const lowered = order.tax_cents - tax.taxCents;
      await addOrderEvent(
        trx,
        orderId,
        'address_changed',
        { region: newAddress.region, tax_refunded_cents: lowered },
        now,
      );
      const refunds = lowered > 0 ? await refundOrderPayments(trx, orderId, lowered, 'tax', now) : NO_REFUNDS;
      return { refunds, mail: await writeOrderMail(ctx, trx, orderId, 'order-address-changed', now) };
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  await settleRefunds(ctx, changedAddress.refunds);
  await ctx.mailer.deliver([changedAddress.mail]);
  return null;
}
