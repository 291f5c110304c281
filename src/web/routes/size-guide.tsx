import { data, Link } from 'react-router';
import { NotFoundBoundary } from '../ui/page-not-found.tsx';
import { sizeChartEndpoint } from '../../shared/api/size-charts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { SIZE_GUIDE_NAME_PATTERN } from '../../shared/size-chart.ts';

import { SizeGuidePanel } from '../features/product/size-guide-panel.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { notFoundMeta, pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/size-guide';

/** One size guide (/size-guides/{sizeGuideName}); an unknown name is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!SIZE_GUIDE_NAME_PATTERN.test(params.sizeGuideName)) throw data(null, { status: 404 });
  return {
    chart: await loadEndpoint(context, sizeChartEndpoint, { params }, { notFound: [404] }),
  };
}

export function meta({ data: loaded, matches, error }: Route.MetaArgs) {
  if (error || !loaded) return notFoundMeta(matches);
  const { chart } = loaded;
  return pageMeta({ matches, title: chart.meta_title || chart.display_name, description: chart.meta_description });
}

export default function SizeGuide({ loaderData }: Route.ComponentProps) {
  const { chart } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-16 pt-6 md:px-8 md:pt-10">
      <Link to={PATHS.sizeGuides} className="text-xs font-bold uppercase tracking-widest text-ink-muted hover:text-ink">
        ← {MESSAGES.sizeGuides}
      </Link>
      <p className="mt-6 text-xs font-bold uppercase tracking-widest text-ink-muted">{chart.category_name}</p>
      <h1 className="mt-1 font-display text-3xl font-black uppercase leading-tight tracking-tight md:text-5xl">
        {chart.display_name}
      </h1>
      <div className="mt-6">
        <SizeGuidePanel chart={chart} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
