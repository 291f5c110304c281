import { beforeAll, describe, expect, it } from 'vitest';
import { CL_STYLE_IDS, LOW_STOCK_BELOW } from '../shared/constants.ts';
import { COUNTDOWN_PLACEHOLDER } from '../shared/website-config.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { cataloguePages } from './catalogue-pages.ts';
import { DEMO_GIFT_CARD_CODE } from './commerce.ts';
import { BLOCK_TYPES, type MediaItem, type ProductImageTile } from '../shared/content.ts';
import { generateDemoStore, type DemoStore } from './demo-store.ts';
import { FACET_GROUPS } from './facets.ts';
import { DIVISIONS, LEAVES, leafTagName } from './garments.ts';
import { SIZE_CHART_NAMES } from './size-charts.ts';
import { slugify } from './text.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
let store: DemoStore;

beforeAll(() => {
  store = generateDemoStore({ brand: 'acme', now: NOW });
});

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function parse<T>(json: string | undefined): T {
  return JSON.parse(json ?? 'null') as T;
}

/**
 * The names (with colour) that more than one product carries, unless those products are the lengths of one
 * garment: one variant group, each a different length.
 */
function namesSharedOutsideAGarment(products: DemoStore['catalogue']['products']): string[] {
  return [...groupBy(products, (p) => `${p.name} | ${p.colorway}`)]
    .filter(([, members]) => {
      if (members.length === 1) return false;
      const group = members[0]?.variant_group;
      const lengths = new Set(members.map((m) => m.variant_name));
      return !group || members.some((m) => m.variant_group !== group) || lengths.size !== members.length;
    })
    .map(([name]) => name);
}

describe('generateDemoStore', () => {
  it('is the same for the same seed and differs for another seed', () => {
    const again = generateDemoStore({ brand: 'acme', now: NOW, productCount: 200, seed: 5 });
    expect(generateDemoStore({ brand: 'acme', now: NOW, productCount: 200, seed: 5 })).toEqual(again);
    const other = generateDemoStore({ brand: 'acme', now: NOW, productCount: 200, seed: 6 });
    expect(other.catalogue.products).not.toEqual(again.catalogue.products);
    expect(generateDemoStore({ brand: 'acme', now: NOW })).toEqual(store);
  });

  it('works for tiny catalogues', () => {
    for (const productCount of [1, 2, 7]) {
      const tiny = generateDemoStore({ brand: 'acme', now: NOW, productCount, seed: 11 });
      expect(tiny.catalogue.products).toHaveLength(productCount);
      const skus = new Set(tiny.catalogue.skus.map((s) => s.sku));
      const lines = tiny.accounts.history.flatMap((step) => (step.kind === 'order' ? step.lines : []));
      expect(lines.every((line) => skus.has(line.sku))).toBe(true);
    }
    expect(() => generateDemoStore({ brand: 'acme', now: NOW, productCount: 0 })).toThrow();
  });

  it('makes 1,500 products across every division and category', () => {
    const { products } = store.catalogue;
    expect(products).toHaveLength(1500);
    expect(new Set(products.map((p) => p.division))).toEqual(new Set(DIVISIONS));
    for (const leaf of LEAVES) {
      for (const division of leaf.divisions) {
        expect(
          products.some((p) => p.division === division && p.subcategory === leaf.name),
          `${division} ${leaf.name}`,
        ).toBe(true);
      }
    }
    expect(new Set(products.map((p) => p.id)).size).toBe(1500);
    expect(products[0]?.id).toBe('10001');
    expect(new Set(products.map((p) => p.style_id)).size).toBe(1500);
    expect(new Set(products.map((p) => p.print_name)).size).toBeGreaterThanOrEqual(40);
  });

  it('never makes two products with one name and colour, except the lengths of one garment', () => {
    expect(namesSharedOutsideAGarment(store.catalogue.products)).toEqual([]);
    const large = generateDemoStore({ brand: 'acme', now: NOW, productCount: 100_000 }).catalogue.products;
    expect(large).toHaveLength(100_000);
    expect(namesSharedOutsideAGarment(large)).toEqual([]);
  });

  it('has the CL styles as men’s boxer briefs with a size M', () => {
    for (const style of CL_STYLE_IDS) {
      const product = store.catalogue.products.find((p) => p.style_id === style);
      expect(product?.division).toBe('Men');
      expect(product?.subcategory).toBe('Boxer Briefs');
      expect(store.catalogue.skus.some((s) => s.product_id === product?.id && s.size === 'M')).toBe(true);
    }
  });

  it('has low and sold-out stock, sales, badges and cart limits', () => {
    const totals = new Map<string, number>();
    for (const sku of store.catalogue.skus)
      totals.set(sku.product_id, (totals.get(sku.product_id) ?? 0) + (sku.qty ?? 0));
    const values = [...totals.values()];
    expect(values.filter((t) => t === 0).length).toBeGreaterThan(20);
    expect(values.filter((t) => t > 0 && t < LOW_STOCK_BELOW).length).toBeGreaterThan(20);
    const { products } = store.catalogue;
    const onSale = products.filter((p) => p.sale_price_cents !== null && p.sale_price_cents !== undefined);
    expect(onSale.length).toBeGreaterThan(100);
    expect(onSale.every((p) => (p.sale_price_cents ?? 0) < p.price_cents)).toBe(true);
    expect(products.some((p) => p.badge_text === 'New' && p.badge_class?.startsWith('text-'))).toBe(true);
    expect(products.some((p) => p.badge_class === 'bg-red-600')).toBe(true);
    expect(products.some((p) => p.badge_icon?.startsWith('/media/brand/icons/'))).toBe(true);
    expect(new Set(products.map((p) => p.max_cart_qty))).toEqual(new Set([0, 5, 10]));
    expect(products.some((p) => p.show_on_plp === 0)).toBe(true);
    expect(products.every((p) => p.size_chart_name && SIZE_CHART_NAMES.includes(p.size_chart_name))).toBe(true);
  });

  it('has sold every product, its Best Sellers most, so Best Sellers is an order of its own', () => {
    const { products } = store.catalogue;
    const sold = (badge: string | null) =>
      products.filter((p) => (p.badge_text ?? null) === badge).map((p) => p.units_sold ?? 0);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(products.every((p) => (p.units_sold ?? 0) >= 0)).toBe(true);
    expect(new Set(products.map((p) => p.units_sold)).size).toBeGreaterThan(products.length / 10);
    expect(mean(sold('Best Seller'))).toBeGreaterThan(2 * mean(sold(null)));
  });

  it('tells shoppers on every product page how orders are delivered and returned', () => {
    expect(store.websiteConfig.product_delivery_note).toMatch(/^Free US shipping on orders over \$50\./);
    expect(store.websiteConfig.product_returns_note).toMatch(/within 30 days/);
  });

  it('sells lengths as variants, some with the shown length sold out, and colourways as swatches', () => {
    const { products, skus } = store.catalogue;
    const stock = (id: string) => skus.filter((s) => s.product_id === id).reduce((sum, s) => sum + (s.qty ?? 0), 0);
    const variantGroups = groupBy(
      products.filter((p) => p.variant_group),
      (p) => p.variant_group ?? '',
    );
    expect(variantGroups.size).toBeGreaterThan(20);
    for (const members of variantGroups.values()) {
      expect(members.length).toBeGreaterThan(1);
      expect(new Set(members.map((m) => m.variant_name)).size).toBe(members.length);
    }
    const soldOutShown = [...variantGroups.values()].filter(
      ([shown, ...others]) => shown && stock(shown.id) === 0 && others.some((o) => stock(o.id) > 0),
    );
    expect(soldOutShown.length).toBeGreaterThan(0);
    const swatchGroups = groupBy(
      products.filter((p) => p.swatch_group),
      (p) => p.swatch_group ?? '',
    );
    expect(swatchGroups.size).toBeGreaterThan(20);
    for (const members of swatchGroups.values()) {
      expect(new Set(members.map((m) => m.colorway)).size).toBe(members.length);
      expect(new Set(members.map((m) => m.print_name)).size).toBe(1);
    }
  });

  it('gives every product primary, secondary and colour images, and some filtered gallery images', () => {
    const byProduct = groupBy(store.catalogue.images, (i) => i.product_id);
    for (const product of store.catalogue.products) {
      const roles = (byProduct.get(product.id) ?? []).map((i) => i.role);
      expect(roles.slice(0, 3)).toEqual(['primary', 'secondary', 'color']);
    }
    const filtered = store.catalogue.images.filter((i) => i.filters !== '[]');
    expect(filtered.length).toBeGreaterThan(50);
    for (const image of filtered) {
      for (const filter of parse<Array<Record<string, unknown>>>(image.filters)) {
        expect(['contains', 'does_not_contain']).toContain(filter.compare);
        expect(['default', 'gallery']).toContain(filter.type);
        expect(Array.isArray(filter.tags) && Array.isArray(filter.display_tags)).toBe(true);
      }
    }
    const paths = new Set(store.media.map((m) => `/media/${m.path}`));
    expect(store.catalogue.images.every((i) => paths.has(i.url))).toBe(true);
  });

  it('tags each product with its division, leaf and parent category, sizes, colour, fit and print', () => {
    const tagIds = new Set(store.facetTags.map((t) => t.id));
    expect(store.catalogue.productTags.every((t) => tagIds.has(t.tag_id))).toBe(true);
    const keys = store.catalogue.productTags.map((t) => `${t.product_id} ${t.tag_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    store.catalogue.products.forEach((product, i) => {
      const names = store.catalogue.tagNames[i] ?? [];
      const leaf = LEAVES.find((l) => l.name === product.subcategory && l.parent === product.category);
      expect(leaf).toBeDefined();
      if (!leaf) return;
      expect(names).toEqual(
        expect.arrayContaining([
          product.division,
          product.category,
          leafTagName(leaf),
          product.fit,
          product.print_name,
        ]),
      );
      if (['Boys', 'Girls', 'Toddlers'].includes(product.division)) expect(names).toContain('Kids');
    });
    expect(store.facetGroups.map((g) => g.field)).toEqual(FACET_GROUPS.map((g) => g.field));
    const boxer = store.facetTags.find((t) => t.name === 'Underwear > Boxer Briefs');
    expect(boxer?.parent_id).toBe('category-underwear');
  });

  it('builds a navigation tree with slug-like unique ids and every visibility', () => {
    const ids = store.navigation.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z0-9-]+$/.test(id))).toBe(true);
    expect(store.navigation.every((n) => !n.parent_id || ids.includes(n.parent_id))).toBe(true);
    expect(new Set(store.navigation.map((n) => n.visibility))).toEqual(new Set(['All', 'Sidenav', 'Topnav']));
    expect(store.navigation.find((n) => n.id === 'men-underwear')?.parent_id).toBe('men');
    expect(store.navigation.find((n) => n.id === 'boys')?.parent_id).toBe('kids');
    const roots = store.navigation.filter((n) => n.parent_id === null).map((n) => n.name);
    expect(roots).toEqual(
      expect.arrayContaining(['Men', 'Women', 'Kids', 'Accessories', 'New & Sale', 'The Familie', 'Life', 'News']),
    );
    const pageSlugs = new Set(store.content.siteContent.map((c) => c.slug));
    for (const node of store.navigation) {
      const shopPath = node.url?.match(/^\/(shop[^?]*)/)?.[1];
      if (shopPath) expect(pageSlugs.has(shopPath), node.url ?? '').toBe(true);
    }
  });

  it('makes a home page with every block type, breakpoints and division tag links', () => {
    const home = store.content.siteContent.find((c) => c.slug === 'home');
    const blocks = store.content.blocks.filter((b) => b.content_id === home?.id);
    expect(new Set(blocks.map((b) => b.block_type))).toEqual(new Set(BLOCK_TYPES));
    expect(new Set(blocks.map((b) => b.breakpoint))).toEqual(new Set(['all', 'mobile', 'desktop']));
    expect(
      blocks.some(
        (b) => b.parent_block_id && blocks.find((p) => p.id === b.parent_block_id)?.block_type === 'Container',
      ),
    ).toBe(true);
    const selector = blocks.find((b) => b.block_type === 'Tag Selector');
    const links = parse<Array<{ text: string; url: string }>>(selector?.configuration);
    expect(links.map((l) => l.text)).toEqual(['Men', 'Women', 'Boys', 'Girls', 'Toddlers']);
    const url = new URL(links[0]?.url ?? '', 'http://shop.test');
    expect(url.pathname).toBe('/shop');
    expect(JSON.parse(url.searchParams.get('t') ?? '[]')).toEqual(['division:Men']);
    const fader = blocks.find((b) => b.block_type === 'Image Fader');
    expect(parse<unknown[]>(fader?.images).length).toBeGreaterThan(1);
  });

  it('gives every picture of the site content an alt text that says what it shows, and leaves the h1 to the page', () => {
    for (const block of store.content.blocks) {
      for (const image of parse<MediaItem[]>(block.images)) {
        expect(image.title, image.url).toMatch(/^[A-Z][^/]* [^/]*$/);
        expect(image.url.toLowerCase(), image.title).not.toContain(slugify(image.title));
      }
      for (const tile of parse<ProductImageTile[]>(block.product_images)) {
        expect(tile.href).toMatch(/^\/s\//);
        expect(tile.content).toMatch(/^<p>[^<]+<\/p>$/);
      }
      expect(block.content, block.name).not.toMatch(/<h1/i);
    }
  });

  it('makes the catalogue pages with unique Product block slugs and curated products', () => {
    const slugs = new Set(store.content.siteContent.map((c) => c.slug));
    for (const slug of [
      'shop',
      'shop/men',
      'shop/women',
      'shop/kids',
      'shop/boys',
      'shop/girls',
      'shop/toddlers',
      'shop/accessories',
      'shop/new',
      'shop/sale',
      'shop/men/underwear',
      'shop/men/boxer-briefs',
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
    const blockSlugs = store.content.blocks.flatMap((b) => (b.slug ? [b.slug] : []));
    expect(new Set(blockSlugs).size).toBe(blockSlugs.length);
    const menBoxers = store.content.blocks.find((b) => b.slug === 'shop-men-boxer-briefs');
    expect(parse<string[]>(menBoxers?.product_tags)).toEqual(['Men', 'Underwear > Boxer Briefs']);
    expect(store.content.curated.length).toBeGreaterThan(20);
    const productIds = new Set(store.catalogue.products.map((p) => p.id));
    expect(store.content.curated.every((c) => productIds.has(c.product_id))).toBe(true);
    // Every catalogue page lists at least one product.
    for (const page of cataloguePages().filter((p) => p.tags.length > 0)) {
      expect(
        store.catalogue.tagNames.some((names) => page.tags.every((t) => names.includes(t))),
        page.slug,
      ).toBe(true);
    }
  });

  it('has static pages, posts, size charts, messages, contests, promo codes, gift cards and ship methods', () => {
    const slugs = new Set(store.content.siteContent.map((c) => c.slug));
    for (const slug of ['about', 'privacy', 'terms', 'contact', 'privacy-choices', 'return-exchange-policy'])
      expect(slugs.has(slug), slug).toBe(true);
    const kinds = groupBy(store.posts, (p) => p.kind);
    expect(kinds.get('news')?.length).toBeGreaterThanOrEqual(12);
    expect(kinds.get('life')?.length).toBeGreaterThanOrEqual(12);
    expect(kinds.get('familie')?.length).toBeGreaterThanOrEqual(8);
    expect(
      store.sizeCharts.every((c) => (c.content ?? '').startsWith('<table>') && parse<unknown[]>(c.images).length >= 1),
    ).toBe(true);

    const active = store.sitewideMessages.filter(
      (m) => m.message_start <= NOW.toISOString() && NOW.toISOString() < m.message_end,
    );
    expect(active.length).toBeGreaterThanOrEqual(3);
    const countdown = active.find((m) => m.message.includes(COUNTDOWN_PLACEHOLDER));
    expect(Date.parse(countdown?.message_end ?? '') - NOW.getTime()).toBeGreaterThan(2 * 86_400_000);

    const ultimate = store.contests.find((c) => c.slug === 'ultimate');
    expect(ultimate && ultimate.starts_at < NOW.toISOString() && NOW.toISOString() < ultimate.ends_at).toBe(true);
    expect(store.contests.some((c) => c.ends_at < NOW.toISOString())).toBe(true);

    expect(new Set(store.promoCodes.map((p) => p.kind))).toEqual(
      new Set(['percent', 'amount', 'free_shipping', 'gift']),
    );
    const giftSku = store.promoCodes.find((p) => p.kind === 'gift')?.gift_sku;
    expect(store.catalogue.skus.find((s) => s.sku === giftSku)?.qty).toBeGreaterThanOrEqual(20);
    expect(store.catalogue.products.some((p) => p.final_sale === 1)).toBe(true);
    expect(store.catalogue.products.filter((p) => p.final_sale === 1).every((p) => p.sale_price_cents !== null)).toBe(
      true,
    );
    expect(store.promoCodes.some((p) => p.ends_at && p.ends_at < NOW.toISOString())).toBe(true);
    expect(store.promoCodes.some((p) => p.usage_limit)).toBe(true);
    expect(store.giftCards.some((g) => g.balance_cents > 0)).toBe(true);
    expect(store.giftCards.find((g) => g.code === DEMO_GIFT_CARD_CODE)).toMatchObject({
      balance_cents: 6250,
      purchaser_customer_id: null,
    });
    expect(store.shipMethods.find((m) => m.code === 'standard')?.free_over_cents).toBe(5000);
    expect(store.taxRates.map((r) => `${r.country}-${r.region}:${r.rate_ppm}`)).toEqual([
      'US-CA:72500',
      'US-NY:40000',
      'US-TX:62500',
      'US-WA:65000',
    ]);
    expect(store.websiteConfig.domestic_free_shipping_amount_cents).toBe(5000);
    expect(store.websiteConfig.shop_items_per_page).toBe(60);
  });

  it('has the demo customer with addresses, a tokenized card, and a history of credit and orders to place', () => {
    const { accounts } = store;
    expect(accounts.customer.email).toBe('demo@acme.test');
    expect(accounts.password).toBe(DEMO_PASSWORD);
    expect(accounts.addresses.length).toBeGreaterThanOrEqual(2);
    expect(accounts.savedCards[0]?.last4).toMatch(/^\d{4}$/);
    expect(Object.keys(accounts.savedCards[0] ?? {})).not.toContain('number');
    // The history is a plan the shop's services carry out (demo-order-history.ts), oldest step first.
    const days = accounts.history.map((step) => step.daysAgo);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const credit = accounts.history.flatMap((step) => (step.kind === 'store-credit' ? [step.cents] : []));
    expect(credit.reduce((sum, cents) => sum + cents, 0)).toBeGreaterThan(0);
    const orders = accounts.history.flatMap((step) => (step.kind === 'order' ? [step] : []));
    expect(orders.length).toBeGreaterThanOrEqual(2);
    const skus = new Set(store.catalogue.skus.map((s) => s.sku));
    for (const order of orders) {
      expect(order.lines.length).toBeGreaterThan(0);
      expect(order.lines.every((line) => skus.has(line.sku))).toBe(true);
    }
    expect(orders.some((order) => order.shipped?.trackingUrl.startsWith('https://'))).toBe(true);
    expect(orders.some((order) => order.returned)).toBe(true);
  });
});
