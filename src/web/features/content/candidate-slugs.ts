/** The slugs a path's content may be stored under, most specific first: shop/men/briefs, shop/men, shop. */
export function candidateSlugs(pathname: string): string[] {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return segments.map((_, index) => segments.slice(0, segments.length - index).join('/'));
}
