/**
 * What the demo shop sells: divisions, the category tree (parent > leaf), and per leaf the garment it is drawn
 * as, its fits or lengths, sizes, base price and size chart.
 */
export const DIVISIONS = ['Men', 'Women', 'Kids', 'Boys', 'Girls', 'Toddlers', 'Accessories'] as const;
export type Division = (typeof DIVISIONS)[number];

export interface DivisionInfo {
  name: Division;
  slug: string;
  /** The division's letter in style ids. */
  code: string;
  /** Put before the garment in a product name. */
  namePrefix: string;
  /** Boys, Girls and Toddlers also carry the Kids division tag, so the Kids page lists them all. */
  alsoKids: boolean;
  /** Relative share of the catalogue. */
  weight: number;
}

export const DIVISION_INFO: Record<Division, DivisionInfo> = {
  Men: { name: 'Men', slug: 'men', code: 'M', namePrefix: "Men's ", alsoKids: false, weight: 30 },
  Women: { name: 'Women', slug: 'women', code: 'W', namePrefix: "Women's ", alsoKids: false, weight: 28 },
  Kids: { name: 'Kids', slug: 'kids', code: 'K', namePrefix: "Kids' ", alsoKids: false, weight: 7 },
  Boys: { name: 'Boys', slug: 'boys', code: 'B', namePrefix: "Boys' ", alsoKids: true, weight: 10 },
  Girls: { name: 'Girls', slug: 'girls', code: 'G', namePrefix: "Girls' ", alsoKids: true, weight: 10 },
  Toddlers: { name: 'Toddlers', slug: 'toddlers', code: 'T', namePrefix: 'Toddler ', alsoKids: true, weight: 7 },
  Accessories: { name: 'Accessories', slug: 'accessories', code: 'A', namePrefix: '', alsoKids: false, weight: 8 },
};

export const PARENT_CATEGORIES = ['Underwear', 'Bras', 'Socks', 'Clothing', 'Accessories'] as const;
export type ParentCategory = (typeof PARENT_CATEGORIES)[number];

/** The garment drawings; boxer briefs and shorts have one per length. */
export const SHAPES = [
  'boxer-brief-short',
  'boxer-brief-mid',
  'boxer-brief-long',
  'brief',
  'trunk',
  'bralette',
  'tshirt-bra',
  'sock-crew',
  'sock-ankle',
  'tee',
  'hoodie',
  'jogger',
  'shorts-5',
  'shorts-7',
  'cap',
  'tote',
  'beanie',
] as const;
export type Shape = (typeof SHAPES)[number];

export interface Length {
  /** Shown as the variant name and the product's fit. */
  name: string;
  shape: Shape;
  /** Added to the leaf's base price. */
  priceDeltaCents: number;
}

export interface Leaf {
  parent: ParentCategory;
  /** The leaf's own name, e.g. 'Boxer Briefs'; its facet tag is `${parent} > ${name}`. */
  name: string;
  slug: string;
  singular: string;
  /** The category family letter and the leaf letter of style ids (e.g. U…H for boxer briefs). */
  familyCode: string;
  leafCode: string;
  divisions: readonly Division[];
  shape: Shape;
  /** Lengths sold as variants of one garment; null when the leaf has fits instead. */
  lengths: readonly Length[] | null;
  fits: readonly string[];
  basePriceCents: number;
  weight: number;
  blurb: string;
  fabric: string;
}

export const LEAVES: readonly Leaf[] = [
  {
    parent: 'Underwear',
    name: 'Boxer Briefs',
    slug: 'boxer-briefs',
    singular: 'Boxer Brief',
    familyCode: 'U',
    leafCode: 'H',
    divisions: ['Men', 'Women', 'Kids', 'Boys', 'Toddlers'],
    shape: 'boxer-brief-mid',
    lengths: [
      { name: 'Mid Length', shape: 'boxer-brief-mid', priceDeltaCents: 0 },
      { name: 'Long Leg', shape: 'boxer-brief-long', priceDeltaCents: 200 },
      { name: 'Short Leg', shape: 'boxer-brief-short', priceDeltaCents: 0 },
    ],
    fits: ['Mid Length'],
    basePriceCents: 2600,
    weight: 30,
    blurb:
      'A supportive contour pouch, a waistband that never rolls and leg openings that stay put from the first rep to the last call.',
    fabric: '92% micro modal, 8% elastane; buttery soft and moisture wicking.',
  },
  {
    parent: 'Underwear',
    name: 'Briefs',
    slug: 'briefs',
    singular: 'Brief',
    familyCode: 'U',
    leafCode: 'R',
    divisions: ['Men', 'Women', 'Kids', 'Girls', 'Toddlers'],
    shape: 'brief',
    lengths: null,
    fits: ['Classic Fit', 'Low Rise', 'High Cut'],
    basePriceCents: 2200,
    weight: 14,
    blurb: 'A clean, low-profile brief with a soft-touch waistband and a no-dig leg line.',
    fabric: '92% micro modal, 8% elastane.',
  },
  {
    parent: 'Underwear',
    name: 'Trunks',
    slug: 'trunks',
    singular: 'Trunk',
    familyCode: 'U',
    leafCode: 'T',
    divisions: ['Men', 'Boys'],
    shape: 'trunk',
    lengths: null,
    fits: ['Classic Fit', 'Sport Fit'],
    basePriceCents: 2400,
    weight: 10,
    blurb: 'All the support of our boxer brief in a shorter, sportier cut that disappears under joggers and jeans.',
    fabric: '90% micro modal, 10% elastane.',
  },
  {
    parent: 'Bras',
    name: 'Bralettes',
    slug: 'bralettes',
    singular: 'Bralette',
    familyCode: 'B',
    leafCode: 'L',
    divisions: ['Women', 'Girls'],
    shape: 'bralette',
    lengths: null,
    fits: ['Light Support', 'Medium Support'],
    basePriceCents: 3200,
    weight: 10,
    blurb: 'Wire-free, lightly lined and made for all-day comfort, with adjustable straps and a wide, soft underband.',
    fabric: '88% micro modal, 12% elastane; removable pads.',
  },
  {
    parent: 'Bras',
    name: 'T-Shirt Bras',
    slug: 't-shirt-bras',
    singular: 'T-Shirt Bra',
    familyCode: 'B',
    leafCode: 'S',
    divisions: ['Women'],
    shape: 'tshirt-bra',
    lengths: null,
    fits: ['Full Coverage', 'Demi'],
    basePriceCents: 4200,
    weight: 6,
    blurb: 'Seamless molded cups that vanish under a tee, with a smoothing back band and a secure three-row hook.',
    fabric: '80% nylon, 20% elastane; molded foam cups.',
  },
  {
    parent: 'Socks',
    name: 'Crew Socks',
    slug: 'crew-socks',
    singular: 'Crew Sock',
    familyCode: 'S',
    leafCode: 'C',
    divisions: ['Men', 'Women', 'Kids', 'Boys', 'Girls', 'Toddlers'],
    shape: 'sock-crew',
    lengths: null,
    fits: ['Cushioned', 'Everyday'],
    basePriceCents: 1400,
    weight: 12,
    blurb: 'A cushioned footbed, arch support and a ribbed cuff that stays up all day.',
    fabric: '78% combed cotton, 20% nylon, 2% elastane.',
  },
  {
    parent: 'Socks',
    name: 'Ankle Socks',
    slug: 'ankle-socks',
    singular: 'Ankle Sock',
    familyCode: 'S',
    leafCode: 'A',
    divisions: ['Men', 'Women', 'Girls'],
    shape: 'sock-ankle',
    lengths: null,
    fits: ['Cushioned', 'Everyday'],
    basePriceCents: 1200,
    weight: 6,
    blurb: 'A low-cut sock with a heel tab that keeps it from slipping into your shoe.',
    fabric: '78% combed cotton, 20% nylon, 2% elastane.',
  },
  {
    parent: 'Clothing',
    name: 'Tees',
    slug: 'tees',
    singular: 'Tee',
    familyCode: 'C',
    leafCode: 'T',
    divisions: ['Men', 'Women', 'Kids', 'Boys', 'Girls', 'Toddlers'],
    shape: 'tee',
    lengths: null,
    fits: ['Classic Fit', 'Relaxed', 'Slim Fit'],
    basePriceCents: 3400,
    weight: 12,
    blurb: 'A midweight crew neck with a ribbed collar that keeps its shape wash after wash.',
    fabric: '100% ring-spun cotton, garment dyed.',
  },
  {
    parent: 'Clothing',
    name: 'Hoodies',
    slug: 'hoodies',
    singular: 'Hoodie',
    familyCode: 'C',
    leafCode: 'H',
    divisions: ['Men', 'Women', 'Kids', 'Boys', 'Girls'],
    shape: 'hoodie',
    lengths: null,
    fits: ['Relaxed', 'Oversized'],
    basePriceCents: 6800,
    weight: 8,
    blurb: 'Heavyweight fleece, a lined hood with flat drawcords and a kangaroo pocket big enough for snacks.',
    fabric: '80% cotton, 20% polyester brushed fleece.',
  },
  {
    parent: 'Clothing',
    name: 'Joggers',
    slug: 'joggers',
    singular: 'Jogger',
    familyCode: 'C',
    leafCode: 'J',
    divisions: ['Men', 'Women', 'Boys', 'Girls', 'Toddlers'],
    shape: 'jogger',
    lengths: null,
    fits: ['Slim Taper', 'Relaxed'],
    basePriceCents: 5800,
    weight: 7,
    blurb: 'A tapered leg, ribbed cuffs, deep side pockets and an elastic waist with a drawcord.',
    fabric: '80% cotton, 20% polyester fleece.',
  },
  {
    parent: 'Clothing',
    name: 'Shorts',
    slug: 'shorts',
    singular: 'Short',
    familyCode: 'C',
    leafCode: 'S',
    divisions: ['Men', 'Women', 'Boys', 'Girls'],
    shape: 'shorts-7',
    lengths: [
      { name: '7" Inseam', shape: 'shorts-7', priceDeltaCents: 0 },
      { name: '5" Inseam', shape: 'shorts-5', priceDeltaCents: 0 },
    ],
    fits: ['7" Inseam'],
    basePriceCents: 4800,
    weight: 7,
    blurb: 'Quick-dry stretch shorts with a built-in liner, zip pocket and an elastic waist.',
    fabric: '88% recycled polyester, 12% spandex.',
  },
  {
    parent: 'Accessories',
    name: 'Caps',
    slug: 'caps',
    singular: 'Cap',
    familyCode: 'A',
    leafCode: 'C',
    divisions: ['Accessories'],
    shape: 'cap',
    lengths: null,
    fits: ['Snapback', 'Dad Hat'],
    basePriceCents: 3200,
    weight: 40,
    blurb: 'A six-panel cap with a pre-curved brim, embroidered eyelets and an adjustable snap.',
    fabric: '100% cotton twill.',
  },
  {
    parent: 'Accessories',
    name: 'Bags',
    slug: 'bags',
    singular: 'Tote Bag',
    familyCode: 'A',
    leafCode: 'B',
    divisions: ['Accessories'],
    shape: 'tote',
    lengths: null,
    fits: ['Tote'],
    basePriceCents: 3800,
    weight: 25,
    blurb: 'A roomy canvas tote with reinforced handles and an inside zip pocket.',
    fabric: '100% cotton canvas, 12 oz.',
  },
  {
    parent: 'Accessories',
    name: 'Beanies',
    slug: 'beanies',
    singular: 'Beanie',
    familyCode: 'A',
    leafCode: 'N',
    divisions: ['Accessories'],
    shape: 'beanie',
    lengths: null,
    fits: ['Cuffed', 'Slouch'],
    basePriceCents: 2800,
    weight: 35,
    blurb: 'A soft rib-knit beanie with a fold-over cuff and a woven brand label.',
    fabric: '100% acrylic rib knit.',
  },
];

export function leafTagName(leaf: Leaf): string {
  return `${leaf.parent} > ${leaf.name}`;
}

const ADULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
const KID_SIZES = ['S', 'M', 'L', 'XL'] as const;
const TODDLER_SIZES = ['2T', '3T', '4T', '5T'] as const;
const BRA_SIZES = ['32A', '32B', '32C', '34A', '34B', '34C', '34D', '36B', '36C', '36D', '38C', '38D'] as const;
const SOCK_SIZES = ['S/M', 'L/XL'] as const;
export const ONE_SIZE = 'One Size';

/** Every size in the order the size facet lists them. */
export const ALL_SIZES: readonly string[] = [...ADULT_SIZES, ...TODDLER_SIZES, ...BRA_SIZES, ...SOCK_SIZES, ONE_SIZE];

type Audience = 'adult' | 'kids' | 'toddler' | 'accessory';

function audience(division: Division): Audience {
  if (division === 'Accessories') return 'accessory';
  if (division === 'Toddlers') return 'toddler';
  if (division === 'Kids' || division === 'Boys' || division === 'Girls') return 'kids';
  return 'adult';
}

export function sizesFor(leaf: Leaf, division: Division): readonly string[] {
  const who = audience(division);
  if (who === 'accessory') return [ONE_SIZE];
  if (leaf.parent === 'Socks') return SOCK_SIZES;
  if (who === 'toddler') return TODDLER_SIZES;
  if (who === 'kids') return KID_SIZES;
  if (leaf.slug === 't-shirt-bras') return BRA_SIZES;
  if (leaf.slug === 'bralettes') return ADULT_SIZES.slice(0, 5);
  if (division === 'Women') return ADULT_SIZES.slice(0, 6);
  return ADULT_SIZES;
}

/** The size chart a product links to: one per adult leaf, and shared kids and toddler charts. */
export function sizeChartNameFor(leaf: Leaf, division: Division): string {
  const who = audience(division);
  if (who === 'kids') {
    if (leaf.parent === 'Bras') return 'kids-bralettes';
    return `kids-${leaf.parent === 'Socks' ? 'socks' : leaf.parent.toLowerCase()}`;
  }
  if (who === 'toddler') return `toddler-${leaf.parent === 'Socks' ? 'socks' : leaf.parent.toLowerCase()}`;
  return leaf.parent === 'Socks' ? 'socks' : leaf.slug;
}

/** Kids pay less than adults, toddlers less again. */
export function priceFactor(division: Division): number {
  const who = audience(division);
  if (who === 'toddler') return 0.6;
  if (who === 'kids') return 0.7;
  return 1;
}
