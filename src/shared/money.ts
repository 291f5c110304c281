const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as whole cents: the server prices in cents so sums never drift. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Cents as the dollars the shop's entities carry (item_price, totals). */
export const fromCents = (cents: number) => cents / 100;

/** Formats dollars as USD, dropping a trailing .00 (spec section 9): 24 → $24, 24.5 → $24.50. */
export function formatMoney(amount: number): string {
  return usd.format(amount).replace(/\.00$/, '');
}
