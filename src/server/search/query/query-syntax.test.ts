import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-syntax.ts';

describe('parseQuery', () => {
  it('reads keywords as the tokenizer does', () => {
    expect(parseQuery('Black T-Shirt')).toEqual({ include: ['black', 'tshirt'], exclude: [], phrases: [] });
    expect(parseQuery('*')).toEqual({ include: ['*'], exclude: [], phrases: [] });
  });

  it('reads a quoted phrase, with padded quotes too', () => {
    expect(parseQuery('"boxer brief" navy')).toEqual({ include: ['navy'], exclude: [], phrases: [['boxer', 'brief']] });
    expect(parseQuery('" boxer brief "').phrases).toEqual([['boxer', 'brief']]);
    expect(parseQuery('"tee"').phrases).toEqual([['tee']]);
  });

  it('leaves a phrase-only query a wildcard', () => {
    expect(parseQuery('"navy tee"').include).toEqual(['*']);
  });

  it('reads exclusions of words and phrases', () => {
    expect(parseQuery('shirt -black')).toEqual({ include: ['shirt'], exclude: [['black']], phrases: [] });
    expect(parseQuery('shirt -"long sleeve"')).toEqual({
      include: ['shirt'],
      exclude: [['long', 'sleeve']],
      phrases: [],
    });
    expect(parseQuery('-black')).toEqual({ include: ['*'], exclude: [['black']], phrases: [] });
  });

  it('ignores a lone dash and keeps hyphens inside words', () => {
    expect(parseQuery('shirt - black').include).toEqual(['shirt', 'black']);
    expect(parseQuery('-t-shirt').exclude).toEqual([['tshirt']]);
  });

  it('turns an unclosed phrase into keywords', () => {
    expect(parseQuery('"navy tee')).toEqual({ include: ['navy', 'tee'], exclude: [], phrases: [] });
  });

  it('stems every word when given a stemmer', () => {
    const stem = (word: string) => word.replace(/s$/, '');
    expect(parseQuery('socks -"ankle socks" "bras"', stem)).toEqual({
      include: ['sock'],
      exclude: [['ankle', 'sock']],
      phrases: [['bra']],
    });
  });
});
