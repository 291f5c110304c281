import { TAILWIND_PALETTE } from './tailwind-palette.ts';

/** Black and white badges would vanish on one of the two themes: they take the theme's ink instead. */
const THEME_INK = new Set(['bg-black', 'bg-white', 'text-black', 'text-white']);
const COLOUR_CLASS = /^(?:bg|text)-([a-z]+)-(\d+)$/;

/** The palette's shades of a colour, lightest first. */
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

/** WCAG AA for body text: a badge is small text. */
const BADGE_MIN_CONTRAST = 4.5;

/** What badges lie on in each theme: the page, surface and surface-muted colours of app.css. */
const THEME_BACKGROUNDS = {
  light: ['#ffffff', '#f4f3f0'],
  dark: ['#0e0e0f', '#17171a', '#212125'],
} as const;

type Theme = keyof typeof THEME_BACKGROUNDS;

/** How a badge looks: its classes, and the colour of its text when its class names one of the palette. */
export interface BadgeLook {
  readonly className: string;
  readonly color: string | undefined;
}

const toLinear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);

/** The relative luminance (WCAG) of a #rrggbb colour. */
function hexLuminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => toLinear(parseInt(hex.slice(start, start + 2), 16) / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The relative luminance of an oklch() colour of the palette, clipped to sRGB. */
export function oklchLuminance(color: string): number {
  const [lightness = '0', chroma = '0', hue = '0'] = color.replace(/^oklch\(|\)$/g, '').split(/\s+/);
  const L = lightness.endsWith('%') ? parseFloat(lightness) / 100 : parseFloat(lightness);
  // A grey has no hue ('none'): its chroma is 0, so any angle will do.
  const radians = ((parseFloat(hue) || 0) * Math.PI) / 180;
  const a = parseFloat(chroma) * Math.cos(radians);
  const b = parseFloat(chroma) * Math.sin(radians);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (value: number) => Math.min(1, Math.max(0, value));
  const red = clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  const green = clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  const blue = clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

const contrastRatio = (first: number, second: number) =>
  (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);

/** Whether a palette colour reads on every background of a theme. */
export function readsOn(color: string, theme: Theme): boolean {
  const luminance = oklchLuminance(color);
  return THEME_BACKGROUNDS[theme].every(
    (background) => contrastRatio(luminance, hexLuminance(background)) >= BADGE_MIN_CONTRAST,
  );
}

/**
 * The named palette colour, or the nearest shade of its hue that reads on the theme: darker for the light
 * theme, lighter for the dark one.
 */
function readableShade(hue: string, shade: number, theme: Theme): string | undefined {
  const from = SHADES.indexOf(shade);
  const towards = theme === 'light' ? SHADES.slice(from) : SHADES.slice(0, from + 1).reverse();
  const colours = towards.flatMap((candidate) => TAILWIND_PALETTE[`${hue}-${candidate}`] ?? []);
  return colours.find((color) => readsOn(color, theme)) ?? colours.at(-1);
}

/** Each badge class's look, worked out once: a shop has a handful of badges and a page sixty tiles. */
const looks = new Map<string, BadgeLook>();

/**
 * A badge class may name a background colour (bg-red-600); the tile shows it as a text colour (spec 3). A
 * palette colour, named as bg- or text-, becomes the text's colour, in each theme the nearest shade of it that
 * reads as small text there (light-dark()); black and white become the theme's ink; any other class is kept
 * as it is.
 */
export function badgeLook(badgeClass: string | null): BadgeLook {
  const key = badgeClass ?? '';
  let look = looks.get(key);
  if (!look) {
    look = lookOf(key);
    looks.set(key, look);
  }
  return look;
}

function lookOf(badgeClass: string): BadgeLook {
  const classes: string[] = [];
  let color: string | undefined;
  for (const name of badgeClass.split(/\s+/).filter(Boolean)) {
    const [, hue = '', shade = ''] = COLOUR_CLASS.exec(name) ?? [];
    const named = TAILWIND_PALETTE[`${hue}-${shade}`];
    if (THEME_INK.has(name)) classes.push('text-ink');
    else if (named)
      color = `light-dark(${readableShade(hue, Number(shade), 'light') ?? named}, ${readableShade(hue, Number(shade), 'dark') ?? named})`;
    else classes.push(name.startsWith('bg-') ? `text-${name.slice(3)}` : name);
  }
  return { className: classes.join(' '), color };
}
