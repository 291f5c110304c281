import { describe, expect, it } from 'vitest';
import { showsScrollToTop } from './scroll-to-top.tsx';

describe('showsScrollToTop', () => {
  it('shows once scrolled more than 300 px', () => {
    expect(showsScrollToTop(0)).toBe(false);
    expect(showsScrollToTop(300)).toBe(false);
    expect(showsScrollToTop(301)).toBe(true);
  });
});
