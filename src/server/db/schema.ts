/**
 * The database's tables as Kysely sees them. One schema serves SQLite and PostgreSQL, so the column types
 * are the ones both store alike: booleans are 0/1 integers, times are ISO-8601 UTC text, money is integer
 * cents, and structured values (image filters, addresses, block fields) are JSON text.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 or 1: both dialects store it the same way. */
export type Flag = 0 | 1;

export interface ProductTable {
  id: string;
  style_id: string;
  name: string;
  slug: string;
  fit: string;
  division: string;
  category: string;
  subcategory: string;
  print_name: string;
  colorway: string;
  description: string;
  price_cents: number;
  sale_price_cents: number | null;
  badge_text: string | null;
  badge_class: string | null;
  badge_icon: string | null;
  max_cart_qty: number;
  show_on_plp: Flag;
  default_position: number;
  /** Products that are lengths of one garment share a variant group; variant_name is the length shown. */
  variant_group: string | null;
  variant_name: string | null;
  /** Products that are colours of one style share a swatch group. */
  swatch_group: string | null;
  size_chart_name: string | null;
  video_url: string | null;
  /** Final sale: no returns or exchanges; the bag names such lines in its final-sale message. */
  final_sale: Generated<Flag>;
  /** Units sold, which the shop's Best Sellers order lists the most of first. */
  units_sold: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SkuTable {
  sku: string;
  product_id: string;
  size: string;
  position: number;
  qty: number;
}

export interface ProductImageTable {
  id: string;
  product_id: string;
  position: number;
  /** primary, secondary, color (the swatch chip) or gallery */
  role: string;
  url: string;
  width: number;
  height: number;
  /** JSON list of {compare, tags, display_tags, type}. */
  filters: string;
  enabled: Flag;
}

export interface FacetGroupTable {
  id: string;
  /** The search document field the group filters on, e.g. division or category. */
  field: string;
  display_name: string;
  position: number;
  hierarchical: Flag;
}

export interface FacetTagTable {
  id: string;
  group_id: string;
  parent_id: string | null;
  /** The tag's value; hierarchical values are joined with ' > ' (e.g. 'Underwear > Boxer Briefs'). */
  name: string;
  display_name: string;
  icon_in_nav: string | null;
  position: number;
}

export interface ProductTagTable {
  product_id: string;
  tag_id: string;
}

export interface NavigationNodeTable {
  id: string;
  parent_id: string | null;
  name: string;
  slug: string;
  url: string | null;
  /** All, Sidenav or Topnav */
  visibility: string;
  position: number;
}

export interface WebsiteConfigTable {
  /** Always 1: the shop has one configuration row. */
  id: number;
  logo_light_url: string;
  logo_light_width: number;
  logo_light_height: number;
  logo_dark_url: string;
  logo_dark_width: number;
  logo_dark_height: number;
  site_name: string;
  tagline: string;
  order_confirmation_text: string;
  sitewide_message_class: string;
  sitewide_message_text_class: string;
  sitewide_message_rotation_ms: number;
  shipping_message_cart_modal_remaining_text: string;
  shipping_message_cart_modal_free_shipping_text: string;
  domestic_free_shipping_amount_cents: number;
  shop_items_per_page: number;
  support_email: string;
  support_phone: string;
  support_display_phone: string;
  promo_gift_card_rate_per_fifty_cents: number;
  promo_store_credit: Flag;
  careers_url: string;
  music_url: string;
  /** Shown on every product page under Add to Bag: how and when orders arrive, and how to return them. */
  product_delivery_note: Generated<string>;
  product_returns_note: Generated<string>;
  /** JSON list of whole dollars: the amounts the gift card page offers besides a custom one. */
  gift_card_denominations: Generated<string>;
  updated_at: string;
}

export interface SitewideMessageTable {
  id: string;
  /** May hold the countdown placeholder {countdown}. */
  message: string;
  message_start: string;
  message_end: string;
  position: number;
}

export interface SizeChartTable {
  name: string;
  display_name: string;
  category_name: string;
  subheader: string;
  meta_title: string;
  meta_description: string;
  /** JSON list of {url, width, height, title}. */
  images: string;
  content: string;
  position: number;
}

export interface SiteContentTable {
  id: string;
  name: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
  /** The text as written (its Html block holds the HTML); empty for a page made of blocks only. */
  markdown: Generated<string>;
}

export interface ContentBlockTable {
  id: string;
  content_id: string;
  parent_block_id: string | null;
  position: number;
  block_type: string;
  name: string;
  /** The slug a Product block is filtered on in the search index (page_block_slugs). */
  slug: string | null;
  breakpoint: string;
  container_class: string;
  container_style: string;
  /** JSON list of media items. */
  images: string;
  /** JSON list of form field names. */
  fields: string;
  /** JSON list of tag links {id, text, url}. */
  configuration: string;
  content: string;
  form_id: string | null;
  auto_advance: Flag;
  pagination_arrows: Flag;
  indicator_type: string | null;
  /** JSON list of tag names a Product block selects on. */
  product_tags: string;
  /** JSON list of product image tiles. */
  product_images: string;
}

/** The products a Curated Product block shows, in order. */
export interface CuratedBlockProductTable {
  block_id: string;
  product_id: string;
  position: number;
}

export interface PostTable {
  id: string;
  /** news, life or familie */
  kind: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  /** JSON media item. */
  image: string;
  published_at: string;
  author: Generated<string>;
  author_role: Generated<string>;
  /** JSON list of catalogue tags: the products shown under the post. */
  product_tags: Generated<string>;
  /** The body as written (content is its HTML); empty for a post written as HTML. */
  markdown: Generated<string>;
}

export interface ContestTable {
  id: string;
  slug: string;
  name: string;
  content_id: string | null;
  terms: string;
  /** JSON list of form field names. */
  fields: string;
  starts_at: string;
  ends_at: string;
}

export interface ContestEntryTable {
  id: string;
  contest_id: string;
  email: string;
  instagram: string | null;
  address: string | null;
  is_of_age: Flag;
  company_name: string | null;
  job_title: string | null;
  created_at: string;
}

export interface ApplicationTable {
  id: string;
  /** creator, dealer or nil */
  kind: string;
  email: string;
  /** JSON of the submitted fields. */
  data: string;
  created_at: string;
}

export interface PromoCodeTable {
  id: string;
  code: string;
  /** percent, amount, free_shipping or gift (only the gift sku) */
  kind: string;
  /** Percent points for percent, cents for amount. */
  value: number;
  min_subtotal_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  used_count: number;
  /** How many orders one customer (or guest e-mail) may use it on; null for no limit. */
  usage_limit_per_customer: Generated<number | null>;
  active: Flag;
  /** A sku added to the bag free while the code applies (gift with purchase), or null. */
  gift_sku: string | null;
}

export interface GiftCardTable {
  id: string;
  code: string;
  initial_cents: number;
  balance_cents: number;
  recipient_email: string | null;
  recipient_name: string | null;
  message: string | null;
  purchaser_customer_id: string | null;
  order_id: string | null;
  created_at: string;
  /** The purchase that paid for it; null for a card the shop issued. */
  purchase_id: Generated<string | null>;
  /** purchased, bonus (a promotion's) or issued (by the shop) */
  kind: Generated<string>;
  sender_name: Generated<string | null>;
  /** The shop's calendar day (YYYY-MM-DD, SHOP_TIME_ZONE) the recipient is e-mailed on; null when it is not e-mailed. */
  deliver_on: Generated<string | null>;
  delivered_at: Generated<string | null>;
  /** When its purchase's refund withdrew it: it is no longer spent, given money back or e-mailed. */
  withdrawn_at: Generated<string | null>;
}

/** A purchase of gift cards, paid by card under the idempotency key of its attempt (order_attempts). */
export interface GiftCardPurchaseTable {
  id: string;
  idempotency_key: string;
  customer_id: string | null;
  /** Where the receipt goes. */
  email: string;
  amount_cents: number;
  bonus_cents: Generated<number>;
  /** card or store_credit; null when the purchase earned no bonus. */
  bonus_kind: string | null;
  payment_reference: string;
  card_brand: string;
  card_last4: string;
  /** authorized, then captured, or voided by a refund before its capture */
  payment_status: string;
  created_at: string;
  updated_at: string;
  /** When the merchant refunded it (its cards withdrawn); null until then. */
  refunded_at: Generated<string | null>;
  /** What went back (or is going back) to the buyer's card: the cards' unspent balance, and what orders gave back to them since. */
  refunded_cents: Generated<number>;
  /** What the refund took off the promotion's bonus (the bonus card's balance, or the store credit left of it), with no refund. */
  bonus_withdrawn_cents: Generated<number>;
}

/** An amount owed back to a gift card purchase's card: voided or refunded through the gateway, under the row's id. */
export interface GiftCardRefundTable {
  id: string;
  purchase_id: string;
  amount_cents: number;
  /** pending or done */
  status: string;
  /** refund (the merchant's), or the reason of the order refund that gave money back to a withdrawn card */
  reason: string;
  created_at: string;
}

export interface CustomerTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  store_credit_cents: number;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomerTokenTable {
  id: string;
  customer_id: string;
  /** verify or reset */
  kind: string;
  /** The SHA-256 of the token the link carries. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  /** For a verify token of an e-mail change, the new address it confirms; null otherwise. */
  email: Generated<string | null>;
}

export interface AddressTable {
  id: string;
  customer_id: string;
  country: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postcode: string;
  phone: string;
  is_validated: Flag;
  /** The customer's default shipping address. */
  is_default: Flag;
  is_default_billing: Generated<Flag>;
}

/** A tokenized card: never a number or a CVC. */
export interface SavedCardTable {
  id: string;
  customer_id: string;
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: string;
}

/** A saved card the shopper deleted that the gateway may still keep, until it lets it go (payments/saved-cards.ts). */
export interface SavedCardRemovalTable {
  token: string;
  created_at: string;
}

/** The Stripe Customer an account's cards saved with Stripe are attached to (payments/stripe-customers.ts). */
export interface StripeCustomerTable {
  customer_id: string;
  stripe_customer_id: string;
  created_at: string;
}

/** A signed-in session (accounts/sessions.ts): it ends at whichever of its two expiries comes first. */
export interface SessionTable {
  /** The SHA-256 of the cookie's secret, so a database leak yields no usable session. */
  id: string;
  customer_id: string | null;
  created_at: string;
  /** The absolute end, fixed at sign-in. */
  expires_at: string;
  /** The idle end, moved forward by the shopper's activity (never past expires_at). */
  idle_expires_at: string;
  /** 1 when the shopper asked to be remembered: the longer timeouts apply. */
  remember_me: Generated<Flag>;
}

/** A built-in captcha token already used, kept until it would have expired anyway (accounts/captcha.ts). */
export interface CaptchaTokenUseTable {
  nonce: string;
  expires_at: string;
}

export interface ShipMethodTable {
  code: string;
  name: string;
  price_cents: number;
  /** Free above this subtotal, or null for never. */
  free_over_cents: number | null;
  /** JSON list of country codes. */
  countries: string;
  position: number;
}

/** A sales tax rate the merchant sets for a country, or for one region (US state, province) of it. */
export interface TaxRateTable {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The region's code as addresses hold it (CA, NY); '' for the whole country. */
  region: Generated<string>;
  /** The merchant's name for the rate, e.g. California sales tax. */
  name: string;
  /** Parts per million of the taxable amount: 72500 is 7.25 %. */
  rate_ppm: number;
  /** Whether shipping is taxed where this rate applies. */
  tax_shipping: Generated<Flag>;
  updated_at: string;
}

export interface OrderTable {
  id: string;
  /** The secret in /order/{id}/{hash}. */
  hash: string;
  number: number;
  customer_id: string | null;
  email: string;
  /** placed (the card authorized), paid, fulfilled, shipped, delivered, cancelled or refunded (shared/order.ts) */
  status: string;
  idempotency_key: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  store_credit_cents: number;
  gift_card_cents: number;
  total_cents: number;
  promo_code_id: string | null;
  ship_method: string;
  shipping_address: string;
  billing_address: string;
  payment_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** The share of tax_cents on shipping. */
  shipping_tax_cents: Generated<number>;
  tracking_url: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderLineTable {
  order_id: string;
  line_number: number;
  sku: string;
  product_id: string;
  name: string;
  size: string;
  qty: number;
  item_price_cents: number;
  discount_cents: number;
  /** The line's share of the order's tax. */
  tax_cents: Generated<number>;
}

/** A checkout attempt under its idempotency key (docs/decisions/013-placing-orders.md). */
export interface OrderAttemptTable {
  idempotency_key: string;
  fingerprint: string;
  /** authorizing, ordered, voiding or failed */
  status: string;
  try_number: Generated<number>;
  card_token: string | null;
  amount_cents: Generated<number>;
  order_id: string | null;
  /** The gift card purchase the attempt made, when it bought gift cards rather than placing an order. */
  gift_card_purchase_id: Generated<string | null>;
  /** JSON {status, body} of the answer a failed try gave. */
  failure: string | null;
  /** JSON SavedCardUse the try's authorization named (a saved card paying, or a new one to keep); null when none. */
  saved_card_use: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** What paid for an order: a card (the gateway's payment), a gift card or store credit. */
export interface OrderPaymentTable {
  id: string;
  order_id: string;
  /** card, gift_card or store_credit */
  method: string;
  /** The gateway's payment id, the gift card's id or the customer's id. */
  reference: string;
  amount_cents: number;
  refunded_cents: Generated<number>;
  /** authorized (a card not captured yet) or captured */
  status: string;
  created_at: string;
}

/** Money given back on an order; a card refund is pending until the gateway confirms it under this row's id. */
export interface OrderRefundTable {
  id: string;
  order_id: string;
  payment_id: string;
  amount_cents: number;
  /** pending or done */
  status: string;
  reason: string;
  created_at: string;
}

export interface PromoCodeCustomerUseTable {
  promo_code_id: string;
  /** The customer's id, or a guest's e-mail in lower case. */
  customer_key: string;
  used_count: number;
}

/** A change of a customer's store credit: negative when spent, positive when given back. */
export interface StoreCreditEntryTable {
  id: string;
  customer_id: string;
  order_id: string | null;
  amount_cents: number;
  reason: string;
  created_at: string;
}

/** A change of a gift card's balance: negative when spent, positive when given back. */
export interface GiftCardEntryTable {
  id: string;
  gift_card_id: string;
  order_id: string | null;
  amount_cents: number;
  reason: string;
  created_at: string;
}

export interface OrderNumberCounterTable {
  id: number;
  last_number: number;
}

export interface RateLimitCountTable {
  bucket: string;
  window_start: string;
  count: number;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  kind: string;
  data: string;
  created_at: string;
}

/** Mail waiting to be sent; kept as the record when no SMTP server is configured. */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  /** The server sending it (or that sent it); its claim holds until lease_until. */
  claimed_by: string | null;
  lease_until: string | null;
}

/** The server that runs a background job while it renews the lease (src/server/jobs/job-lease.ts). */
export interface JobLeaseTable {
  job: string;
  holder: string;
  lease_until: string;
  /** How far the holder has got, for servers that wait on it: the search cluster's last applied product change. */
  progress: number | null;
}

export interface FormSubmissionTable {
  id: string;
  form_id: string;
  email: string;
  /** JSON of the other submitted fields. */
  data: string;
  created_at: string;
}

/** The one row (id 1) whose seq is the last product change number handed out. */
export interface ProductChangeCounterTable {
  id: number;
  seq: number;
}

/** One row: how many content changes were committed (src/server/content/content-changes.ts). */
export interface ContentChangeCounterTable {
  id: number;
  seq: number;
}

/** One row: how many changes of promo codes, shipping methods and tax rates were committed (triggers raise it, migration 014). */
export interface PricingChangeCounterTable {
  id: number;
  seq: number;
}

/** A product whose search document may have changed; product_id null means every product may have. */
export interface ProductChangeTable {
  seq: number;
  product_id: string | null;
  changed_at: string;
}

/** A synonym or an override of a search collection, as the merchant wrote it through the search API. */
export interface SearchRuleTable {
  collection: string;
  id: string;
  /** The rule's JSON as Typesense's API takes it, without its id. */
  definition: string;
  updated_at: string;
}

/** A card token of the built-in test gateway: what a receipt shows, never the number or the CVC. */
export interface PaymentTokenTable {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** approved, or the decline code the test card number stands for. */
  test_outcome: string;
  created_at: string;
}

/** A payment taken by the built-in test gateway. */
export interface PaymentTable {
  id: string;
  token: string;
  currency: string;
  /** authorized, captured or voided */
  status: string;
  authorized_cents: number;
  captured_cents: Generated<number>;
  refunded_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Every operation of the built-in test gateway under its idempotency key, with the result it gave. */
export interface PaymentOperationTable {
  idempotency_key: string;
  /** authorize, charge, capture, refund or void */
  kind: string;
  payment_id: string | null;
  amount_cents: number | null;
  /** The request as JSON, so the same key with another request is refused. */
  request: string;
  /** approved or declined */
  outcome: string;
  /** The result as JSON, given again to a retry. */
  result: string;
  created_at: string;
}

export interface Database {
  products: ProductTable;
  skus: SkuTable;
  product_images: ProductImageTable;
  facet_groups: FacetGroupTable;
  facet_tags: FacetTagTable;
  product_tags: ProductTagTable;
  navigation_nodes: NavigationNodeTable;
  website_config: WebsiteConfigTable;
  sitewide_messages: SitewideMessageTable;
  size_charts: SizeChartTable;
  site_content: SiteContentTable;
  content_blocks: ContentBlockTable;
  curated_block_products: CuratedBlockProductTable;
  posts: PostTable;
  contests: ContestTable;
  contest_entries: ContestEntryTable;
  applications: ApplicationTable;
  promo_codes: PromoCodeTable;
  gift_cards: GiftCardTable;
  gift_card_purchases: GiftCardPurchaseTable;
  gift_card_refunds: GiftCardRefundTable;
  customers: CustomerTable;
  customer_tokens: CustomerTokenTable;
  addresses: AddressTable;
  saved_cards: SavedCardTable;
  saved_card_removals: SavedCardRemovalTable;
  stripe_customers: StripeCustomerTable;
  sessions: SessionTable;
  captcha_token_uses: CaptchaTokenUseTable;
  ship_methods: ShipMethodTable;
  tax_rates: TaxRateTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_events: OrderEventTable;
  order_attempts: OrderAttemptTable;
  order_payments: OrderPaymentTable;
  order_refunds: OrderRefundTable;
  promo_code_customer_uses: PromoCodeCustomerUseTable;
  store_credit_entries: StoreCreditEntryTable;
  gift_card_entries: GiftCardEntryTable;
  order_number_counter: OrderNumberCounterTable;
  rate_limit_counts: RateLimitCountTable;
  outbox: OutboxTable;
  job_leases: JobLeaseTable;
  form_submissions: FormSubmissionTable;
  product_change_counter: ProductChangeCounterTable;
  content_change_counter: ContentChangeCounterTable;
  pricing_change_counter: PricingChangeCounterTable;
  product_changes: ProductChangeTable;
  search_synonyms: SearchRuleTable;
  search_overrides: SearchRuleTable;
  payment_tokens: PaymentTokenTable;
  payments: PaymentTable;
  payment_operations: PaymentOperationTable;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type SkuRow = Selectable<SkuTable>;
export type ProductImageRow = Selectable<ProductImageTable>;
export type FacetGroupRow = Selectable<FacetGroupTable>;
export type FacetTagRow = Selectable<FacetTagTable>;
export type NavigationNodeRow = Selectable<NavigationNodeTable>;
export type WebsiteConfigRow = Selectable<WebsiteConfigTable>;
export type SitewideMessageRow = Selectable<SitewideMessageTable>;
export type SizeChartRow = Selectable<SizeChartTable>;
export type SiteContentRow = Selectable<SiteContentTable>;
export type ContentBlockRow = Selectable<ContentBlockTable>;
export type TaxRateRow = Selectable<TaxRateTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderPaymentRow = Selectable<OrderPaymentTable>;
