/**
 * The products collection: its Typesense schema, the search document made from a product document, and the
 * search config the shop's client reads (GET /api/typesense-config). Facet groups are data: each adds one
 * top-level string[] facet field named by the group's field, so the schema is made from the facet_groups rows.
 */
import { listedSellingPrice, type ProductDocument } from '../../../shared/product.ts';
import { PRODUCTS_COLLECTION, type SearchAttribute } from '../../../shared/site-search.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionSchema, FieldSchema, FieldType } from '../../search/index/schema.ts';
import { CLOTHING_PLURALS_DICTIONARY } from './clothing-plurals.ts';

export interface FacetGroup {
  field: string;
  display_name: string;
}

/** What GET /api/typesense-config answers in data (spec 3, "Search config"). */
export interface SearchConfig {
  /** Every indexed field; the searchable ones, in this order, are a product search's query_by. */
  attributes: SearchAttribute[];
  /** The facet group fields in the order the filter sidebar shows them. */
  facet_ordering: string[];
}

/** A product document as the index stores it: facet values flattened into top-level fields. */
export type SearchDocument = { id: string } & Record<string, unknown>;

const field = (
  name: string,
  type: FieldType,
  flags: Partial<Omit<FieldSchema, 'name' | 'type'>> = {},
): FieldSchema => ({
  name,
  type,
  facet: false,
  optional: false,
  index: true,
  sort: type === 'int32' || type === 'float' || type === 'bool',
  stem: false,
  stem_dictionary: '',
  ...flags,
});

/**
 * Searched in this order (earlier fields weigh more); the facet group fields go between them and the description.
 * Searched words are stemmed by the shop's dictionary of plurals ('socks' finds 'sock', 'bras' finds 'bra'):
 * Typesense stems a query with its first field's stemmer, so every searched field stems alike.
 */
const STEMMED = { stem: true, stem_dictionary: CLOTHING_PLURALS_DICTIONARY };
const LEADING_TEXT_FIELDS = [field('name', 'string', STEMMED), field('fit', 'string', STEMMED)];
const TRAILING_TEXT_FIELDS = [field('description', 'string', STEMMED)];

/** Filtering and sorting. Everything else of the document (images, skus, variants...) is stored, not indexed. */
const FILTER_FIELDS = [
  field('price', 'float'),
  field('sale_price', 'float', { optional: true }),
  field('is_in_stock', 'bool'),
  field('total_quantity', 'int32'),
  field('default_position', 'int32'),
  // The shop's other orders (shared/catalogue-sort.ts): Price sorts on what the tile sells for (the sale price
  // when it is lower, a sold-out product's length in stock); Newest on when the product was added; Best Sellers
  // on the units sold.
  field('selling_price', 'float'),
  field('created_at', 'int64', { sort: true }),
  field('units_sold', 'int32'),
  // 'in stock' sorts before 'out of stock', so availability:asc puts what can be bought first.
  field('availability', 'string', { sort: true }),
  field('show_on_plp', 'bool'),
  // The recommendation strip shows only products with a primary image (spec 2.5).
  field('has_primary_image', 'bool'),
  field('page_block_slugs', 'string[]', { facet: true }),
];

const NOT_SEARCHED = new Set(['availability', 'page_block_slugs']);

/** Names a facet group's field may not take: the document's own keys, and the nested key it replaces. */
function takenFieldNames(document?: object): Set<string> {
  const names = [...LEADING_TEXT_FIELDS, ...TRAILING_TEXT_FIELDS, ...FILTER_FIELDS].map((f) => f.name);
  return new Set(['id', 'facets', ...names, ...Object.keys(document ?? {})]);
}

export class FacetFieldCollisionError extends Error {}

/** Refuses a facet group whose field is also a field of the product document, which would overwrite one of them. */
export function assertFacetFieldsFree(groups: readonly FacetGroup[], document?: object): void {
  const taken = takenFieldNames(document);
  for (const group of groups) {
    if (taken.has(group.field)) {
      throw new FacetFieldCollisionError(
        `The facet group "${group.display_name}" filters on the field "${group.field}", which the product document ` +
          `already has; give the group a field of its own (the Fit group uses "fits").`,
      );
    }
  }
}

/** The facet groups in the order the filter sidebar shows them. */
export function readFacetGroups(db: Db): Promise<FacetGroup[]> {
  return db.selectFrom('facet_groups').select(['field', 'display_name']).orderBy('position').orderBy('field').execute();
}

export function productsCollectionSchema(groups: readonly FacetGroup[]): CollectionSchema {
  assertFacetFieldsFree(groups);
  return {
    name: PRODUCTS_COLLECTION,
    fields: [
      ...LEADING_TEXT_FIELDS,
      // A product without a tag in a group has an empty list; optional keeps a missing one valid too.
      ...groups.map((group) => field(group.field, 'string[]', { facet: true, optional: true, ...STEMMED })),
      ...TRAILING_TEXT_FIELDS,
      ...FILTER_FIELDS,
    ],
    default_sorting_field: 'default_position',
  };
}

/** The search config of the schema: every indexed field, the text ones searchable, in query_by order. */
export function searchConfigOf(groups: readonly FacetGroup[]): SearchConfig {
  return {
    attributes: productsCollectionSchema(groups).fields.map((f) => ({
      name: f.name,
      searchable: (f.type === 'string' || f.type === 'string[]') && !NOT_SEARCHED.has(f.name),
    })),
    facet_ordering: groups.map((group) => group.field),
  };
}

export async function readSearchConfig(db: Db): Promise<SearchConfig> {
  return searchConfigOf(await readFacetGroups(db));
}

/** The documents the index stores: product documents with their facet values as top-level fields. */
export function toSearchDocuments(
  documents: readonly ProductDocument[],
  groups: readonly FacetGroup[],
): SearchDocument[] {
  // One builder makes every product document, so the first one's keys are every document's keys.
  const first = documents[0];
  if (first) assertFacetFieldsFree(groups, first);
  return documents.map(({ facets, ...rest }) => {
    const flattened: SearchDocument = {
      ...rest,
      has_primary_image: rest.primary_image !== null,
      selling_price: listedSellingPrice(rest),
    };
    for (const group of groups) flattened[group.field] = facets[group.field] ?? [];
    return flattened;
  });
}
