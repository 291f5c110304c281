import { SearchError, badRequest } from '../errors.ts';
import { FacetColumn, NumericFieldIndex, StringFieldIndex } from './field-index.ts';
import { OverrideStore } from './overrides.ts';
import {
  documentId,
  fieldSummary,
  isArrayType,
  isJsonObject,
  scalarTypeOf,
  validateDocument,
  type CollectionSchema,
  type FieldSchema,
  type JsonObject,
  type JsonValue,
} from './schema.ts';
import type { Stemmer } from './stemming-dictionaries.ts';
import { SynonymStore } from './synonyms.ts';

export type WriteAction = 'create' | 'upsert' | 'update' | 'emplace';

/** One collection: its documents by internal sequence id, the per-field indexes, its overrides and synonyms. */
export class Collection {
  readonly fieldsByName = new Map<string, FieldSchema>();
  readonly stringIndexes = new Map<string, StringFieldIndex>();
  readonly numericIndexes = new Map<string, NumericFieldIndex>();
  readonly facetColumns = new Map<string, FacetColumn>();
  readonly overrides = new OverrideStore();
  readonly synonyms = new SynonymStore();
  readonly documents: (JsonObject | undefined)[] = [];
  private readonly seqIdByDocumentId = new Map<string, number>();
  private nextSeqId = 0;
  private liveSeqIds: number[] | null = null;

  /** stemmerFor: how a field with `stem` or `stem_dictionary` stems its words. */
  constructor(
    readonly schema: CollectionSchema,
    readonly createdAt: number,
    stemmerFor: (field: FieldSchema) => Stemmer | null = () => null,
  ) {
    for (const field of schema.fields) {
      this.fieldsByName.set(field.name, field);
      if (field.index) {
        if (scalarTypeOf(field.type) === 'string') {
          this.stringIndexes.set(field.name, new StringFieldIndex(field.sort, stemmerFor(field)));
        } else {
          this.numericIndexes.set(
            field.name,
            new NumericFieldIndex(isArrayType(field.type), scalarTypeOf(field.type) === 'bool'),
          );
        }
      }
      if (field.facet) {
        const scalar = scalarTypeOf(field.type);
        this.facetColumns.set(
          field.name,
          new FacetColumn(isArrayType(field.type), scalar !== 'string' && scalar !== 'bool'),
        );
      }
    }
  }

  get name(): string {
    return this.schema.name;
  }

  get size(): number {
    return this.seqIdByDocumentId.size;
  }

  /** One past the highest sequence id handed out: the bound for scans over by-id arrays. */
  get seqIdLimit(): number {
    return this.nextSeqId;
  }

  summary(): JsonObject {
    return {
      created_at: this.createdAt,
      default_sorting_field: this.schema.default_sorting_field,
      enable_nested_fields: false,
      fields: this.schema.fields.map(fieldSummary),
      name: this.name,
      num_documents: this.size,
      symbols_to_index: [],
      token_separators: [],
    };
  }

  seqIdOf(documentIdValue: string): number | undefined {
    return this.seqIdByDocumentId.get(documentIdValue);
  }

  getDocument(id: string): JsonObject {
    const seqId = this.seqIdByDocumentId.get(id);
    const document = seqId === undefined ? undefined : this.documents[seqId];
    if (!document) throw new SearchError(404, `Could not find a document with id: ${id}`);
    return document;
  }

  /** All live documents' sequence ids, ascending. */
  allSeqIds(): readonly number[] {
    if (!this.liveSeqIds) {
      const ids: number[] = [];
      for (let seqId = 0; seqId < this.nextSeqId; seqId++) if (this.documents[seqId]) ids.push(seqId);
      this.liveSeqIds = ids;
    }
    return this.liveSeqIds;
  }

  write(input: unknown, action: WriteAction, idFromPath?: string): JsonObject {
    if (!isJsonObject(input)) throw badRequest('Bad JSON.');
    const id = idFromPath ?? documentId(input);
    const existingSeqId = id === undefined ? undefined : this.seqIdByDocumentId.get(id);
    const existing = existingSeqId === undefined ? undefined : this.documents[existingSeqId];

    if (action === 'create' && existing) throw new SearchError(409, `A document with id ${id} already exists.`);
    if (action === 'update' && !existing) {
      if (id === undefined) throw badRequest('For update, the `id` key must be provided.');
      throw new SearchError(404, `Could not find a document with id: ${id}`);
    }

    const merged: JsonObject =
      existing && (action === 'update' || action === 'emplace') ? { ...existing, ...input } : { ...input };
    const stored = validateDocument(this.schema, merged);
    const seqId = existingSeqId ?? this.nextSeqId++;
    const finalId = id ?? String(seqId);
    stored.id = finalId;

    if (existing) this.unindex(seqId, existing);
    this.index(seqId, stored);
    this.documents[seqId] = stored;
    if (existingSeqId === undefined) {
      this.seqIdByDocumentId.set(finalId, seqId);
      this.liveSeqIds = null;
    }
    return stored;
  }

  remove(id: string): JsonObject {
    const seqId = this.seqIdByDocumentId.get(id);
    const document = seqId === undefined ? undefined : this.documents[seqId];
    if (seqId === undefined || !document) throw new SearchError(404, `Could not find a document with id: ${id}`);
    this.unindex(seqId, document);
    this.documents[seqId] = undefined;
    this.seqIdByDocumentId.delete(id);
    this.liveSeqIds = null;
    return document;
  }

  private index(seqId: number, document: JsonObject): void {
    for (const field of this.schema.fields) {
      const values = valuesOf(document[field.name]);
      if (values.length === 0) continue;
      const strings = this.stringIndexes.get(field.name);
      const numbers = this.numericIndexes.get(field.name);
      const facets = this.facetColumns.get(field.name);
      const texts = strings || facets ? values.map(String) : [];
      const numeric = numbers || facets?.isNumeric ? values.map(toNumber) : [];
      strings?.add(seqId, texts);
      numbers?.add(seqId, numeric);
      facets?.add(seqId, texts, numeric);
    }
  }

  private unindex(seqId: number, document: JsonObject): void {
    for (const field of this.schema.fields) {
      const values = valuesOf(document[field.name]);
      this.stringIndexes.get(field.name)?.remove(seqId, values.map(String));
      this.numericIndexes.get(field.name)?.remove(seqId);
      this.facetColumns.get(field.name)?.remove(seqId);
    }
  }
}

type ScalarValue = string | number | boolean;

function valuesOf(value: JsonValue | undefined): ScalarValue[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    return value.filter((element): element is ScalarValue => element !== null && typeof element !== 'object');
  }
  return typeof value === 'object' ? [] : [value];
}

function toNumber(value: ScalarValue): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : Number(value);
}
