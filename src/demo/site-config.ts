/** The website configuration row and the sitewide messages. */
import type { Insertable } from 'kysely';
import type { SitewideMessageTable, WebsiteConfigTable } from '../server/db/schema.ts';
import { SHIPPING_AMOUNT_PLACEHOLDER } from '../shared/bag-pricing.ts';
import { COUNTDOWN_PLACEHOLDER } from '../shared/website-config.ts';
import { LOGO, logoFile, type MediaRegistry } from './media.ts';
import { daysAfter, daysBefore } from './text.ts';

export function websiteConfigRow(brand: string, now: Date, media: MediaRegistry): Insertable<WebsiteConfigTable> {
  const site = brand.toUpperCase();
  return {
    id: 1,
    logo_light_url: media.add(logoFile(brand, 'light')),
    logo_light_width: LOGO.width,
    logo_light_height: LOGO.height,
    logo_dark_url: media.add(logoFile(brand, 'dark')),
    logo_dark_width: LOGO.width,
    logo_dark_height: LOGO.height,
    site_name: site,
    tagline: 'Loud Prints. Serious Comfort.',
    order_confirmation_text: `Thanks for shopping with ${site}! Your order is in and our warehouse crew is on it. We'll e-mail tracking as soon as it ships, usually within one business day.`,
    sitewide_message_class: 'bg-black',
    sitewide_message_text_class: 'text-white',
    sitewide_message_rotation_ms: 6000,
    shipping_message_cart_modal_remaining_text: `You're ${SHIPPING_AMOUNT_PLACEHOLDER} away from free shipping!`,
    shipping_message_cart_modal_free_shipping_text: "Nice! You've unlocked free shipping.",
    domestic_free_shipping_amount_cents: 5000,
    shop_items_per_page: 60,
    support_email: `support@${brand}.test`,
    support_phone: '+18005550199',
    support_display_phone: '(800) 555-0199',
    promo_gift_card_rate_per_fifty_cents: 1000,
    promo_store_credit: 0,
    gift_card_denominations: JSON.stringify([25, 50, 75, 100, 150, 250]),
    careers_url: `https://jobs.example.com/${brand}`,
    music_url: `https://music.example.com/${brand}`,
    product_delivery_note:
      'Free US shipping on orders over $50. Orders usually ship within one business day and arrive in 5–7 business days with Standard, 2–3 with Express or the next business day with Overnight.',
    product_returns_note:
      'Write to us within 30 days of delivery to return or exchange unworn items with their tags; underwear must also be in its original packaging. Our return and exchange policy has the details.',
    updated_at: now.toISOString(),
  };
}

export function sitewideMessageRows(now: Date): Insertable<SitewideMessageTable>[] {
  return [
    {
      id: 'free-shipping',
      message: 'Free US shipping on orders over $50',
      message_start: daysBefore(now, 30),
      message_end: daysAfter(now, 60),
      position: 0,
    },
    {
      id: 'ultimate-countdown',
      message: `The Ultimate Giveaway closes in ${COUNTDOWN_PLACEHOLDER}. Enter now!`,
      message_start: daysBefore(now, 2),
      message_end: daysAfter(now, 4),
      position: 1,
    },
    {
      id: 'new-prints',
      message: 'New drop: Tropic Thunder and Midnight Camo are here',
      message_start: daysBefore(now, 7),
      message_end: daysAfter(now, 21),
      position: 2,
    },
    {
      id: 'gift-cards',
      message: 'Buy a $100 gift card, get a $20 bonus card',
      message_start: daysBefore(now, 1),
      message_end: daysAfter(now, 14),
      position: 3,
    },
    {
      id: 'last-season',
      message: 'Summer Send-Off sale: ends tonight',
      message_start: daysBefore(now, 40),
      message_end: daysBefore(now, 33),
      position: 4,
    },
  ];
}
