import { TAILWIND_PALETTE } from './tailwind-palette.ts';

/** Black and white badges would vanish on one of the two themes: they take the theme's ink instead. */
const THEME_INK = new Set(['bg-black', 'bg-white', 'text-black', 'text-white']);
const COLOUR_CLASS = /^(?:bg|text)-([a-z]+-\d+)$/;

/** How a badge looks: its classes, and the colour of its text when its class names one of the palette. */
export interface BadgeLook {
  className: string;
  color: string | undefined;
}

/**
 * A badge class may name a background colour (bg-red-600); the tile shows it as a text colour (spec 3). A
 * palette colour, named as bg- or text-, becomes the text's colour; black and white become the theme's ink;
 * any other class is kept as it is.
 */
export function badgeLook(badgeClass: string | null): BadgeLook {
  const classes: string[] = [];
  let color: string | undefined;
  for (const name of (badgeClass ?? '').split(/\s+/).filter(Boolean)) {
    const palette = TAILWIND_PALETTE[COLOUR_CLASS.exec(name)?.[1] ?? ''];
    if (THEME_INK.has(name)) classes.push('text-ink');
    else if (palette) color = palette;
    else classes.push(name.startsWith('bg-') ? `text-${name.slice(3)}` : name);
  }
  return { className: classes.join(' '), color };
}
