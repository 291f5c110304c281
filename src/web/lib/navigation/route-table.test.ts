import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SLUGS, isContentPageSlug } from '../../../shared/seo.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

/** The paths of every route the content page module serves, from the root. */
function contentPagePaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join('/');
    const own = entry.file === 'routes/content-page.tsx' ? [path] : [];
    return [...own, ...contentPagePaths(entry.children ?? [], path)];
  });
}

/** Content routes the sitemap leaves out: a form's confirmation, and the editors' previews. */
const UNLISTED = /(^|\/)complete$|^preview-/;

describe('the content pages search engines are told of', () => {
  const routed = contentPagePaths(routeTable('acme'));

  it('are the content page routes, but for form confirmations and previews', () => {
    const listed = CONTENT_PAGE_SLUGS.map((slug) => slug.replace('{brand}', 'acme'));
    expect([...listed].sort()).toEqual(routed.filter((path) => !UNLISTED.test(path)).sort());
  });

  it('match a stored slug segment by segment', () => {
    for (const slug of ['about', 'contest/ultimate', 'contest/summer-send-off/terms', 'acme-runner', 'nil/terms'])
      expect(isContentPageSlug(slug, 'acme'), slug).toBe(true);
    for (const slug of [
      'home',
      'contest',
      'contest/a/b',
      'nil/complete',
      'preview-blocks',
      'about/team',
      'other-runner',
    ])
      expect(isContentPageSlug(slug, 'acme'), slug).toBe(false);
  });
});
