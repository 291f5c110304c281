/** A badge class may name a background colour (bg-red-600); the tile shows it as a text colour (spec 3). */
export function badgeTextClass(badgeClass: string | null): string {
  if (!badgeClass) return '';
  return badgeClass
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => (name.startsWith('bg-') ? `text-${name.slice(3)}` : name))
    .join(' ');
}
