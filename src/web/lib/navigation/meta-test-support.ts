/** What the tests of pages' meta tags share: the matches React Router passes, and readers of the tags. */
import type { MetaDescriptor } from 'react-router';
import type { PageWebsiteConfig } from '../../../shared/website-config.ts';
import { packJson } from '../packed-json.ts';

export const TEST_ORIGIN = 'https://shop.example.com';

const root = {
  id: 'root',
  pathname: '/',
  loaderData: {
    publicUrl: TEST_ORIGIN,
    websiteConfig: packJson({ site_name: 'ACME', tagline: 'Loud Prints' } as PageWebsiteConfig),
  },
};

/** The matches of a page at pathname, whose own route has id and data. */
export const matchesAt = (pathname: string, id: string, data?: unknown) => [
  root,
  { id: 'default-layout', pathname: '/', loaderData: undefined },
  { id, pathname, loaderData: data, data },
];

/** A route module's meta, called as React Router calls it for a rendered page. */
export function metaOf<Args>(meta: (args: Args) => MetaDescriptor[], pathname: string, id: string, data: unknown) {
  return meta({ data, matches: matchesAt(pathname, id, data), params: {}, location: { pathname } } as Args);
}

export const propertyOf = (tags: MetaDescriptor[], property: string) =>
  tags
    .filter((tag) => 'property' in tag && tag.property === property)
    .map((tag) => ('content' in tag ? tag.content : null));
export const canonicalsOf = (tags: MetaDescriptor[]) =>
  tags.filter((tag) => 'rel' in tag && tag.rel === 'canonical').map((tag) => ('href' in tag ? tag.href : null));
export const robotsOf = (tags: MetaDescriptor[]) =>
  tags.filter((tag) => 'name' in tag && tag.name === 'robots').map((tag) => ('content' in tag ? tag.content : null));
