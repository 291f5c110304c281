import { describe, expect, it } from 'vitest';
import { badgeLook, oklchLuminance, readsOn } from './badge.ts';
import { TAILWIND_PALETTE } from './tailwind-palette.ts';

/** The two colours of a light-dark() pair. */
const themeColours = (color: string | undefined) =>
  /^light-dark\((oklch\([^)]*\)), (oklch\([^)]*\))\)$/.exec(color ?? '')?.slice(1) ?? [];

describe('badgeLook', () => {
  it('turns a bg- palette class into the text colour, in each theme a shade of it that reads there', () => {
    expect(badgeLook('bg-emerald-700 uppercase')).toEqual({
      className: 'uppercase',
      color: `light-dark(${TAILWIND_PALETTE['emerald-700']}, ${TAILWIND_PALETTE['emerald-500']})`,
    });
    // Red 600 is too light for small text on the light theme's muted surface: the next shade darker reads.
    expect(badgeLook('bg-red-600')).toEqual({
      className: '',
      color: `light-dark(${TAILWIND_PALETTE['red-700']}, ${TAILWIND_PALETTE['red-400']})`,
    });
  });

  it('reads a text- palette class the same way', () => {
    expect(badgeLook('text-sky-700').color).toBe(
      `light-dark(${TAILWIND_PALETTE['sky-700']}, ${TAILWIND_PALETTE['sky-500']})`,
    );
  });

  it('gives every palette colour at least 4.5:1 contrast on both themes', () => {
    for (const name of Object.keys(TAILWIND_PALETTE).filter((key) => /-\d+$/.test(key))) {
      const [light = '', dark = ''] = themeColours(badgeLook(`bg-${name}`).color);
      expect(readsOn(light, 'light'), `${name} on the light theme`).toBe(true);
      expect(readsOn(dark, 'dark'), `${name} on the dark theme`).toBe(true);
    }
  });

  it('measures a palette colour as sRGB does', () => {
    expect(oklchLuminance('oklch(100% 0 0)')).toBeCloseTo(1, 3);
    // Red 600 is #e7000b.
    expect(oklchLuminance(TAILWIND_PALETTE['red-600'] ?? '')).toBeCloseTo(0.1705, 3);
    expect(oklchLuminance(TAILWIND_PALETTE['zinc-50'] ?? '')).toBeGreaterThan(0.9);
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

  it('works each class out once: every tile with the same badge gets the same look', () => {
    expect(badgeLook('bg-red-600 uppercase')).toBe(badgeLook('bg-red-600 uppercase'));
    expect(badgeLook(null)).toBe(badgeLook(''));
  });
});
