import { data, Link } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { loadRecommendedProducts } from '../features/search/recommended-products.ts';
import { RecommendedStrip } from '../features/search/recommended-strip.tsx';
import { pageMeta } from '../navigation/meta.ts';
import type { Route } from './+types/not-found';

/** Any other path (spec 2.5): a 404 with the suggested products, which never fail the page. */
export async function loader({ context }: Route.LoaderArgs) {
  const recommended = await loadRecommendedProducts(context.serverSearch);
  return data({ recommended }, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: MESSAGES.pageNotFoundTitle,
    noindex: true,
    // Prerender services read the status the page would have had.
    extra: [{ name: 'prerender-status-code', content: '404' }],
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex flex-col items-center">
      <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center md:py-28">
        <p className="font-display text-7xl font-black text-ink-muted md:text-9xl" aria-hidden>
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-black uppercase tracking-tight md:text-4xl">{MESSAGES.pageNotFoundTitle}</h1>
        <p className="mt-4 max-w-md text-ink-muted">{MESSAGES.pageNotFoundText}</p>
        <Link
          to="/shop"
          className="mt-8 inline-flex items-center justify-center bg-accent px-8 py-3 text-sm font-bold uppercase tracking-widest text-accent-ink hover:opacity-90"
        >
          {MESSAGES.returnToShop}
        </Link>
      </div>
      <RecommendedStrip products={loaderData.recommended} />
    </main>
  );
}
