import { data } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { loadRecommendedProducts } from '../features/search/recommended-products.ts';
import { RecommendedStrip } from '../features/search/recommended-strip.tsx';
import { notFoundMeta } from '../lib/navigation/meta.ts';
import { NotFoundMessage } from '../ui/page-not-found.tsx';
import type { Route } from './+types/not-found';

/** Any other path (spec 2.5): a 404 with the suggested products, which never fail the page. */
export async function loader({ context }: Route.LoaderArgs) {
  const recommended = await loadRecommendedProducts(context);
  return data({ recommended }, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return notFoundMeta(matches);
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex flex-col items-center">
      <NotFoundMessage />
      <RecommendedStrip title={MESSAGES.recommendedForYou} products={loaderData.recommended} />
    </main>
  );
}
