import { useMatches } from 'react-router';
import { siteContentEndpoint } from '../../shared/api/content.ts';
import { candidateSlugs } from '../features/content/candidate-slugs.ts';
import { ContentBlocks } from '../features/content/content-blocks.tsx';
import { loadOptionalEndpoint } from '../lib/load-api.server.ts';
import { firstBlockImage, pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/content-page';

/** A page whose body is its site content: static, campaign and policy pages, and pages still to come. */
export async function loader({ request, context }: Route.LoaderArgs) {
  for (const slug of candidateSlugs(new URL(request.url).pathname)) {
    const page = await loadOptionalEndpoint(context, siteContentEndpoint, { params: { '*': slug } });
    if (page) return { page, appHost: new URL(context.publicUrl).host };
  }
  return { page: null, appHost: new URL(context.publicUrl).host };
}

const PREVIEW_ROUTE_IDS = ['preview-blocks', 'preview-block-html'];

/** 'giftcards-info' → 'Giftcards Info'; the heading of a page with no stored name. */
const titleFromRouteId = (id: string) => id.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

export function meta({ data, matches }: Route.MetaArgs) {
  const routeId = matches.at(-1)?.id ?? '';
  return pageMeta({
    matches,
    title: data?.page?.meta_title || data?.page?.name || titleFromRouteId(routeId),
    description: data?.page?.meta_description,
    media: firstBlockImage(data?.page),
    // An editor's preview shows blocks not yet published.
    noindex: PREVIEW_ROUTE_IDS.includes(routeId),
  });
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, appHost } = loaderData;
  const routeId = useMatches().at(-1)?.id ?? '';
  return (
    <main id="main" className="pt-6 md:pt-10">
      {/* The heading lines up with the text column of the page's Html blocks. */}
      <header className="mx-auto max-w-3xl px-4 pb-8">
        <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">
          {page?.name || titleFromRouteId(routeId)}
        </h1>
      </header>
      {page && <ContentBlocks blocks={page.blocks} appHost={appHost} />}
    </main>
  );
}
