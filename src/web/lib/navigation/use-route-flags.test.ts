import { describe, expect, it } from 'vitest';
import { routeFlagsById } from './route-table.ts';
import { mergeRouteFlags } from './use-route-flags.ts';

describe('route flags', () => {
  const flags = routeFlagsById('acme');

  it('carries the spec themes and names', () => {
    expect(mergeRouteFlags(['root', 'default-layout', 'home'], flags).theme).toBe('hidden-border');
    expect(mergeRouteFlags(['root', 'default-layout', 'about'], flags).theme).toBe('hidden-border');
    expect(mergeRouteFlags(['root', 'default-layout', 'checkout'], flags)).toMatchObject({
      name: 'Checkout',
      theme: 'checkout',
    });
    expect(mergeRouteFlags(['root', 'default-layout', 'login'], flags).name).toBe('Login');
    expect(mergeRouteFlags(['root', 'default-layout', 'shop'], flags).theme).toBeUndefined();
  });

  it('inherits the account guard into its children', () => {
    expect(mergeRouteFlags(['root', 'default-layout', 'account', 'account-orders'], flags).requiresAuth).toBe(true);
  });

  it('names the brand in the lifestyle paths', () => {
    expect(flags.get('life')).toMatchObject({ path: 'acme-life', restoreScroll: true });
    expect(routeFlagsById('zeta').get('life')).toMatchObject({ path: 'zeta-life' });
  });
});
