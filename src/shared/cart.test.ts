import { describe, expect, it } from 'vitest';
import {
  addItem,
  DOMESTIC_COUNTRY,
  emptyCart,
  enforceUniqueItemLimit,
  isDomestic,
  lineCategory,
  lineName,
  maxQuantity,
  nextLineNumber,
  parseCart,
  setQuantity,
  shippingCountry,
  totalQuantity,
  type CartItem,
  type NewCartItem,
} from './cart.ts';
import { CART_MAXIMUM_MESSAGE_ID, MESSAGES } from './messages.ts';

const item = (sku: string, overrides: Partial<NewCartItem> = {}): NewCartItem => ({
  sku,
  item_price: 24,
  discount_amount: 0,
  dim_style: 'UPMH1000',
  dim_name: 'Tropic Thunder Boxer Brief',
  dim_size: 'M',
  dim_category: 'Boxer Briefs',
  url: '/s/10001/tropic-thunder',
  image: null,
  maxQty: 30,
  ...overrides,
});

const line = (line_number: number, sku: string): CartItem => ({ ...item(sku), line_number, qty: 1 });

describe('shippingCountry and isDomestic', () => {
  const shippingTo = (country: string) => ({ shipping_address: { ...emptyCart().shipping_address, country } });

  it('ships a new bag to the domestic country, US', () => {
    expect(emptyCart().shipping_address.country).toBe(DOMESTIC_COUNTRY);
    expect(shippingCountry(emptyCart())).toBe('US');
    expect(isDomestic(emptyCart())).toBe(true);
  });

  it('ships to the address’s country once chosen, and to the domestic country while it is blank', () => {
    expect(shippingCountry(shippingTo('AU'))).toBe('AU');
    expect(isDomestic(shippingTo('AU'))).toBe(false);
    expect(shippingCountry(shippingTo(''))).toBe('US');
    expect(isDomestic(shippingTo(''))).toBe(true);
  });

  it('gives a stored address with an unreadable country the domestic one', () => {
    expect(parseCart({ shipping_address: { country: 'Australia' } })?.shipping_address.country).toBe(DOMESTIC_COUNTRY);
  });
});

describe('maxQuantity', () => {
  it('is 30 per sku, lowered to a smaller positive max_cart_qty, capped by stock', () => {
    expect(maxQuantity(0, 100)).toBe(30);
    expect(maxQuantity(5, 100)).toBe(5);
    expect(maxQuantity(50, 100)).toBe(30);
    expect(maxQuantity(0, 7)).toBe(7);
    expect(maxQuantity(5, 3)).toBe(3);
    expect(maxQuantity(-1, 12)).toBe(12);
    expect(maxQuantity(0, 0)).toBe(0);
  });
});

describe('nextLineNumber', () => {
  it('takes the lowest unused positive number', () => {
    expect(nextLineNumber([])).toBe(1);
    expect(nextLineNumber([line(1, 'a'), line(3, 'b')])).toBe(2);
    expect(nextLineNumber([line(2, 'a'), line(1, 'b')])).toBe(3);
  });
});

describe('addItem', () => {
  it('adds a new sku as a line with quantity 1', () => {
    const { cart, message } = addItem(emptyCart(), item('A-M'));
    expect(cart.items).toMatchObject([{ sku: 'A-M', qty: 1, line_number: 1 }]);
    expect(message).toBeNull();
  });

  it('raises the quantity of a sku already in the bag', () => {
    const once = addItem(emptyCart(), item('A-M')).cart;
    const twice = addItem(once, item('A-M')).cart;
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]?.qty).toBe(2);
    expect(totalQuantity(twice)).toBe(2);
  });

  it('stops at the maximum with the cart-maximum warning', () => {
    let cart = emptyCart();
    for (let i = 0; i < 3; i++) cart = addItem(cart, item('A-M', { maxQty: 2 })).cart;
    expect(cart.items[0]?.qty).toBe(2);
    const { message } = addItem(cart, item('A-M', { maxQty: 2 }));
    expect(message).toEqual({
      id: CART_MAXIMUM_MESSAGE_ID,
      text: 'Your bag contains the maximum available quantity of Tropic Thunder Boxer Brief M.',
    });
  });

  it('refuses a 51st unique item', () => {
    let cart = emptyCart();
    for (let i = 0; i < 50; i++) cart = addItem(cart, item(`SKU-${i}`)).cart;
    const { cart: after, message } = addItem(cart, item('ONE-MORE'));
    expect(after.items).toHaveLength(50);
    expect(message?.text).toBe(MESSAGES.tooManyUniqueItems);
  });

  it('adds nothing when nothing is available', () => {
    const { cart, message } = addItem(emptyCart(), item('A-M', { maxQty: 0 }));
    expect(cart.items).toHaveLength(0);
    expect(message?.id).toBe(CART_MAXIMUM_MESSAGE_ID);
  });
});

describe('lineCategory', () => {
  it('is the product’s subcategory, not a step of its category facet', () => {
    expect(lineCategory({ subcategory: 'Boxer Briefs' })).toBe('Boxer Briefs');
  });
});

describe('lineName', () => {
  it('names the length of a product that is one of several lengths', () => {
    expect(lineName('Boxer Brief - Sunset', 'Mid Length')).toBe('Boxer Brief - Sunset, Mid Length');
    expect(lineName('Crew Sock', null)).toBe('Crew Sock');
  });
});

describe('setQuantity', () => {
  const cart = { ...emptyCart(), items: [line(1, 'a'), line(2, 'b')] };

  it('removes the line at zero or less', () => {
    expect(setQuantity(cart, 1, 0).cart.items.map((i) => i.sku)).toEqual(['b']);
    expect(setQuantity(cart, 2, -3).cart.items.map((i) => i.sku)).toEqual(['a']);
  });

  it('lowers a quantity above the maximum and warns', () => {
    const { cart: after, message } = setQuantity(cart, 1, 99);
    expect(after.items[0]?.qty).toBe(30);
    expect(message?.id).toBe(CART_MAXIMUM_MESSAGE_ID);
  });

  it('removes a sold-out line (maximum 0) whatever quantity is asked', () => {
    const soldOut = { ...emptyCart(), items: [{ ...line(1, 'a'), maxQty: 0 }] };
    expect(setQuantity(soldOut, 1, 1).cart.items).toEqual([]);
  });

  it('keeps the line numbers of the other lines', () => {
    const after = setQuantity(cart, 1, 0).cart;
    expect(addItem(after, item('c')).cart.items.find((i) => i.sku === 'c')?.line_number).toBe(1);
  });
});

describe('enforceUniqueItemLimit', () => {
  it('cuts the list to the first 50 with the message', () => {
    const items = Array.from({ length: 55 }, (_, i) => line(i + 1, `S${i}`));
    const { cart, message } = enforceUniqueItemLimit({ ...emptyCart(), items });
    expect(cart.items).toHaveLength(50);
    expect(cart.items.at(-1)?.sku).toBe('S49');
    expect(message?.text).toBe(
      'Items were removed from your bag. You can only have a maximum of 50 unique items in your bag at one time.',
    );
  });
});

describe('parseCart', () => {
  it('keeps the readable shipping methods and gift cards and drops the rest', () => {
    const standard = { code: 'standard', name: 'Standard', price: 0, regular_price: 5.95 };
    const cart = parseCart({
      available_ship_methods: [standard, { code: '', name: 'x', price: 1, regular_price: 1 }, 'express'],
      gift_card_payment_items: [
        { code: 'ABCD-EFGH', amount: 'lots' },
        { amount: 5 },
        ...Array.from({ length: 9 }, (_, i) => ({ code: `C${i}`, amount: 1 })),
      ],
    });
    expect(cart?.available_ship_methods).toEqual([standard]);
    expect(cart?.gift_card_payment_items.slice(0, 2)).toEqual([
      { code: 'ABCD-EFGH', amount: 0 },
      { code: 'C0', amount: 1 },
    ]);
    expect(cart?.gift_card_payment_items).toHaveLength(5);
  });

  it('fills defaults of spec section 3', () => {
    const cart = parseCart({});
    expect(cart).toMatchObject({ use_store_credit: true, billing_address_same_as_shipping: true, items: [] });
    expect(cart?.billing_address.country).toBe('US');
  });

  it('keeps the readable lines of a damaged cart', () => {
    const cart = parseCart({
      items: [line(1, 'a'), { sku: 'broken' }, line(1, 'dup-line'), line(2, 'a'), line(3, 'c')],
      use_store_credit: 'yes',
    });
    expect(cart?.items.map((i) => i.sku)).toEqual(['a', 'c']);
    expect(cart?.use_store_credit).toBe(true);
  });

  it('rejects what is not a cart', () => {
    expect(parseCart('cart')).toBeUndefined();
    expect(parseCart([])).toBeUndefined();
    expect(parseCart(null)).toBeUndefined();
  });
});
