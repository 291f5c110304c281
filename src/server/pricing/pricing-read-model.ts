/**
 * The pricing read model: what the bag's refresh (get-cart) prices from, kept in memory so a priced bag reads
 * one row instead of six queries. Before each bag it reads the two change counters in one query, and drops what
 * changed since: the skus of each product the product change feed names (catalogue/product-changes.ts), and
 * every promo code, shipping method and tax rate when the pricing change counter moved (migration 014). So a
 * bag priced after a change was committed, by any process, sees it. Orders never read it: they price inside
 * their transaction from the database (loadPricingInputs with its default source).
 */
import type { Db } from '../db/database.ts';
import { readProductChanges } from '../catalogue/product-changes.ts';
import { loadSkuRecords, type SkuRecord } from './bag-skus.ts';
import type { ShippingRate } from './price-cart.ts';
import { databasePricingSource, loadShippingRates, type PricingSource } from './pricing-inputs.ts';
import { findPromoCodes, promoLiveUntil, type PromoCode } from './promo-codes.ts';
import type { TaxRate } from './sales-tax.ts';
import { listTaxRates } from './tax-rates.ts';

/** Skus kept at most, first kept first dropped: about 10 MB. */
export const MAX_KEPT_SKUS = 20_000;
/** Promo codes kept at most, those that do not exist included (a shopper may type any code). */
export const MAX_KEPT_PROMO_CODES = 5_000;
/** Product changes read when catching up; after a longer backlog every kept sku is dropped instead. */
const MAX_CHANGES_READ = 1_000;

/** The change counters as one read saw them. */
interface Counters {
  products: number;
  pricing: number;
}

/** What promoLive answered, from the moment it was read until the next start or end of a usable code. */
interface PromoLiveAnswer {
  live: boolean;
  from: string;
  until: string | null;
}

const bySku = (a: SkuRecord, b: SkuRecord) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
const byId = (a: PromoCode, b: PromoCode) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class PricingReadModel {
  /** The counters the kept data is up to date with; null until the first read. */
  private seen: Counters | null = null;
  private readonly skus = new Map<string, SkuRecord>();
  private readonly skusOfProduct = new Map<string, Set<string>>();
  /** By normalized code; null for a code that does not exist. */
  private readonly promoCodes = new Map<string, PromoCode | null>();
  private shippingRates: readonly ShippingRate[] | null = null;
  private taxRates: ReadonlyMap<string, readonly TaxRate[]> | null = null;
  private promoLive: PromoLiveAnswer | null = null;
  private readonly countersQuery;

  constructor(private readonly db: Db) {
    // Compiled once: it runs before every priced bag.
    this.countersQuery = db
      .selectFrom(['product_change_counter as products', 'pricing_change_counter as pricing'])
      .select(['products.seq as products_seq', 'pricing.seq as pricing_seq'])
      .where('products.id', '=', 1)
      .where('pricing.id', '=', 1)
      .compile();
  }

  /** The model brought up to every change committed before this call: the source to price one bag from. */
  async current(): Promise<PricingSource> {
    const { rows } = await this.db.executeQuery(this.countersQuery);
    const row = rows[0];
    if (!row) throw new Error('The change counters are missing');
    const read: Counters = { products: Number(row.products_seq), pricing: Number(row.pricing_seq) };
    await this.catchUp(read);
    return this.sourceAt(read);
  }

  private async catchUp(read: Counters): Promise<void> {
    const before = this.seen;
    if (before === null) {
      this.seen = read;
      return;
    }
    const changes =
      read.products > before.products ? await readProductChanges(this.db, before.products, MAX_CHANGES_READ) : [];
    // Another bag may have caught up meanwhile: only what is still news is applied, and the counters never go back.
    const seen = this.seen ?? before;
    if (read.pricing > seen.pricing) {
      this.promoCodes.clear();
      this.shippingRates = null;
      this.taxRates = null;
      this.promoLive = null;
    }
    if (read.products > seen.products) {
      // Numbers have no gaps: fewer changes than numbers means the feed was pruned past them, or the backlog is long.
      const news = changes.filter((change) => change.seq > before.products && change.seq <= read.products);
      const complete = news.length === read.products - before.products;
      if (!complete || news.some((change) => change.product_id === null)) this.dropSkus();
      else for (const { product_id } of news) if (product_id !== null) this.dropSkusOf(product_id);
    }
    this.seen = { products: Math.max(seen.products, read.products), pricing: Math.max(seen.pricing, read.pricing) };
  }

  private dropSkus(): void {
    this.skus.clear();
    this.skusOfProduct.clear();
  }

  private dropSkusOf(productId: string): void {
    for (const sku of this.skusOfProduct.get(productId) ?? []) this.skus.delete(sku);
    this.skusOfProduct.delete(productId);
  }

  private keepSku(record: SkuRecord): void {
    if (this.skus.size >= MAX_KEPT_SKUS) {
      const oldest = this.skus.values().next().value;
      if (oldest) {
        this.skus.delete(oldest.sku);
        this.skusOfProduct.get(oldest.product_id)?.delete(oldest.sku);
      }
    }
    this.skus.set(record.sku, record);
    const ofProduct = this.skusOfProduct.get(record.product_id);
    if (ofProduct) ofProduct.add(record.sku);
    else this.skusOfProduct.set(record.product_id, new Set([record.sku]));
  }

  private keepPromoCode(code: string, promo: PromoCode | null): void {
    if (this.promoCodes.size >= MAX_KEPT_PROMO_CODES) this.promoCodes.clear();
    this.promoCodes.set(code, promo);
  }

  /**
   * A source that answers from what is kept and reads the rest from the database. What it reads is kept only
   * while the model has seen no change after `read`, since a change committed meanwhile may not be in it.
   */
  private sourceAt(read: Counters): PricingSource {
    const productsUnchanged = () => this.seen?.products === read.products;
    const pricingUnchanged = () => this.seen?.pricing === read.pricing;
    const fromDatabase = databasePricingSource(this.db);
    return {
      skuRecords: async (skus) => {
        const kept: SkuRecord[] = [];
        const missing: string[] = [];
        for (const sku of new Set(skus)) {
          const record = this.skus.get(sku);
          if (record) kept.push(record);
          else missing.push(sku);
        }
        if (missing.length === 0) return kept.sort(bySku);
        const loaded = await loadSkuRecords(this.db, missing);
        if (productsUnchanged()) for (const record of loaded) this.keepSku(record);
        return [...kept, ...loaded].sort(bySku);
      },
      promoCodes: async (by) => {
        // A bag that kept only its promo's id is rare (bags before codes were kept): read it from the database.
        if (by.ids.length > 0) return fromDatabase.promoCodes(by);
        const kept: PromoCode[] = [];
        const missing: string[] = [];
        for (const code of new Set(by.codes)) {
          const promo = this.promoCodes.get(code);
          if (promo === undefined) missing.push(code);
          else if (promo) kept.push(promo);
        }
        if (missing.length === 0) return kept.sort(byId);
        const loaded = await findPromoCodes(this.db, { codes: missing, ids: [] });
        if (pricingUnchanged())
          for (const code of missing) this.keepPromoCode(code, loaded.find((promo) => promo.code === code) ?? null);
        return [...kept, ...loaded].sort(byId);
      },
      shippingRates: async () => {
        if (this.shippingRates) return this.shippingRates;
        const rates = await loadShippingRates(this.db);
        if (pricingUnchanged()) this.shippingRates = rates;
        return rates;
      },
      promoLive: async (now) => {
        const iso = now.toISOString();
        const answer = this.promoLive;
        if (answer && answer.from <= iso && (answer.until === null || iso < answer.until)) return answer.live;
        const { live, until } = await promoLiveUntil(this.db, now);
        if (pricingUnchanged()) this.promoLive = { live, from: iso, until };
        return live;
      },
      taxRatesOf: async (country) => {
        let rates = this.taxRates;
        if (!rates) {
          rates = groupByCountry(await listTaxRates(this.db));
          if (pricingUnchanged()) this.taxRates = rates;
        }
        return rates.get(country.trim().toUpperCase()) ?? [];
      },
    };
  }
}

function groupByCountry(rates: readonly TaxRate[]): Map<string, TaxRate[]> {
  const byCountry = new Map<string, TaxRate[]>();
  for (const rate of rates) {
    const ofCountry = byCountry.get(rate.country);
    if (ofCountry) ofCountry.push(rate);
    else byCountry.set(rate.country, [rate]);
  }
  return byCountry;
}
