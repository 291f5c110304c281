/** Black and white badges would vanish on one of the two themes: they take the theme's ink instead. */
const THEME_INK: Record<string, string> = { 'bg-black': 'text-ink', 'bg-white': 'text-ink' };

/** A badge class may name a background colour (bg-red-600); the tile shows it as a text colour (spec 3). */
export function badgeTextClass(badgeClass: string | null): string {
  if (!badgeClass) return '';
  return badgeClass
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => THEME_INK[name] ?? (name.startsWith('bg-') ? `text-${name.slice(3)}` : name))
    .join(' ');
}
