/**
 * The demo customer: demo@{brand}.test with the password 'acme-demo-password' (the same for every brand),
 * two addresses, store credit, a saved card (a token and the last four digits, never a number) and past orders.
 */
import type { Insertable } from 'kysely';
import type {
  AddressTable,
  CustomerTable,
  OrderEventTable,
  OrderLineTable,
  OrderTable,
  SavedCardTable,
  StoreCreditEntryTable,
  SkuTable,
} from '../server/db/schema.ts';
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

export interface AccountRows {
  customer: DemoCustomer;
  password: string;
  addresses: Insertable<AddressTable>[];
  savedCards: Insertable<SavedCardTable>[];
  orders: Insertable<OrderTable>[];
  orderLines: Insertable<OrderLineTable>[];
  orderEvents: Insertable<OrderEventTable>[];
  /** The store credit's history: entries that add up to the customer's balance. */
  storeCreditEntries: Insertable<StoreCreditEntryTable>[];
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

interface OrderPlan {
  daysAgo: number;
  status: 'placed' | 'paid' | 'shipped' | 'delivered';
  shipMethod: string;
  shippingCents: number;
  promo: { id: string; percent: number } | null;
  storeCreditCents: number;
  address: typeof HOME;
  lines: Array<{ productIndex: number; qty: number }>;
}

function firstSkuInStock(catalogue: Catalogue, productId: string): Insertable<SkuTable> | undefined {
  return catalogue.skus.find((row) => row.product_id === productId && (row.qty ?? 0) > 0);
}

export function accountRows(rng: Rng, now: Date, brand: string, catalogue: Catalogue): AccountRows {
  const customerId = DEMO_CUSTOMER_ID;
  const addresses = [
    { ...HOME, id: 'address-demo-home', customer_id: customerId, is_validated: 1 as const, is_default: 1 as const, is_default_billing: 1 as const },
    { ...WORK, id: 'address-demo-work', customer_id: customerId, is_validated: 1 as const, is_default: 0 as const, is_default_billing: 0 as const },
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
  const plans: OrderPlan[] = [
    {
      daysAgo: 41,
      status: 'delivered',
      shipMethod: 'standard',
      shippingCents: 0,
      promo: { id: 'promo-welcome10', percent: 10 },
      storeCreditCents: 0,
      address: HOME,
      lines: [
        { productIndex: catalogue.inStock.has(catalogue.products[0]?.id ?? '') ? 0 : pick(0), qty: 2 },
        { productIndex: pick(1), qty: 1 },
        { productIndex: pick(2), qty: 1 },
      ],
    },
    {
      daysAgo: 6,
      status: 'shipped',
      shipMethod: 'express',
      shippingCents: 1495,
      promo: null,
      storeCreditCents: 1000,
      address: WORK,
      lines: [
        { productIndex: pick(3), qty: 1 },
        { productIndex: pick(4), qty: 3 },
      ],
    },
    {
      daysAgo: 1,
      status: 'paid',
      shipMethod: 'standard',
      shippingCents: 595,
      promo: null,
      storeCreditCents: 0,
      address: HOME,
      lines: [{ productIndex: pick(5), qty: 1 }],
    },
  ];
  const orders: Insertable<OrderTable>[] = [];
  const orderLines: Insertable<OrderLineTable>[] = [];
  const orderEvents: Insertable<OrderEventTable>[] = [];
  plans.forEach((plan, i) => {
    const orderId = `order-demo-${i + 1}`;
    const createdAt = daysBefore(now, plan.daysAgo, 3);
    let subtotal = 0;
    let discount = 0;
    // A tiny catalogue may have nothing in stock to order; the order keeps only the lines it can fill.
    const lines = plan.lines.flatMap((line) => {
      const product = catalogue.products[line.productIndex];
      const sku = product && catalogue.inStock.has(product.id) ? firstSkuInStock(catalogue, product.id) : undefined;
      return product && sku ? [{ product, sku, qty: line.qty }] : [];
    });
    if (lines.length === 0) return;
    lines.forEach(({ product, sku, qty }, lineIndex) => {
      const price = product.sale_price_cents ?? product.price_cents;
      const lineDiscount = plan.promo ? Math.round((price * qty * plan.promo.percent) / 100) : 0;
      subtotal += price * qty;
      discount += lineDiscount;
      orderLines.push({
        order_id: orderId,
        line_number: lineIndex + 1,
        sku: sku.sku,
        product_id: product.id,
        name: product.name,
        size: sku.size,
        qty,
        item_price_cents: price,
        discount_cents: lineDiscount,
      });
    });
    const address = JSON.stringify({ _id: `${orderId}-address`, ...plan.address, is_validated: true });
    orders.push({
      id: orderId,
      hash: rng.hex(32),
      number: 100001 + i,
      customer_id: customerId,
      email: demoEmail(brand),
      status: plan.status,
      idempotency_key: `demo-order-${i + 1}`,
      currency: 'USD',
      subtotal_cents: subtotal,
      discount_cents: discount,
      shipping_cents: plan.shippingCents,
      tax_cents: 0,
      store_credit_cents: plan.storeCreditCents,
      gift_card_cents: 0,
      total_cents: subtotal - discount + plan.shippingCents - plan.storeCreditCents,
      promo_code_id: plan.promo?.id ?? null,
      ship_method: plan.shipMethod,
      shipping_address: address,
      billing_address: JSON.stringify({ _id: `${orderId}-billing`, ...HOME, is_validated: true }),
      payment_reference: `demo_pay_${rng.hex(16)}`,
      card_brand: card.brand,
      card_last4: card.last4,
      created_at: createdAt,
      updated_at: daysBefore(now, Math.max(0, plan.daysAgo - 4)),
    });
    const steps = ['placed', 'paid', 'shipped', 'delivered'];
    steps.slice(0, steps.indexOf(plan.status) + 1).forEach((kind, step) => {
      const data =
        kind === 'shipped'
          ? { carrier: 'UPS', tracking_number: `1Z${rng.hex(16).toUpperCase()}` }
          : kind === 'paid'
            ? { amount_cents: subtotal - discount + plan.shippingCents - plan.storeCreditCents }
            : {};
      orderEvents.push({
        id: `${orderId}-event-${step + 1}`,
        order_id: orderId,
        kind,
        data: JSON.stringify(data),
        created_at: daysBefore(now, Math.max(0, plan.daysAgo - step * 2), 3 - step * 0.5),
      });
    });
  });
  return {
    customer: {
      id: customerId,
      email: demoEmail(brand),
      first_name: 'Alex',
      last_name: 'Rivera',
      store_credit_cents: 2500,
      verified_at: daysBefore(now, 120),
      created_at: daysBefore(now, 120),
      updated_at: daysBefore(now, 2),
    },
    password: DEMO_PASSWORD,
    addresses,
    savedCards: [card],
    orders,
    orderLines,
    orderEvents,
    // Two items of the first order came back and were refunded as credit; the second order spent part of it.
    storeCreditEntries: [
      { id: 'store-credit-demo-1', customer_id: customerId, order_id: 'order-demo-1', amount_cents: 3500, reason: 'refunded', created_at: daysBefore(now, 34) },
      { id: 'store-credit-demo-2', customer_id: customerId, order_id: 'order-demo-2', amount_cents: -1000, reason: 'order', created_at: daysBefore(now, 6, 3) },
    ],
  };
}
