import { Link } from 'react-router';
import { sizeChartListEndpoint } from '../../shared/api/size-charts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { sizeGuidePath } from '../../shared/paths.ts';
import { groupByCategory } from '../../shared/size-chart.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/size-guides';

/** Every size guide, grouped by category (/size-guides, and /nil/size-guide). */
export async function loader({ context }: Route.LoaderArgs) {
  return { charts: await loadEndpoint(context, sizeChartListEndpoint, {}) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.sizeGuides, description: MESSAGES.sizeGuidesDescription });
}

export default function SizeGuides({ loaderData }: Route.ComponentProps) {
  const groups = groupByCategory(loaderData.charts);
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 pb-16 pt-6 md:px-8 md:pt-10">
      <h1 className="font-display text-4xl font-black uppercase tracking-tight md:text-6xl">{MESSAGES.sizeGuides}</h1>
      <div className="mt-10 grid gap-10 md:grid-cols-2 lg:grid-cols-3">
        {groups.map(({ category, charts }, index) => (
          <section key={category} aria-labelledby={`size-guides-${index}`}>
            <h2
              id={`size-guides-${index}`}
              className="border-b border-line pb-2 text-xs font-bold uppercase tracking-widest text-ink-muted"
            >
              {category}
            </h2>
            <ul className="mt-2">
              {charts.map((chart) => (
                <li key={chart.name}>
                  <Link
                    to={sizeGuidePath(chart.name)}
                    className="flex items-center justify-between gap-4 py-3 text-lg font-semibold hover:underline hover:underline-offset-4"
                  >
                    {chart.display_name}
                    <span aria-hidden="true" className="text-ink-muted">
                      →
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
