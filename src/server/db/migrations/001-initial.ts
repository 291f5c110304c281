import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

type Table = CreateTableBuilder<string, string>;

/** The column kinds both dialects store alike (see schema.ts). */
const text = (t: Table, name: string) => t.addColumn(name, 'text', (c) => c.notNull());
const optionalText = (t: Table, name: string) => t.addColumn(name, 'text');
const int = (t: Table, name: string, defaultValue = 0) =>
  t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(defaultValue));
const optionalInt = (t: Table, name: string) => t.addColumn(name, 'integer');
const json = (t: Table, name: string, defaultValue: string) =>
  t.addColumn(name, 'text', (c) => c.notNull().defaultTo(defaultValue));

function columns(table: Table, ...adders: Array<(t: Table) => Table>): Table {
  return adders.reduce((t, add) => add(t), table);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await columns(
    s.createTable('products').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'style_id'),
    (t) => text(t, 'name'),
    (t) => text(t, 'slug'),
    (t) => text(t, 'fit'),
    (t) => text(t, 'division'),
    (t) => text(t, 'category'),
    (t) => text(t, 'subcategory'),
    (t) => text(t, 'print_name'),
    (t) => text(t, 'colorway'),
    (t) => text(t, 'description'),
    (t) => int(t, 'price_cents'),
    (t) => optionalInt(t, 'sale_price_cents'),
    (t) => optionalText(t, 'badge_text'),
    (t) => optionalText(t, 'badge_class'),
    (t) => optionalText(t, 'badge_icon'),
    (t) => int(t, 'max_cart_qty'),
    (t) => int(t, 'show_on_plp', 1),
    (t) => int(t, 'default_position'),
    (t) => optionalText(t, 'variant_group'),
    (t) => optionalText(t, 'variant_name'),
    (t) => optionalText(t, 'swatch_group'),
    (t) => optionalText(t, 'size_chart_name'),
    (t) => optionalText(t, 'video_url'),
    (t) => text(t, 'created_at'),
    (t) => text(t, 'updated_at'),
  ).execute();
  await s.createIndex('products_updated_at').on('products').column('updated_at').execute();
  await s.createIndex('products_variant_group').on('products').column('variant_group').execute();
  await s.createIndex('products_swatch_group').on('products').column('swatch_group').execute();

  await columns(
    s.createTable('skus').addColumn('sku', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade')),
    (t) => text(t, 'size'),
    (t) => int(t, 'position'),
    (t) => t.addColumn('qty', 'integer', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('qty'))),
  ).execute();
  await s.createIndex('skus_product').on('skus').column('product_id').execute();

  await columns(
    s.createTable('product_images').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade')),
    (t) => int(t, 'position'),
    (t) => text(t, 'role'),
    (t) => text(t, 'url'),
    (t) => int(t, 'width'),
    (t) => int(t, 'height'),
    (t) => json(t, 'filters', '[]'),
    (t) => int(t, 'enabled', 1),
  ).execute();
  await s.createIndex('product_images_product').on('product_images').column('product_id').execute();

  await columns(
    s.createTable('facet_groups').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('field', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'display_name'),
    (t) => int(t, 'position'),
    (t) => int(t, 'hierarchical'),
  ).execute();

  await columns(
    s.createTable('facet_tags').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('group_id', 'text', (c) => c.notNull().references('facet_groups.id').onDelete('cascade')),
    (t) => t.addColumn('parent_id', 'text', (c) => c.references('facet_tags.id').onDelete('cascade')),
    (t) => text(t, 'name'),
    (t) => text(t, 'display_name'),
    (t) => optionalText(t, 'icon_in_nav'),
    (t) => int(t, 'position'),
    (t) => t.addUniqueConstraint('facet_tags_group_name', ['group_id', 'name']),
  ).execute();

  await columns(
    s.createTable('product_tags'),
    (t) => t.addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade')),
    (t) => t.addColumn('tag_id', 'text', (c) => c.notNull().references('facet_tags.id').onDelete('cascade')),
    (t) => t.addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id']),
  ).execute();
  await s.createIndex('product_tags_tag').on('product_tags').column('tag_id').execute();

  await columns(
    s.createTable('navigation_nodes').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('parent_id', 'text', (c) => c.references('navigation_nodes.id').onDelete('cascade')),
    (t) => text(t, 'name'),
    (t) => text(t, 'slug'),
    (t) => optionalText(t, 'url'),
    (t) => text(t, 'visibility'),
    (t) => int(t, 'position'),
  ).execute();

  await columns(
    s.createTable('website_config').addColumn('id', 'integer', (c) => c.primaryKey()),
    (t) => text(t, 'logo_light_url'),
    (t) => int(t, 'logo_light_width'),
    (t) => int(t, 'logo_light_height'),
    (t) => text(t, 'logo_dark_url'),
    (t) => int(t, 'logo_dark_width'),
    (t) => int(t, 'logo_dark_height'),
    (t) => text(t, 'site_name'),
    (t) => text(t, 'tagline'),
    (t) => text(t, 'order_confirmation_text'),
    (t) => text(t, 'sitewide_message_class'),
    (t) => text(t, 'sitewide_message_text_class'),
    (t) => int(t, 'sitewide_message_rotation_ms'),
    (t) => text(t, 'shipping_message_cart_modal_remaining_text'),
    (t) => text(t, 'shipping_message_cart_modal_free_shipping_text'),
    (t) => int(t, 'domestic_free_shipping_amount_cents'),
    (t) => int(t, 'shop_items_per_page'),
    (t) => text(t, 'support_email'),
    (t) => text(t, 'support_phone'),
    (t) => text(t, 'support_display_phone'),
    (t) => int(t, 'promo_gift_card_rate_per_fifty_cents'),
    (t) => int(t, 'promo_store_credit'),
    (t) => text(t, 'careers_url'),
    (t) => text(t, 'music_url'),
    (t) => text(t, 'updated_at'),
  ).execute();

  await columns(
    s.createTable('sitewide_messages').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'message'),
    (t) => text(t, 'message_start'),
    (t) => text(t, 'message_end'),
    (t) => int(t, 'position'),
  ).execute();

  await columns(
    s.createTable('size_charts').addColumn('name', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'display_name'),
    (t) => text(t, 'category_name'),
    (t) => text(t, 'subheader'),
    (t) => text(t, 'meta_title'),
    (t) => text(t, 'meta_description'),
    (t) => json(t, 'images', '[]'),
    (t) => text(t, 'content'),
    (t) => int(t, 'position'),
  ).execute();

  await columns(
    s.createTable('site_content').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'name'),
    (t) => t.addColumn('slug', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'meta_title'),
    (t) => text(t, 'meta_description'),
    (t) => text(t, 'created_at'),
    (t) => text(t, 'updated_at'),
    (t) => text(t, 'updated_by'),
  ).execute();

  await columns(
    s.createTable('content_blocks').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('content_id', 'text', (c) => c.notNull().references('site_content.id').onDelete('cascade')),
    (t) => t.addColumn('parent_block_id', 'text', (c) => c.references('content_blocks.id').onDelete('cascade')),
    (t) => int(t, 'position'),
    (t) => text(t, 'block_type'),
    (t) => text(t, 'name'),
    (t) => optionalText(t, 'slug'),
    (t) => t.addColumn('breakpoint', 'text', (c) => c.notNull().defaultTo('all')),
    (t) => t.addColumn('container_class', 'text', (c) => c.notNull().defaultTo('')),
    (t) => t.addColumn('container_style', 'text', (c) => c.notNull().defaultTo('')),
    (t) => json(t, 'images', '[]'),
    (t) => json(t, 'fields', '[]'),
    (t) => json(t, 'configuration', '[]'),
    (t) => t.addColumn('content', 'text', (c) => c.notNull().defaultTo('')),
    (t) => optionalText(t, 'form_id'),
    (t) => int(t, 'auto_advance'),
    (t) => int(t, 'pagination_arrows'),
    (t) => optionalText(t, 'indicator_type'),
    (t) => json(t, 'product_tags', '[]'),
    (t) => json(t, 'product_images', '[]'),
  ).execute();
  await s.createIndex('content_blocks_content').on('content_blocks').column('content_id').execute();
  await s.createIndex('content_blocks_slug').on('content_blocks').column('slug').execute();

  await columns(
    s.createTable('curated_block_products'),
    (t) => t.addColumn('block_id', 'text', (c) => c.notNull().references('content_blocks.id').onDelete('cascade')),
    (t) => t.addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade')),
    (t) => int(t, 'position'),
    (t) => t.addPrimaryKeyConstraint('curated_block_products_pk', ['block_id', 'product_id']),
  ).execute();

  await columns(
    s.createTable('posts').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'kind'),
    (t) => text(t, 'slug'),
    (t) => text(t, 'title'),
    (t) => text(t, 'excerpt'),
    (t) => text(t, 'content'),
    (t) => json(t, 'image', '{}'),
    (t) => text(t, 'published_at'),
    (t) => t.addUniqueConstraint('posts_kind_slug', ['kind', 'slug']),
  ).execute();
  await s.createIndex('posts_kind_published').on('posts').columns(['kind', 'published_at']).execute();

  await columns(
    s.createTable('contests').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('slug', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'name'),
    (t) => t.addColumn('content_id', 'text', (c) => c.references('site_content.id').onDelete('set null')),
    (t) => text(t, 'terms'),
    (t) => json(t, 'fields', '[]'),
    (t) => text(t, 'starts_at'),
    (t) => text(t, 'ends_at'),
  ).execute();

  await columns(
    s.createTable('contest_entries').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade')),
    (t) => text(t, 'email'),
    (t) => optionalText(t, 'instagram'),
    (t) => optionalText(t, 'address'),
    (t) => int(t, 'is_of_age'),
    (t) => optionalText(t, 'company_name'),
    (t) => optionalText(t, 'job_title'),
    (t) => text(t, 'created_at'),
  ).execute();

  await columns(
    s.createTable('applications').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'kind'),
    (t) => text(t, 'email'),
    (t) => json(t, 'data', '{}'),
    (t) => text(t, 'created_at'),
  ).execute();

  await columns(
    s.createTable('promo_codes').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('code', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'kind'),
    (t) => int(t, 'value'),
    (t) => int(t, 'min_subtotal_cents'),
    (t) => optionalText(t, 'starts_at'),
    (t) => optionalText(t, 'ends_at'),
    (t) => optionalInt(t, 'usage_limit'),
    (t) => int(t, 'used_count'),
    (t) => int(t, 'active', 1),
  ).execute();

  await columns(
    s.createTable('customers').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('email', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'password_hash'),
    (t) => text(t, 'first_name'),
    (t) => text(t, 'last_name'),
    (t) =>
      t.addColumn('store_credit_cents', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sqlNonNegative('store_credit_cents')),
      ),
    (t) => optionalText(t, 'verified_at'),
    (t) => text(t, 'created_at'),
    (t) => text(t, 'updated_at'),
  ).execute();

  await columns(
    s.createTable('customer_tokens').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade')),
    (t) => text(t, 'kind'),
    (t) => t.addColumn('token_hash', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'expires_at'),
    (t) => optionalText(t, 'used_at'),
  ).execute();

  await columns(
    s.createTable('addresses').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade')),
    (t) => text(t, 'country'),
    (t) => text(t, 'first_name'),
    (t) => text(t, 'last_name'),
    (t) => text(t, 'address1'),
    (t) => t.addColumn('address2', 'text', (c) => c.notNull().defaultTo('')),
    (t) => text(t, 'city'),
    (t) => text(t, 'region'),
    (t) => text(t, 'postcode'),
    (t) => t.addColumn('phone', 'text', (c) => c.notNull().defaultTo('')),
    (t) => int(t, 'is_validated'),
    (t) => int(t, 'is_default'),
  ).execute();
  await s.createIndex('addresses_customer').on('addresses').column('customer_id').execute();

  await columns(
    s.createTable('saved_cards').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade')),
    (t) => t.addColumn('token', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'brand'),
    (t) => text(t, 'last4'),
    (t) => int(t, 'exp_month'),
    (t) => int(t, 'exp_year'),
    (t) => text(t, 'created_at'),
  ).execute();

  await columns(
    s.createTable('sessions').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('cascade')),
    (t) => text(t, 'csrf_token'),
    (t) => text(t, 'created_at'),
    (t) => text(t, 'expires_at'),
  ).execute();
  await s.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await columns(
    s.createTable('ship_methods').addColumn('code', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'name'),
    (t) => int(t, 'price_cents'),
    (t) => optionalInt(t, 'free_over_cents'),
    (t) => json(t, 'countries', '[]'),
    (t) => int(t, 'position'),
  ).execute();

  await columns(
    s.createTable('orders').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'hash'),
    (t) => t.addColumn('number', 'integer', (c) => c.notNull().unique()),
    (t) => t.addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null')),
    (t) => text(t, 'email'),
    (t) => text(t, 'status'),
    (t) => t.addColumn('idempotency_key', 'text', (c) => c.notNull().unique()),
    (t) => text(t, 'currency'),
    (t) => int(t, 'subtotal_cents'),
    (t) => int(t, 'discount_cents'),
    (t) => int(t, 'shipping_cents'),
    (t) => int(t, 'tax_cents'),
    (t) => int(t, 'store_credit_cents'),
    (t) => int(t, 'gift_card_cents'),
    (t) => int(t, 'total_cents'),
    (t) => t.addColumn('promo_code_id', 'text', (c) => c.references('promo_codes.id').onDelete('set null')),
    (t) => text(t, 'ship_method'),
    (t) => text(t, 'shipping_address'),
    (t) => text(t, 'billing_address'),
    (t) => optionalText(t, 'payment_reference'),
    (t) => optionalText(t, 'card_brand'),
    (t) => optionalText(t, 'card_last4'),
    (t) => text(t, 'created_at'),
    (t) => text(t, 'updated_at'),
  ).execute();
  await s.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute();

  await columns(
    s.createTable('order_lines'),
    (t) => t.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade')),
    (t) => int(t, 'line_number'),
    (t) => text(t, 'sku'),
    (t) => text(t, 'product_id'),
    (t) => text(t, 'name'),
    (t) => text(t, 'size'),
    (t) => int(t, 'qty'),
    (t) => int(t, 'item_price_cents'),
    (t) => int(t, 'discount_cents'),
    (t) => t.addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_number']),
  ).execute();

  await columns(
    s.createTable('order_events').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade')),
    (t) => text(t, 'kind'),
    (t) => json(t, 'data', '{}'),
    (t) => text(t, 'created_at'),
  ).execute();
  await s.createIndex('order_events_order').on('order_events').column('order_id').execute();

  await columns(
    s.createTable('gift_cards').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => t.addColumn('code', 'text', (c) => c.notNull().unique()),
    (t) => int(t, 'initial_cents'),
    (t) => t.addColumn('balance_cents', 'integer', (c) => c.notNull().check(sqlNonNegative('balance_cents'))),
    (t) => optionalText(t, 'recipient_email'),
    (t) => optionalText(t, 'recipient_name'),
    (t) => optionalText(t, 'message'),
    (t) => t.addColumn('purchaser_customer_id', 'text', (c) => c.references('customers.id').onDelete('set null')),
    (t) => t.addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null')),
    (t) => text(t, 'created_at'),
  ).execute();

  await columns(
    s.createTable('outbox').addColumn('id', 'text', (c) => c.primaryKey()),
    (t) => text(t, 'kind'),
    (t) => text(t, 'recipient'),
    (t) => text(t, 'subject'),
    (t) => text(t, 'body_text'),
    (t) => text(t, 'body_html'),
    (t) => text(t, 'created_at'),
    (t) => optionalText(t, 'sent_at'),
    (t) => int(t, 'attempts'),
    (t) => optionalText(t, 'last_error'),
  ).execute();
  await s.createIndex('outbox_unsent').on('outbox').columns(['sent_at', 'created_at']).execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
