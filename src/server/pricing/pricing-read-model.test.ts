import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyCart } from '../../shared/cart.ts';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { pruneProductChanges, recordCatalogueChange, recordProductChanges } from '../catalogue/product-changes.ts';
import { createTestDatabase, DEMO_NOW, testMediaStore, type TestDatabase } from '../test-support.ts';
import type { CartPricingRequest } from './price-cart.ts';
import { loadPricingInputs } from './pricing-inputs.ts';
import { PricingReadModel } from './pricing-read-model.ts';
import { saveTaxRate } from './tax-rates.ts';
import { testCartLine } from './test-cart-line.ts';

describe('PricingReadModel', () => {
  let database: TestDatabase;
  /** Two skus of different products. */
  let first: { sku: string; productId: string };
  let second: { sku: string; productId: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await loadDemoStore(db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 30,
      now: DEMO_NOW,
    });
    const rows = await db
      .selectFrom('skus')
      .select(['sku', 'product_id'])
      .where('qty', '>', 5)
      .orderBy('product_id')
      .orderBy('sku')
      .execute();
    const [a, b] = [rows[0], rows.find((row) => row.product_id !== rows[0]?.product_id)];
    if (!a || !b) throw new Error('the demo store has too few skus in stock');
    first = { sku: a.sku, productId: a.product_id };
    second = { sku: b.sku, productId: b.product_id };
  });
  afterAll(() => database.close());

  let model: PricingReadModel;
  beforeEach(() => {
    model = new PricingReadModel(database.db);
  });

  /** A write that records no change, which writers of product data must not do: what the model kept still shows. */
  const setPriceUnrecorded = (productId: string, cents: number) =>
    database.db
      .updateTable('products')
      .set({ price_cents: cents, sale_price_cents: null })
      .where('id', '=', productId)
      .execute();
  const setPriceRecorded = (productId: string, cents: number) =>
    database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ price_cents: cents, sale_price_cents: null })
        .where('id', '=', productId)
        .execute();
      await recordProductChanges(trx, [productId]);
    });
  const priceOf = async (sku: string) => (await (await model.current()).skuRecords([sku]))[0]?.price_cents;

  it('answers what the database answers', async () => {
    const request: CartPricingRequest = {
      cart: {
        ...emptyCart(),
        items: [testCartLine(first.sku, 1)],
        promo_code_code: 'welcome10',
        shipping_address: { ...emptyCart().shipping_address, region: 'CA' },
      },
      code: 'TAKE5',
      link: { items: [{ sku: second.sku, qty: 1 }], promo: 'NOPE', unreadable: false },
      now: DEMO_NOW,
    };
    const fromDatabase = await loadPricingInputs(database.db, request, null);
    for (let round = 0; round < 2; round++) {
      expect(await loadPricingInputs(database.db, request, null, await model.current())).toEqual(fromDatabase);
    }
  });

  it('keeps what it read, and drops the skus of a product the change feed names, and only those', async () => {
    await setPriceRecorded(first.productId, 1000);
    await setPriceRecorded(second.productId, 2000);
    expect(await priceOf(first.sku)).toBe(1000);
    expect(await priceOf(second.sku)).toBe(2000);

    await setPriceUnrecorded(second.productId, 2100);
    expect(await priceOf(second.sku)).toBe(2000);

    await setPriceRecorded(first.productId, 1100);
    expect(await priceOf(first.sku)).toBe(1100);
    expect(await priceOf(second.sku)).toBe(2000);
  });

  it('drops every sku on a change of the whole catalogue, or when the feed was pruned past what it saw', async () => {
    await setPriceRecorded(first.productId, 1000);
    expect(await priceOf(first.sku)).toBe(1000);
    await setPriceUnrecorded(first.productId, 1200);
    await database.db.transaction().execute((trx) => recordCatalogueChange(trx));
    expect(await priceOf(first.sku)).toBe(1200);

    await setPriceUnrecorded(first.productId, 1300);
    await setPriceRecorded(second.productId, 2000);
    await pruneProductChanges(database.db, new Date(Date.now() + 60_000));
    expect(await priceOf(first.sku)).toBe(1300);
  });

  it('does not keep what a bag read while a change it had not seen was committed', async () => {
    await setPriceRecorded(first.productId, 1000);
    const earlier = await model.current();
    await setPriceRecorded(first.productId, 1100);
    await model.current();
    expect((await earlier.skuRecords([first.sku]))[0]?.price_cents).toBe(1100);
    await setPriceUnrecorded(first.productId, 1200);
    expect(await priceOf(first.sku)).toBe(1200);
  });

  it('sees every change of promo codes, shipping methods and tax rates, however written', async () => {
    const source = await model.current();
    const welcome = async () =>
      (await (await model.current()).promoCodes({ codes: ['WELCOME10'], ids: [] }))[0]?.active;
    const standard = async () =>
      (await (await model.current()).shippingRates()).find((rate) => rate.code === 'standard')?.price_cents;
    const california = async () =>
      (await (await model.current()).taxRatesOf('us')).find((rate) => rate.region === 'CA')?.ratePpm;
    expect(await source.promoCodes({ codes: ['NO-SUCH-CODE'], ids: [] })).toEqual([]);
    expect(await welcome()).toBe(1);
    expect(await standard()).toBe(595);
    expect(await california()).toBe(72_500);

    await database.db.updateTable('promo_codes').set({ active: 0 }).where('code', '=', 'WELCOME10').execute();
    expect(await welcome()).toBe(0);
    await database.db.updateTable('ship_methods').set({ price_cents: 695 }).where('code', '=', 'standard').execute();
    expect(await standard()).toBe(695);
    await saveTaxRate(
      database.db,
      { country: 'US', region: 'CA', name: 'California sales tax', ratePpm: 80_000, taxShipping: false },
      DEMO_NOW,
    );
    expect(await california()).toBe(80_000);
    await database.db
      .insertInto('promo_codes')
      .values({
        id: 'promo-new',
        code: 'NO-SUCH-CODE',
        kind: 'percent',
        value: 5,
        min_subtotal_cents: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        used_count: 0,
        active: 1,
        gift_sku: null,
      })
      .execute();
    expect(
      (await (await model.current()).promoCodes({ codes: ['NO-SUCH-CODE'], ids: [] })).map((promo) => promo.id),
    ).toEqual(['promo-new']);
  });

  it('knows whether a promo code is live by the clock, from one code’s start to another’s end', async () => {
    const { db } = database;
    await db.updateTable('promo_codes').set({ active: 0 }).execute();
    await db
      .updateTable('promo_codes')
      .set({ active: 1, starts_at: '2030-01-01T00:00:00.000Z', ends_at: '2030-02-01T00:00:00.000Z' })
      .where('code', '=', 'TAKE5')
      .execute();
    const liveAt = async (iso: string) => (await model.current()).promoLive(new Date(iso));
    expect(await liveAt('2029-12-31T23:59:59.999Z')).toBe(false);
    expect(await liveAt('2030-01-01T00:00:00.000Z')).toBe(true);
    expect(await liveAt('2030-01-31T23:59:59.999Z')).toBe(true);
    expect(await liveAt('2030-02-01T00:00:00.000Z')).toBe(false);
    expect(await liveAt('2029-06-01T00:00:00.000Z')).toBe(false);
  });
});
