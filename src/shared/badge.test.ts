import { describe, expect, it } from 'vitest';
import { badgeTextClass } from './badge.ts';

describe('badgeTextClass', () => {
  it('turns bg- classes into text colours', () => {
    expect(badgeTextClass('bg-red-600')).toBe('text-red-600');
    expect(badgeTextClass('bg-emerald-700 uppercase')).toBe('text-emerald-700 uppercase');
  });

  it('gives black and white badges the theme ink, so they show in both themes', () => {
    expect(badgeTextClass('bg-black')).toBe('text-ink');
    expect(badgeTextClass('bg-white')).toBe('text-ink');
  });

  it('keeps other classes and tolerates none', () => {
    expect(badgeTextClass('text-sky-700')).toBe('text-sky-700');
    expect(badgeTextClass(null)).toBe('');
  });
});
