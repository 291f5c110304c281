import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart } from '../../shared/cart.ts';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { createTestDatabase, DEMO_NOW, testMediaStore, type TestDatabase } from '../test-support.ts';
import { priceCart, type CartPricingRequest } from './price-cart.ts';
import { loadPricingInputs } from './pricing-inputs.ts';
import { testCartLine } from './test-cart-line.ts';

describe('loadPricingInputs', () => {
  let database: TestDatabase;
  /** Three skus in stock: one in the bag, one in its link, one the TAKE5 code gives. */
  let skus: { inBag: string; linked: string; gift: string };
  let card: { code: string; balance_cents: number };
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await loadDemoStore(db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 30,
      now: DEMO_NOW,
    });
    const rows = await db.selectFrom('skus').select('sku').where('qty', '>', 5).orderBy('sku').limit(3).execute();
    const [inBag, linked, gift] = rows.map((row) => row.sku);
    if (!inBag || !linked || !gift) throw new Error('the demo store has too few skus in stock');
    skus = { inBag, linked, gift };
    await db.updateTable('promo_codes').set({ gift_sku: gift }).where('code', '=', 'TAKE5').execute();
    card = await db
      .selectFrom('gift_cards')
      .select(['code', 'balance_cents'])
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
    customerId = customer.id;
    await db.updateTable('customers').set({ store_credit_cents: 1234 }).where('id', '=', customerId).execute();
  });
  afterAll(() => database.close());

  const pricing = (): CartPricingRequest => ({
    cart: {
      ...emptyCart(),
      items: [testCartLine(skus.inBag, 1)],
      promo_code_id: 'promo-welcome10',
      gift_card_payment_items: [
        { code: card.code.toLowerCase(), amount: 0 },
        { code: 'AAAA-BBBB', amount: 0 },
      ],
    },
    code: 'TAKE5',
    link: { items: [{ sku: skus.linked, qty: 1 }], promo: null, unreadable: false },
    now: DEMO_NOW,
  });

  it('reads what the request names: its skus with its promos’ gifts, its promos, its gift cards, the shopper’s credit and the shipping country’s tax rates', async () => {
    const { db } = database;
    const inputs = await loadPricingInputs(db, pricing(), customerId);
    expect(inputs.skus.map((record) => record.sku).sort()).toEqual([skus.inBag, skus.linked, skus.gift].sort());
    const stored = await db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .select([
        'skus.qty',
        'products.price_cents',
        'products.sale_price_cents',
        'products.subcategory',
        'products.max_cart_qty',
      ])
      .where('skus.sku', '=', skus.inBag)
      .executeTakeFirstOrThrow();
    expect(inputs.skus.find((record) => record.sku === skus.inBag)).toMatchObject(stored);
    expect(inputs.promoCodes.map((promo) => promo.code).sort()).toEqual(['TAKE5', 'WELCOME10']);
    expect(inputs.giftCards).toEqual([card]);
    expect(inputs.storeCreditCents).toBe(1234);
    expect(inputs.promoLive).toBe(true);
    const methods = await db.selectFrom('ship_methods').select(['code', 'countries']).orderBy('position').execute();
    expect(inputs.shippingRates.map((rate) => [rate.code, rate.countries])).toEqual(
      methods.map((method) => [method.code, JSON.parse(method.countries)]),
    );

    expect(inputs.taxRates.map((rate) => `${rate.country}-${rate.region}`).sort()).toEqual([
      'US-CA',
      'US-NY',
      'US-TX',
      'US-WA',
    ]);

    expect((await loadPricingInputs(db, pricing(), null)).storeCreditCents).toBe(0);
  });

  it('reads inside a transaction, so an order can price the bag as its own writes left it', async () => {
    const { db } = database;
    const rolledBack = new Error('the order was not placed');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('skus').set({ qty: 2 }).where('sku', '=', skus.inBag).execute();
        const inputs = await loadPricingInputs(trx, pricing(), customerId);
        expect(inputs.skus.find((record) => record.sku === skus.inBag)?.qty).toBe(2);
        const priced = priceCart({ ...pricing(), code: null }, inputs);
        expect(
          priced.ok ? priced.response.updatedCart.items.map((item) => [item.sku, item.maxQty]) : priced.error,
        ).toContainEqual([skus.inBag, 2]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const after = await loadPricingInputs(db, pricing(), customerId);
    expect(after.skus.find((record) => record.sku === skus.inBag)?.qty).toBeGreaterThan(5);
  });
});
