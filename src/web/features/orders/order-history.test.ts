import { describe, expect, it } from 'vitest';
import { timelineEntries } from './order-history.ts';

const at = '2026-11-24T11:30:00.000Z';

describe('timelineEntries', () => {
  it('names each status, a card refund with its amount and an address change, in the server’s order', () => {
    const entries = timelineEntries([
      { kind: 'placed', at, data: { total_cents: 4200 } },
      { kind: 'paid', at, data: { amount_cents: 4200 } },
      { kind: 'address_changed', at, data: { region: 'CA' } },
      { kind: 'cancelled', at, data: { by: 'shopper' } },
      { kind: 'card_refunded', at, data: { amount_cents: 4200 } },
    ]);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Placed',
      'Paid',
      'Shipping address changed',
      'Cancelled',
      '$42 refunded to your card',
    ]);
    expect(entries[0]?.at).toBe(at);
  });

  it('links a shipment to its tracking page, and never to an address that is not a web page', () => {
    const shipped = (tracking_url: unknown) =>
      timelineEntries([{ kind: 'shipped', at, data: { tracking_url } }])[0]?.trackingUrl;
    expect(shipped('https://carrier.example/track/1Z999')).toBe('https://carrier.example/track/1Z999');
    expect(shipped('javascript:alert(1)')).toBeNull();
    expect(shipped('not a link')).toBeNull();
    expect(shipped(undefined)).toBeNull();
  });

  it('leaves out events a shopper has no words for', () => {
    expect(
      timelineEntries([
        { kind: 'payment_authorized', at, data: {} },
        { kind: 'card_refunded', at, data: {} },
      ]),
    ).toEqual([]);
  });
});
