/**
 * The filter_by grammar, ported from Typesense's filter.cpp: the expression is cut into operands, `(`, `)`,
 * `&&` and `||`, turned into postfix with the shunting-yard algorithm (both operators share one precedence
 * and associate to the left, so `a || b && c` means `(a || b) && c`), then into a tree. Every message is
 * Typesense's own.
 */
import { SearchError, badRequest } from '../errors.ts';
import { scalarTypeOf, type FieldSchema } from '../index/schema.ts';

export const FILTER_BY_MAX_OPS = 100;

export type NumericComparator = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type NumericTest =
  { comparator: NumericComparator; value: number } | { comparator: 'range'; low: number; high: number };

export type FilterCondition =
  | { kind: 'id'; values: string[] | 'all'; negate: boolean }
  | { kind: 'string'; field: string; exact: boolean; values: string[]; negate: boolean }
  | { kind: 'numeric'; field: string; tests: NumericTest[]; negate: boolean }
  | { kind: 'bool'; field: string; values: boolean[]; negate: boolean };

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  /** `source`: the condition as written, trimmed, so equal conditions of different searches can be recognised. */
  | { kind: 'condition'; condition: FilterCondition; source: string };

type Token = '(' | ')' | '&&' | '||' | { expression: string };

/** Parses filter_by against the indexed fields; an empty or blank filter gives null. */
export function parseFilter(filter: string, fields: ReadonlyMap<string, FieldSchema>): FilterNode | null {
  if (filter.trim() === '') return null;
  const postfix = toPostfix(tokenizeFilter(filter));
  if (postfix.length > FILTER_BY_MAX_OPS) {
    throw badRequest(
      `\`filter_by\` has too many operations. Maximum allowed: ${FILTER_BY_MAX_OPS}. ` +
        'Use `--filter-by-max-ops` command line argument to customize this value.',
    );
  }
  const stack: FilterNode[] = [];
  for (const token of postfix) {
    if (token === '&&' || token === '||') {
      const right = stack.pop();
      const left = stack.pop();
      if (!right || !left) throw badRequest(`Could not parse the filter query: unbalanced \`${token}\` operands.`);
      stack.push({ kind: token === '&&' ? 'and' : 'or', left, right });
    } else if (typeof token === 'object') {
      stack.push({
        kind: 'condition',
        condition: parseCondition(token.expression, fields),
        source: token.expression.trim(),
      });
    }
  }
  const root = stack[stack.length - 1];
  if (!root) throw badRequest('Filter query cannot be empty.');
  return root;
}

function tokenizeFilter(filter: string): Token[] {
  const tokens: Token[] = [];
  const size = filter.length;
  let index = 0;
  while (index < size) {
    const char = filter.charAt(index);
    if (char === ' ') {
      index++;
    } else if (char === '(' || char === ')') {
      tokens.push(char);
      index++;
    } else if (char === '&' || char === '|') {
      if (filter.charAt(index + 1) !== char) throw badRequest('Could not parse the filter filter_query.');
      tokens.push(char === '&' ? '&&' : '||');
      index += 2;
    } else {
      const start = index;
      index = endOfOperand(filter, index);
      const expression = filter.slice(start, index).trim();
      if (expression !== '') tokens.push({ expression });
    }
  }
  return tokens;
}

/** Typesense's parse_filter_string: an operand runs to the next parenthesis or operator outside backticks. */
function endOfOperand(filter: string, start: number): number {
  const size = filter.length;
  let index = start;
  let inBacktick = false;
  let precedingColon = false;
  let inGeoValue = false;
  let char = filter.charAt(index);
  for (;;) {
    if (char === ':') precedingColon = true;
    if (char === ')' && inGeoValue) inGeoValue = false;
    char = filter.charAt(++index);
    if (char === '`') inBacktick = !inBacktick;
    if (precedingColon && char === '(') {
      inGeoValue = true;
      precedingColon = false;
    } else if (precedingColon && char === '[' && opensGeoList(filter, index)) {
      let depth = 1;
      while (++index < size && depth > 0) {
        if (filter.charAt(index) === '[') depth++;
        else if (filter.charAt(index) === ']') depth--;
      }
      if (depth !== 0) throw badRequest('Could not parse the geopoint filter.');
      return index;
    } else if (precedingColon && char !== ' ') {
      precedingColon = false;
    }
    if (index >= size) return index;
    if (inBacktick || inGeoValue) continue;
    if (char === '(' || char === ')') return index;
    if ((char === '&' && filter.charAt(index + 1) === '&') || (char === '|' && filter.charAt(index + 1) === '|')) {
      return index;
    }
  }
}

function opensGeoList(filter: string, bracket: number): boolean {
  let index = bracket;
  while (++index < filter.length && filter.charAt(index) === ' ');
  return filter.charAt(index) === '(';
}

function toPostfix(tokens: Token[]): Token[] {
  const postfix: Token[] = [];
  const operators: Token[] = [];
  for (const token of tokens) {
    if (token === '&&' || token === '||') {
      while (operators.length > 0 && operators[operators.length - 1] !== '(') postfix.push(operators.pop() as Token);
      operators.push(token);
    } else if (token === '(') {
      operators.push(token);
    } else if (token === ')') {
      while (operators.length > 0 && operators[operators.length - 1] !== '(') postfix.push(operators.pop() as Token);
      if (operators.length === 0) throw badRequest('Could not parse the filter query: unbalanced parentheses.');
      operators.pop();
    } else {
      postfix.push(token);
    }
  }
  while (operators.length > 0) {
    const operator = operators.pop() as Token;
    if (operator === '(') throw badRequest('Could not parse the filter query: unbalanced parentheses.');
    postfix.push(operator);
  }
  return postfix;
}

function skipSpaces(value: string, from: number): number {
  let index = from;
  while (index < value.length && value.charAt(index) === ' ') index++;
  return index;
}

function parseCondition(expression: string, fields: ReadonlyMap<string, FieldSchema>): FilterCondition {
  const colon = expression.indexOf(':');
  if (colon < 0) throw badRequest('Could not parse the filter query.');
  const fieldName = expression.slice(0, colon).trim();
  let rawValue = expression.slice(colon + 1).trim();

  if (fieldName === 'id') return parseIdCondition(rawValue);

  const field = fields.get(fieldName);
  if (!field || !field.index) {
    throw new SearchError(404, `Could not find a filter field named \`${fieldName}\` in the schema.`);
  }
  const scalar = scalarTypeOf(field.type);
  // `:=` has no meaning for fields other than strings.
  if (scalar !== 'string' && rawValue.startsWith('=')) rawValue = rawValue.slice(skipSpaces(rawValue, 1));

  if (scalar === 'string') return parseStringCondition(field, rawValue);
  if (scalar === 'bool') return parseBoolCondition(field, rawValue);
  return parseNumericCondition(field, rawValue);
}

function parseIdCondition(value: string): FilterCondition {
  const emptyError = 'Error with filter field `id`: Filter value cannot be empty.';
  if (value === '') throw badRequest(emptyError);
  let negate = false;
  let rest = value;
  if (rest.startsWith('=')) rest = rest.slice(skipSpaces(rest, 1));
  else if (rest.startsWith('!=')) {
    negate = true;
    rest = rest.slice(skipSpaces(rest, 2));
  }
  if (rest === '') throw badRequest(emptyError);
  const values =
    rest.startsWith('[') && rest.endsWith(']') ? splitValues(rest.slice(1, -1)) : splitValues(rest).slice(0, 1);
  if (values.length === 0) throw badRequest(emptyError);
  return { kind: 'id', values: values.includes('*') ? 'all' : values, negate };
}

function parseStringCondition(field: FieldSchema, rawValue: string): FilterCondition {
  let index = 0;
  let exact = false;
  let negate = false;
  if (rawValue.startsWith('=')) {
    exact = true;
    index = skipSpaces(rawValue, 1);
  } else if (rawValue.length >= 2 && rawValue.startsWith('!')) {
    if (rawValue.charAt(1) === '=') {
      exact = true;
      index = 1;
    }
    negate = true;
    index = skipSpaces(rawValue, index + 1);
  }
  if (index >= rawValue.length)
    throw badRequest(`Error with filter field \`${field.name}\`: Filter value cannot be empty.`);
  const value = rawValue.slice(index);
  const values = value.startsWith('[') && value.endsWith(']') ? splitValues(value.slice(1, -1)) : [value];
  return { kind: 'string', field: field.name, exact, values, negate };
}

function parseBoolCondition(field: FieldSchema, rawValue: string): FilterCondition {
  let negate = false;
  let value = rawValue;
  if (value.startsWith('!=')) {
    negate = true;
    value = value.slice(skipSpaces(value, 2));
  } else if (value.startsWith('!')) {
    negate = true;
    value = value.slice(skipSpaces(value, 1));
  }
  if (value === '') throw badRequest(`Error with filter field \`${field.name}\`: Filter value cannot be empty.`);
  if (value.startsWith('[') && value.endsWith(']')) {
    const values = splitPlain(value.slice(1, -1)).map((item) => {
      if (item !== 'true' && item !== 'false') {
        throw badRequest(`Values of filter field \`${field.name}\`: must be \`true\` or \`false\`.`);
      }
      return item === 'true';
    });
    return { kind: 'bool', field: field.name, values, negate };
  }
  if (value !== 'true' && value !== 'false') {
    throw badRequest(`Value of filter field \`${field.name}\` must be \`true\` or \`false\`.`);
  }
  return { kind: 'bool', field: field.name, values: [value === 'true'], negate };
}

function parseNumericCondition(field: FieldSchema, rawValue: string): FilterCondition {
  let value = rawValue;
  let negate = false;
  if (value.startsWith('!') && value.charAt(1) !== '=') {
    negate = true;
    value = value.slice(skipSpaces(value, 1));
  }
  if (value.startsWith('[') && value.endsWith(']')) {
    return {
      kind: 'numeric',
      field: field.name,
      tests: splitPlain(value.slice(1, -1)).flatMap((item) => numericTests(field, item)),
      negate,
    };
  }
  const comparator = numericComparator(field, value);
  if (comparator.comparator === '!=' && comparator.rest.startsWith('[') && comparator.rest.endsWith(']')) {
    const tests = splitPlain(comparator.rest.slice(1, -1)).flatMap((item) => numericTests(field, item));
    return { kind: 'numeric', field: field.name, tests, negate: true };
  }
  return { kind: 'numeric', field: field.name, tests: numericTests(field, value), negate };
}

function numericTests(field: FieldSchema, item: string): NumericTest[] {
  const { comparator, rest } = numericComparator(field, item);
  if (comparator === 'range') {
    const bounds = splitPlain(rest, '..');
    const numbers = bounds.map((bound) => numericValue(field, bound));
    return [{ comparator: 'range', low: numbers[0] ?? Number.NaN, high: numbers[1] ?? Number.NaN }];
  }
  return [{ comparator, value: numericValue(field, rest) }];
}

const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function numericComparator(
  field: FieldSchema,
  item: string,
): { comparator: NumericComparator | 'range'; rest: string } {
  if (NUMBER_PATTERN.test(item)) return { comparator: '=', rest: item };
  for (const comparator of ['<=', '>=', '!=', '<', '>'] as const) {
    if (item.startsWith(comparator)) return { comparator, rest: item.slice(comparator.length).trim() };
  }
  if (item.includes('..')) return { comparator: 'range', rest: item };
  throw badRequest(`Error with filter field \`${field.name}\`: Numerical field has an invalid comparator.`);
}

function numericValue(field: FieldSchema, raw: string): number {
  const scalar = scalarTypeOf(field.type);
  if (scalar === 'int32' || scalar === 'int64') {
    const label = scalar === 'int32' ? 'an int32' : 'an int64';
    if (!/^[-+]?\d+$/.test(raw)) throw badRequest(`Error with filter field \`${field.name}\`: Not ${label}.`);
    const number = Number(raw);
    if (scalar === 'int32' && (number < -2147483648 || number > 2147483647)) {
      throw badRequest(`Error with filter field \`${field.name}\`: \`${raw}\` exceeds the range of an int32.`);
    }
    if (!Number.isFinite(number) || Math.abs(number) > 2 ** 63) {
      throw badRequest(`Error with filter field \`${field.name}\`: Not an int64.`);
    }
    return number;
  }
  if (!NUMBER_PATTERN.test(raw)) throw badRequest(`Error with filter field \`${field.name}\`: Not a float.`);
  return Number(raw);
}

/** StringUtils::split: cut on a separator, trim the parts and drop the empty ones. */
function splitPlain(value: string, separator = ','): string[] {
  return value
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** StringUtils::split_to_values: commas inside backticks do not separate, and the backticks are dropped. */
export function splitValues(value: string): string[] {
  const values: string[] = [];
  let current = '';
  let inBacktick = false;
  const flush = () => {
    let part = current.trim();
    if (part.length >= 2 && part.startsWith('`') && part.endsWith('`')) part = part.slice(1, -1);
    if (part !== '') values.push(part);
    current = '';
  };
  for (const char of value) {
    if (char === '`') inBacktick = !inBacktick;
    if (char === ',' && !inBacktick) flush();
    else current += char;
  }
  flush();
  return values;
}
