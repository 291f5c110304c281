import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetCartResponse } from '../../shared/bag-pricing.ts';
import { emptyCart, lineName, type Cart, type CartItem } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { SESSION_COOKIE, sessionIdFor } from '../accounts/sessions.ts';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import { saveTaxRate } from '../pricing/tax-rates.ts';
import { createDemoTestApp, DEMO_NOW } from '../test-support.ts';

/** Skus of products this file sets to known prices and stock, so the sums below are exact. */
interface Fixture {
  /** $20, 10 in stock. */
  plain: string;
  /** $30, on sale at $18 and final sale, 4 in stock. */
  finalSale: string;
  /** Sold out. */
  soldOut: string;
  /** $12, 40 in stock. */
  gift: string;
}

describe('POST /session-api/checkout/get-cart', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    shop = await createDemoTestApp();
    const products = await shop.db.selectFrom('products').select(['id', 'name']).orderBy('id').limit(4).execute();
    const setUp = async (
      key: keyof Fixture,
      index: number,
      product: { price: number; sale: number | null; finalSale: 0 | 1 },
      qty: number,
    ) => {
      const id = products[index]?.id ?? '';
      await shop.db
        .updateTable('products')
        .set({
          price_cents: product.price,
          sale_price_cents: product.sale,
          final_sale: product.finalSale,
          max_cart_qty: 0,
        })
        .where('id', '=', id)
        .execute();
      const sku = await shop.db
        .selectFrom('skus')
        .select('sku')
        .where('product_id', '=', id)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      await shop.db.updateTable('skus').set({ qty }).where('sku', '=', sku.sku).execute();
      fixture[key] = sku.sku;
    };
    await setUp('plain', 0, { price: 2000, sale: null, finalSale: 0 }, 10);
    await setUp('finalSale', 1, { price: 3000, sale: 1800, finalSale: 1 }, 4);
    await setUp('soldOut', 2, { price: 2500, sale: null, finalSale: 0 }, 0);
    await setUp('gift', 3, { price: 1200, sale: null, finalSale: 0 }, 40);
    await shop.db.updateTable('promo_codes').set({ gift_sku: fixture.gift }).where('code', '=', 'FREESOCKS').execute();
  });
  afterAll(() => shop.close());

  /** A line as a tampered bag might send it: prices and names are the bag's guesses, not the shop's. */
  const line = (sku: string, qty: number, lineNumber = 1): CartItem => ({
    line_number: lineNumber,
    sku,
    qty,
    item_price: 0.01,
    discount_amount: 99,
    dim_style: 'X',
    dim_name: 'Guessed name',
    dim_size: 'XXL',
    dim_category: '',
    url: '/',
    image: { url: '/media/elsewhere.svg', width: 1, height: 1 },
    maxQty: 30,
  });
  const bag = (items: CartItem[], extra: Partial<Cart> = {}): Cart => ({ ...emptyCart(), items, ...extra });

  const getCart = (body: unknown, options: { query?: string; cookie?: string } = {}) =>
    shop.app.inject({
      method: 'POST',
      url: `/session-api/checkout/get-cart${options.query ?? ''}`,
      payload: body as Record<string, unknown>,
      ...(options.cookie ? { cookies: { [SESSION_COOKIE]: options.cookie } } : {}),
    });
  const priced = async (body: unknown, options?: { query?: string; cookie?: string }) => {
    const response = await getCart(body, options);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetCartResponse>();
  };

  it('prices every line from the database and ignores the prices the bag sent', async () => {
    const result = await priced({ cart: bag([line(fixture.plain, 2, 1), line(fixture.finalSale, 1, 3)]) });
    const [plain, sale] = result.updatedCart.items;
    expect(plain).toMatchObject({
      sku: fixture.plain,
      qty: 2,
      item_price: 20,
      discount_amount: 0,
      maxQty: 10,
      line_number: 1,
    });
    const product = await shop.db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .select(['products.name', 'products.variant_name', 'products.subcategory'])
      .where('skus.sku', '=', fixture.plain)
      .executeTakeFirstOrThrow();
    expect(plain).toMatchObject({
      dim_name: lineName(product.name, product.variant_name),
      dim_category: product.subcategory,
    });
    expect(plain?.image?.url).toMatch(/^\/media\/.+/);
    expect(plain?.image?.url).not.toBe('/media/elsewhere.svg');
    expect(plain?.url).toMatch(/^\/s\/[^/]+\/[a-z0-9-]+$/);
    expect(sale).toMatchObject({ sku: fixture.finalSale, qty: 1, item_price: 18, maxQty: 4, line_number: 3 });
    expect(result.updatedCart.totals).toEqual({
      subtotal: { amount: 58 },
      discount: { amount: 0 },
      subtotal_after_discounts: { amount: 58 },
      tax: { amount: 0 },
      balance_due: { amount: 58 },
    });
    expect(result).toMatchObject({
      forceNoStock: false,
      disableCheckout: false,
      promoEnabled: true,
      added_auto_sku: null,
    });
    expect(result.processedMarketplaceRequest).toBe(false);
    expect(result.finalSalesMessage).toBe(MESSAGES.finalSaleLines(`${sale?.dim_name} ${sale?.dim_size}`));
  });

  it('offers the shipping methods of the shipping country, free over the threshold, and charges the chosen one', async () => {
    const under = await priced({ cart: bag([line(fixture.plain, 1)], { requested_ship_method: 'express' }) });
    expect(under.shippingMethods.map((m) => m.code)).toEqual(['standard', 'express', 'overnight']);
    expect(under.shippingMethods[0]).toMatchObject({ price: 5.95, regular_price: 5.95 });
    expect(under.updatedCart.requested_ship_method).toBe('express');
    expect(under.updatedCart.available_ship_methods).toEqual(under.shippingMethods);
    expect(under.updatedCart.totals.balance_due.amount).toBe(34.95);

    const over = await priced({ cart: bag([line(fixture.plain, 3)], { requested_ship_method: 'nowhere' }) });
    expect(over.updatedCart.requested_ship_method).toBe('standard');
    expect(over.shippingMethods[0]).toMatchObject({ code: 'standard', price: 0, regular_price: 5.95 });
    expect(over.updatedCart.totals.balance_due.amount).toBe(60);

    const abroad = await priced({
      cart: bag([line(fixture.plain, 1)], { shipping_address: { ...emptyCart().shipping_address, country: 'AU' } }),
    });
    expect(abroad.shippingMethods.map((m) => m.code)).toEqual(['international']);
  });

  it('adds the sales tax of the shipping state to the balance due, from the merchant’s rates', async () => {
    const shipTo = (region: string) => ({ shipping_address: { ...emptyCart().shipping_address, region } });
    // The demo taxes California at 7.25 % without shipping and New York at 4 % with it.
    const california = await priced({ cart: bag([line(fixture.plain, 1)], shipTo('CA')) });
    expect(california.updatedCart.totals).toMatchObject({ tax: { amount: 1.45 }, balance_due: { amount: 27.4 } });
    const newYork = await priced({ cart: bag([line(fixture.plain, 1)], shipTo('NY')) });
    expect(newYork.updatedCart.totals).toMatchObject({ tax: { amount: 1.04 }, balance_due: { amount: 26.99 } });
    const untaxed = await priced({ cart: bag([line(fixture.plain, 1)], shipTo('CO')) });
    expect(untaxed.updatedCart.totals).toMatchObject({ tax: { amount: 0 }, balance_due: { amount: 25.95 } });
  });

  it('prices with every change committed before it: a price, stock, a promo code, a tax rate', async () => {
    const product = await shop.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .limit(1)
      .offset(4)
      .executeTakeFirstOrThrow();
    const { sku } = await shop.db
      .selectFrom('skus')
      .select('sku')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    // As every writer of product data writes: the change recorded in the same transaction.
    const setProduct = (price: number, qty: number) =>
      shop.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('products')
          .set({ price_cents: price, sale_price_cents: null, max_cart_qty: 0 })
          .where('id', '=', product.id)
          .execute();
        await trx.updateTable('skus').set({ qty }).where('sku', '=', sku).execute();
        await recordProductChanges(trx, [product.id]);
      });
    await setProduct(2000, 10);
    const cart = bag([line(sku, 1)], {
      promo_code_code: 'WELCOME10',
      shipping_address: { ...emptyCart().shipping_address, region: 'CA' },
    });
    const before = await priced({ cart });
    expect(before.updatedCart.items[0]).toMatchObject({ item_price: 20, maxQty: 10, discount_amount: 2 });
    expect(before.updatedCart.totals.tax.amount).toBe(1.31);

    await setProduct(2200, 3);
    const repriced = await priced({ cart });
    expect(repriced.updatedCart.items[0]).toMatchObject({ item_price: 22, maxQty: 3, discount_amount: 2.2 });

    // The merchant turns the code off in the database itself, and changes California's rate with the tools.
    await shop.db.updateTable('promo_codes').set({ active: 0 }).where('code', '=', 'WELCOME10').execute();
    await saveTaxRate(
      shop.db,
      { country: 'US', region: 'CA', name: 'California sales tax', ratePpm: 100_000, taxShipping: false },
      DEMO_NOW,
    );
    const after = await priced({ cart });
    expect(after.updatedCart.promo_code_code).toBeNull();
    expect(after.messages).toContainEqual({
      type: 'info',
      text: MESSAGES.promoRemoved(MESSAGES.promoInvalid('WELCOME10')),
    });
    expect(after.updatedCart.totals).toMatchObject({ discount: { amount: 0 }, tax: { amount: 2.2 } });

    await shop.db.updateTable('promo_codes').set({ active: 1 }).where('code', '=', 'WELCOME10').execute();
    await saveTaxRate(
      shop.db,
      { country: 'US', region: 'CA', name: 'California sales tax', ratePpm: 72_500, taxShipping: false },
      DEMO_NOW,
    );
  });

  it('drops lines whose sku no longer exists, lowers quantities to stock, and keeps sold-out lines blocking checkout', async () => {
    const result = await priced({
      cart: bag([line('NO-SUCH-SKU', 1, 1), line(fixture.finalSale, 9, 2), line(fixture.soldOut, 1, 3)]),
    });
    expect(result.updatedCart.items.map((item) => [item.sku, item.qty, item.maxQty])).toEqual([
      [fixture.finalSale, 4, 4],
      [fixture.soldOut, 1, 0],
    ]);
    expect(result.messages).toContainEqual({ type: 'info', text: MESSAGES.lineUnavailable('Guessed name') });
    expect(result.messages.some((m) => m.type === 'warning' && m.text.startsWith('Only 4 of'))).toBe(true);
    expect(result).toMatchObject({ forceNoStock: true, disableCheckout: true });
    // The sold-out line is not charged.
    expect(result.updatedCart.totals.subtotal.amount).toBe(72);
  });

  it('cannot check out an empty bag', async () => {
    const result = await priced({ cart: bag([]) });
    expect(result).toMatchObject({ disableCheckout: true, forceNoStock: false });
    expect(result.updatedCart.totals.balance_due.amount).toBe(0);
  });

  it('applies a typed promo code with the success message and keeps it on the next refresh', async () => {
    const applied = await priced({ cart: bag([line(fixture.plain, 2)]), code: ' welcome10 ' });
    expect(applied.messages).toContainEqual({ type: 'success', text: MESSAGES.promoSuccess });
    expect(applied.updatedCart).toMatchObject({ promo_code_id: 'promo-welcome10', promo_code_code: 'WELCOME10' });
    expect(applied.updatedCart.items[0]?.discount_amount).toBe(4);
    expect(applied.updatedCart.totals).toMatchObject({
      discount: { amount: 4 },
      subtotal_after_discounts: { amount: 36 },
    });

    const again = await priced({ cart: applied.updatedCart });
    expect(again.updatedCart.promo_code_code).toBe('WELCOME10');
    expect(again.messages).toEqual([]);
  });

  it('spreads an amount code over the lines and frees shipping with a free-shipping code', async () => {
    const amount = await priced({
      cart: bag([line(fixture.plain, 1, 1), line(fixture.finalSale, 1, 2)]),
      code: 'TAKE5',
    });
    expect(amount.updatedCart.items.map((item) => item.discount_amount)).toEqual([2.63, 2.37]);
    expect(amount.updatedCart.totals.discount.amount).toBe(5);

    const free = await priced({ cart: bag([line(fixture.plain, 1)]), code: 'FREESHIP' });
    expect(free.shippingMethods.every((m) => m.price === 0)).toBe(true);
    expect(free.updatedCart.totals.balance_due.amount).toBe(20);
  });

  it('refuses a typed code that cannot apply, with the reason, and prices nothing', async () => {
    const cases: Array<[string, string]> = [
      ['NOPE', MESSAGES.promoInvalid('NOPE')],
      ['OLDNEWS', MESSAGES.promoInvalid('OLDNEWS')],
      ['summer20', MESSAGES.promoExpired('SUMMER20')],
      ['TAKE5', MESSAGES.promoMinimum('TAKE5', '$25')],
    ];
    for (const [code, error] of cases) {
      const response = await getCart({ cart: bag([line(fixture.plain, 1)]), code });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error });
    }
    await shop.db.updateTable('promo_codes').set({ used_count: 100 }).where('code', '=', 'FIRST100').execute();
    const usedUp = await getCart({ cart: bag([line(fixture.plain, 1)]), code: 'FIRST100' });
    expect(usedUp.json()).toEqual({ error: MESSAGES.promoUsedUp('FIRST100') });
  });

  it('removes a kept promo that no longer applies and says why', async () => {
    const result = await priced({
      cart: bag([line(fixture.plain, 1)], { promo_code_id: 'promo-take5', promo_code_code: 'TAKE5' }),
    });
    expect(result.updatedCart).toMatchObject({ promo_code_id: null, promo_code_code: null });
    expect(result.messages).toContainEqual({
      type: 'info',
      text: MESSAGES.promoRemoved(MESSAGES.promoMinimum('TAKE5', '$25')),
    });
    expect(result.updatedCart.totals.discount.amount).toBe(0);
  });

  it('adds the free gift of a gift code once, and takes it back when the code goes', async () => {
    const first = await priced({ cart: bag([line(fixture.plain, 2)]), code: 'FREESOCKS' });
    expect(first.added_auto_sku).toBe(fixture.gift);
    const giftLine = first.updatedCart.items.find((item) => item.sku === fixture.gift);
    expect(giftLine).toMatchObject({ qty: 1, item_price: 12, discount_amount: 12, line_number: 2 });
    expect(first.updatedCart.totals).toMatchObject({
      subtotal: { amount: 52 },
      discount: { amount: 12 },
      subtotal_after_discounts: { amount: 40 },
    });

    const again = await priced({ cart: first.updatedCart });
    expect(again.updatedCart.items.find((item) => item.sku === fixture.gift)?.qty).toBe(1);
    expect(again.updatedCart.totals.discount.amount).toBe(12);

    const withoutPromo = await priced({ cart: { ...first.updatedCart, promo_code_id: null, promo_code_code: null } });
    expect(withoutPromo.added_auto_sku).toBeNull();
    expect(withoutPromo.updatedCart.items.map((item) => item.sku)).toEqual([fixture.plain]);
  });

  it('applies a bag link from the page query string once', async () => {
    const query = `?utm_source=mail&add=${fixture.plain}:2,${fixture.finalSale}&promo=welcome10`;
    const result = await priced({ cart: bag([line(fixture.plain, 1)]) }, { query });
    expect(result.processedMarketplaceRequest).toBe(true);
    expect(result.updatedCart.processedMarketplaceRequest).toBe(true);
    expect(result.updatedCart.items.map((item) => [item.sku, item.qty])).toEqual([
      [fixture.plain, 3],
      [fixture.finalSale, 1],
    ]);
    expect(result.updatedCart.promo_code_code).toBe('WELCOME10');

    const unreadable = await priced({ cart: bag([line(fixture.plain, 1)]) }, { query: `?add=${fixture.plain}:99` });
    expect(unreadable.updatedCart.items.map((item) => item.qty)).toEqual([1]);
    expect(unreadable.messages).toContainEqual({ type: 'danger', text: MESSAGES.linkItemsUnreadable });

    const soldOut = await priced({ cart: bag([]) }, { query: `?add=${fixture.soldOut}&promo=nope` });
    expect(soldOut.updatedCart.items).toEqual([]);
    expect(soldOut.messages).toEqual([
      { type: 'danger', text: MESSAGES.linkItemUnavailable(fixture.soldOut) },
      { type: 'danger', text: MESSAGES.promoInvalid('NOPE') },
    ]);
  });

  it('uses gift cards and a signed-in shopper’s store credit towards the balance due', async () => {
    const card = await shop.db
      .selectFrom('gift_cards')
      .select(['code', 'balance_cents'])
      .where('balance_cents', '>', 0)
      .orderBy('balance_cents')
      .executeTakeFirstOrThrow();
    const customer = await shop.db
      .selectFrom('customers')
      .select(['id', 'store_credit_cents'])
      .executeTakeFirstOrThrow();
    await shop.db.updateTable('customers').set({ store_credit_cents: 1000 }).where('id', '=', customer.id).execute();
    const secret = randomBytes(24).toString('hex');
    await shop.db
      .insertInto('sessions')
      .values({
        id: sessionIdFor(secret),
        customer_id: customer.id,
        created_at: DEMO_NOW.toISOString(),
        expires_at: '2999-01-01T00:00:00.000Z',
        idle_expires_at: '2999-01-01T00:00:00.000Z',
      })
      .execute();

    const cart = bag([line(fixture.plain, 10)], {
      gift_card_payment_items: [
        { code: card.code.toLowerCase(), amount: 0 },
        { code: 'AAAA-BBBB', amount: 5 },
      ],
    });
    const result = await priced({ cart }, { cookie: secret });
    expect(result.updatedCart.available_credit).toBe(10);
    const paid = Math.min(card.balance_cents / 100, 190);
    expect(result.updatedCart.gift_card_payment_items).toEqual([{ code: card.code, amount: paid }]);
    expect(result.messages).toContainEqual({ type: 'danger', text: MESSAGES.giftCardUnknown('AAAA-BBBB') });
    expect(result.updatedCart.totals.balance_due.amount).toBe(Math.round((200 - 10 - paid) * 100) / 100);

    const guest = await priced({ cart: bag([line(fixture.plain, 1)]) });
    expect(guest.updatedCart.available_credit).toBe(0);
    const declined = await priced(
      { cart: bag([line(fixture.plain, 1)], { use_store_credit: false }) },
      { cookie: secret },
    );
    expect(declined.updatedCart.totals.balance_due.amount).toBe(25.95);
  });

  it('keeps the first 50 unique items of a longer bag with the spec’s message', async () => {
    const skus = await shop.db.selectFrom('skus').select('sku').where('qty', '>', 0).orderBy('sku').limit(51).execute();
    const items = skus.map((row, i) => line(row.sku, 1, i + 1));
    const result = await priced({ cart: bag(items) });
    expect(result.updatedCart.items).toHaveLength(50);
    expect(result.messages).toContainEqual({ type: 'danger', text: MESSAGES.tooManyUniqueItems });
  });

  it('answers bad input with a 4xx and a clear error', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'cart: cart must be an object'],
      [{ cart: [] }, 'cart: cart must be an object'],
      [{ cart: bag([]), code: 5 }, 'code: code must be text'],
      [{ cart: bag([]), code: '   ' }, 'code: Enter a promo code'],
      [{ cart: bag([]), code: 'X'.repeat(65) }, 'code: That promo code is too long'],
    ];
    for (const [body, error] of cases) {
      const response = await getCart(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    const notJson = await shop.app.inject({
      method: 'POST',
      url: '/session-api/checkout/get-cart',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    // Unreadable lines are dropped rather than failing the whole bag.
    const damaged = await priced({ cart: { items: [{ sku: fixture.plain }, line(fixture.plain, 1)] } });
    expect(damaged.updatedCart.items.map((item) => item.sku)).toEqual([fixture.plain]);
  });
});
