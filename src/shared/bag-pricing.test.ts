import { describe, expect, it } from 'vitest';
import { freeShippingMessage, normalizeCode, parseBagLink, withoutBagLink } from './bag-pricing.ts';

const link = (query: string) => parseBagLink(new URLSearchParams(query));

describe('bag links', () => {
  it('reads skus with optional quantities and a promo code', () => {
    expect(link('add=UPMH1000-M:2,ABC-OS&promo=%20welcome10%20')).toEqual({
      items: [
        { sku: 'UPMH1000-M', qty: 2 },
        { sku: 'ABC-OS', qty: 1 },
      ],
      promo: 'WELCOME10',
      unreadable: false,
    });
  });

  it('joins repeated skus and repeated add parameters, within the per-sku limit', () => {
    expect(link('add=A:20&add=A:20,B')?.items).toEqual([
      { sku: 'A', qty: 30 },
      { sku: 'B', qty: 1 },
    ]);
  });

  it('is absent without its parameters, and an empty promo is no promo', () => {
    expect(link('utm_source=mail&p=2')).toBeNull();
    expect(link('promo=')).toEqual({ items: [], promo: null, unreadable: false });
  });

  it('adds nothing from an add parameter it cannot read as a whole', () => {
    for (const bad of ['A:0', 'A:31', 'A:x', '<script>', 'A:1,,B:-1', `${'A'.repeat(101)}`]) {
      expect(link(`add=${encodeURIComponent(bad)}&promo=X`), bad).toEqual({ items: [], promo: 'X', unreadable: true });
    }
    const many = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
    expect(link(`add=${many}`)).toEqual({ items: [], promo: null, unreadable: true });
    expect(link(`promo=${'P'.repeat(65)}`)).toEqual({ items: [], promo: null, unreadable: true });
  });

  it('leaves the rest of the query string when the link is dropped', () => {
    expect(withoutBagLink('?add=A&utm_source=mail&promo=X&q=socks')).toBe('?utm_source=mail&q=socks');
    expect(withoutBagLink('?add=A')).toBe('');
  });

  it('matches codes without regard to case or spaces', () => {
    expect(normalizeCode('  take5 ')).toBe('TAKE5');
  });
});

describe('the free-shipping line', () => {
  const config = {
    shipping_message_cart_modal_remaining_text: "You're {amount} away from free shipping!",
    shipping_message_cart_modal_free_shipping_text: "Nice! You've unlocked free shipping.",
    domestic_free_shipping_amount: 50,
  };

  it('names the amount still to spend until the threshold', () => {
    expect(freeShippingMessage(config, 37.5)).toEqual({
      text: "You're $12.50 away from free shipping!",
      progress: 0.75,
    });
    expect(freeShippingMessage(config, 0).text).toBe("You're $50 away from free shipping!");
  });

  it('says free shipping once the discounted subtotal reaches it', () => {
    expect(freeShippingMessage(config, 50)).toEqual({ text: "Nice! You've unlocked free shipping.", progress: 1 });
  });

  it('falls back to the spec’s default threshold of 50', () => {
    expect(freeShippingMessage({ ...config, domestic_free_shipping_amount: 0 }, 49.99).text).toBe(
      "You're $0.01 away from free shipping!",
    );
  });
});
