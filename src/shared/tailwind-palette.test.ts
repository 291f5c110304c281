import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TAILWIND_PALETTE } from './tailwind-palette.ts';

describe('TAILWIND_PALETTE', () => {
  it('is the palette of the installed Tailwind CSS', () => {
    const themeCss = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');
    const installed = Object.fromEntries(
      [...themeCss.matchAll(/--color-([a-z]+-\d+):\s*([^;]+);/g)].map((match) => [match[1], match[2]?.trim()]),
    );
    expect(TAILWIND_PALETTE).toEqual(installed);
  });
});
