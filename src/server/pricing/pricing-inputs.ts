import { shippingCountry } from '../../shared/cart.ts';
import type { Db } from '../db/database.ts';
import { loadSkuRecords, type SkuRecord } from './bag-skus.ts';
import {
  giftCardCodes,
  requestedPromoCodes,
  requestedSkus,
  type CartPricingRequest,
  type GiftCardBalance,
  type PricingInputs,
  type ShippingRate,
} from './price-cart.ts';
import { anyPromoLive, findPromoCodes, type PromoCode } from './promo-codes.ts';
import type { TaxRate } from './sales-tax.ts';
import { taxRatesOf } from './tax-rates.ts';

/**
 * Where the pricing reads what the shop sets, the same for every bag: skus with their products, promo codes,
 * shipping methods, tax rates. The database itself for an order, which prices inside its transaction; the
 * pricing read model for the bag's refresh.
 */
export interface PricingSource {
  /** The skus named, with their products, in sku order; a sku that no longer exists is left out. */
  skuRecords(skus: readonly string[]): Promise<readonly SkuRecord[]>;
  /** The promo codes with these (normalized) codes or ids, in id order. */
  promoCodes(by: { codes: readonly string[]; ids: readonly string[] }): Promise<readonly PromoCode[]>;
  /** Every shipping method, in the shop's order. */
  shippingRates(): Promise<readonly ShippingRate[]>;
  /** Whether any promo code can be used now. */
  promoLive(now: Date): Promise<boolean>;
  /** The tax rates of a country: its own and its regions'. */
  taxRatesOf(country: string): Promise<readonly TaxRate[]>;
}

/** The pricing source that reads the database (or a transaction) at every call. */
export const databasePricingSource = (db: Db): PricingSource => ({
  skuRecords: (skus) => loadSkuRecords(db, skus),
  promoCodes: (by) => findPromoCodes(db, by),
  shippingRates: () => loadShippingRates(db),
  promoLive: (now) => anyPromoLive(db, now),
  taxRatesOf: (country) => taxRatesOf(db, country),
});

export async function loadShippingRates(db: Db): Promise<ShippingRate[]> {
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
  const customer = await db
    .selectFrom('customers')
    .select('store_credit_cents')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return customer?.store_credit_cents ?? 0;
}

async function loadGiftCards(db: Db, codes: readonly string[]): Promise<GiftCardBalance[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('gift_cards')
    .select(['code', 'balance_cents'])
    .where('code', 'in', codes)
    .orderBy('code')
    .execute();
}

/**
 * Reads what priceCart needs to price this request: its skus (with the gifts of the promos it names), those
 * promos, the shipping methods, the shopper's store credit, its gift cards, whether any promo is live and the
 * sales tax rates of the shipping country.
 * db may be a transaction (a Kysely Transaction is a Kysely), so checkout reads and prices the bag inside
 * the transaction that writes its order. The shopper's credit and gift cards always come from db; what the
 * shop sets comes from source, the database by default.
 */
export async function loadPricingInputs(
  db: Db,
  request: CartPricingRequest,
  customerId: string | null,
  source: PricingSource = databasePricingSource(db),
): Promise<PricingInputs> {
  const [promoCodes, shippingRates, storeCreditCents, giftCards, promoLive, taxRates] = await Promise.all([
    source.promoCodes(requestedPromoCodes(request)),
    source.shippingRates(),
    loadStoreCreditCents(db, customerId),
    loadGiftCards(db, giftCardCodes(request.cart)),
    source.promoLive(request.now),
    source.taxRatesOf(shippingCountry(request.cart)),
  ]);
  const gifts = promoCodes.flatMap((promo) => (promo.gift_sku ? [promo.gift_sku] : []));
  const skus = await source.skuRecords([...requestedSkus(request), ...gifts]);
  return { skus, promoCodes, shippingRates, storeCreditCents, giftCards, promoLive, taxRates };
}
