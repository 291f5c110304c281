import { describe, expect, it } from 'vitest';
import type { BagLink, GetCartResponse } from '../../shared/bag-pricing.ts';
import { emptyCart, type Cart, type CartItem } from '../../shared/cart.ts';
import { MAX_UNIQUE_ITEMS } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { SkuRecord } from './bag-skus.ts';
import {
  giftCardCodes,
  priceCart,
  requestedPromoCodes,
  requestedSkus,
  type CartPricingRequest,
  type PricingInputs,
  type ShippingRate,
} from './price-cart.ts';
import type { TaxRate } from './sales-tax.ts';
import { testPromoCode as promo } from './test-promo-code.ts';

const NOW = new Date('2026-11-01T12:00:00Z');

/** A stored sku at $20 with 10 in stock, unless told otherwise. */
const sku = (code: string, fields: Partial<SkuRecord> = {}): SkuRecord => ({
  sku: code,
  size: 'M',
  qty: 10,
  product_id: `p-${code}`,
  slug: code.toLowerCase(),
  style_id: 'S1',
  name: `Boxer Brief ${code}`,
  variant_name: null,
  subcategory: 'Boxer Briefs',
  price_cents: 2000,
  sale_price_cents: null,
  max_cart_qty: 0,
  final_sale: false,
  image: null,
  ...fields,
});

const RATES: ShippingRate[] = [
  { code: 'standard', name: 'Standard', price_cents: 595, free_over_cents: 5000, countries: ['US'] },
  { code: 'express', name: 'Express', price_cents: 1500, free_over_cents: null, countries: ['US'] },
  { code: 'international', name: 'International', price_cents: 2500, free_over_cents: null, countries: ['AU', 'NZ'] },
];

const inputs = (fields: Partial<PricingInputs> = {}): PricingInputs => ({
  skus: [],
  promoCodes: [],
  shippingRates: RATES,
  storeCreditCents: 0,
  giftCards: [],
  promoLive: true,
  taxRates: [],
  ...fields,
});

/** A line as a tampered bag might send it: its price, discount and names are guesses the pricing ignores. */
const line = (code: string, qty: number, lineNumber = 1): CartItem => ({
  line_number: lineNumber,
  sku: code,
  qty,
  item_price: 0.01,
  discount_amount: 99,
  dim_style: 'X',
  dim_name: `Guessed ${code}`,
  dim_size: 'XXL',
  dim_category: '',
  url: '/',
  image: null,
  maxQty: 30,
});

const request = (
  items: CartItem[],
  cart: Partial<Cart> = {},
  fields: Partial<CartPricingRequest> = {},
): CartPricingRequest => ({
  cart: { ...emptyCart(), items, ...cart },
  code: null,
  link: null,
  now: NOW,
  ...fields,
});

function priced(pricing: CartPricingRequest, given: PricingInputs): GetCartResponse {
  const result = priceCart(pricing, given);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.response;
}

const refused = (pricing: CartPricingRequest, given: PricingInputs) => {
  const result = priceCart(pricing, given);
  return result.ok ? null : result.error;
};

const link = (fields: Partial<BagLink>): BagLink => ({ items: [], promo: null, unreadable: false, ...fields });

describe('priceCart: lines', () => {
  it('prices each line from the stored sku, at the sale price only when it is lower', () => {
    const skus = [
      sku('SALE', { price_cents: 3000, sale_price_cents: 1800 }),
      sku('HIGHER', { sale_price_cents: 2500 }),
      sku('PLAIN', {
        name: 'Boxer Brief',
        variant_name: 'Mid Length',
        style_id: 'UPMH1000',
        image: { url: '/media/a.svg', width: 8, height: 10 },
      }),
    ];
    const result = priced(request([line('SALE', 1, 1), line('HIGHER', 1, 4), line('PLAIN', 2, 2)]), inputs({ skus }));
    expect(
      result.updatedCart.items.map((item) => [item.sku, item.line_number, item.item_price, item.discount_amount]),
    ).toEqual([
      ['SALE', 1, 18, 0],
      ['HIGHER', 4, 20, 0],
      ['PLAIN', 2, 20, 0],
    ]);
    expect(result.updatedCart.items[2]).toMatchObject({
      dim_style: 'UPMH1000',
      dim_name: 'Boxer Brief, Mid Length',
      dim_size: 'CL',
      dim_category: 'Boxer Briefs',
      url: '/s/p-PLAIN/plain',
      image: { url: '/media/a.svg', width: 8, height: 10 },
      maxQty: 10,
    });
    expect(result.updatedCart.totals).toEqual({
      subtotal: { amount: 78 },
      discount: { amount: 0 },
      subtotal_after_discounts: { amount: 78 },
      tax: { amount: 0 },
      balance_due: { amount: 78 },
    });
    expect(result).toMatchObject({ forceNoStock: false, disableCheckout: false, added_auto_sku: null, messages: [] });
  });

  it('lowers a quantity to what stock and max_cart_qty allow, with a warning', () => {
    const skus = [sku('FEW', { qty: 4 }), sku('CAPPED', { max_cart_qty: 5 })];
    const result = priced(request([line('FEW', 9, 1), line('CAPPED', 7, 2)]), inputs({ skus }));
    expect(result.updatedCart.items.map((item) => [item.sku, item.qty, item.maxQty])).toEqual([
      ['FEW', 4, 4],
      ['CAPPED', 5, 5],
    ]);
    expect(result.messages).toEqual([
      { type: 'warning', text: MESSAGES.lineLowered('Boxer Brief FEW M', 4) },
      { type: 'warning', text: MESSAGES.lineLowered('Boxer Brief CAPPED M', 5) },
    ]);
  });

  it('keeps a sold-out line, uncharged, holding checkout back; a sku that no longer exists leaves', () => {
    const skus = [sku('PLAIN'), sku('GONE-OUT', { qty: 0 })];
    const result = priced(
      request([line('MISSING', 1, 1), line('PLAIN', 1, 2), line('GONE-OUT', 2, 3)]),
      inputs({ skus }),
    );
    expect(result.updatedCart.items.map((item) => [item.sku, item.qty, item.maxQty])).toEqual([
      ['PLAIN', 1, 10],
      ['GONE-OUT', 2, 0],
    ]);
    expect(result.messages).toEqual([{ type: 'info', text: MESSAGES.lineUnavailable('Guessed MISSING') }]);
    expect(result.updatedCart.totals.subtotal.amount).toBe(20);
    expect(result).toMatchObject({ forceNoStock: true, disableCheckout: true });
  });

  it('cannot check out an empty bag and charges it nothing', () => {
    const result = priced(request([]), inputs());
    expect(result).toMatchObject({ forceNoStock: false, disableCheckout: true });
    expect(result.updatedCart.requested_ship_method).toBe('standard');
    expect(result.updatedCart.totals.balance_due.amount).toBe(0);
  });

  it('keeps the first 50 unique items of a longer bag with the spec’s message', () => {
    const codes = Array.from({ length: MAX_UNIQUE_ITEMS + 1 }, (_, i) => `SKU-${String(i).padStart(2, '0')}`);
    const result = priced(
      request(codes.map((code, i) => line(code, 1, i + 1))),
      inputs({ skus: codes.map((code) => sku(code)) }),
    );
    expect(result.updatedCart.items.map((item) => item.sku)).toEqual(codes.slice(0, MAX_UNIQUE_ITEMS));
    expect(result.messages).toContainEqual({ type: 'danger', text: MESSAGES.tooManyUniqueItems });
  });

  it('names the final-sale lines', () => {
    const skus = [sku('FINAL', { final_sale: true }), sku('PLAIN')];
    const result = priced(request([line('FINAL', 1, 1), line('PLAIN', 1, 2)]), inputs({ skus }));
    expect(result.finalSalesMessage).toBe(MESSAGES.finalSaleLines('Boxer Brief FINAL M'));
    expect(priced(request([line('PLAIN', 1)]), inputs({ skus })).finalSalesMessage).toBeNull();
  });

  it('offers the promo field only while a promo is live', () => {
    expect(priced(request([]), inputs({ promoLive: true })).promoEnabled).toBe(true);
    expect(priced(request([]), inputs({ promoLive: false })).promoEnabled).toBe(false);
  });
});

describe('priceCart: promo codes', () => {
  const skus = [sku('A'), sku('B', { price_cents: 1800 })];

  it('takes a percent code’s share of every line, with the success message, and keeps it', () => {
    const promoCodes = [promo('WELCOME10')];
    const result = priced(
      request([line('A', 2, 1), line('B', 1, 2)], {}, { code: 'WELCOME10' }),
      inputs({ skus, promoCodes }),
    );
    expect(result.messages).toEqual([{ type: 'success', text: MESSAGES.promoSuccess }]);
    expect(result.updatedCart).toMatchObject({ promo_code_id: 'promo-welcome10', promo_code_code: 'WELCOME10' });
    expect(result.updatedCart.items.map((item) => item.discount_amount)).toEqual([4, 1.8]);
    expect(result.updatedCart.totals).toMatchObject({
      subtotal: { amount: 58 },
      discount: { amount: 5.8 },
      subtotal_after_discounts: { amount: 52.2 },
    });

    const again = priced(request(result.updatedCart.items, result.updatedCart), inputs({ skus, promoCodes }));
    expect(again.updatedCart.promo_code_code).toBe('WELCOME10');
    expect(again.updatedCart.totals.discount.amount).toBe(5.8);
    expect(again.messages).toEqual([]);
  });

  it('spreads an amount code over the lines in proportion, the odd cents to the largest remainders', () => {
    const take5 = priced(
      request([line('A', 1, 1), line('B', 1, 2)], {}, { code: 'TAKE5' }),
      inputs({ skus, promoCodes: [promo('TAKE5', { kind: 'amount', value: 500 })] }),
    );
    expect(take5.updatedCart.items.map((item) => item.discount_amount)).toEqual([2.63, 2.37]);
    expect(take5.updatedCart.totals.discount.amount).toBe(5);

    const three = [sku('X', { price_cents: 1000 }), sku('Y', { price_cents: 1000 }), sku('Z', { price_cents: 1000 })];
    const dollar = priced(
      request([line('X', 1, 1), line('Y', 1, 2), line('Z', 1, 3)], {}, { code: 'ONE' }),
      inputs({ skus: three, promoCodes: [promo('ONE', { kind: 'amount', value: 100 })] }),
    );
    expect(dollar.updatedCart.items.map((item) => item.discount_amount)).toEqual([0.34, 0.33, 0.33]);
  });

  it('frees every shipping method with a free-shipping code', () => {
    const result = priced(
      request([line('A', 1)], {}, { code: 'FREESHIP' }),
      inputs({ skus, promoCodes: [promo('FREESHIP', { kind: 'free_shipping', value: 0 })] }),
    );
    expect(result.shippingMethods.map((method) => [method.code, method.price, method.regular_price])).toEqual([
      ['standard', 0, 5.95],
      ['express', 0, 15],
    ]);
    expect(result.updatedCart.totals).toMatchObject({ discount: { amount: 0 }, balance_due: { amount: 20 } });
  });

  it('adds a gift code’s sku free once, and takes it back when the code goes', () => {
    const withGift = [...skus, sku('GIFT', { price_cents: 1200 })];
    const promoCodes = [promo('FREESOCKS', { kind: 'gift', value: 0, gift_sku: 'GIFT' })];
    const first = priced(request([line('A', 2)], {}, { code: 'FREESOCKS' }), inputs({ skus: withGift, promoCodes }));
    expect(first.added_auto_sku).toBe('GIFT');
    expect(first.updatedCart.added_auto_sku).toBe('GIFT');
    expect(first.updatedCart.items.find((item) => item.sku === 'GIFT')).toMatchObject({
      qty: 1,
      item_price: 12,
      discount_amount: 12,
      line_number: 2,
    });
    expect(first.updatedCart.totals).toMatchObject({
      subtotal: { amount: 52 },
      discount: { amount: 12 },
      subtotal_after_discounts: { amount: 40 },
    });

    const again = priced(request(first.updatedCart.items, first.updatedCart), inputs({ skus: withGift, promoCodes }));
    expect(again.updatedCart.items.find((item) => item.sku === 'GIFT')?.qty).toBe(1);
    expect(again.updatedCart.totals.discount.amount).toBe(12);

    const gone = priced(
      request(first.updatedCart.items, { ...first.updatedCart, promo_code_id: null, promo_code_code: null }),
      inputs({ skus: withGift }),
    );
    expect(gone.added_auto_sku).toBeNull();
    expect(gone.updatedCart.items.map((item) => item.sku)).toEqual(['A']);
  });

  it('adds the gift unit to a line of the same sku, and none when the gift is sold out', () => {
    const promoCodes = [promo('FREESOCKS', { kind: 'gift', value: 0, gift_sku: 'GIFT' })];
    const bought = priced(
      request([line('GIFT', 1)], {}, { code: 'FREESOCKS' }),
      inputs({ skus: [sku('GIFT', { price_cents: 1200 })], promoCodes }),
    );
    expect(bought.updatedCart.items).toMatchObject([{ sku: 'GIFT', qty: 2, discount_amount: 12 }]);
    expect(bought.updatedCart.totals).toMatchObject({ subtotal: { amount: 24 }, discount: { amount: 12 } });

    const soldOut = priced(
      request([line('A', 1)], {}, { code: 'FREESOCKS' }),
      inputs({ skus: [...skus, sku('GIFT', { qty: 0 })], promoCodes }),
    );
    expect(soldOut.added_auto_sku).toBeNull();
    expect(soldOut.updatedCart.items.map((item) => item.sku)).toEqual(['A']);
  });

  it('refuses a typed code that cannot apply, with the reason', () => {
    const promoCodes = [
      promo('OFF', { active: 0 }),
      promo('SOON', { starts_at: '2026-11-02T00:00:00.000Z' }),
      promo('OLD', { ends_at: NOW.toISOString() }),
      promo('GONE', { usage_limit: 100, used_count: 100 }),
      promo('BIG', { min_subtotal_cents: 2500 }),
    ];
    const typed = (code: string) => refused(request([line('A', 1)], {}, { code }), inputs({ skus, promoCodes }));
    expect(typed('NOPE')).toBe(MESSAGES.promoInvalid('NOPE'));
    expect(typed('OFF')).toBe(MESSAGES.promoInvalid('OFF'));
    expect(typed('SOON')).toBe(MESSAGES.promoNotStarted('SOON'));
    expect(typed('OLD')).toBe(MESSAGES.promoExpired('OLD'));
    expect(typed('GONE')).toBe(MESSAGES.promoUsedUp('GONE'));
    expect(typed('BIG')).toBe(MESSAGES.promoMinimum('BIG', '$25'));
  });

  it('removes a kept code that no longer applies and says why, whether the bag kept its code or only its id', () => {
    const promoCodes = [promo('BIG', { min_subtotal_cents: 2500 })];
    const byCode = priced(
      request([line('A', 1)], { promo_code_code: 'big', promo_code_id: null }),
      inputs({ skus, promoCodes }),
    );
    expect(byCode.updatedCart).toMatchObject({ promo_code_id: null, promo_code_code: null });
    expect(byCode.messages).toEqual([
      { type: 'info', text: MESSAGES.promoRemoved(MESSAGES.promoMinimum('BIG', '$25')) },
    ]);

    const byId = priced(request([line('A', 2)], { promo_code_id: 'promo-big' }), inputs({ skus, promoCodes }));
    expect(byId.updatedCart).toMatchObject({ promo_code_id: 'promo-big', promo_code_code: 'BIG' });
    expect(byId.updatedCart.totals.discount.amount).toBe(4);
  });
});

describe('priceCart: bag links', () => {
  const skus = [sku('A'), sku('B'), sku('OUT', { qty: 0 })];

  it('adds the link’s items and applies its promo once', () => {
    const result = priced(
      request(
        [line('A', 1)],
        {},
        {
          link: link({
            items: [
              { sku: 'A', qty: 2 },
              { sku: 'B', qty: 1 },
            ],
            promo: 'WELCOME10',
          }),
        },
      ),
      inputs({ skus, promoCodes: [promo('WELCOME10')] }),
    );
    expect(result.updatedCart.items.map((item) => [item.sku, item.qty])).toEqual([
      ['A', 3],
      ['B', 1],
    ]);
    expect(result.updatedCart.promo_code_code).toBe('WELCOME10');
    expect(result.messages).toEqual([{ type: 'success', text: MESSAGES.promoSuccess }]);
    expect(result.processedMarketplaceRequest).toBe(true);
    expect(result.updatedCart.processedMarketplaceRequest).toBe(true);
  });

  it('names what it cannot add and a promo it cannot apply, and prices the rest', () => {
    const result = priced(
      request(
        [],
        {},
        {
          link: link({
            items: [
              { sku: 'OUT', qty: 1 },
              { sku: 'MISSING', qty: 1 },
            ],
            promo: 'NOPE',
          }),
        },
      ),
      inputs({ skus }),
    );
    expect(result.updatedCart.items).toEqual([]);
    expect(result.messages).toEqual([
      { type: 'danger', text: MESSAGES.linkItemUnavailable('OUT') },
      { type: 'danger', text: MESSAGES.linkItemUnavailable('MISSING') },
      { type: 'danger', text: MESSAGES.promoInvalid('NOPE') },
    ]);
    const unreadable = priced(request([line('A', 1)], {}, { link: link({ unreadable: true }) }), inputs({ skus }));
    expect(unreadable.messages).toEqual([{ type: 'danger', text: MESSAGES.linkItemsUnreadable }]);
    expect(unreadable.updatedCart.items.map((item) => item.qty)).toEqual([1]);
  });
});

describe('priceCart: shipping', () => {
  const skus = [sku('A')];
  const abroad = { shipping_address: { ...emptyCart().shipping_address, country: 'AU' } };

  it('offers the methods of the shipping country, the domestic one while none is chosen, and charges the chosen one', () => {
    const express = priced(request([line('A', 1)], { requested_ship_method: 'express' }), inputs({ skus }));
    expect(express.shippingMethods.map((method) => method.code)).toEqual(['standard', 'express']);
    expect(express.updatedCart.available_ship_methods).toEqual(express.shippingMethods);
    expect(express.updatedCart.requested_ship_method).toBe('express');
    expect(express.updatedCart.totals.balance_due.amount).toBe(35);

    const unknown = priced(request([line('A', 1)], { requested_ship_method: 'nowhere' }), inputs({ skus }));
    expect(unknown.updatedCart.requested_ship_method).toBe('standard');
    expect(unknown.updatedCart.totals.balance_due.amount).toBe(25.95);

    expect(
      priced(request([line('A', 1)], abroad), inputs({ skus })).shippingMethods.map((method) => method.code),
    ).toEqual(['international']);
    const blank = { shipping_address: { ...emptyCart().shipping_address, country: '' } };
    expect(
      priced(request([line('A', 1)], blank), inputs({ skus })).shippingMethods.map((method) => method.code),
    ).toEqual(['standard', 'express']);
  });

  it('frees a method once the subtotal after discounts reaches its threshold', () => {
    const over = priced(request([line('A', 3)]), inputs({ skus }));
    expect(over.shippingMethods[0]).toMatchObject({ code: 'standard', price: 0, regular_price: 5.95 });
    expect(over.updatedCart.totals.balance_due.amount).toBe(60);

    const discountedBelow = priced(
      request([line('A', 3)], {}, { code: 'TWENTY' }),
      inputs({ skus, promoCodes: [promo('TWENTY', { value: 20 })] }),
    );
    expect(discountedBelow.shippingMethods[0]).toMatchObject({ code: 'standard', price: 5.95 });
    expect(discountedBelow.updatedCart.totals.balance_due.amount).toBe(53.95);
  });

  it('charges no shipping where no method ships', () => {
    const result = priced(request([line('A', 1)], abroad), inputs({ skus, shippingRates: RATES.slice(0, 2) }));
    expect(result.shippingMethods).toEqual([]);
    expect(result.updatedCart.requested_ship_method).toBeNull();
    expect(result.updatedCart.totals.balance_due.amount).toBe(20);
  });
});

describe('priceCart: store credit and gift cards', () => {
  const skus = [sku('A')];

  it('uses the shopper’s store credit towards the balance due unless the bag turned it off', () => {
    const used = priced(request([line('A', 1)]), inputs({ skus, storeCreditCents: 1000 }));
    expect(used.updatedCart.available_credit).toBe(10);
    expect(used.updatedCart.totals.balance_due.amount).toBe(15.95);

    const off = priced(request([line('A', 1)], { use_store_credit: false }), inputs({ skus, storeCreditCents: 1000 }));
    expect(off.updatedCart.available_credit).toBe(10);
    expect(off.updatedCart.totals.balance_due.amount).toBe(25.95);

    const more = priced(request([line('A', 1)]), inputs({ skus, storeCreditCents: 10_000 }));
    expect(more.updatedCart.totals.balance_due.amount).toBe(0);
  });

  it('lets each gift card pay what its balance covers of what is left, and drops unknown and empty cards', () => {
    const giftCards = [
      { code: 'SMALL', balance_cents: 500 },
      { code: 'LARGE', balance_cents: 10_000 },
      { code: 'EMPTY', balance_cents: 0 },
    ];
    const payments = ['small', 'NOWHERE', ' Empty ', 'LARGE', 'SMALL'].map((code) => ({ code, amount: 0 }));
    const result = priced(
      request([line('A', 1)], { gift_card_payment_items: payments }),
      inputs({ skus, storeCreditCents: 1000, giftCards }),
    );
    expect(result.updatedCart.gift_card_payment_items).toEqual([
      { code: 'SMALL', amount: 5 },
      { code: 'LARGE', amount: 10.95 },
    ]);
    expect(result.messages).toEqual([
      { type: 'danger', text: MESSAGES.giftCardUnknown('NOWHERE') },
      { type: 'danger', text: MESSAGES.giftCardEmpty('EMPTY') },
    ]);
    expect(result.updatedCart.totals.balance_due.amount).toBe(0);

    const partly = priced(
      request([line('A', 1)], { gift_card_payment_items: [{ code: 'SMALL', amount: 99 }] }),
      inputs({ skus, giftCards }),
    );
    expect(partly.updatedCart.gift_card_payment_items).toEqual([{ code: 'SMALL', amount: 5 }]);
    expect(partly.updatedCart.totals.balance_due.amount).toBe(20.95);
  });
});

describe('priceCart: sales tax', () => {
  const skus = [sku('A'), sku('B', { price_cents: 1000 })];
  const RATES_US: TaxRate[] = [
    { country: 'US', region: 'CA', name: 'California', ratePpm: 72_500, taxShipping: false },
    { country: 'US', region: 'NY', name: 'New York', ratePpm: 40_000, taxShipping: true },
  ];
  const shipTo = (region: string) => ({ shipping_address: { ...emptyCart().shipping_address, region } });

  it('adds the shipping region’s tax on the discounted lines (and shipping where taxed) to the balance due', () => {
    const california = priced(
      request([line('A', 1, 1), line('B', 1, 2)], shipTo('CA'), { code: 'WELCOME10' }),
      inputs({ skus, promoCodes: [promo('WELCOME10')], taxRates: RATES_US }),
    );
    // $30 less 10 % is $27 taxed at 7.25 %: $1.9575, rounded half up once per order; shipping not taxed.
    expect(california.updatedCart.totals).toMatchObject({
      subtotal_after_discounts: { amount: 27 },
      tax: { amount: 1.96 },
    });
    expect(california.updatedCart.totals.balance_due.amount).toBe(34.91);

    const newYork = priced(request([line('A', 1)], shipTo('NY')), inputs({ skus, taxRates: RATES_US }));
    // $20 and $5.95 shipping at 4 %: $1.038.
    expect(newYork.updatedCart.totals).toMatchObject({ tax: { amount: 1.04 }, balance_due: { amount: 26.99 } });

    const untaxed = priced(request([line('A', 1)], shipTo('CO')), inputs({ skus, taxRates: RATES_US }));
    expect(untaxed.updatedCart.totals).toMatchObject({ tax: { amount: 0 }, balance_due: { amount: 25.95 } });
  });

  it('lets store credit and gift cards pay the tax without lowering it', () => {
    const result = priced(
      request([line('A', 1)], { ...shipTo('NY'), gift_card_payment_items: [{ code: 'CARD', amount: 0 }] }),
      inputs({
        skus,
        taxRates: RATES_US,
        storeCreditCents: 2000,
        giftCards: [{ code: 'CARD', balance_cents: 10_000 }],
      }),
    );
    expect(result.updatedCart.totals.tax.amount).toBe(1.04);
    expect(result.updatedCart.gift_card_payment_items).toEqual([{ code: 'CARD', amount: 6.99 }]);
    expect(result.updatedCart.totals.balance_due.amount).toBe(0);
  });

  it('answers the tax of each line with the priced bag, for the order to keep', () => {
    const result = priceCart(
      request([line('A', 1, 1), line('B', 2, 2)], shipTo('CA')),
      inputs({ skus, taxRates: RATES_US }),
    );
    expect(result.ok && result.tax).toMatchObject({ taxCents: 290, lineTaxCents: [145, 145], shippingTaxCents: 0 });
  });
});

describe('what a request asks the database for', () => {
  it('names the skus of the priced lines (no promo’s free unit, at most 50) and of the bag link', () => {
    const items = Array.from({ length: MAX_UNIQUE_ITEMS + 1 }, (_, i) => line(`SKU-${i}`, 1, i + 1));
    const pricing = request(items, { added_auto_sku: 'SKU-0' }, { link: link({ items: [{ sku: 'LINKED', qty: 1 }] }) });
    expect(requestedSkus(pricing)).toEqual([...items.slice(1, MAX_UNIQUE_ITEMS + 1).map((item) => item.sku), 'LINKED']);
  });

  it('names the typed, linked and kept promo codes, and the kept id only when the code is missing', () => {
    expect(
      requestedPromoCodes(
        request(
          [],
          { promo_code_code: ' kept ', promo_code_id: 'promo-kept' },
          { code: 'TYPED', link: link({ promo: 'LINKED' }) },
        ),
      ),
    ).toEqual({
      codes: ['TYPED', 'LINKED', 'KEPT'],
      ids: [],
    });
    expect(requestedPromoCodes(request([], { promo_code_id: 'promo-kept' }))).toEqual({
      codes: [],
      ids: ['promo-kept'],
    });
    expect(requestedPromoCodes(request([]))).toEqual({ codes: [], ids: [] });
  });

  it('names each gift card once by its normalized code', () => {
    expect(
      giftCardCodes({
        gift_card_payment_items: [
          { code: ' abc ', amount: 0 },
          { code: 'ABC', amount: 1 },
          { code: 'def', amount: 0 },
        ],
      }),
    ).toEqual(['ABC', 'DEF']);
  });
});
