import type { SiteContent } from '../../shared/content.ts';
import { ContentBlocks } from '../features/content/content-blocks.tsx';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.api('/api/site-content/get/home');
  const page = response.status === 200 ? (response.body as { data: SiteContent | null }).data : null;
  return { page, appHost: new URL(context.publicUrl).host };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, appHost } = loaderData;
  return (
    <main id="main">
      <h1 className="sr-only">{page?.meta_title || 'Home'}</h1>
      {page && <ContentBlocks blocks={page.blocks} appHost={appHost} />}
    </main>
  );
}
