import { describe, expect, it } from 'vitest';
import { breakpointMedia, priorityBlocks } from './breakpoint.ts';

describe('priorityBlocks', () => {
  it('is the first block when it shows everywhere', () => {
    expect(priorityBlocks([{ breakpoint: 'all' }, { breakpoint: 'mobile' }])).toEqual(new Set([0]));
  });

  it('is the first block each screen shows when the page opens with a hero for each', () => {
    expect(priorityBlocks([{ breakpoint: 'desktop' }, { breakpoint: 'mobile' }, { breakpoint: 'all' }])).toEqual(
      new Set([0, 1]),
    );
    expect(priorityBlocks([{ breakpoint: 'mobile' }, { breakpoint: 'all' }])).toEqual(new Set([0, 1]));
  });

  it('is nothing for a page without blocks', () => {
    expect(priorityBlocks([])).toEqual(new Set());
  });
});

describe('breakpointMedia', () => {
  it('names the screens a block shows on, as app.css draws the md breakpoint', () => {
    expect(breakpointMedia('mobile')).toBe('(width < 40rem)');
    expect(breakpointMedia('desktop')).toBe('(width >= 40rem)');
    expect(breakpointMedia('all')).toBeNull();
  });
});
