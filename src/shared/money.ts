const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats dollars as USD, dropping a trailing .00 (spec section 9): 24 → $24, 24.5 → $24.50. */
export function formatMoney(amount: number): string {
  return usd.format(amount).replace(/\.00$/, '');
}
