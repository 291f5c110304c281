import type { MetaDescriptor } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { documentTitle } from '../../../shared/title.ts';
import type { PageWebsiteConfig } from '../../../shared/website-config.ts';
import { unpackJson, type PackedJson } from '../packed-json.ts';

interface MatchWithData {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

interface PageMetaInput {
  matches: ReadonlyArray<MatchWithData | undefined>;
  title: string | null | undefined;
  description?: string | null;
  noindex?: boolean;
  /** Open Graph media from media-url's socialMediaTag. */
  social?: Array<{ property: string; content: string }>;
  canonical?: string;
  extra?: MetaDescriptor[];
}

/** The site name and tagline the root loaded, for the title template. */
function siteNames(matches: PageMetaInput['matches']): { site: string; tagline: string } {
  const root = matches.find((match) => match?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { websiteConfig?: PackedJson<PageWebsiteConfig | null> } | undefined;
  const config = data?.websiteConfig ? unpackJson(data.websiteConfig) : null;
  return { site: config?.site_name ?? '', tagline: config?.tagline ?? '' };
}

/** A page's meta tags: 'page | site | tagline' title, description, robots, Open Graph. */
export function pageMeta({
  matches,
  title,
  description,
  noindex,
  social = [],
  canonical,
  extra = [],
}: PageMetaInput): MetaDescriptor[] {
  const { site, tagline } = siteNames(matches);
  const fullTitle = documentTitle(title, site, tagline);
  return [
    { title: fullTitle },
    { property: 'og:title', content: title || site },
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
        ]
      : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...social,
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
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
