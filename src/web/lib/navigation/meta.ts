import type { MetaDescriptor } from 'react-router';
import type { SiteContent } from '../../../shared/content.ts';
import { socialMediaTag } from '../../../shared/media-url.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { canonicalUrl } from '../../../shared/seo.ts';
import { documentTitle } from '../../../shared/title.ts';
import type { PageWebsiteConfig } from '../../../shared/website-config.ts';
import { unpackJson, type PackedJson } from '../packed-json.ts';

interface MatchWithData {
  id: string;
  /** The path the route matched: the page's own for the last match. */
  pathname?: string;
  data?: unknown;
  loaderData?: unknown;
}

interface PageMetaInput {
  matches: ReadonlyArray<MatchWithData | undefined>;
  title: string | null | undefined;
  description?: string | null;
  noindex?: boolean;
  /** The page's sharing picture or video, a stored media URL: og:image or og:video on the public origin. */
  media?: string | null;
  /** The page's own address; by default the path it matched, on the shop's public origin. */
  canonical?: string;
  /** og:type: a post is an article, a product page a product. */
  type?: 'website' | 'article' | 'product';
  extra?: MetaDescriptor[];
}

interface RootMetaData {
  publicUrl?: string;
  websiteConfig?: PackedJson<PageWebsiteConfig | null>;
}

const rootData = (matches: PageMetaInput['matches']): RootMetaData | undefined => {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootMetaData | undefined;
};

/** The site name and tagline the root loaded, for the title template. */
function siteNames(matches: PageMetaInput['matches']): { site: string; tagline: string } {
  const data = rootData(matches);
  const config = data?.websiteConfig ? unpackJson(data.websiteConfig) : null;
  return { site: config?.site_name ?? '', tagline: config?.tagline ?? '' };
}

/** The shop's public origin, which the root loaded (the load context's PUBLIC_URL). */
export const publicUrlOf = (matches: PageMetaInput['matches']): string | null => rootData(matches)?.publicUrl ?? null;

/** The first picture of the first block that has pictures: a content page's sharing image (spec 2.1, /). */
export function firstBlockImage(page: SiteContent | null | undefined): string | null {
  const block = page?.blocks.find((candidate) => candidate.images.length > 0);
  return block?.images[0]?.url ?? null;
}

/**
 * A page's meta tags: 'page | site | tagline' title, description, robots, and Open Graph (title, description,
 * type, site name, media). A page search engines may index also names its one address: the canonical link and
 * og:url, by default the path it matched without query, trailing slash or hash.
 */
export function pageMeta({
  matches,
  title,
  description,
  noindex,
  media,
  canonical,
  type = 'website',
  extra = [],
}: PageMetaInput): MetaDescriptor[] {
  const { site, tagline } = siteNames(matches);
  const fullTitle = documentTitle(title, site, tagline);
  const publicUrl = publicUrlOf(matches);
  const pathname = matches.at(-1)?.pathname;
  const address = noindex ? null : (canonical ?? (publicUrl && pathname ? canonicalUrl(pathname, publicUrl) : null));
  const social = media && publicUrl ? socialMediaTag(media, publicUrl) : null;
  return [
    { title: fullTitle },
    { property: 'og:title', content: title || site },
    { property: 'og:type', content: type },
    ...(site ? [{ property: 'og:site_name', content: site }] : []),
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
        ]
      : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(social ? [social] : []),
    ...(address
      ? [
          { tagName: 'link', rel: 'canonical', href: address },
          { property: 'og:url', content: address },
        ]
      : []),
    ...extra,
  ];
}

/** The not-found page's meta (spec 2.5): its title, noindex, and the status prerender services read. */
export const notFoundMeta = (matches: PageMetaInput['matches']) =>
  pageMeta({
    matches,
    title: MESSAGES.pageNotFoundTitle,
    noindex: true,
    extra: [{ name: 'prerender-status-code', content: '404' }],
  });
