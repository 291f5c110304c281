import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches, removeRecentSearch, shownRecentSearches } from './recent-searches.ts';

const terms = (count: number) => Array.from({ length: count }, (_, index) => `term ${index + 1}`);

describe('addRecentSearch', () => {
  it('puts a new term first', () => {
    expect(addRecentSearch(['bras', 'socks'], 'boxer')).toEqual(['boxer', 'bras', 'socks']);
    expect(addRecentSearch([], 'boxer')).toEqual(['boxer']);
  });

  it('moves a repeated term to the front instead of keeping two copies', () => {
    expect(addRecentSearch(['bras', 'boxer', 'socks'], 'boxer')).toEqual(['boxer', 'bras', 'socks']);
  });

  it('counts terms that differ only in case or surrounding spaces as one, keeping the latest spelling', () => {
    expect(addRecentSearch(['bras', 'Boxer'], '  boxer ')).toEqual(['boxer', 'bras']);
  });

  it('keeps at most 10 terms, dropping the oldest', () => {
    const full = terms(10);
    const next = addRecentSearch(full, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('term 10');
  });

  it('keeps short terms (submitting pushes the term even if short) but never an empty one', () => {
    expect(addRecentSearch(['bras'], 'xs')).toEqual(['xs', 'bras']);
    const recent = ['bras'];
    expect(addRecentSearch(recent, '   ')).toBe(recent);
  });
});

describe('removeRecentSearch', () => {
  it('removes that term only', () => {
    expect(removeRecentSearch(['boxer', 'bras', 'socks'], 'bras')).toEqual(['boxer', 'socks']);
  });

  it('leaves the list as it was when the term is not in it', () => {
    const recent = ['boxer'];
    expect(removeRecentSearch(recent, 'bras')).toBe(recent);
  });
});

describe('shownRecentSearches', () => {
  it('shows the 5 newest', () => {
    expect(shownRecentSearches(terms(10))).toEqual(terms(5));
    expect(shownRecentSearches(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('parseRecentSearches', () => {
  it('accepts a list of strings', () => {
    expect(parseRecentSearches(['boxer', 'bras'])).toEqual(['boxer', 'bras']);
    expect(parseRecentSearches([])).toEqual([]);
  });

  it('ignores anything that is not a list of strings', () => {
    expect(parseRecentSearches('boxer')).toBeUndefined();
    expect(parseRecentSearches(null)).toBeUndefined();
    expect(parseRecentSearches({ 0: 'boxer' })).toBeUndefined();
    expect(parseRecentSearches(['boxer', 3])).toBeUndefined();
    expect(parseRecentSearches([['boxer']])).toBeUndefined();
  });

  it('brings a stored list back within the rules: trimmed, unique, no blanks, at most 10', () => {
    expect(parseRecentSearches([' boxer ', 'Boxer', '', 'bras'])).toEqual(['boxer', 'bras']);
    expect(parseRecentSearches(terms(12))).toEqual(terms(10));
  });
});
