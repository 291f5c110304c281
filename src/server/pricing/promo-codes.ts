import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney, fromCents } from '../../shared/money.ts';
import type { Db } from '../db/database.ts';
import type { Database, PromoCodeTable } from '../db/schema.ts';
import type { ExpressionBuilder, Selectable } from 'kysely';

export type PromoCode = Selectable<PromoCodeTable>;

/** The promo codes with these (normalized) codes or, for a bag that kept only the id, these ids. */
export async function findPromoCodes(
  db: Db,
  by: { codes: readonly string[]; ids: readonly string[] },
): Promise<PromoCode[]> {
  const codes = [...new Set(by.codes)];
  const ids = [...new Set(by.ids)];
  if (codes.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where((eb) =>
      eb.or([...(codes.length ? [eb('code', 'in', codes)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]),
    )
    .orderBy('id')
    .execute();
}

/** An active code with uses left: whether it can be used then depends only on the clock. */
const usable = (eb: ExpressionBuilder<Database, 'promo_codes'>) =>
  eb.and([eb('active', '=', 1), eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))])]);

/** Whether any promo code can be used now: the bag offers its promo field only then. */
export async function anyPromoLive(db: Db, now: Date): Promise<boolean> {
  const iso = now.toISOString();
  const row = await db
    .selectFrom('promo_codes')
    .select('id')
    .where(usable)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', iso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', iso)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * anyPromoLive's answer now, and until when it holds while no promo code changes: the next moment a usable
 * code starts or ends (an ISO time), or null when none will.
 */
export async function promoLiveUntil(db: Db, now: Date): Promise<{ live: boolean; until: string | null }> {
  const iso = now.toISOString();
  const [live, nextStart, nextEnd] = await Promise.all([
    anyPromoLive(db, now),
    db
      .selectFrom('promo_codes')
      .select('starts_at as at')
      .where(usable)
      .where('starts_at', '>', iso)
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('promo_codes')
      .select('ends_at as at')
      .where(usable)
      .where('ends_at', '>', iso)
      .orderBy('ends_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const moments = [nextStart?.at, nextEnd?.at].filter((at): at is string => typeof at === 'string').sort();
  return { live, until: moments[0] ?? null };
}

/** Why a promo code cannot be used on a bag of this subtotal now, or null when it can. */
export function promoProblem(
  promo: PromoCode | undefined,
  code: string,
  subtotalCents: number,
  now: Date,
): string | null {
  if (!promo || promo.active !== 1) return MESSAGES.promoInvalid(code);
  const iso = now.toISOString();
  if (promo.starts_at !== null && promo.starts_at > iso) return MESSAGES.promoNotStarted(promo.code);
  if (promo.ends_at !== null && promo.ends_at <= iso) return MESSAGES.promoExpired(promo.code);
  if (promo.usage_limit !== null && promo.used_count >= promo.usage_limit) return MESSAGES.promoUsedUp(promo.code);
  if (subtotalCents < promo.min_subtotal_cents)
    return MESSAGES.promoMinimum(promo.code, formatMoney(fromCents(promo.min_subtotal_cents)));
  return null;
}

/**
 * A promo's discount on each line, in cents, given what each line may be discounted on. A percent code takes
 * its share of every line; an amount code is spread over the lines in proportion to their totals (largest
 * remainders get the odd cents), never more than they total. Other kinds discount no line.
 */
export function promoLineDiscounts(promo: Pick<PromoCode, 'kind' | 'value'>, lineCents: readonly number[]): number[] {
  if (promo.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, promo.value));
    return lineCents.map((cents) => Math.round((cents * percent) / 100));
  }
  if (promo.kind !== 'amount') return lineCents.map(() => 0);
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  const amount = Math.min(Math.max(0, promo.value), total);
  if (amount === 0) return lineCents.map(() => 0);
  const shares = lineCents.map((cents) => (cents * amount) / total);
  const discounts = shares.map(Math.floor);
  let left = amount - discounts.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    discounts[index] = (discounts[index] ?? 0) + 1;
    left--;
  }
  return discounts;
}
