/**
 * One idempotency key per checkout attempt: made when the checkout page (or the gift card payment page) opens,
 * kept in session storage so a double click, a retry or a reload sends the same key (the server answers the
 * same order or purchase), and dropped once it succeeded, so the next checkout is a new attempt.
 */
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from '../../../shared/order.ts';

export type AttemptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What an attempt pays for: an order (checkout) or gift cards; each keeps its own key. */
export type AttemptKind = 'checkout' | 'gift-card';

export const checkoutAttemptStorageKey = (brand: string, kind: AttemptKind = 'checkout') => `${brand}-${kind}-attempt`;

const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** A fresh key: a random UUID, which the place-order schema takes (letters, digits and hyphens, 36 long). */
export const newAttemptKey = (): string => crypto.randomUUID();

/** The key of the attempt under way, made and kept when there is none (or storage holds something else). */
export function checkoutAttemptKey(
  storage: AttemptStorage | null,
  brand: string,
  makeKey: () => string = newAttemptKey,
  kind: AttemptKind = 'checkout',
): string {
  const storageKey = checkoutAttemptStorageKey(brand, kind);
  try {
    const kept = storage?.getItem(storageKey);
    if (kept && KEY_PATTERN.test(kept)) return kept;
  } catch {
    // Storage blocked: the key lives for this page only.
  }
  const key = makeKey();
  try {
    storage?.setItem(storageKey, key);
  } catch {
    // As above.
  }
  return key;
}

/** The attempt ended with an order (or a purchase): the next checkout makes a new key. */
export function endCheckoutAttempt(
  storage: AttemptStorage | null,
  brand: string,
  kind: AttemptKind = 'checkout',
): void {
  try {
    storage?.removeItem(checkoutAttemptStorageKey(brand, kind));
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Session storage, or null where the browser refuses it. */
export function sessionStorageOrNull(): AttemptStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The success page of an order was seen: true the first time in this browser session, so the bag is emptied,
 * the attempt ended and the purchase reported once, not again on a reload.
 */
export function firstSightOfOrder(storage: AttemptStorage | null, brand: string, orderId: string): boolean {
  const key = `${brand}-order-placed-${orderId}`;
  try {
    if (storage?.getItem(key)) return false;
    storage?.setItem(key, '1');
  } catch {
    // Storage blocked: once per page load instead.
  }
  return true;
}
