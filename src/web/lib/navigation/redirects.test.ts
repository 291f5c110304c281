import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirects.ts';

describe('redirectTarget', () => {
  it.each([
    ['/size-charts', '/size-guides'],
    ['/ultimate', '/contest/ultimate'],
    ['/familie', '/the-familie'],
    ['/familie/summer-road-trip', '/the-familie/summer-road-trip'],
    ['/familie/', '/the-familie'],
    ['/contest/', '/'],
    ['/contest/enter-in/ultimate', '/contest/ultimate'],
    ['/account/', '/account/home'],
    ['/account', '/account/home'],
  ])('sends %s to %s', (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });

  it('keeps the query string', () => {
    expect(redirectTarget('/ultimate', '?utm_source=ig')).toBe('/contest/ultimate?utm_source=ig');
  });

  it('leaves other paths alone', () => {
    expect(redirectTarget('/contest/ultimate')).toBeNull();
    expect(redirectTarget('/account/home')).toBeNull();
  });
});
