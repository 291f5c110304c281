import { CRAWLER_DISALLOWED_PATHS, SITEMAP_PATH } from '../../../shared/seo.ts';

/** The shop's robots.txt (RFC 9309): the shop open to every crawler but for CRAWLER_DISALLOWED_PATHS, and its sitemap. */
export function robotsTxt(publicUrl: string): string {
  const sitemap = new URL(publicUrl);
  sitemap.pathname = SITEMAP_PATH;
  return [
    'User-agent: *',
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${sitemap.href}`,
    '',
  ].join('\n');
}
