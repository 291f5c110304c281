/** Promo codes, gift cards, shipping methods, sales tax rates and contests. */
import type { Insertable } from 'kysely';
import type {
  ContestTable,
  GiftCardTable,
  PromoCodeTable,
  ShipMethodTable,
  TaxRateTable,
} from '../server/db/schema.ts';
import type { Catalogue } from './catalogue.ts';
import { CONTEST_FIELDS, contentId } from './content.ts';
import type { Rng } from './prng.ts';
import { daysAfter, daysBefore } from './text.ts';

/** The gift of the gift-with-purchase code: the best-stocked sku of a pair of socks that is sold on its own. */
function giftSku(catalogue: Catalogue): string | null {
  const socks = new Set(
    catalogue.products
      .filter((p) => p.category === 'Socks' && p.show_on_plp === 1 && p.sale_price_cents === null)
      .map((p) => p.id),
  );
  const candidates = catalogue.skus.filter((s) => socks.has(s.product_id) && (s.qty ?? 0) >= 20);
  return candidates.sort((a, b) => (b.qty ?? 0) - (a.qty ?? 0) || a.sku.localeCompare(b.sku))[0]?.sku ?? null;
}

export function promoCodeRows(now: Date, catalogue: Catalogue): Insertable<PromoCodeTable>[] {
  const gift = giftSku(catalogue);
  const base = {
    gift_sku: null,
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    used_count: 0,
    active: 1 as const,
    min_subtotal_cents: 0,
  };
  return [
    { ...base, id: 'promo-welcome10', code: 'WELCOME10', kind: 'percent', value: 10 },
    { ...base, id: 'promo-take5', code: 'TAKE5', kind: 'amount', value: 500, min_subtotal_cents: 2500 },
    { ...base, id: 'promo-freeship', code: 'FREESHIP', kind: 'free_shipping', value: 0 },
    {
      ...base,
      id: 'promo-summer20',
      code: 'SUMMER20',
      kind: 'percent',
      value: 20,
      starts_at: daysBefore(now, 120),
      ends_at: daysBefore(now, 30),
      used_count: 842,
    },
    { ...base, id: 'promo-first100', code: 'FIRST100', kind: 'percent', value: 25, usage_limit: 100, used_count: 37 },
    {
      ...base,
      id: 'promo-familie15',
      code: 'FAMILIE15',
      kind: 'amount',
      value: 1500,
      min_subtotal_cents: 7500,
      ends_at: daysAfter(now, 30),
    },
    { ...base, id: 'promo-retired', code: 'OLDNEWS', kind: 'percent', value: 50, active: 0 },
    ...(gift
      ? [
          {
            ...base,
            id: 'promo-freesocks',
            code: 'FREESOCKS',
            kind: 'gift',
            value: 0,
            min_subtotal_cents: 4000,
            gift_sku: gift,
          },
        ]
      : []),
  ];
}

/** Gift card codes: four groups of four capitals and digits, without look-alike characters. */
function giftCode(rng: Rng): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => rng.pick([...alphabet])).join('')).join('-');
}

/** The demo's published gift card (README): anyone trying the shop can spend its balance at checkout. */
export const DEMO_GIFT_CARD_CODE = 'ACME-TEST-CARD-2345';

export function giftCardRows(rng: Rng, now: Date, customerId: string): Insertable<GiftCardTable>[] {
  const cards: Array<
    [initial: number, balance: number, recipient: string | null, message: string | null, purchaser: string | null]
  > = [
    [5000, 5000, 'jamie@example.com', 'Happy birthday! Treat yourself to something loud.', customerId],
    [10000, 6250, null, null, null],
    [2500, 2500, null, null, null],
    [7500, 0, 'sam@example.com', 'Thanks for everything.', null],
  ];
  return cards.map(([initial, balance, recipient, message, purchaser], i) => ({
    id: `gift-card-${i + 1}`,
    code: i === 1 ? DEMO_GIFT_CARD_CODE : giftCode(rng),
    initial_cents: initial,
    balance_cents: balance,
    recipient_email: recipient,
    recipient_name: recipient ? (recipient.split('@')[0]?.replace(/^./, (c) => c.toUpperCase()) ?? null) : null,
    message,
    purchaser_customer_id: purchaser,
    order_id: null,
    created_at: daysBefore(now, 20 + i * 15),
  }));
}

export function shipMethodRows(): Insertable<ShipMethodTable>[] {
  return [
    {
      code: 'standard',
      name: 'Standard (5-7 business days)',
      price_cents: 595,
      free_over_cents: 5000,
      countries: JSON.stringify(['US']),
      position: 0,
    },
    {
      code: 'express',
      name: 'Express (2-3 business days)',
      price_cents: 1495,
      free_over_cents: null,
      countries: JSON.stringify(['US']),
      position: 1,
    },
    {
      code: 'overnight',
      name: 'Overnight (next business day)',
      price_cents: 2995,
      free_over_cents: null,
      countries: JSON.stringify(['US']),
      position: 2,
    },
    {
      code: 'international',
      name: 'International (7-14 business days)',
      price_cents: 2495,
      free_over_cents: null,
      countries: JSON.stringify(['AU', 'NZ', 'CA', 'GB', 'IE', 'DE', 'FR', 'NL', 'JP']),
      position: 3,
    },
  ];
}

/** A few US states' sales tax (state rates only, no local ones) and none elsewhere; shipping taxed as each state does. */
export function taxRateRows(now: Date): Insertable<TaxRateTable>[] {
  const updated_at = now.toISOString();
  return [
    { country: 'US', region: 'CA', name: 'California sales tax', rate_ppm: 72_500, tax_shipping: 0, updated_at },
    { country: 'US', region: 'NY', name: 'New York sales tax', rate_ppm: 40_000, tax_shipping: 1, updated_at },
    { country: 'US', region: 'TX', name: 'Texas sales tax', rate_ppm: 62_500, tax_shipping: 1, updated_at },
    { country: 'US', region: 'WA', name: 'Washington sales tax', rate_ppm: 65_000, tax_shipping: 1, updated_at },
  ];
}

function contestTerms(name: string, site: string, start: string, end: string): string {
  return (
    `<h1>${name}: Official Rules</h1>` +
    `<p><strong>No purchase necessary.</strong> A purchase does not improve your chances of winning.</p>` +
    `<h2>Eligibility</h2><p>Open to legal residents of the 50 United States and DC who are 18 or older at the time of entry. Employees of ${site} and their households are not eligible.</p>` +
    `<h2>Entry period</h2><p>The contest starts at ${start} and ends at ${end} (UTC). One entry per person; duplicate entries are void.</p>` +
    `<h2>Prizes and selection</h2><p>Winners are drawn at random from all eligible entries within seven days of the end of the contest and notified by e-mail. A winner who does not answer within 72 hours forfeits the prize.</p>` +
    `<h2>Privacy</h2><p>Entry information is used to run the contest and, if you opt in, to send you news from ${site}. See our <a href="/privacy">privacy policy</a>.</p>`
  );
}

export function contestRows(now: Date, site: string): Insertable<ContestTable>[] {
  const ultimate = { start: daysBefore(now, 10), end: daysAfter(now, 4) };
  const summer = { start: daysBefore(now, 90), end: daysBefore(now, 45) };
  return [
    {
      id: 'contest-ultimate',
      slug: 'ultimate',
      name: 'The Ultimate Giveaway',
      content_id: contentId('contest/ultimate'),
      terms: contestTerms('The Ultimate Giveaway', site, ultimate.start, ultimate.end),
      fields: JSON.stringify(CONTEST_FIELDS.ultimate),
      starts_at: ultimate.start,
      ends_at: ultimate.end,
    },
    {
      id: 'contest-summer-send-off',
      slug: 'summer-send-off',
      name: 'Summer Send-Off',
      content_id: contentId('contest/summer-send-off'),
      terms: contestTerms('Summer Send-Off', site, summer.start, summer.end),
      fields: JSON.stringify(CONTEST_FIELDS['summer-send-off']),
      starts_at: summer.start,
      ends_at: summer.end,
    },
  ];
}
