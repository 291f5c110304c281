/** The XML of the sitemaps protocol (sitemaps.org/protocol.html): a urlset of pages and an index of sitemaps. */

export interface SitemapUrl {
  /** The absolute URL. */
  loc: string;
  /** W3C Datetime; null when the page's time of change is unknown. */
  lastmod: string | null;
}

/** The protocol's bound on a URL: longer ones are not listed. */
export const MAX_LOC_LENGTH = 2048;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Every data value of a sitemap is entity-escaped (the protocol's "Entity escaping"). */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? '');

/** A stored time as W3C Datetime to the second, or null when it is not a time. */
export function w3cDatetime(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const time = new Date(stored);
  return Number.isNaN(time.getTime()) ? null : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function element(tag: string, { loc, lastmod }: SitemapUrl): string {
  const time = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${time}</${tag}>\n`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${urls.map((url) => element('url', url)).join('')}</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.map((sitemap) => element('sitemap', sitemap)).join('')}</sitemapindex>\n`;
}
