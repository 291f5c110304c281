/**
 * The e-mail marketing tool (Klaviyo's browser queue, `_learnq`): signing in identifies the customer to it,
 * with the campaign the shopper came from (the UTM record, spec 3). Like the tag manager, the tool's script
 * loads only after consent; until then what is pushed waits in its queue.
 */
import * as z from 'zod/mini';
import { storageKeys } from '../../../shared/storage-keys.ts';
import type { User } from '../../../shared/user.ts';

declare global {
  interface Window {
    _learnq?: unknown[];
  }
}

/** The UTM record kept under {brand}-utm (spec 3): the landing URL's campaign fields and when it was seen. */
export const utmRecordSchema = z.lazy(() =>
  z.object({
    utm_source: z.optional(z.string()),
    utm_medium: z.optional(z.string()),
    utm_term: z.optional(z.string()),
    utm_content: z.optional(z.string()),
    utm_campaign: z.optional(z.string()),
    utm_id: z.optional(z.string()),
    etkclid: z.optional(z.string()),
    ts: z.optional(z.string()),
  }),
);
export type UtmRecord = z.infer<typeof utmRecordSchema>;

/** The UTM record in local storage, or null when there is none or it is not one. */
export function readUtmRecord(brand: string): UtmRecord | null {
  try {
    const raw = window.localStorage.getItem(storageKeys(brand).utm);
    const parsed = raw === null ? null : utmRecordSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the identify call says of a customer: the tool's own profile fields, then the campaign's non-empty ones. */
export function identifyProperties(user: User, utm: UtmRecord | null): Record<string, string> {
  const campaign = Object.entries(utm ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return {
    $email: user.username,
    $first_name: user.first_name,
    $last_name: user.last_name,
    ...Object.fromEntries(campaign),
  };
}

/** Identifies the signed-in customer to the marketing tool's queue. */
export function identifyCustomer(user: User, utm: UtmRecord | null): void {
  if (typeof window === 'undefined') return;
  window._learnq ??= [];
  window._learnq.push(['identify', identifyProperties(user, utm)]);
}
