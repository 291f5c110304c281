import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { SynonymStore, parseSynonym, synonymJson } from './synonyms.ts';

const exact = { prefix: false, numTypos: 0 };

function storeOf(...definitions: { id: string; root?: string; synonyms: string[] }[]): SynonymStore {
  const store = new SynonymStore();
  for (const { id, ...body } of definitions) store.upsert(parseSynonym(body, id));
  return store;
}

function refusal(body: unknown): string {
  try {
    parseSynonym(body, 'syn-1');
  } catch (error) {
    if (error instanceof SearchError) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('parseSynonym (test/collection_synonyms_test.cpp SynonymParsingFromJson, core_api put_synonym)', () => {
  it('tokenizes the root and the synonyms', () => {
    const synonym = parseSynonym({ root: 'Ocean', synonyms: ['Sea', 'T-Shirt'] }, 'syn-1');
    expect(synonym.root).toEqual(['ocean']);
    expect(synonym.synonyms).toEqual([['sea'], ['tshirt']]);
    expect(synonymJson(synonym)).toEqual({ id: 'syn-1', root: 'Ocean', synonyms: ['Sea', 'T-Shirt'] });
    expect(synonymJson(parseSynonym({ synonyms: ['a'], locale: 'fr', symbols_to_index: ['+'] }, 'x'))).toEqual({
      id: 'x',
      root: '',
      synonyms: ['a'],
      locale: 'fr',
      symbols_to_index: ['+'],
    });
  });

  it("refuses bad bodies with Typesense's messages", () => {
    expect(refusal({ root: 'Ocean' })).toBe('400 Could not find an array of `synonyms`');
    expect(refusal({ root: 'Ocean', synonyms: [] })).toBe('400 Could not find a valid string array of `synonyms`');
    expect(refusal({ root: 'Ocean', synonyms: 'Sea' })).toBe('400 Could not find an array of `synonyms`');
    expect(refusal({ root: 'Ocean', synonyms: [['Sea', 1]] })).toBe(
      '400 Could not find a valid string array of `synonyms`',
    );
    expect(refusal({ root: 'Ocean', synonyms: ['Foo', ''] })).toBe(
      '400 Could not find a valid string array of `synonyms`',
    );
    expect(refusal({ root: 120, synonyms: ['Sea'] })).toBe('400 Key `root` should be a string.');
    expect(refusal({ synonyms: ['Sea'], locale: 1 })).toBe('400 Synonym `locale` should be a string.`');
    expect(refusal({ synonyms: ['Sea'], symbols_to_index: [] })).toBe(
      '400 Synonym `symbols_to_index` should be an array of strings.',
    );
    expect(refusal({ synonyms: ['Sea'], symbols_to_index: ['%^'] })).toBe(
      '400 Synonym `symbols_to_index` should be an array of single character symbols.',
    );
    expect(refusal([])).toBe('400 Bad JSON.');
  });
});

describe('SynonymStore.expand (SynonymReductionOneWay, SynonymReductionMultiWay, SynonymBelongingToMultipleSets)', () => {
  it('expands a one-way root and never reverts a compression', () => {
    const store = storeOf({ id: 'nyc-expansion', root: 'nyc', synonyms: ['new york'] });
    expect(store.expand(['red', 'nyc', 'tshirt'], exact)).toEqual([['red', 'new', 'york', 'tshirt']]);
    expect(store.expand(['foo', 'bar', 'baz'], exact)).toEqual([]);
    store.upsert(parseSynonym({ root: 'new york', synonyms: ['nyc'] }, 'new-york-compression'));
    expect(store.expand(['red', 'new', 'york', 'tshirt'], exact)).toEqual([['red', 'nyc', 'tshirt']]);
    store.upsert(parseSynonym({ root: 't shirt', synonyms: ['tshirt'] }, 't-shirt-compression'));
    expect(store.expand(['new', 'york', 't', 'shirt'], exact)).toEqual([
      ['new', 'york', 'tshirt'],
      ['nyc', 't', 'shirt'],
      ['nyc', 'tshirt'],
    ]);
    store.upsert(parseSynonym({ root: 'red', synonyms: ['crimson'] }, 'red-crimson'));
    expect(store.expand(['red', 'new', 'york', 'cap'], exact)).toEqual([
      ['crimson', 'new', 'york', 'cap'],
      ['crimson', 'nyc', 'cap'],
      ['red', 'nyc', 'cap'],
    ]);
  });

  it('expands any word of a multi-way set into the others', () => {
    const store = storeOf(
      { id: 'ipod-synonyms', synonyms: ['ipod', 'i pod', 'pod'] },
      { id: 'car-synonyms', synonyms: ['car', 'automobile', 'vehicle'] },
      { id: 'card-synonyms', synonyms: ['credit card', 'payment card', 'cc'] },
    );
    expect(store.expand(['ipod'], exact)).toEqual([['i', 'pod'], ['pod']]);
    expect(store.expand(['car'], exact)).toEqual([['automobile'], ['vehicle']]);
    expect(store.expand(['automobile'], exact)).toHaveLength(2);
    expect(store.expand(['credit', 'card'], exact)).toEqual([['cc'], ['payment', 'card']]);
    expect(store.expand(['payment', 'card'], exact)).toEqual([['cc'], ['credit', 'card']]);
  });

  it('joins the sets a phrase belongs to', () => {
    const store = storeOf(
      { id: 'iphone-synonyms', synonyms: ['i phone', 'smart phone'] },
      { id: 'samsung-synonyms', synonyms: ['smart phone', 'galaxy phone', 'samsung phone'] },
    );
    expect(store.expand(['smart', 'phone'], exact)).toEqual([
      ['galaxy', 'phone'],
      ['i', 'phone'],
      ['samsung', 'phone'],
    ]);
  });

  it('matches with typos or as a prefix only when asked (SynonymTypos, SynonymPrefix)', () => {
    const store = storeOf({ id: 'sweats', synonyms: ['sweats', 'joggers'] });
    expect(store.expand(['jogers'], exact)).toEqual([]);
    // The matched set stands in whole, the word it was matched by spelled right.
    expect(store.expand(['jogers'], { prefix: false, numTypos: 1 })).toEqual([['joggers'], ['sweats']]);
    expect(store.expand(['jog'], { prefix: true, numTypos: 0 })).toEqual([['joggers'], ['sweats']]);
  });

  it('leaves synonyms of another locale out', () => {
    const store = new SynonymStore();
    store.upsert(parseSynonym({ synonyms: ['tee', 't-shirt'], locale: 'fr' }, 'fr'));
    expect(store.expand(['tee'], exact)).toEqual([]);
  });

  it('lists in write order, an upsert moving to the end', () => {
    const store = storeOf({ id: 'a', synonyms: ['x', 'y'] }, { id: 'b', synonyms: ['x', 'z'] });
    store.upsert(parseSynonym({ synonyms: ['x', 'w'] }, 'a'));
    expect(store.list().map((synonym) => synonym.id)).toEqual(['b', 'a']);
    expect(() => store.get('nope')).toThrow('Not Found');
    expect(() => store.delete('nope')).toThrow('Could not find that `id`.');
  });
});
