import { describe, expect, it } from 'vitest';
import { SearchEngine, type JsonObject } from './engine.ts';
import { SearchError } from './errors.ts';

const SCHEMA = {
  name: 'products',
  fields: [
    { name: 'name', type: 'string' },
    { name: 'colors', type: 'string[]', facet: true },
    { name: 'price', type: 'float', facet: true },
    { name: 'is_in_stock', type: 'bool', facet: true },
    { name: 'default_position', type: 'int32' },
    { name: 'sale_price', type: 'float', optional: true },
  ],
};

function engineWith(documents: JsonObject[] = []): SearchEngine {
  const engine = new SearchEngine();
  engine.createCollection(SCHEMA);
  for (const document of documents) engine.writeDocument('products', document);
  return engine;
}

const shirt = (id: string, extra: JsonObject = {}): JsonObject => ({
  id,
  name: 'Shirt',
  colors: ['Black'],
  price: 10,
  is_in_stock: true,
  default_position: 1,
  ...extra,
});

function failure(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
}

describe('collections', () => {
  it('summarizes a new collection with defaults filled in', () => {
    const summary = new SearchEngine().createCollection(SCHEMA);
    expect(summary).toMatchObject({ name: 'products', num_documents: 0, default_sorting_field: '' });
    expect((summary.fields as JsonObject[])[2]).toMatchObject({
      name: 'price',
      type: 'float',
      facet: true,
      sort: true,
      optional: false,
    });
    expect((summary.fields as JsonObject[])[0]).toMatchObject({ name: 'name', sort: false, index: true });
  });

  it('refuses duplicates, bad types and bad default sorting fields', () => {
    const engine = engineWith();
    expect(failure(() => engine.createCollection(SCHEMA))).toEqual({
      status: 409,
      message: 'A collection with name `products` already exists.',
    });
    expect(failure(() => engine.createCollection({ name: 'x', fields: [{ name: 'a', type: 'strin' }] }))).toEqual({
      status: 400,
      message: 'Field `a` has an invalid data type `strin`, see docs for supported data types.',
    });
    expect(
      failure(() =>
        engine.createCollection({ name: 'x', fields: [{ name: 'a', type: 'int32[]' }], default_sorting_field: 'a' }),
      ),
    ).toEqual({
      status: 400,
      message: 'Default sorting field `a` is not a sortable type.',
    });
    expect(failure(() => engine.createCollection({ fields: [] }))).toEqual({
      status: 400,
      message: 'Parameter `name` is required.',
    });
  });

  it('takes a sortable string field as the default sorting field, not a plain one (field::is_sortable)', () => {
    const engine = new SearchEngine();
    expect(
      engine.createCollection({
        name: 'a',
        fields: [{ name: 's', type: 'string', sort: true }],
        default_sorting_field: 's',
      }),
    ).toMatchObject({
      default_sorting_field: 's',
    });
    expect(
      failure(() =>
        engine.createCollection({ name: 'b', fields: [{ name: 's', type: 'string' }], default_sorting_field: 's' }),
      ),
    ).toEqual({
      status: 400,
      message: 'Default sorting field `s` is not a sortable type.',
    });
  });

  it('checks the stem flag (collection_all_fields_test.cpp InvalidstemValue)', () => {
    const engine = new SearchEngine();
    expect(
      failure(() => engine.createCollection({ name: 'a', fields: [{ name: 'name', type: 'string', stem: 'qwerty' }] })),
    ).toEqual({
      status: 400,
      message: 'The `stem` property of the field `name` should be a boolean.',
    });
    expect(
      failure(() => engine.createCollection({ name: 'a', fields: [{ name: 'name', type: 'int32', stem: true }] })),
    ).toEqual({
      status: 400,
      message: 'The `stem` property is only allowed for string and string[] fields.',
    });
    const summary = engine.createCollection({ name: 'a', fields: [{ name: 'name', type: 'string[]', stem: true }] });
    expect((summary.fields as JsonObject[])[0]).toMatchObject({ stem: true });
  });

  it('lists newest first and deletes', () => {
    const engine = engineWith();
    engine.createCollection({ ...SCHEMA, name: 'second' });
    expect(engine.listCollections().map((collection) => collection.name)).toEqual(['second', 'products']);
    expect(engine.deleteCollection('second').name).toBe('second');
    expect(failure(() => engine.deleteCollection('second'))).toEqual({
      status: 404,
      message: 'No collection with name `second` found.',
    });
    expect(failure(() => engine.getCollection('second'))).toEqual({ status: 404, message: 'Not Found' });
  });
});

describe('documents', () => {
  it('gives documents without an id their sequence number', () => {
    const engine = engineWith();
    const { id, ...rest } = shirt('x');
    expect(id).toBe('x');
    expect(engine.writeDocument('products', rest).id).toBe('0');
    expect(engine.writeDocument('products', rest).id).toBe('1');
  });

  it('applies the id rules', () => {
    const engine = engineWith([shirt('a')]);
    expect(failure(() => engine.writeDocument('products', shirt('a')))).toEqual({
      status: 409,
      message: 'A document with id a already exists.',
    });
    expect(failure(() => engine.writeDocument('products', { ...shirt('b'), id: 7 }))).toEqual({
      status: 400,
      message: "Document's `id` field should be a string.",
    });
    expect(failure(() => engine.updateDocument('products', 'zz', { price: 1 }))).toEqual({
      status: 404,
      message: 'Could not find a document with id: zz',
    });
  });

  it('validates and coerces field values', () => {
    const engine = engineWith();
    expect(failure(() => engine.writeDocument('products', { ...shirt('a'), name: undefined }))).toEqual({
      status: 400,
      message: 'Field `name` has been declared in the schema, but is not found in the document.',
    });
    expect(failure(() => engine.writeDocument('products', { ...shirt('a'), colors: 'Black' }))).toEqual({
      status: 400,
      message: 'Field `colors` must be an array.',
    });
    expect(failure(() => engine.writeDocument('products', { ...shirt('a'), default_position: 1.5 }))).toEqual({
      status: 400,
      message: 'Field `default_position` must be an int32.',
    });
    const stored = engine.writeDocument('products', { ...shirt('a'), price: '12.5', name: 42 });
    expect(stored).toMatchObject({ price: 12.5, name: '42' });
  });

  it('upserts, updates and emplaces, keeping the document findable by its new values only', () => {
    const engine = engineWith([shirt('a', { name: 'Red Shirt' })]);
    engine.writeDocument('products', shirt('a', { name: 'Blue Shirt' }), 'upsert');
    expect(engine.search('products', { q: 'red', query_by: 'name' }).found).toBe(0);
    expect(engine.search('products', { q: 'blue', query_by: 'name' }).found).toBe(1);
    expect(engine.updateDocument('products', 'a', { price: 20 })).toMatchObject({ name: 'Blue Shirt', price: 20 });
    engine.writeDocument('products', { id: 'a', price: 30 }, 'emplace');
    expect(engine.getDocument('products', 'a')).toMatchObject({ name: 'Blue Shirt', price: 30 });
    engine.writeDocument('products', shirt('b'), 'emplace');
    expect(engine.getCollection('products').num_documents).toBe(2);
    expect(engine.deleteDocument('products', 'a').id).toBe('a');
    expect(engine.search('products', { q: '*', filter_by: 'price:30' }).found).toBe(0);
  });

  it('imports line by line with Typesense result lines', () => {
    const engine = engineWith([shirt('a')]);
    const results = engine.importDocuments(
      'products',
      [JSON.stringify(shirt('b')), '', '{not json', JSON.stringify(shirt('a')), JSON.stringify({ id: 'c' })],
      'create',
    );
    expect(results).toEqual([
      { success: true },
      { code: 400, document: '{not json', error: 'Bad JSON.', success: false },
      {
        code: 409,
        document: JSON.stringify(shirt('a')),
        error: 'A document with id a already exists.',
        success: false,
      },
      {
        code: 400,
        document: '{"id":"c"}',
        error: 'Field `name` has been declared in the schema, but is not found in the document.',
        success: false,
      },
    ]);
    expect(
      engine.importDocuments('products', [JSON.stringify({ id: 'b', price: 99 })], 'update', { returnId: true }),
    ).toEqual([{ id: 'b', success: true }]);
  });

  it('deletes by filter', () => {
    const engine = engineWith([shirt('a'), shirt('b', { is_in_stock: false })]);
    expect(engine.deleteDocumentsByFilter('products', 'is_in_stock:false')).toEqual({ num_deleted: 1 });
    expect(engine.getCollection('products').num_documents).toBe(1);
  });
});

describe('multi_search', () => {
  const engine = engineWith([
    shirt('a', { name: 'Black Shirt', colors: ['Black'], price: 10 }),
    shirt('b', { name: 'White Shirt', colors: ['White'], price: 20 }),
    shirt('c', { name: 'Black Tee', colors: ['Black'], price: 30 }),
  ]);

  it('never lets a search override a common parameter, except filter_by, which is ANDed', () => {
    const { results } = engine.multiSearch(
      [{ collection: 'products', q: 'tee', query_by: 'name', filter_by: 'price:>15', per_page: 1 }],
      { q: 'shirt', filter_by: 'colors:Black', per_page: '5' },
    );
    const result = results[0] as JsonObject;
    expect(result.found).toBe(0);
    expect(result.request_params).toMatchObject({ q: 'shirt', per_page: 5 });
    const { results: second } = engine.multiSearch([{ collection: 'products', q: '*', filter_by: 'price:>15' }], {
      filter_by: 'colors:Black',
    });
    expect((second[0] as JsonObject).found).toBe(1);
  });

  it('answers a failed search in its slot', () => {
    const { results } = engine.multiSearch([
      { collection: 'products', q: '*', filter_by: 'nope:1' },
      { collection: 'missing', q: '*' },
      { collection: 'products', q: '*' },
    ]);
    expect(results[0]).toEqual({ code: 404, error: 'Could not find a filter field named `nope` in the schema.' });
    expect(results[1]).toEqual({ code: 404, error: 'Collection not found' });
    expect((results[2] as JsonObject).found).toBe(3);
  });

  it('rejects malformed requests as a whole', () => {
    expect(failure(() => engine.multiSearch([{ collection: 'products', q: ['a'] }]))).toEqual({
      status: 400,
      message: 'One or more search parameters are malformed.',
    });
    expect(failure(() => engine.multiSearch(['x']))).toEqual({
      status: 400,
      message: 'The value of `searches` must be an array of objects.',
    });
    expect(failure(() => engine.multiSearch([{}, {}], { limit_multi_searches: '1' }))).toEqual({
      status: 400,
      message: 'Number of multi searches exceeds `limit_multi_searches` parameter.',
    });
  });
});
