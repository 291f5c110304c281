import { describe, expect, it } from 'vitest';
import { badgeLook } from './badge.ts';

describe('badgeLook', () => {
  it('turns a bg- palette class into the text colour', () => {
    expect(badgeLook('bg-red-600')).toEqual({ className: '', color: 'oklch(57.7% 0.245 27.325)' });
    expect(badgeLook('bg-emerald-700 uppercase')).toEqual({ className: 'uppercase', color: 'oklch(50.8% 0.118 165.612)' });
  });

  it('reads a text- palette class the same way', () => {
    expect(badgeLook('text-sky-700').color).toBe('oklch(50% 0.134 242.749)');
  });

  it('gives black and white badges the theme ink, so they show in both themes', () => {
    expect(badgeLook('bg-black')).toEqual({ className: 'text-ink', color: undefined });
    expect(badgeLook('bg-white')).toEqual({ className: 'text-ink', color: undefined });
  });

  it('keeps other classes, turns other bg- classes into text- classes, and tolerates none', () => {
    expect(badgeLook('font-black bg-accent')).toEqual({ className: 'font-black text-accent', color: undefined });
    expect(badgeLook('bg-red-1000')).toEqual({ className: 'text-red-1000', color: undefined });
    expect(badgeLook(null)).toEqual({ className: '', color: undefined });
  });
});
