import { describe, expect, it } from 'vitest';
import { documentTitle } from './title.ts';

describe('documentTitle', () => {
  it("joins page, site and tagline as 'page | site | tagline'", () => {
    expect(documentTitle('Men', 'ACME', 'Comfort Loud')).toBe('Men | ACME | Comfort Loud');
  });

  it('leaves out empty parts', () => {
    expect(documentTitle(null, 'ACME', 'Comfort Loud')).toBe('ACME | Comfort Loud');
    expect(documentTitle('  ', 'ACME', '')).toBe('ACME');
  });
});
