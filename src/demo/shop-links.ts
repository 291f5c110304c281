/**
 * Links into the shop with facet filters. The shop reads query t as a JSON array of `${field}:${tag name}`
 * strings, where field is the facet group's field (division, category, size, color, fits, print, collection),
 * e.g. /shop?t=%5B%22division%3AMen%22%5D is /shop?t=["division:Men"] with the query encoded.
 */
export type FacetFilter = readonly [field: string, name: string];

export function shopTagUrl(path: string, filters: readonly FacetFilter[]): string {
  const t = JSON.stringify(filters.map(([field, name]) => `${field}:${name}`));
  return `${path}?t=${encodeURIComponent(t)}`;
}
