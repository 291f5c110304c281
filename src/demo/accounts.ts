/**
 * The demo customer: demo@{brand}.test with the password 'acme-demo-password' (the same for every brand),
 * two addresses, a saved card (a token and the last four digits, never a number) and the history of past
 * orders and store credit. The history is a plan, not rows: demo-order-history.ts carries it out through the
 * shop's own services (placing, shipping, refunding), so the demo's orders carry payments, totals, refunds,
 * shipments and e-mails exactly as real ones do.
 */
import type { Insertable } from 'kysely';
import type { AddressTable, CustomerTable, SavedCardTable, SkuTable } from '../server/db/schema.ts';
import type { Catalogue } from './catalogue.ts';
import type { Rng } from './prng.ts';
import { daysBefore } from './text.ts';

export const DEMO_PASSWORD = 'acme-demo-password';
export const DEMO_CUSTOMER_ID = 'customer-demo';

export function demoEmail(brand: string): string {
  return `demo@${brand}.test`;
}

/** The customer row without its password hash: the loader hashes DEMO_PASSWORD, since a hash is salted at random. */
export type DemoCustomer = Omit<Insertable<CustomerTable>, 'password_hash'>;

export type DemoAddress = typeof HOME;

/** A past order as the demo customer placed it, and what happened to it since; days count back from the demo's clock. */
export interface DemoOrderStep {
  kind: 'order';
  daysAgo: number;
  lines: Array<{ sku: string; qty: number }>;
  promoCode: string | null;
  useStoreCredit: boolean;
  shipMethod: string;
  address: DemoAddress;
  shipped: { daysAgo: number; trackingUrl: string } | null;
  deliveredDaysAgo: number | null;
  /** A line that came back, refunded to where it was paid from. */
  returned: { daysAgo: number; lineIndex: number } | null;
}

/** Store credit the shop gave the customer, with the reason its wallet shows. */
export interface DemoCreditStep {
  kind: 'store-credit';
  daysAgo: number;
  cents: number;
  reason: string;
}

export type DemoHistoryStep = DemoOrderStep | DemoCreditStep;

export interface AccountRows {
  /** Without its store credit, which the history's credit steps give. */
  customer: DemoCustomer;
  password: string;
  addresses: Insertable<AddressTable>[];
  savedCards: Insertable<SavedCardTable>[];
  /** Oldest first, carried out in this order. */
  history: DemoHistoryStep[];
}

const HOME = {
  country: 'US',
  first_name: 'Alex',
  last_name: 'Rivera',
  address1: '1550 Wewatta Street',
  address2: 'Apt 4B',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '3035550142',
};
const WORK = {
  country: 'US',
  first_name: 'Alex',
  last_name: 'Rivera',
  address1: '2400 Broadway',
  address2: 'Suite 210',
  city: 'Boulder',
  region: 'CO',
  postcode: '80304',
  phone: '3035550188',
};

function firstSkuInStock(catalogue: Catalogue, productId: string): Insertable<SkuTable> | undefined {
  return catalogue.skus.find((row) => row.product_id === productId && (row.qty ?? 0) > 0);
}

/** A carrier's tracking page for a made-up parcel number. */
const trackingUrl = (rng: Rng) => `https://www.ups.com/track?tracknum=1Z${rng.hex(16).toUpperCase()}`;

export function accountRows(rng: Rng, now: Date, brand: string, catalogue: Catalogue): AccountRows {
  const customerId = DEMO_CUSTOMER_ID;
  const addresses = [
    {
      ...HOME,
      id: 'address-demo-home',
      customer_id: customerId,
      is_validated: 1 as const,
      is_default: 1 as const,
      is_default_billing: 1 as const,
    },
    {
      ...WORK,
      id: 'address-demo-work',
      customer_id: customerId,
      is_validated: 1 as const,
      is_default: 0 as const,
      is_default_billing: 0 as const,
    },
  ];
  const card = {
    id: 'card-demo-visa',
    customer_id: customerId,
    token: `tok_demo_${rng.hex(24)}`,
    brand: 'Visa',
    last4: '4242',
    exp_month: 12,
    exp_year: now.getUTCFullYear() + 3,
    created_at: daysBefore(now, 60),
  };
  const sellable = catalogue.products
    .map((product, index) => ({ product, index }))
    .filter(({ product }) => catalogue.inStock.has(product.id));
  const pick = (offset: number) => sellable[(offset * 37) % Math.max(1, sellable.length)]?.index ?? 0;
  // A tiny catalogue may have nothing in stock to order; an order keeps only the lines it can fill.
  const linesOf = (wanted: Array<{ productIndex: number; qty: number }>) =>
    wanted.flatMap((line) => {
      const product = catalogue.products[line.productIndex];
      const sku = product && catalogue.inStock.has(product.id) ? firstSkuInStock(catalogue, product.id) : undefined;
      return sku ? [{ sku: sku.sku, qty: line.qty }] : [];
    });
  const history: DemoHistoryStep[] = [
    // $10 of credit the second order spends, then $25 the customer still holds.
    { kind: 'store-credit', daysAgo: 50, cents: 1000, reason: 'goodwill' },
    {
      kind: 'order',
      daysAgo: 41,
      lines: linesOf([
        { productIndex: catalogue.inStock.has(catalogue.products[0]?.id ?? '') ? 0 : pick(0), qty: 2 },
        { productIndex: pick(1), qty: 1 },
        { productIndex: pick(2), qty: 1 },
      ]),
      promoCode: 'WELCOME10',
      useStoreCredit: false,
      shipMethod: 'standard',
      address: HOME,
      shipped: { daysAgo: 39, trackingUrl: trackingUrl(rng) },
      deliveredDaysAgo: 36,
      returned: { daysAgo: 34, lineIndex: 1 },
    },
    {
      kind: 'order',
      daysAgo: 6,
      lines: linesOf([
        { productIndex: pick(3), qty: 1 },
        { productIndex: pick(4), qty: 3 },
      ]),
      promoCode: null,
      useStoreCredit: true,
      shipMethod: 'express',
      address: WORK,
      shipped: { daysAgo: 4, trackingUrl: trackingUrl(rng) },
      deliveredDaysAgo: null,
      returned: null,
    },
    { kind: 'store-credit', daysAgo: 2, cents: 2500, reason: 'goodwill' },
    {
      kind: 'order',
      daysAgo: 1,
      lines: linesOf([{ productIndex: pick(5), qty: 1 }]),
      promoCode: null,
      useStoreCredit: false,
      shipMethod: 'standard',
      address: HOME,
      shipped: null,
      deliveredDaysAgo: null,
      returned: null,
    },
  ];
  return {
    customer: {
      id: customerId,
      email: demoEmail(brand),
      first_name: 'Alex',
      last_name: 'Rivera',
      store_credit_cents: 0,
      verified_at: daysBefore(now, 120),
      created_at: daysBefore(now, 120),
      updated_at: daysBefore(now, 2),
    },
    password: DEMO_PASSWORD,
    addresses,
    savedCards: [card],
    history: history.filter((step) => step.kind === 'store-credit' || step.lines.length > 0),
  };
}
