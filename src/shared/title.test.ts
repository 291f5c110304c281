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

  it('leaves out a page title that repeats the tagline or the site, as the home page’s does', () => {
    expect(documentTitle('Comfort Loud', 'ACME', 'Comfort Loud')).toBe('ACME | Comfort Loud');
    expect(documentTitle(' comfort loud ', 'ACME', 'Comfort Loud')).toBe('ACME | Comfort Loud');
    expect(documentTitle('ACME', 'ACME', 'Comfort Loud')).toBe('ACME | Comfort Loud');
  });
});
