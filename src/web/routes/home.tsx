import { useEffect } from 'react';
import { siteContentEndpoint } from '../../shared/api/content.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ContentBlocks } from '../features/content/content-blocks.tsx';
import { track } from '../lib/analytics/analytics.ts';
import { loadOptionalEndpoint } from '../lib/load-api.server.ts';
import { packJson, unpackJson } from '../lib/packed-json.ts';
import { firstBlockImage, pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const page = await loadOptionalEndpoint(context, siteContentEndpoint, { params: { '*': 'home' } });
  // Packed (decision 003): the page's product blocks, in React Router's format, took a phone's first hydration task.
  return { page: packJson(page), appHost: new URL(context.publicUrl).host };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const page = data ? unpackJson(data.page) : null;
  return pageMeta({
    matches,
    title: page?.meta_title,
    description: page?.meta_description,
    media: firstBlockImage(page),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { appHost } = loaderData;
  const page = unpackJson(loaderData.page);
  useEffect(() => {
    track({ event: 'homepage_view' });
  }, []);
  return (
    <main id="main">
      <h1 className="sr-only">{page?.meta_title || MESSAGES.home}</h1>
      {page && <ContentBlocks blocks={page.blocks} appHost={appHost} />}
    </main>
  );
}
