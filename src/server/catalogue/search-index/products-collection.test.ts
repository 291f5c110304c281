import { describe, expect, it } from 'vitest';
import type { ProductDocument } from '../../../shared/product.ts';
import { SearchEngine } from '../../search/engine.ts';
import {
  FacetFieldCollisionError,
  productsCollectionSchema,
  searchConfigOf,
  toSearchDocuments,
  type FacetGroup,
} from './products-collection.ts';

const GROUPS: FacetGroup[] = [
  { field: 'division', display_name: 'Division' },
  { field: 'category', display_name: 'Category' },
  { field: 'fits', display_name: 'Fit' },
];

const PRODUCT: ProductDocument = {
  id: 'p1',
  _id: 'p1',
  style_id: 'S1',
  name: "Men's Core Boxer Brief - Tan",
  fit: 'Mid Length',
  subcategory: 'Boxer Briefs',
  url: '/s/p1/core-boxer-brief-tan',
  description: 'Our everyday essential in Tan.',
  price: 28,
  sale_price: null,
  is_in_stock: true,
  total_quantity: 12,
  max_cart_qty: 0,
  final_sale: false,
  badge_text: null,
  badge_class: null,
  badge_icon: null,
  primary_image: { url: '/media/p1.svg', width: 800, height: 1000 },
  secondary_image: null,
  color_image: null,
  images: [],
  page_block_slugs: ['shop-men'],
  show_on_plp: true,
  availability: 'in stock',
  default_position: 3,
  skus: [{ sku: 'p1-m', size: 'M', style_id: 'S1', qty: 12 }],
  variant_name: 'Mid Length',
  variants: [],
  swatch_products: [],
  size_chart_name: null,
  video_url: null,
  facets: { division: ['Men'], category: ['Underwear', 'Underwear > Boxer Briefs'] },
  updated_at: 0,
  created_at: 0,
  units_sold: 0,
};

describe('the products collection', () => {
  it('has one string[] facet field per facet group and sorts by default_position', () => {
    const schema = productsCollectionSchema(GROUPS);
    expect(schema.name).toBe('products');
    expect(schema.default_sorting_field).toBe('default_position');
    for (const group of GROUPS) {
      expect(schema.fields.find((field) => field.name === group.field)).toMatchObject({
        type: 'string[]',
        facet: true,
      });
    }
    expect(schema.fields.find((field) => field.name === 'availability')).toMatchObject({ type: 'string', sort: true });
    expect(schema.fields.find((field) => field.name === 'page_block_slugs')).toMatchObject({
      type: 'string[]',
      facet: true,
    });
    expect(schema.fields.map((field) => field.name)).not.toContain('images');
  });

  it('is a schema the engine accepts, and its documents import as they are', () => {
    const engine = new SearchEngine();
    engine.createCollection(productsCollectionSchema(GROUPS));
    const [document] = toSearchDocuments([PRODUCT], GROUPS);
    expect(engine.writeDocument('products', document, 'upsert')).toMatchObject({ id: 'p1', fits: [] });
  });

  it('flattens facets into top-level fields, with an empty list for a group the product has no tag in', () => {
    const [document] = toSearchDocuments([PRODUCT], GROUPS);
    expect(document).toMatchObject({
      division: ['Men'],
      category: ['Underwear', 'Underwear > Boxer Briefs'],
      fits: [],
      fit: 'Mid Length',
      has_primary_image: true,
      skus: PRODUCT.skus,
    });
    expect(document).not.toHaveProperty('facets');
  });

  it('sorts the shop’s orders on the selling price, the time a product was added and its units sold', () => {
    const schema = productsCollectionSchema(GROUPS);
    for (const name of ['selling_price', 'created_at', 'units_sold']) {
      expect(schema.fields.find((field) => field.name === name)).toMatchObject({ sort: true, optional: false });
    }
    const [onSale, notLower] = toSearchDocuments(
      [
        { ...PRODUCT, price: 30, sale_price: 21 },
        { ...PRODUCT, id: 'p2', _id: 'p2', price: 30, sale_price: 34 },
      ],
      GROUPS,
    );
    expect(onSale).toMatchObject({ selling_price: 21 });
    expect(notLower).toMatchObject({ selling_price: 30 });
  });

  it('refuses a facet group whose field a product document already has', () => {
    const colliding: FacetGroup[] = [...GROUPS, { field: 'fit', display_name: 'Fit' }];
    expect(() => productsCollectionSchema(colliding)).toThrow(FacetFieldCollisionError);
    expect(() => productsCollectionSchema(colliding)).toThrow(/"Fit" filters on the field "fit"/);
    const storedOnly: FacetGroup[] = [{ field: 'skus', display_name: 'Skus' }];
    expect(() => toSearchDocuments([PRODUCT], storedOnly)).toThrow(FacetFieldCollisionError);
  });

  it('names the searchable attributes in query_by order and the facet groups in their order', () => {
    const config = searchConfigOf(GROUPS);
    const searchable = config.attributes.filter((attribute) => attribute.searchable).map((attribute) => attribute.name);
    expect(searchable).toEqual(['name', 'fit', 'division', 'category', 'fits', 'description']);
    expect(config.attributes).toContainEqual({ name: 'price', searchable: false });
    expect(config.attributes).toContainEqual({ name: 'page_block_slugs', searchable: false });
    expect(config.facet_ordering).toEqual(['division', 'category', 'fits']);
  });
});
