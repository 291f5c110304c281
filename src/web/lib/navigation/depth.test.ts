import { describe, expect, it } from 'vitest';
import { pageSlide } from './depth.ts';

describe('pageSlide', () => {
  it('slides left going deeper and right going shallower', () => {
    expect(pageSlide(1, 2)).toBe('left');
    expect(pageSlide(2, 0)).toBe('right');
  });

  it('does not slide between routes of the same or no depth', () => {
    expect(pageSlide(1, 1)).toBeNull();
    expect(pageSlide(undefined, 2)).toBeNull();
    expect(pageSlide(1, undefined)).toBeNull();
  });
});
