/** Dollars as whole cents: the server prices in cents so sums never drift. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Cents as the dollars the shop's entities carry (item_price, totals). */
export const fromCents = (cents: number) => cents / 100;

/**
 * Formats dollars as USD, dropping a trailing .00 (spec section 9): 24 → $24, 24.5 → $24.50, -1250 → -$1,250.
 * Written out rather than through Intl.NumberFormat, whose first currency format loads locale data and cost a
 * phone's page start-up about 12 ms of blocked main thread; it formats as en-US's currency style does.
 */
export function formatMoney(amount: number): string {
  // Rounded from the amount's shortest decimal form, as Intl rounds (1.005 → $1.01), where that form has no exponent.
  const decimal = String(Math.abs(amount));
  const cents = Math.round(decimal.includes('e') ? Math.abs(amount) * 100 : Number(`${decimal}e2`));
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const remainder = cents % 100;
  return `${amount < 0 && cents > 0 ? '-' : ''}$${dollars}${remainder === 0 ? '' : `.${String(remainder).padStart(2, '0')}`}`;
}
