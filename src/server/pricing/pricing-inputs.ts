import { shippingCountry } from '../../shared/cart.ts';
import type { Db } from '../db/database.ts';
import { loadSkuRecords } from './bag-skus.ts';
import {
  giftCardCodes,
  requestedPromoCodes,
  requestedSkus,
  type CartPricingRequest,
  type GiftCardBalance,
  type PricingInputs,
  type ShippingRate,
} from './price-cart.ts';
import { anyPromoLive, findPromoCodes } from './promo-codes.ts';
import { taxRatesOf } from './tax-rates.ts';

async function loadShippingRates(db: Db): Promise<ShippingRate[]> {
  const rows = await db.selectFrom('ship_methods').selectAll().orderBy('position').execute();
  return rows.map(({ code, name, price_cents, free_over_cents, countries }) => ({
    code,
    name,
    price_cents,
    free_over_cents,
    countries: JSON.parse(countries) as string[],
  }));
}

async function loadStoreCreditCents(db: Db, customerId: string | null): Promise<number> {
  if (customerId === null) return 0;
  const customer = await db.selectFrom('customers').select('store_credit_cents').where('id', '=', customerId).executeTakeFirst();
  return customer?.store_credit_cents ?? 0;
}

async function loadGiftCards(db: Db, codes: readonly string[]): Promise<GiftCardBalance[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('gift_cards').select(['code', 'balance_cents']).where('code', 'in', codes).orderBy('code').execute();
}

/**
 * Reads what priceCart needs to price this request: its skus (with the gifts of the promos it names), those
 * promos, the shipping methods, the shopper's store credit, its gift cards, whether any promo is live and the
 * sales tax rates of the shipping country.
 * db may be a transaction (a Kysely Transaction is a Kysely), so checkout reads and prices the bag inside
 * the transaction that writes its order.
 */
export async function loadPricingInputs(db: Db, request: CartPricingRequest, customerId: string | null): Promise<PricingInputs> {
  const [promoCodes, shippingRates, storeCreditCents, giftCards, promoLive, taxRates] = await Promise.all([
    findPromoCodes(db, requestedPromoCodes(request)),
    loadShippingRates(db),
    loadStoreCreditCents(db, customerId),
    loadGiftCards(db, giftCardCodes(request.cart)),
    anyPromoLive(db, request.now),
    taxRatesOf(db, shippingCountry(request.cart)),
  ]);
  const gifts = promoCodes.flatMap((promo) => (promo.gift_sku ? [promo.gift_sku] : []));
  const skus = await loadSkuRecords(db, [...requestedSkus(request), ...gifts]);
  return { skus, promoCodes, shippingRates, storeCreditCents, giftCards, promoLive, taxRates };
}
