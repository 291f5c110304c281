import { badRequest, SearchError } from '../errors.ts';

export const FIELD_TYPES = [
  'string',
  'string[]',
  'int32',
  'int32[]',
  'int64',
  'int64[]',
  'float',
  'float[]',
  'bool',
  'bool[]',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
export type ScalarType = 'string' | 'int32' | 'int64' | 'float' | 'bool';

/**
 * A field with every flag spelled out, so a live collection's fields compare equal to a wanted schema's when
 * nothing changed. A type alias, not an interface, so it fits the official client's open field schema.
 */
export type FieldSchema = {
  name: string;
  type: FieldType;
  facet: boolean;
  optional: boolean;
  index: boolean;
  sort: boolean;
  /** English stemming of the field's words and of the query's (Snowball English, as Typesense). */
  stem: boolean;
  /** The stemming dictionary the field stems by instead (stemming-dictionaries.ts); '' for none. It implies `stem`. */
  stem_dictionary: string;
};

export interface CollectionSchema {
  name: string;
  fields: FieldSchema[];
  default_sorting_field: string;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const scalarTypeOf = (type: FieldType): ScalarType => type.replace('[]', '') as ScalarType;
export const isArrayType = (type: FieldType): boolean => type.endsWith('[]');
export const isNumericType = (type: FieldType): boolean => {
  const scalar = scalarTypeOf(type);
  return scalar === 'int32' || scalar === 'int64' || scalar === 'float';
};

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Validates a collection definition the way POST /collections does and fills Typesense's defaults. */
export function parseCollectionSchema(input: unknown): CollectionSchema {
  if (!isJsonObject(input)) throw badRequest('Bad JSON.');
  if (!('name' in input)) throw badRequest('Parameter `name` is required.');
  const name = input.name;
  if (typeof name !== 'string' || name === '') throw badRequest('Parameter `name` must be a non-empty string.');
  if (!('fields' in input)) throw badRequest('Parameter `fields` is required.');
  const defaultSortingField = input.default_sorting_field ?? '';
  if (typeof defaultSortingField !== 'string') {
    throw badRequest('`default_sorting_field` should be a string. It should be the name of an int32/float field.');
  }
  const rawFields = input.fields;
  if (!Array.isArray(rawFields) || rawFields.length === 0) {
    throw badRequest(
      'The `fields` value should be an array of objects containing `name`, `type` and optionally, `facet` properties.',
    );
  }
  if (defaultSortingField === 'id') throw badRequest('Invalid `default_sorting_field` value: cannot be `id`.');

  const fields = rawFields.map(parseField);
  const names = new Set<string>();
  for (const field of fields) {
    if (names.has(field.name)) throw badRequest('There are duplicate field names in the schema.');
    names.add(field.name);
  }

  if (defaultSortingField !== '') {
    const field = fields.find((candidate) => candidate.name === defaultSortingField);
    if (!field) {
      throw badRequest(
        `Default sorting field is defined as \`${defaultSortingField}\` but is not found in the schema.`,
      );
    }
    // A numeric or bool field, or a string field with `sort: true` (field::is_sortable).
    if (
      !field.sort ||
      isArrayType(field.type) ||
      !(isNumericType(field.type) || field.type === 'bool' || field.type === 'string')
    ) {
      throw badRequest(`Default sorting field \`${defaultSortingField}\` is not a sortable type.`);
    }
    if (field.optional) {
      throw badRequest(`Default sorting field \`${defaultSortingField}\` cannot be an optional field.`);
    }
  }
  return { name, fields, default_sorting_field: defaultSortingField };
}

const FIELD_FORMAT_ERROR =
  'Wrong format for `fields`. It should be an array of objects containing `name`, `type`, `optional` and `facet` properties.';

function parseField(input: JsonValue): FieldSchema {
  if (!isJsonObject(input)) throw badRequest(FIELD_FORMAT_ERROR);
  const { name, type } = input;
  if (typeof name !== 'string' || typeof type !== 'string') throw badRequest(FIELD_FORMAT_ERROR);
  if (name === '') throw badRequest('Field `` has an invalid name.');
  if (name === 'id') throw badRequest('Field `id` cannot be defined in the schema.');
  if (!(FIELD_TYPES as readonly string[]).includes(type)) {
    throw badRequest(`Field \`${name}\` has an invalid data type \`${type}\`, see docs for supported data types.`);
  }
  const fieldType = type as FieldType;
  for (const flag of ['facet', 'optional', 'index', 'sort', 'stem'] as const) {
    if (flag in input && typeof input[flag] !== 'boolean') {
      throw badRequest(`The \`${flag}\` property of the field \`${name}\` should be a boolean.`);
    }
  }
  const index = input.index !== false;
  const optional = input.optional === true;
  if (!index && !optional) throw badRequest(`Field \`${name}\` must be optional since it is marked as non-indexable.`);
  const sortable = !isArrayType(fieldType) && fieldType !== 'string';
  const sort = typeof input.sort === 'boolean' ? input.sort : sortable;
  if (sort && isArrayType(fieldType)) throw badRequest(`Field \`${name}\` cannot be a sortable field.`);
  const stemDictionary = input.stem_dictionary ?? '';
  if (typeof stemDictionary !== 'string')
    throw badRequest(`The \`stem_dictionary\` property of the field \`${name}\` should be a string.`);
  // A dictionary implies stemming (the field constructor of field.h).
  const stem = input.stem === true || stemDictionary !== '';
  if (stem && scalarTypeOf(fieldType) !== 'string')
    throw badRequest('The `stem` property is only allowed for string and string[] fields.');
  return {
    name,
    type: fieldType,
    facet: input.facet === true,
    optional,
    index,
    sort: sort && index,
    stem,
    stem_dictionary: stemDictionary,
  };
}

export function fieldSummary(field: FieldSchema): JsonObject {
  return {
    facet: field.facet,
    index: field.index,
    infix: false,
    locale: '',
    name: field.name,
    optional: field.optional,
    sort: field.sort,
    stem: field.stem,
    stem_dictionary: field.stem_dictionary,
    store: true,
    type: field.type,
  };
}

const SCALAR_LABEL: Record<ScalarType, string> = {
  string: 'string',
  int32: 'int32',
  int64: 'int64',
  float: 'float',
  bool: 'bool',
};

/**
 * Checks a document against the schema with Typesense's default `coerce_or_reject`: numbers and booleans
 * become strings for string fields, numeric strings become numbers, and anything else is rejected.
 * Coerces in place: callers pass their own copy.
 */
export function validateDocument(schema: CollectionSchema, document: JsonObject): JsonObject {
  const result = document;
  for (const field of schema.fields) {
    const value = result[field.name];
    if (value === undefined || value === null) {
      if (field.optional) continue;
      throw badRequest(`Field \`${field.name}\` has been declared in the schema, but is not found in the document.`);
    }
    const scalar = scalarTypeOf(field.type);
    if (isArrayType(field.type)) {
      if (!Array.isArray(value)) throw badRequest(`Field \`${field.name}\` must be an array.`);
      result[field.name] = value.map((element) => {
        const coerced = coerceScalar(scalar, element);
        if (coerced === undefined) {
          throw badRequest(`Field \`${field.name}\` must be an array of ${SCALAR_LABEL[scalar]}.`);
        }
        return coerced;
      });
    } else {
      const coerced = coerceScalar(scalar, value);
      if (coerced === undefined) {
        const article = scalar === 'int32' || scalar === 'int64' ? 'an' : 'a';
        throw badRequest(`Field \`${field.name}\` must be ${article} ${SCALAR_LABEL[scalar]}.`);
      }
      result[field.name] = coerced;
    }
  }
  return result;
}

function coerceScalar(type: ScalarType, value: JsonValue): string | number | boolean | undefined {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return undefined;
    case 'int32':
    case 'int64': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) return undefined;
      if (type === 'int32' && (number < INT32_MIN || number > INT32_MAX)) return undefined;
      return number;
    }
    case 'float': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return undefined;
  }
}

/** Reads and checks a document's `id`, as Typesense does before indexing. */
export function documentId(document: JsonObject): string | undefined {
  const id = document.id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string') throw badRequest("Document's `id` field should be a string.");
  if (id === '') throw new SearchError(400, 'The `id` should not be empty.');
  return id;
}
