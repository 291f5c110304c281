import { describe, expect, it } from 'vitest';
import { productBreadcrumbs } from './product-breadcrumbs.ts';

describe('the product page’s breadcrumbs', () => {
  it('lead from Home through the division to each level of the category, each to its shop page', () => {
    const facets = { division: ['Men'], category: ['Underwear', 'Underwear > Boxer Briefs'], color: ['Red'] };
    expect(productBreadcrumbs({ facets })).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Men', path: '/shop/men' },
      { name: 'Underwear', path: '/shop/men/underwear' },
      { name: 'Boxer Briefs', path: '/shop/men/boxer-briefs' },
    ]);
  });

  it('take the deepest category whatever the order, and the first division', () => {
    const facets = { division: ['Boys', 'Kids'], category: ['Socks > Crew Socks', 'Socks'] };
    expect(productBreadcrumbs({ facets }).map((crumb) => crumb.path)).toEqual([
      '/',
      '/shop/boys',
      '/shop/boys/socks',
      '/shop/boys/crew-socks',
    ]);
  });

  it('do not repeat a level named like the division', () => {
    const facets = { division: ['Accessories'], category: ['Accessories', 'Accessories > Caps'] };
    expect(productBreadcrumbs({ facets }).map((crumb) => crumb.name)).toEqual(['Home', 'Accessories', 'Caps']);
  });

  it('go through the shop without a division, and stop at Home without a place in the catalogue', () => {
    expect(productBreadcrumbs({ facets: { category: ['Bras'] } })).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Bras', path: '/shop/bras' },
    ]);
    expect(productBreadcrumbs({ facets: {} })).toEqual([{ name: 'Home', path: '/' }]);
  });
});
