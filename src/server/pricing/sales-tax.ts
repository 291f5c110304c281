/**
 * Sales tax of a priced bag, from the merchant's rate table and the shipping address
 * (docs/decisions/012-addresses-and-tax.md):
 * - the rate is the address's region's, else its country's, else there is none;
 * - taxable are the lines the bag buys (in stock), at their price times quantity less their discounts: a promo
 *   lowers the tax, store credit and gift cards (ways to pay) do not; shipping, at what the shopper pays for
 *   it, is taxable where the rate says so;
 * - the tax is rounded once per order, half a cent up, and then shared out over the lines and shipping (largest
 *   remainders first) so a refund of one line can give back that line's share and the shares add up.
 * Pure: the caller loads the rates (tax-rates.ts) and prices the bag.
 */
import type { CartAddress, CartItem } from '../../shared/cart.ts';
import { toCents } from '../../shared/money.ts';

export interface TaxRate {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The region's code as addresses hold it; '' for the whole country. */
  region: string;
  name: string;
  /** Parts per million of the taxable amount: 72500 is 7.25 %. */
  ratePpm: number;
  taxShipping: boolean;
}

export interface SalesTaxInput {
  items: readonly Pick<CartItem, 'item_price' | 'qty' | 'discount_amount' | 'maxQty'>[];
  /** What the shopper pays for shipping, free shipping already applied. */
  shippingCents: number;
  address: Pick<CartAddress, 'country' | 'region'>;
  rates: readonly TaxRate[];
}

export interface SalesTax {
  rate: TaxRate | null;
  taxableCents: number;
  taxCents: number;
  /** Each line's share of the tax, in the order of the items. */
  lineTaxCents: number[];
  shippingTaxCents: number;
}

const PPM = 1_000_000;

/** The rate of the address's region, else of its country, else null. */
export function taxRateFor(
  rates: readonly TaxRate[],
  address: Pick<CartAddress, 'country' | 'region'>,
): TaxRate | null {
  const country = address.country.trim().toUpperCase();
  const region = address.region.trim().toUpperCase();
  const ofCountry = rates.filter((rate) => rate.country === country);
  return (
    (region ? ofCountry.find((rate) => rate.region.toUpperCase() === region) : undefined) ??
    ofCountry.find((rate) => rate.region === '') ??
    null
  );
}

/** The taxable amount of each line the bag buys: price times quantity less the line's discounts, never below 0. */
function taxableLineCents(item: SalesTaxInput['items'][number]): number {
  if (item.maxQty <= 0) return 0;
  return Math.max(0, toCents(item.item_price) * item.qty - toCents(item.discount_amount));
}

/** Shares a whole number of cents over parts in proportion to rate × part, largest remainders first. */
function shareOut(parts: readonly number[], ratePpm: number, total: number): number[] {
  const exact = parts.map((part) => part * ratePpm);
  const shares = exact.map((value) => Math.floor(value / PPM));
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value % PPM }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

export function salesTax(input: SalesTaxInput): SalesTax {
  const rate = taxRateFor(input.rates, input.address);
  const lines = input.items.map(taxableLineCents);
  const shippingCents = rate?.taxShipping ? Math.max(0, input.shippingCents) : 0;
  const taxableCents = lines.reduce((sum, cents) => sum + cents, 0) + shippingCents;
  if (!rate || rate.ratePpm === 0 || taxableCents === 0) {
    return {
      rate,
      taxableCents: rate ? taxableCents : 0,
      taxCents: 0,
      lineTaxCents: lines.map(() => 0),
      shippingTaxCents: 0,
    };
  }
  // Half a cent up: adding half a million parts per million before the floor rounds .5 away from zero.
  const taxCents = Math.floor((taxableCents * rate.ratePpm + PPM / 2) / PPM);
  const shares = shareOut([...lines, shippingCents], rate.ratePpm, taxCents);
  return {
    rate,
    taxableCents,
    taxCents,
    lineTaxCents: shares.slice(0, lines.length),
    shippingTaxCents: shares[lines.length] ?? 0,
  };
}
