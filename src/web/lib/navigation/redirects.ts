import { contestPath, PATHS } from '../../../shared/paths.ts';

/** The redirects of the route table (spec 2.1 and issue F2), by path. */
const RULES: Array<{ pattern: RegExp; target: (slug: string) => string }> = [
  { pattern: /^\/size-charts$/, target: () => PATHS.sizeGuides },
  { pattern: /^\/ultimate$/, target: () => contestPath('ultimate') },
  { pattern: /^\/familie$/, target: () => PATHS.familie },
  { pattern: /^\/familie\/([^/]+)$/, target: (slug) => `${PATHS.familie}/${slug}` },
  { pattern: /^\/contest$/, target: () => PATHS.home },
  { pattern: /^\/contest\/enter-in\/([^/]+)$/, target: (slug) => contestPath(slug) },
  { pattern: /^\/account$/, target: () => PATHS.accountHome },
];

/** Where a redirecting path leads (query kept), or null when the path is not one of them. */
export function redirectTarget(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const rule of RULES) {
    const match = rule.pattern.exec(path);
    if (match) return `${rule.target(match[1] ?? '')}${search}`;
  }
  return null;
}
