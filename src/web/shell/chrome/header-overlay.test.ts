import { describe, expect, it } from 'vitest';
import { headerOverlay } from './header-overlay.ts';

const base = { width: 390, scrollY: 0, routeName: undefined, navOpen: false };

describe('headerOverlay', () => {
  it('lays the header over the page on narrow screens at the top of an unnamed route', () => {
    expect(headerOverlay(base)).toBe(true);
    expect(headerOverlay({ ...base, width: 1180, scrollY: 43 })).toBe(true);
  });

  it('is solid above 1180 px wide', () => {
    expect(headerOverlay({ ...base, width: 1181 })).toBe(false);
    expect(headerOverlay({ ...base, width: 1440 })).toBe(false);
  });

  it('is solid once scrolled 44 px or more', () => {
    expect(headerOverlay({ ...base, scrollY: 44 })).toBe(false);
    expect(headerOverlay({ ...base, scrollY: 900 })).toBe(false);
  });

  it('is solid on named routes and while the side navigation is open', () => {
    expect(headerOverlay({ ...base, routeName: 'Login' })).toBe(false);
    expect(headerOverlay({ ...base, routeName: 'Checkout' })).toBe(false);
    expect(headerOverlay({ ...base, navOpen: true })).toBe(false);
  });
});
