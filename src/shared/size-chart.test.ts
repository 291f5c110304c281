import { describe, expect, it } from 'vitest';
import { groupByCategory, SIZE_GUIDE_NAME_PATTERN } from './size-chart.ts';

describe('size guides', () => {
  it('groups the list by category in the order categories first appear', () => {
    const chart = (name: string, category_name: string) => ({ name, display_name: name, category_name });
    expect(
      groupByCategory([chart('briefs', 'Underwear'), chart('socks', 'Socks'), chart('trunks', 'Underwear')]),
    ).toEqual([
      { category: 'Underwear', charts: [chart('briefs', 'Underwear'), chart('trunks', 'Underwear')] },
      { category: 'Socks', charts: [chart('socks', 'Socks')] },
    ]);
  });

  it('names guides with lower-case words and dashes only', () => {
    expect(SIZE_GUIDE_NAME_PATTERN.test('t-shirt-bras')).toBe(true);
    for (const name of ['T-Shirt', '-bras', 'a/b', '', 'a'.repeat(101)])
      expect(SIZE_GUIDE_NAME_PATTERN.test(name)).toBe(false);
  });
});
