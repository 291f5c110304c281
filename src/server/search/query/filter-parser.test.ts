import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../index/schema.ts';
import { parseFilter, splitValues, type FilterNode } from './filter-parser.ts';

const field = (name: string, type: FieldSchema['type']): [string, FieldSchema] => [
  name,
  { name, type, facet: true, optional: false, index: true, sort: false, stem: false, stem_dictionary: '' },
];
const FIELDS = new Map([
  field('tags', 'string[]'),
  field('brand', 'string'),
  field('price', 'float'),
  field('qty', 'int32'),
  field('big', 'int64'),
  field('on', 'bool'),
]);

const parse = (filter: string) => parseFilter(filter, FIELDS);
const condition = (filter: string) => {
  const node = parse(filter);
  if (node?.kind !== 'condition') throw new Error('not a condition');
  return node.condition;
};
const error = (filter: string) => {
  try {
    parse(filter);
  } catch (caught) {
    return { status: (caught as { status: number }).status, message: (caught as Error).message };
  }
  return null;
};

function shape(node: FilterNode | null): string {
  if (!node) return '';
  if (node.kind === 'condition') return 'field' in node.condition ? node.condition.field : 'id';
  return `(${shape(node.left)} ${node.kind} ${shape(node.right)})`;
}

describe('filter_by parser', () => {
  it('reads string contains, exact, negations, lists and prefixes', () => {
    expect(condition('tags: gold')).toEqual({
      kind: 'string',
      field: 'tags',
      exact: false,
      values: ['gold'],
      negate: false,
    });
    expect(condition('tags:= gold')).toMatchObject({ exact: true, values: ['gold'] });
    expect(condition('tags:!=gold')).toMatchObject({ exact: true, negate: true });
    expect(condition('tags:!gold')).toMatchObject({ exact: false, negate: true });
    expect(condition('tags:=[a, `b, c`]')).toMatchObject({ values: ['a', 'b, c'] });
    expect(condition('brand:Calv*')).toMatchObject({ values: ['Calv*'] });
  });

  it('reads numeric comparators, ranges and mixed lists', () => {
    expect(condition('price:>10')).toMatchObject({ tests: [{ comparator: '>', value: 10 }] });
    expect(condition('price:>=10.5')).toMatchObject({ tests: [{ comparator: '>=', value: 10.5 }] });
    expect(condition('price:<3')).toMatchObject({ tests: [{ comparator: '<', value: 3 }] });
    expect(condition('price:<=3')).toMatchObject({ tests: [{ comparator: '<=', value: 3 }] });
    expect(condition('price:=3')).toMatchObject({ tests: [{ comparator: '=', value: 3 }] });
    expect(condition('price:[10..20]')).toMatchObject({ tests: [{ comparator: 'range', low: 10, high: 20 }] });
    expect(condition('qty:[<5, 10..20, >100]').kind).toBe('numeric');
    expect(condition('qty:[<5, 10..20, >100]')).toMatchObject({
      tests: [
        { comparator: '<', value: 5 },
        { comparator: 'range', low: 10, high: 20 },
        { comparator: '>', value: 100 },
      ],
    });
    expect(condition('qty:!=[1,2]')).toMatchObject({ negate: true, tests: [{ value: 1 }, { value: 2 }] });
  });

  it('reads booleans and ids', () => {
    expect(condition('on:true')).toMatchObject({ kind: 'bool', values: [true], negate: false });
    expect(condition('on:!=true')).toMatchObject({ values: [true], negate: true });
    expect(condition('on:[true,false]')).toMatchObject({ values: [true, false] });
    expect(condition('id:[a,b]')).toEqual({ kind: 'id', values: ['a', 'b'], negate: false });
    expect(condition('id:!=a')).toEqual({ kind: 'id', values: ['a'], negate: true });
    expect(condition('id:*')).toMatchObject({ values: 'all' });
  });

  it('gives && and || one precedence, left to right, as Typesense does', () => {
    expect(shape(parse('tags:a || brand:b && price:>1'))).toBe('((tags or brand) and price)');
    expect(shape(parse('tags:a && brand:b || price:>1'))).toBe('((tags and brand) or price)');
    expect(shape(parse('tags:a || (brand:b && price:>1)'))).toBe('(tags or (brand and price))');
  });

  it('reads a single & as part of the value, as parse_filter_string does', () => {
    expect(condition('tags:a & brand:b')).toMatchObject({ kind: 'string', values: ['a & brand:b'] });
  });

  it('keeps operators inside backticks', () => {
    expect(condition('brand:=`A && B || (C)`')).toMatchObject({ values: ['`A && B || (C)`'] });
  });

  it('returns null for a blank filter', () => {
    expect(parse('   ')).toBeNull();
  });

  it("answers Typesense's errors", () => {
    expect(error('nope:1')).toEqual({
      status: 404,
      message: 'Could not find a filter field named `nope` in the schema.',
    });
    expect(error('tags')).toEqual({ status: 400, message: 'Could not parse the filter query.' });
    expect(error('(tags:a')).toEqual({
      status: 400,
      message: 'Could not parse the filter query: unbalanced parentheses.',
    });
    expect(error('tags:a)')).toEqual({
      status: 400,
      message: 'Could not parse the filter query: unbalanced parentheses.',
    });
    expect(error('tags:a &&')).toEqual({
      status: 400,
      message: 'Could not parse the filter query: unbalanced `&&` operands.',
    });
    expect(error('()')).toEqual({ status: 400, message: 'Filter query cannot be empty.' });
    expect(error('qty:1.5')).toEqual({ status: 400, message: 'Error with filter field `qty`: Not an int32.' });
    expect(error('qty:3000000000')).toEqual({
      status: 400,
      message: 'Error with filter field `qty`: `3000000000` exceeds the range of an int32.',
    });
    expect(error('big:x1')).toEqual({
      status: 400,
      message: 'Error with filter field `big`: Numerical field has an invalid comparator.',
    });
    expect(error('price:>abc')).toEqual({ status: 400, message: 'Error with filter field `price`: Not a float.' });
    expect(error('on:maybe')).toEqual({
      status: 400,
      message: 'Value of filter field `on` must be `true` or `false`.',
    });
    expect(error('on:[true,maybe]')).toEqual({
      status: 400,
      message: 'Values of filter field `on`: must be `true` or `false`.',
    });
    expect(error('tags:')).toEqual({
      status: 400,
      message: 'Error with filter field `tags`: Filter value cannot be empty.',
    });
    expect(error('id:')).toEqual({
      status: 400,
      message: 'Error with filter field `id`: Filter value cannot be empty.',
    });
  });

  it('limits the number of operations to 100', () => {
    expect(parse(Array.from({ length: 50 }, () => 'qty:1').join(' || '))).not.toBeNull();
    expect(error(Array.from({ length: 51 }, () => 'qty:1').join(' || '))?.message).toMatch(
      /^`filter_by` has too many operations\. Maximum allowed: 100\./,
    );
  });

  it('parses deep nesting without recursion', () => {
    const deep = `${'('.repeat(100_000)}qty:1${')'.repeat(100_000)}`;
    expect(shape(parse(deep))).toBe('qty');
    expect(error(`${'('.repeat(100_000)}qty:1`)?.message).toBe(
      'Could not parse the filter query: unbalanced parentheses.',
    );
  });

  it('splits values on commas outside backticks', () => {
    expect(splitValues(' a , `b,c` ,, d')).toEqual(['a', 'b,c', 'd']);
  });
});
