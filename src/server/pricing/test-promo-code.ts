/** For tests: a promo code as the pricing reads it. */
import type { PromoCode } from './promo-codes.ts';

/** A live code taking 10 % off any bag, with no dates, limit or gift, unless told otherwise. */
export const testPromoCode = (code: string, fields: Partial<PromoCode> = {}): PromoCode => ({
  id: `promo-${code.toLowerCase()}`,
  code,
  kind: 'percent',
  value: 10,
  min_subtotal_cents: 0,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  usage_limit_per_customer: null,
  used_count: 0,
  active: 1,
  gift_sku: null,
  ...fields,
});
