/**
 * The demo catalogue: products, their skus, images and facet tags, generated from a seeded generator.
 * Products come in groups: one print of one garment for one division, in one or more colourways (a swatch
 * group) and, for garments sold in lengths, one or more lengths (a variant group per colourway).
 */
import type { Insertable } from 'kysely';
import type { ProductImageTable, ProductTable, ProductTagTable, SkuTable } from '../server/db/schema.ts';
import { COLLECTIONS, facetTagId, type FacetGroupId } from './facets.ts';
import {
  DIVISION_INFO,
  DIVISIONS,
  LEAVES,
  leafTagName,
  priceFactor,
  sizeChartNameFor,
  sizesFor,
  type Division,
  type Leaf,
  type Length,
} from './garments.ts';
import { CHIP, PRODUCT_SHOT, chipFile, garmentFile, iconFile, type BadgeIcon, type MediaRegistry } from './media.ts';
import type { Rng } from './prng.ts';
import { PRINTS, type Colourway, type PatternKind, type Print } from './prints.ts';
import { daysBefore, slugify } from './text.ts';

export const FIRST_PRODUCT_ID = 10001;

export interface Catalogue {
  products: Insertable<ProductTable>[];
  skus: Insertable<SkuTable>[];
  images: Insertable<ProductImageTable>[];
  productTags: Insertable<ProductTagTable>[];
  /** Per product (same order as products): the names of its facet tags, for pages that select on them. */
  tagNames: string[][];
  /** Ids of the products with at least one sku in stock. */
  inStock: Set<string>;
}

interface Badge {
  text: string;
  className: string;
  icon: BadgeIcon | null;
}

const BADGES = {
  new: { text: 'New', className: 'text-emerald-700', icon: null },
  bestSeller: { text: 'Best Seller', className: 'bg-amber-500', icon: 'star' },
  limited: { text: 'Limited', className: 'bg-red-600', icon: 'flame' },
  sale: { text: 'Sale', className: 'bg-red-600', icon: null },
  exclusive: { text: 'Online Exclusive', className: 'bg-indigo-600', icon: 'sparkle' },
  backInStock: { text: 'Back in Stock', className: 'text-sky-700', icon: 'bolt' },
  almostGone: { text: 'Almost Gone', className: 'text-orange-600', icon: null },
  staffPick: { text: 'Staff Pick', className: 'bg-black', icon: null },
} as const satisfies Record<string, Badge>;

const PRINT_BLURBS: Record<PatternKind, string> = {
  solid: 'Our everyday essential in {colourway}: no loud print, just the fit you keep coming back to.',
  stripes: '{print} lines up crisp stripes in {colourway} for a look that is part yacht club, part after party.',
  dots: '{print} scatters dots across {colourway} like the last handful of confetti at midnight.',
  camo: '{print} in {colourway}: camouflage for people who have never once blended in.',
  checks: '{print} checks in {colourway}, cabin-weekend energy with none of the splinters.',
  palms: '{print} brings the beach party with oversized palm fronds on {colourway}.',
  lightning: '{print} cracks bolts of lightning across {colourway}. Expect a forecast of compliments.',
  florals: '{print} blooms in {colourway}: a full garden, zero pollen.',
  'tie-dye': '{print} swirls {colourway} tie-dye, hand-dyed in spirit, machine-washable in fact.',
  chevron: '{print} zigzags through {colourway} in sharp, ski-lodge chevrons.',
  stars: '{print} maps a sky full of stars on {colourway}.',
  hearts: '{print} covers {colourway} in hearts, because subtle was never the plan.',
  leopard: '{print} goes wild with leopard spots in {colourway}.',
  waves: '{print} rolls {colourway} waves from waistband to hem.',
  geometric: '{print} stacks bright geometric shapes on {colourway}.',
  flames: '{print} puts hot rod flames on {colourway}. Handle with oven mitts.',
};

interface GroupPlan {
  division: Division;
  leaf: Leaf;
  printIndex: number;
  colourwayIndexes: number[];
  lengths: Length[];
  /** 1 for a print's first release in this garment; later releases of a colourway are Vol. 2, Vol. 3… */
  edition: number;
}

/** Every colourway of every print: how many products a garment can have for a division before it repeats one. */
const COLOURWAY_COUNT = PRINTS.reduce((sum, print) => sum + print.colourways.length, 0);

/**
 * How often each colourway of a print has been made in a garment for a division. A product's name is the
 * division, print, garment and colourway, so a colourway made again must be a new edition: no two products share
 * a name and colour (only the lengths of one garment do, as its variants).
 */
class Releases {
  private readonly editions = new Map<string, number>();
  /** Per division and garment: how many colourways have been made at least once. */
  private readonly made = new Map<string, number>();

  private key(division: Division, leaf: Leaf, printIndex: number, colourwayIndex: number): string {
    return `${division}|${leaf.slug}|${printIndex}|${colourwayIndex}`;
  }

  /** The colourways of the print not yet made in this garment for this division. */
  unreleased(division: Division, leaf: Leaf, printIndex: number): number[] {
    const colourways = PRINTS[printIndex]?.colourways ?? [];
    return colourways.map((_, i) => i).filter((i) => !this.editions.has(this.key(division, leaf, printIndex, i)));
  }

  /** Whether this garment has been made for this division in every colourway of every print. */
  exhausted(division: Division, leaf: Leaf): boolean {
    return (this.made.get(`${division}|${leaf.slug}`) ?? 0) >= COLOURWAY_COUNT;
  }

  /** Records the group's colourways and returns its edition: one past the latest of any of them. */
  release(division: Division, leaf: Leaf, printIndex: number, colourwayIndexes: readonly number[]): number {
    const before = colourwayIndexes.map((i) => this.editions.get(this.key(division, leaf, printIndex, i)) ?? 0);
    const edition = Math.max(0, ...before) + 1;
    for (const i of colourwayIndexes) this.editions.set(this.key(division, leaf, printIndex, i), edition);
    const garment = `${division}|${leaf.slug}`;
    this.made.set(garment, (this.made.get(garment) ?? 0) + before.filter((latest) => latest === 0).length);
    return edition;
  }
}

export interface CatalogueOptions {
  productCount: number;
  now: Date;
}

export function generateCatalogue(rng: Rng, options: CatalogueOptions, media: MediaRegistry): Catalogue {
  const catalogue: Catalogue = {
    products: [],
    skus: [],
    images: [],
    productTags: [],
    tagNames: [],
    inStock: new Set(),
  };
  const styleCounters = new Map<string, number>();
  const swatchMembers = new Map<string, number>();
  const variantMembers = new Map<string, number>();
  const plans = planGroups(rng, options.productCount);
  let groupSeq = 0;

  for (const plan of plans) {
    groupSeq++;
    const fit = rng.pick(plan.leaf.fits);
    const basePrice = Math.round((plan.leaf.basePriceCents * priceFactor(plan.division)) / 100) * 100;
    const soldOutFirstLength = plan.lengths.length > 1 && rng.chance(0.3);
    for (const colourwayIndex of plan.colourwayIndexes) {
      plan.lengths.forEach((length, lengthIndex) => {
        if (catalogue.products.length >= options.productCount) return;
        const swatchGroup = plan.colourwayIndexes.length > 1 ? `swatch-${groupSeq}-${lengthIndex + 1}` : null;
        const variantGroup = plan.lengths.length > 1 ? `variant-${groupSeq}-${colourwayIndex + 1}` : null;
        if (swatchGroup) swatchMembers.set(swatchGroup, (swatchMembers.get(swatchGroup) ?? 0) + 1);
        if (variantGroup) variantMembers.set(variantGroup, (variantMembers.get(variantGroup) ?? 0) + 1);
        addProduct(rng, catalogue, media, options.now, styleCounters, {
          plan,
          colourwayIndex,
          length,
          fit: plan.leaf.lengths ? length.name : fit,
          priceCents: basePrice + length.priceDeltaCents,
          swatchGroup,
          variantGroup,
          isVariantPrimary: lengthIndex === 0,
          stock: soldOutFirstLength ? (lengthIndex === 0 ? 'sold-out' : 'normal') : null,
        });
      });
    }
  }

  // A group cut short by the product count may have one member left; a group of one is no group.
  for (const product of catalogue.products) {
    if (product.swatch_group && swatchMembers.get(product.swatch_group) === 1) product.swatch_group = null;
    if (product.variant_group && variantMembers.get(product.variant_group) === 1) {
      product.variant_group = null;
      product.variant_name = null;
      product.show_on_plp = 1;
    }
  }

  for (const sku of catalogue.skus) if (sku.qty) catalogue.inStock.add(sku.product_id);
  const positions = rng.shuffle(catalogue.products.map((_, i) => i + 1));
  catalogue.products.forEach((product, i) => {
    product.default_position = positions[i] ?? i + 1;
  });
  // A generator of its own, so the sales figures leave every other part of the catalogue as it was.
  const sales = rng.fork('units-sold');
  for (const product of catalogue.products) {
    product.units_sold = unitsSold(sales, product, options.now, catalogue.inStock.has(product.id));
  }
  return catalogue;
}

const DAY_MS = 86_400_000;

/**
 * Units sold since the product was added: a few a week for most, several times more for the Best Sellers and
 * what has sold out, so the Best Sellers order leads with them rather than with whatever is oldest.
 */
function unitsSold(rng: Rng, product: Insertable<ProductTable>, now: Date, inStock: boolean): number {
  const weeks = Math.max(0.5, (now.getTime() - Date.parse(product.created_at)) / (7 * DAY_MS));
  const popularity = (product.badge_text === BADGES.bestSeller.text ? 4 : 1) * (inStock ? 1 : 1.6);
  const weeklyRate = rng.int(1, 12) * popularity;
  return Math.round(weeks * weeklyRate);
}

/** The groups to generate: the UPMH lengths first, one group per division and leaf, then weighted picks. */
function planGroups(rng: Rng, productCount: number): GroupPlan[] {
  const boxerBriefs = LEAVES.find((leaf) => leaf.slug === 'boxer-briefs');
  if (!boxerBriefs?.lengths) throw new Error('The boxer brief leaf needs its lengths');
  const releases = new Releases();
  const plans: GroupPlan[] = [
    {
      division: 'Men',
      leaf: boxerBriefs,
      printIndex: 0,
      colourwayIndexes: [0, 1, 2],
      lengths: [...boxerBriefs.lengths],
      edition: releases.release('Men', boxerBriefs, 0, [0, 1, 2]),
    },
  ];
  const size = (plan: GroupPlan) => plan.colourwayIndexes.length * plan.lengths.length;
  let planned = plans.reduce((sum, plan) => sum + size(plan), 0);
  for (const division of DIVISIONS) {
    for (const leaf of LEAVES.filter((l) => l.divisions.includes(division))) {
      const plan = planGroup(rng, releases, division, leaf);
      plans.push(plan);
      planned += size(plan);
    }
  }
  const weighted = DIVISIONS.flatMap((division) =>
    LEAVES.filter((leaf) => leaf.divisions.includes(division)).map((leaf) => ({
      division,
      leaf,
      weight: DIVISION_INFO[division].weight * leaf.weight,
    })),
  );
  while (planned < productCount) {
    // Garments made in every colourway step aside, so new editions only come once all of them are.
    const open = weighted.filter((candidate) => !releases.exhausted(candidate.division, candidate.leaf));
    const pool = open.length > 0 ? open : weighted;
    let roll = rng.next() * pool.reduce((sum, candidate) => sum + candidate.weight, 0);
    const entry = pool.find((candidate) => (roll -= candidate.weight) < 0) ?? pool[pool.length - 1];
    if (!entry) break;
    const plan = planGroup(rng, releases, entry.division, entry.leaf);
    plans.push(plan);
    planned += size(plan);
  }
  return plans;
}

/**
 * One print of one garment for a division, in colourways not made in it before: the drawn print when it has
 * some left, else the next print that has. Once every colourway of every print is taken (only in catalogues far
 * larger than the default) the drawn print comes back as a new edition.
 */
function planGroup(rng: Rng, releases: Releases, division: Division, leaf: Leaf): GroupPlan {
  const drawn = rng.int(0, PRINTS.length - 1);
  const printIndex = releases.exhausted(division, leaf)
    ? drawn
    : (PRINTS.map((_, k) => (drawn + k) % PRINTS.length).find(
        (i) => releases.unreleased(division, leaf, i).length > 0,
      ) ?? drawn);
  const unreleased = releases.unreleased(division, leaf, printIndex);
  const indexes = unreleased.length > 0 ? unreleased : (PRINTS[printIndex] as Print).colourways.map((_, i) => i);
  const colourwayIndexes =
    indexes.length > 1 && rng.chance(0.4)
      ? rng.shuffle(indexes).slice(0, rng.int(2, indexes.length))
      : [rng.pick(indexes)];
  const allLengths = leaf.lengths ?? [{ name: '', shape: leaf.shape, priceDeltaCents: 0 }];
  const lengths =
    allLengths.length > 1 && rng.chance(0.5)
      ? allLengths.slice(0, rng.int(2, allLengths.length))
      : [allLengths[0] as Length];
  return {
    division,
    leaf,
    printIndex,
    colourwayIndexes,
    lengths,
    edition: releases.release(division, leaf, printIndex, colourwayIndexes),
  };
}

interface ProductPlan {
  plan: GroupPlan;
  colourwayIndex: number;
  length: Length;
  fit: string;
  priceCents: number;
  swatchGroup: string | null;
  variantGroup: string | null;
  isVariantPrimary: boolean;
  /** Forced stock state, or null to roll one. */
  stock: 'sold-out' | 'normal' | null;
}

function addProduct(
  rng: Rng,
  catalogue: Catalogue,
  media: MediaRegistry,
  now: Date,
  styleCounters: Map<string, number>,
  p: ProductPlan,
): void {
  const { division, leaf, printIndex } = p.plan;
  const print = PRINTS[printIndex] as Print;
  const colourway = print.colourways[p.colourwayIndex] as Colourway;
  const info = DIVISION_INFO[division];
  const id = String(FIRST_PRODUCT_ID + catalogue.products.length);

  const prefix = `${leaf.familyCode}${print.kind === 'solid' ? 'S' : 'P'}${info.code}${leaf.leafCode}`;
  const styleNumber = styleCounters.get(prefix) ?? 1000;
  styleCounters.set(prefix, styleNumber + 1);
  const styleId = `${prefix}${styleNumber}`;

  const printLabel = `${print.name.replace(/ Solid$/, '')}${p.plan.edition > 1 ? ` Vol. ${p.plan.edition}` : ''}`;
  const name = `${info.namePrefix}${printLabel} ${leaf.singular} - ${colourway.name}`;
  const slug = slugify(p.length.name ? `${name} ${p.length.name}` : name);

  const stockRoll = rng.next();
  const stock = p.stock ?? (stockRoll < 0.06 ? 'sold-out' : stockRoll < 0.14 ? 'low' : 'normal');
  const sizes = sizesFor(leaf, division);
  const quantities = stockQuantities(rng, sizes.length, stock);
  const total = quantities.reduce((sum, qty) => sum + qty, 0);

  const onSale = rng.chance(0.2);
  const salePrice = onSale ? Math.max(100, Math.floor((p.priceCents * rng.int(55, 80)) / 10000) * 100 - 5) : null;
  const badge = pickBadge(rng, onSale, total);
  const ageDays = badge === BADGES.new ? rng.int(0, 20) : rng.int(21, 420);
  const createdAt = daysBefore(now, ageDays, rng.int(0, 23));
  const updatedAt = daysBefore(now, rng.int(0, ageDays), rng.int(0, 23));
  const maxCartQty = badge === BADGES.limited ? 5 : rng.chance(0.08) ? 10 : rng.chance(0.04) ? 5 : 0;
  const hiddenVariant = p.variantGroup !== null && !p.isVariantPrimary;

  catalogue.products.push({
    id,
    style_id: styleId,
    name,
    slug,
    fit: p.fit,
    division,
    category: leaf.parent,
    subcategory: leaf.name,
    print_name: print.name,
    colorway: colourway.name,
    description: [
      PRINT_BLURBS[print.kind].replace('{print}', print.name).replace('{colourway}', colourway.name),
      leaf.blurb,
      leaf.fabric,
    ].join(' '),
    price_cents: p.priceCents,
    sale_price_cents: salePrice,
    badge_text: badge?.text ?? null,
    badge_class: badge?.className ?? null,
    badge_icon: badge?.icon ? media.add(iconFile(badge.icon)) : null,
    max_cart_qty: maxCartQty,
    show_on_plp: hiddenVariant || rng.chance(0.01) ? 0 : 1,
    default_position: 0,
    variant_group: p.variantGroup,
    variant_name: p.variantGroup ? p.length.name : null,
    swatch_group: p.swatchGroup,
    size_chart_name: sizeChartNameFor(leaf, division),
    video_url: null,
    // Deep markdowns (35% off or more) are final sale.
    final_sale: salePrice !== null && salePrice <= p.priceCents * 0.65 ? 1 : 0,
    created_at: createdAt,
    updated_at: updatedAt,
  });

  sizes.forEach((size, position) => {
    catalogue.skus.push({
      sku: `${styleId}-${size === 'One Size' ? 'OS' : size.replace('/', '')}`,
      product_id: id,
      size,
      position,
      qty: quantities[position] ?? 0,
    });
  });

  addImages(rng, catalogue, media, id, p, print.name, division);

  const tags: Array<[FacetGroupId, string]> = [
    ['division', division],
    ...(info.alsoKids ? [['division', 'Kids'] as [FacetGroupId, string]] : []),
    ['category', leaf.parent],
    ['category', leafTagName(leaf)],
    ...sizes.map((size): [FacetGroupId, string] => ['size', size]),
    ['color', colourway.family],
    ['fit', p.fit],
    ['print', print.name],
    ...collections(badge, salePrice !== null, ageDays, rng).map((name): [FacetGroupId, string] => ['collection', name]),
  ];
  for (const [group, tagName] of tags) {
    catalogue.productTags.push({ product_id: id, tag_id: facetTagId(group, tagName) });
  }
  const names = tags.map(([, tagName]) => tagName);
  catalogue.tagNames.push(names);
}

function stockQuantities(rng: Rng, count: number, stock: 'sold-out' | 'low' | 'normal'): number[] {
  if (stock === 'sold-out') return new Array<number>(count).fill(0);
  if (stock === 'low') {
    const quantities = new Array<number>(count).fill(0);
    let left = rng.int(1, 9);
    while (left > 0) {
      const take = Math.min(left, rng.int(1, 3));
      const index = rng.int(0, count - 1);
      quantities[index] = (quantities[index] ?? 0) + take;
      left -= take;
    }
    return quantities;
  }
  return Array.from({ length: count }, () => (rng.chance(0.1) ? 0 : rng.int(6, 90)));
}

function pickBadge(rng: Rng, onSale: boolean, total: number): Badge | null {
  if (total > 0 && total < 10 && rng.chance(0.4)) return BADGES.almostGone;
  if (onSale && rng.chance(0.5)) return BADGES.sale;
  const roll = rng.next();
  if (roll < 0.1) return BADGES.new;
  if (roll < 0.18) return BADGES.bestSeller;
  if (roll < 0.22) return BADGES.limited;
  if (roll < 0.25) return BADGES.exclusive;
  if (roll < 0.28) return BADGES.backInStock;
  if (roll < 0.3) return BADGES.staffPick;
  return null;
}

function collections(badge: Badge | null, onSale: boolean, ageDays: number, rng: Rng): string[] {
  const names: string[] = [];
  if (ageDays <= 30) names.push(COLLECTIONS.new);
  if (onSale) names.push(COLLECTIONS.sale);
  if (badge === BADGES.bestSeller || rng.chance(0.06)) names.push(COLLECTIONS.bestSellers);
  if (badge === BADGES.limited || badge === BADGES.exclusive) names.push(COLLECTIONS.limited);
  return names;
}

function addImages(
  rng: Rng,
  catalogue: Catalogue,
  media: MediaRegistry,
  productId: string,
  p: ProductPlan,
  printName: string,
  division: Division,
): void {
  const shape = p.length.shape;
  const { printIndex } = p.plan;
  let position = 0;
  const add = (
    role: string,
    url: string,
    size: { width: number; height: number },
    filters: unknown[] = [],
    enabled: 0 | 1 = 1,
  ) => {
    position++;
    catalogue.images.push({
      id: `${productId}-${position}`,
      product_id: productId,
      position,
      role,
      url,
      width: size.width,
      height: size.height,
      filters: JSON.stringify(filters),
      enabled,
    });
  };
  add('primary', media.add(garmentFile(shape, printIndex, p.colourwayIndex, 'front')), PRODUCT_SHOT);
  add('secondary', media.add(garmentFile(shape, printIndex, p.colourwayIndex, 'back')), PRODUCT_SHOT);
  add('color', media.add(chipFile(printIndex, p.colourwayIndex)), CHIP);
  if (!rng.chance(0.4)) return;
  const detailFilters = rng.chance(0.3)
    ? [{ compare: 'does_not_contain', tags: [COLLECTIONS.sale], display_tags: [COLLECTIONS.sale], type: 'gallery' }]
    : [];
  add(
    'gallery',
    media.add(garmentFile(shape, printIndex, p.colourwayIndex, 'detail')),
    PRODUCT_SHOT,
    detailFilters,
    rng.chance(0.05) ? 0 : 1,
  );
  if (!rng.chance(0.5)) return;
  // The styled shot leads the tile on pages filtered to this print, and joins the gallery on division pages.
  add('gallery', media.add(garmentFile(shape, printIndex, p.colourwayIndex, 'styled')), PRODUCT_SHOT, [
    { compare: 'contains', tags: [printName], display_tags: [printName], type: 'default' },
    { compare: 'contains', tags: [division], display_tags: [division], type: 'gallery' },
  ]);
}
