import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import type { Breadcrumb } from '../../../shared/product-breadcrumbs.ts';

/** The trail to the product: Home › Men › Underwear › Boxer Briefs, each a link to its shop page. */
export function ProductBreadcrumbs({ crumbs }: { crumbs: readonly Breadcrumb[] }) {
  return (
    <nav aria-label={MESSAGES.breadcrumb} className="px-4 py-3 md:px-0 md:pb-5 md:pt-0">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-2">
            {index > 0 && (
              <span aria-hidden="true" className="select-none">
                ›
              </span>
            )}
            <Link to={crumb.path} prefetch="intent" className="underline-offset-4 hover:text-ink hover:underline">
              {crumb.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
