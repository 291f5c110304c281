import { describe, expect, it } from 'vitest';
import { hashFor, navSlideDirection, parseHash } from './hash.ts';

describe('parseHash', () => {
  it('reads the drawers of spec 2.2', () => {
    expect(parseHash('#nav')).toEqual({ drawer: 'nav', ids: [] });
    expect(parseHash('#nav:men:men-underwear')).toEqual({ drawer: 'nav', ids: ['men', 'men-underwear'] });
    expect(parseHash('#filters')).toEqual({ drawer: 'filters' });
    expect(parseHash('#bag')).toEqual({ drawer: 'bag' });
    expect(parseHash('#size-guide:mens-underwear')).toEqual({ drawer: 'size-guide', name: 'mens-underwear' });
  });

  it('ignores hashes that name no drawer, and malformed ones', () => {
    expect(parseHash('')).toBeNull();
    expect(parseHash('#main')).toBeNull();
    expect(parseHash('#bag:extra')).toBeNull();
    expect(parseHash('#size-guide')).toBeNull();
    expect(parseHash('#size-guide:%E0%A4%A')).toBeNull();
    expect(parseHash('#nav:men::x')).toEqual({ drawer: 'nav', ids: [] });
  });

  it('round-trips through hashFor', () => {
    for (const hash of ['#nav', '#nav:kids:kids-boys', '#filters', '#bag', '#size-guide:bras%20%26%20more']) {
      const parsed = parseHash(hash);
      expect(parsed && hashFor(parsed)).toBe(hash);
    }
  });
});

describe('navSlideDirection', () => {
  it('slides left when the hash gets shorter and right when it gets longer', () => {
    expect(navSlideDirection(['men', 'men-underwear'], ['men'])).toBe('left');
    expect(navSlideDirection(['men'], ['men', 'men-underwear'])).toBe('right');
  });
});
