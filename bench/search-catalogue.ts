/** The synthetic apparel catalogue the search benchmarks build: products shaped like the spec's search document. */
import { SearchEngine, type JsonObject } from '../src/server/search/engine.ts';

export const FACET_GROUPS = ['fit', 'division', 'category', 'colors', 'sizes', 'tags'] as const;
export const COLORS = [
  'Black',
  'White',
  'Navy',
  'Heather Grey',
  'Red',
  'Forest Green',
  'Sand',
  'Sky Blue',
  'Charcoal',
  'Burgundy',
  'Olive',
  'Lavender',
];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
export const FITS = ['Classic', 'Slim', 'Relaxed', 'Athletic'];
const DIVISIONS = ['Men', 'Women', 'Kids', 'Unisex'];
const CATEGORIES: [string, string[]][] = [
  ['Underwear', ['Boxer Briefs', 'Trunks', 'Briefs', 'Boxers']],
  ['Tops', ['T-Shirts', 'Tank Tops', 'Polos', 'Henleys']],
  ['Bottoms', ['Joggers', 'Shorts', 'Chinos']],
  ['Socks', ['Crew Socks', 'Ankle Socks']],
  ['Loungewear', ['Robes', 'Pajama Sets']],
];
const WORDS = [
  'Everyday',
  'Stretch',
  'Cotton',
  'Modal',
  'Performance',
  'Breeze',
  'Cloud',
  'Premium',
  'Organic',
  'Mesh',
  'Classic',
  'Signature',
  'Cooling',
  'Soft',
  'Merino',
];
const TAGS = ['new', 'bestseller', 'sale', 'limited', 'eco', 'bundle', 'gift', 'exclusive'];
export const SLUGS = Array.from({ length: 200 }, (_, index) => `block-${index}`);

/** A small deterministic generator, so runs are comparable. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

export function pickSome<T>(next: () => number, items: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(pick(next, items));
  return [...chosen];
}

/**
 * Words of product descriptions: a real shop's text gives each field thousands of distinct tokens, which is
 * what a typo search scans.
 */
const DESCRIPTION_WORDS = Array.from({ length: 4000 }, (_, index) => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (
    let rest = index * 7919 + 104729;
    word.length < 4 + (index % 6);
    rest = Math.floor(rest / 26) + index + word.length
  ) {
    word += letters[rest % 26];
  }
  return word;
});

export function product(index: number, next: () => number, withDescription = false): JsonObject {
  const [parent, children] = pick(next, CATEGORIES);
  const child = pick(next, children);
  const price = Math.round((10 + next() * 90) * 100) / 100;
  // Skewed block membership: a few blocks hold a large share of the catalogue, as landing pages do.
  const blocks = new Set<string>([SLUGS[Math.floor(next() * next() * 20)] as string]);
  for (const slug of pickSome(next, SLUGS, 1 + Math.floor(next() * 3))) blocks.add(slug);
  const document: JsonObject = {
    id: `P${index}`,
    name: `${pick(next, WORDS)} ${pick(next, WORDS)} ${child.replace(/s$/, '')} ${pick(next, COLORS)}`,
    fit: pick(next, FITS),
    division: pick(next, DIVISIONS),
    category: [parent, `${parent} > ${child}`],
    colors: pickSome(next, COLORS, 1 + Math.floor(next() * 3)),
    sizes: pickSome(next, SIZES, 3 + Math.floor(next() * 4)),
    price,
    is_in_stock: next() > 0.15,
    availability: next() > 0.15 ? 'in stock' : 'out of stock',
    default_position: index,
    page_block_slugs: [...blocks],
    show_on_plp: next() > 0.05,
    tags: pickSome(next, TAGS, Math.floor(next() * 3)),
    url: `/products/p-${index}`,
  };
  if (next() > 0.7) document.sale_price = Math.round(price * 0.7 * 100) / 100;
  if (withDescription) document.description = Array.from({ length: 20 }, () => pick(next, DESCRIPTION_WORDS)).join(' ');
  return document;
}

export const SCHEMA = {
  name: 'products',
  fields: [
    { name: 'name', type: 'string' },
    { name: 'fit', type: 'string', facet: true },
    { name: 'division', type: 'string', facet: true },
    { name: 'category', type: 'string[]', facet: true },
    { name: 'colors', type: 'string[]', facet: true },
    { name: 'sizes', type: 'string[]', facet: true },
    { name: 'price', type: 'float', facet: true },
    { name: 'sale_price', type: 'float', optional: true, facet: true },
    { name: 'is_in_stock', type: 'bool', facet: true },
    { name: 'availability', type: 'string', sort: true, facet: true },
    { name: 'default_position', type: 'int32' },
    { name: 'page_block_slugs', type: 'string[]', facet: true },
    { name: 'show_on_plp', type: 'bool' },
    { name: 'tags', type: 'string[]', facet: true },
  ],
};

export interface BuiltEngine {
  engine: SearchEngine;
  seconds: number;
  /** Heap and RSS the index added (the heap figure is exact only with --expose-gc). */
  heapMb: number;
  rssMb: number;
}

/** The lines of a JSON lines import of `count` products. */
export function productLines(count: number, withDescription = false): string[] {
  const next = random(42);
  const lines: string[] = [];
  for (let index = 0; index < count; index++) lines.push(JSON.stringify(product(index, next, withDescription)));
  return lines;
}

export const DESCRIBED_SCHEMA = { ...SCHEMA, fields: [...SCHEMA.fields, { name: 'description', type: 'string' }] };

export function buildEngine(count: number, withDescription = false): BuiltEngine {
  const lines = productLines(count, withDescription);
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const engine = new SearchEngine();
  engine.createCollection(withDescription ? DESCRIBED_SCHEMA : SCHEMA);
  const results = engine.importDocuments('products', lines, 'create');
  const failed = results.filter((result) => !result.success).length;
  if (failed > 0) throw new Error(`${failed} documents failed to import`);
  const seconds = (performance.now() - started) / 1000;
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { engine, seconds, heapMb: (usage.heapUsed - heapBefore) / 2 ** 20, rssMb: (usage.rss - rssBefore) / 2 ** 20 };
}
