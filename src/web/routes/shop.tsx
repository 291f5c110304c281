import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import {
  Link,
  redirect,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { facetBlock } from '../../shared/catalogue-search/catalogue-page.ts';
import { facetTagsByKey, visibleFacets, withCounts } from '../../shared/catalogue-search/results.ts';
import { normalizeShopPath, shopSearch, toggleTag } from '../../shared/catalogue-search/shop-url.ts';
import { cataloguePageEndpoint, searchConfigEndpoint } from '../../shared/api/catalogue.ts';
import type { ShopSort } from '../../shared/catalogue-sort.ts';
import { SHOP_ITEMS_PER_PAGE } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { contentPath } from '../../shared/paths.ts';
import { queryBy as queryByOf } from '../../shared/site-search.ts';
import { CatalogueBlocks } from '../features/catalogue/catalogue-blocks.tsx';
import { FacetFilters, SelectedFilters } from '../features/catalogue/facet-filters.tsx';
import { SortSelect } from '../features/catalogue/sort-select.tsx';
import {
  searchView,
  useCatalogue,
  viewKey,
  viewQuery,
  type CatalogueView,
} from '../features/catalogue/use-catalogue.ts';
import { useBackToTile } from '../features/catalogue/use-back-to-tile.ts';
import { useImpressions } from '../features/catalogue/use-impressions.ts';
import { loadEndpoint, loadOptionalEndpoint } from '../lib/load-api.server.ts';
import { searchClient } from '../lib/search/search-client.ts';
import { packJson, unpackJson } from '../lib/packed-json.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import { useDrawer } from '../lib/navigation/use-drawer.ts';
import { useShop } from '../lib/use-shop.ts';
import { Button, buttonStyles } from '../ui/button.tsx';
import { Drawer } from '../ui/drawer.tsx';
import { FilterIcon } from '../ui/icons.tsx';
import type { Route } from './+types/shop';

/** A view the server could not search: the browser asks again once it has loaded. */
const UNSEARCHED = '\u0001unsearched';

/**
 * /shop/{tags*}: the catalogue page of the path (or of its nearest parent, the rest of the path selecting tags),
 * its products and facet counts from one multi_search, rendered on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = normalizeShopPath(url.pathname);
  if (path !== url.pathname) throw redirect(`${path}${url.search}`, 301);
  // The page and the search config are asked for together; a path the API refuses names no page.
  const [page, searchConfig] = await Promise.all([
    loadEndpoint(context, cataloguePageEndpoint, { query: { path } }, { notFound: [400, 404] }),
    loadOptionalEndpoint(context, searchConfigEndpoint, {}),
  ]);
  const queryBy = queryByOf(searchConfig?.attributes ?? []);
  let view: CatalogueView;
  try {
    const searched = await searchView(searchClient(context.serverSearch), page, url.searchParams, queryBy);
    searched.problems.forEach((problem) => console.warn(problem));
    if (searched.failed) context.searchFailed();
    view = searched.view;
  } catch (error) {
    context.searchFailed();
    console.error(`The catalogue search for ${path} failed`, error);
    const query = viewQuery(page, url.searchParams);
    view = {
      key: UNSEARCHED,
      selection: query.selection,
      q: query.q,
      page: query.page,
      sort: query.sort,
      blocks: [],
      counts: {},
      incomplete: true,
    };
  }
  return { page: packJson(page), queryBy, view: packJson(view), path, publicUrl: context.publicUrl };
}

/** Another selection on the same page is searched by the browser; only another page asks the server. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return pageMeta({ matches, title: MESSAGES.pageNotFoundTitle, noindex: true });
  const { path, publicUrl } = loaded;
  const page = unpackJson(loaded.page);
  const view = unpackJson(loaded.view);
  const found = view.blocks.find((block) => block.slug === facetBlock(page)?.slug)?.found ?? 0;
  // Crawlers' links keep the order the page lists in; its filters and search text are the page's own business.
  const pageUrl = (number: number) =>
    new URL(`${path}${shopSearch({ tags: [], q: '', page: number, sort: view.sort })}`, publicUrl).href;
  const lastPage = Math.max(1, Math.ceil(found / SHOP_ITEMS_PER_PAGE));
  return pageMeta({
    matches,
    title: page.meta_title || page.name,
    description: page.meta_description,
    canonical: pageUrl(view.page),
    extra: [
      ...(view.page > 1 ? [{ tagName: 'link', rel: 'prev', href: pageUrl(view.page - 1) }] : []),
      ...(view.page < lastPage ? [{ tagName: 'link', rel: 'next', href: pageUrl(view.page + 1) }] : []),
    ],
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { queryBy } = loaderData;
  const page = unpackJson(loaderData.page);
  const served = unpackJson(loaderData.view);
  const { search: searchSettings } = useShop();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const drawer = useDrawer();
  const { view, searching, loadingMore, loadMore } = useCatalogue({
    page,
    initial: served,
    params,
    queryBy,
    search: searchSettings,
    historyKey: location.key,
  });

  // The URL is the selection; a toggle shows at once, before the URL changes, and the search answers after.
  const fromUrl = useMemo(() => viewQuery(page, params), [page, params]);
  const [pending, setPending] = useState<{ from: string; selection: string[] } | null>(null);
  const search = params.toString();
  const query = pending && pending.from === search ? { ...fromUrl, selection: pending.selection } : fromUrl;
  const block = facetBlock(page);
  const found = view.blocks.find((paging) => paging.slug === block?.slug)?.found ?? 0;
  const facets = useMemo(
    () => visibleFacets(withCounts(block?.facets ?? [], view.counts), query.selection, found),
    [block, view.counts, query.selection, found],
  );
  const tags = useMemo(() => facetTagsByKey(block?.facets ?? []), [block]);
  const watch = useImpressions(page.name, viewKey(params));
  const products = useRef<HTMLDivElement>(null);
  useBackToTile(products, location.key);
  const filtering = query.selection.length > 0;

  const { sort: currentSort, q, selection: currentSelection } = query;
  const { hash, state } = location;
  /**
   * A new selection or order: the same page with another t or sort, or the page of the path when a tag of the
   * path is dropped. Either starts again from page 1. The same function while the URL and the selection stay:
   * the filter sidebar, a fifth of the page's elements, is then not drawn again when the router's state changes.
   */
  const select = useCallback(
    (selection: string[], sort: ShopSort = currentSort) => {
      setPending({ from: search, selection });
      if (page.selected.every((tag) => selection.includes(tag))) {
        const t = selection.filter((tag) => !page.selected.includes(tag));
        navigate(
          { search: shopSearch({ tags: t, q, page: 1, sort }), hash },
          { replace: true, preventScrollReset: true, state },
        );
      } else {
        navigate(`${contentPath(page.slug)}${shopSearch({ tags: selection, q, page: 1, sort })}`);
      }
    },
    [currentSort, search, page, navigate, q, hash, state],
  );
  const toggle = useCallback((tag: string) => select(toggleTag(currentSelection, tag)), [select, currentSelection]);
  const reset = () => select([]);
  const sortBy = (sort: ShopSort) => select(currentSelection, sort);

  const previous =
    view.page > 1 ? (
      <Link
        to={shopSearch({
          tags: query.selection.filter((tag) => !page.selected.includes(tag)),
          q: query.q,
          page: view.page - 1,
          sort: query.sort,
        })}
        className={buttonStyles('plain', 'mb-6 inline-block')}
      >
        {MESSAGES.previousProducts}
      </Link>
    ) : null;

  return (
    <main id="main" className="mx-auto w-full max-w-[90rem] px-4 pb-20 pt-6 md:px-8 md:pt-10">
      <header className="mb-6 flex flex-col gap-1 md:mb-8">
        <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">{page.name}</h1>
        {query.q && <p className="text-lg font-semibold">{MESSAGES.resultsFor(query.q)}</p>}
        <p aria-live="polite" className="text-sm text-ink-muted">
          {searching && view.key === UNSEARCHED ? MESSAGES.loading : MESSAGES.productCount(found)}
        </p>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        {facets.length > 0 && (
          <aside aria-label={MESSAGES.filters} className="hidden lg:block">
            <div className="sticky top-28 max-h-[calc(100dvh-8rem)] overflow-y-auto pr-2">
              {/* Hidden below lg, a fifth of the page's elements: hydrated in a pass of its own (decision 023). */}
              <Suspense>
                <FacetFilters groups={facets} selection={query.selection} onToggle={toggle} idPrefix="sidebar" />
              </Suspense>
            </div>
          </aside>
        )}
        <div className={facets.length ? undefined : 'lg:col-span-2'}>
          <div className="mb-6 flex flex-wrap items-center gap-3">
            {/* Below lg the filters button and the sort share one line; from lg the sort sits right of the selected filters. */}
            <div className="flex w-full items-center gap-2 sm:gap-3 lg:contents">
              {facets.length > 0 && (
                <Button
                  variant="outline"
                  aria-haspopup="dialog"
                  onClick={() => drawer.open({ drawer: 'filters' })}
                  className="inline-flex min-h-10 shrink-0 items-center gap-2 px-4 lg:hidden"
                >
                  <FilterIcon className="size-4" strokeWidth={2} />
                  {filtering ? MESSAGES.filtersSelected(query.selection.length) : MESSAGES.filters}
                </Button>
              )}
              <SortSelect value={query.sort} onChange={sortBy} className="ml-auto min-w-0 lg:order-last" />
            </div>
            <div className="basis-full empty:hidden lg:flex-1 lg:basis-auto">
              <SelectedFilters selection={query.selection} tags={tags} onToggle={toggle} onReset={reset} />
            </div>
          </div>
          <div
            ref={products}
            aria-busy={searching}
            className={`transition-opacity duration-200 ${searching ? 'opacity-50' : ''}`}
          >
            {!view.blocks.some((paging) => paging.products.length) && !searching ? (
              <div className="flex flex-col items-center px-4 py-16 text-center">
                <h2 className="font-display text-2xl font-black uppercase tracking-tight md:text-3xl">
                  {MESSAGES.noMatches}
                </h2>
                <p className="mt-3 max-w-sm text-ink-muted">{MESSAGES.noMatchesForFilters}</p>
                {(filtering || view.page > 1) && (
                  <Button variant="primary" onClick={reset} className="mt-8 min-h-11 px-8">
                    {MESSAGES.resetFilters}
                  </Button>
                )}
              </div>
            ) : (
              <CatalogueBlocks
                blocks={page.blocks}
                paging={view.blocks}
                loadingMore={loadingMore}
                onLoadMore={(slug) => void loadMore(slug)}
                watch={watch}
                before={previous}
              />
            )}
          </div>
        </div>
      </div>
      <Drawer
        open={drawer.current?.drawer === 'filters'}
        onOpenChange={(open) => {
          if (!open) drawer.close();
        }}
        side="left"
        title={MESSAGES.filters}
        footer={
          <Button variant="primary" onClick={drawer.close} className="min-h-12 w-full">
            {MESSAGES.showProducts(found)}
          </Button>
        }
      >
        <div className="flex flex-col gap-4 px-5 pb-6 pt-4">
          <SelectedFilters selection={query.selection} tags={tags} onToggle={toggle} onReset={reset} />
          <FacetFilters groups={facets} selection={query.selection} onToggle={toggle} idPrefix="drawer" />
        </div>
      </Drawer>
    </main>
  );
}
