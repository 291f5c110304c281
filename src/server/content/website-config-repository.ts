import type {
  BrandLogos,
  NavigationNode,
  NavigationVisibility,
  WebsiteConfig,
  WebsiteConfigFields,
} from '../../shared/website-config.ts';
import { GIFT_CARD_MAX_AMOUNT, GIFT_CARD_MIN_AMOUNT } from '../../shared/gift-card.ts';
import type { Db } from '../db/database.ts';
import type { NavigationNodeRow } from '../db/schema.ts';

const VISIBILITIES: readonly NavigationVisibility[] = ['All', 'Sidenav', 'Topnav'];

/** Builds the navigation tree; a node's hash is 'nav' and the ids from the root down, joined by colons. */
export function navigationTree(rows: NavigationNodeRow[]): NavigationNode[] {
  const byParent = new Map<string | null, NavigationNodeRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parent_id) ?? [];
    siblings.push(row);
    byParent.set(row.parent_id, siblings);
  }
  const build = (parentId: string | null, trail: string[]): NavigationNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((row) => {
        const ids = [...trail, row.id];
        return {
          _id: row.id,
          name: row.name,
          slug: row.slug,
          url: row.url,
          hash: ['nav', ...ids].join(':'),
          visibility: VISIBILITIES.find((v) => v === row.visibility) ?? 'All',
          children: build(row.id, ids),
        };
      });
  return build(null, []);
}

/** The configured amounts that are whole dollars within the limits, each once, smallest first; anything else is left out. */
export function giftCardDenominations(stored: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const amounts = parsed.filter(
    (value): value is number =>
      Number.isInteger(value) && value >= GIFT_CARD_MIN_AMOUNT && value <= GIFT_CARD_MAX_AMOUNT,
  );
  return [...new Set(amounts)].sort((a, b) => a - b);
}

export async function readWebsiteConfig(db: Db, brand: string): Promise<WebsiteConfig | null> {
  const [row, messages, nodes] = await Promise.all([
    db.selectFrom('website_config').selectAll().where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('sitewide_messages').selectAll().orderBy('position').execute(),
    db.selectFrom('navigation_nodes').selectAll().execute(),
  ]);
  if (!row) return null;
  const logos: BrandLogos = {
    [`${brand}_logo`]: { url: row.logo_light_url, width: row.logo_light_width, height: row.logo_light_height },
    [`${brand}_logo_dark`]: { url: row.logo_dark_url, width: row.logo_dark_width, height: row.logo_dark_height },
  };
  const fields: WebsiteConfigFields = {
    site_name: row.site_name,
    tagline: row.tagline,
    order_confirmation_text: row.order_confirmation_text,
    sitewide_message_class: row.sitewide_message_class,
    sitewide_message_text_class: row.sitewide_message_text_class,
    sitewide_message_rotation_ms: row.sitewide_message_rotation_ms,
    sitewide_messages: messages.map((m) => ({
      message: m.message,
      message_start: m.message_start,
      message_end: m.message_end,
    })),
    navigation: navigationTree(nodes),
    shipping_message_cart_modal_remaining_text: row.shipping_message_cart_modal_remaining_text,
    shipping_message_cart_modal_free_shipping_text: row.shipping_message_cart_modal_free_shipping_text,
    domestic_free_shipping_amount: row.domestic_free_shipping_amount_cents / 100,
    shop_items_per_page: row.shop_items_per_page,
    support_email: row.support_email,
    support_phone: row.support_phone,
    support_display_phone: row.support_display_phone,
    promo_gift_card_rate_per_fifty: row.promo_gift_card_rate_per_fifty_cents / 100,
    promo_store_credit: row.promo_store_credit === 1,
    gift_card_denominations: giftCardDenominations(row.gift_card_denominations),
    careers_url: row.careers_url,
    music_url: row.music_url,
    product_delivery_note: row.product_delivery_note,
    product_returns_note: row.product_returns_note,
  };
  return { ...fields, ...logos };
}
