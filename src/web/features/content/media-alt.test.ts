import { describe, expect, it } from 'vitest';
import { mediaAlt } from './media-alt.ts';

describe('mediaAlt', () => {
  const url = '/media/content/home/category-boxer-briefs.svg';

  it('is the title when it says what the picture shows', () => {
    expect(mediaAlt({ url, title: 'Boxer briefs in the blue Lightning Strike print' })).toBe(
      'Boxer briefs in the blue Lightning Strike print',
    );
    expect(mediaAlt({ url, title: 'Briefs' })).toBe('Briefs');
  });

  it('is empty when the title is missing, blank or the file path', () => {
    expect(mediaAlt({ url, title: '' })).toBe('');
    expect(mediaAlt({ url, title: '  ' })).toBe('');
    expect(mediaAlt({ url, title: 'home/category-boxer-briefs' })).toBe('');
    expect(mediaAlt({ url, title: 'category-boxer-briefs' })).toBe('');
    expect(mediaAlt({ url, title: 'HOME/CATEGORY-BOXER-BRIEFS' })).toBe('');
    expect(mediaAlt({ url, title: '/media/content/home/category-boxer-briefs.svg' })).toBe('');
  });
});
