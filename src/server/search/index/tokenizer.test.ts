import { describe, expect, it } from 'vitest';
import { exactKey, prefixSpanLength, tokenize, tokenizeWithSpans } from './tokenizer.ts';
import { allowedTypos, boundedEditDistance } from './typo.ts';

describe('tokenizer', () => {
  it('lower-cases, folds accents and drops punctuation inside words', () => {
    expect(tokenize('T-Shirt Crème, BRÛLÉE!')).toEqual(['tshirt', 'creme', 'brulee']);
  });

  it('drops words made only of symbols', () => {
    expect(tokenize('Underwear > Boxer Briefs')).toEqual(['underwear', 'boxer', 'briefs']);
    expect(exactKey('Underwear > Boxer Briefs')).toBe('underwear boxer briefs');
  });

  it('keeps the spans of the words for highlighting, without surrounding punctuation', () => {
    expect(tokenizeWithSpans('"Hello", world')).toEqual([
      { token: 'hello', start: 1, end: 6 },
      { token: 'world', start: 9, end: 14 },
    ]);
  });

  it('measures the original characters behind a normalized prefix', () => {
    expect(prefixSpanLength('7.812', 0, 5, 2)).toBe(3);
    expect(prefixSpanLength('White', 0, 5, 3)).toBe(3);
  });
});

describe('typo distance', () => {
  it('counts insertions, deletions, substitutions and transpositions as one typo', () => {
    expect(boundedEditDistance('boxer', 'boxr', 2)).toBe(1);
    expect(boundedEditDistance('boxer', 'bixer', 2)).toBe(1);
    expect(boundedEditDistance('silver', 'sliver', 2)).toBe(1);
    expect(boundedEditDistance('boxer', 'bxoer', 2)).toBe(1);
    expect(boundedEditDistance('boxer', 'bxr', 2)).toBe(2);
  });

  it('stops past the limit', () => {
    expect(boundedEditDistance('trunks', 'briefs', 2)).toBe(3);
    expect(boundedEditDistance('a', 'abcdef', 1)).toBe(2);
  });

  it("follows Typesense's min_len_1typo and min_len_2typo defaults", () => {
    expect(allowedTypos(3, 2, 4, 7)).toBe(0);
    expect(allowedTypos(4, 2, 4, 7)).toBe(1);
    expect(allowedTypos(7, 2, 4, 7)).toBe(2);
    expect(allowedTypos(7, 1, 4, 7)).toBe(1);
    expect(allowedTypos(9, 0, 4, 7)).toBe(0);
  });
});
