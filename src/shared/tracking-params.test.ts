import { describe, expect, it } from 'vitest';
import { isTrackingParam } from './tracking-params.ts';

describe('tracking parameters', () => {
  it('are the campaign tags and click ids, in any case', () => {
    for (const name of [
      'utm_source',
      'utm_x',
      'UTM_Campaign',
      'etkclid',
      'gclid',
      'fbclid',
      'msclkid',
      '_ga',
      'mc_cid',
      'mc_eid',
    ]) {
      expect([name, isTrackingParam(name)]).toEqual([name, true]);
    }
  });

  it('are not what pages read', () => {
    for (const name of ['t', 'q', 'p', 'sort', 'offset', 'add', 'promo', 'utm', 'gclid_x', 'footer-signup']) {
      expect([name, isTrackingParam(name)]).toEqual([name, false]);
    }
  });
});
