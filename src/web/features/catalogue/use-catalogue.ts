import { useCallback, useEffect, useState } from 'react';
import type { SearchClient } from 'typesense';
import { facetFieldsOf, selectableTags, type CataloguePage } from '../../../shared/catalogue-search/catalogue-page.ts';
import {
  afterLoad,
  blocksToLoad,
  startPaging,
  type BlockPaging,
  type CatalogueResults,
  type FacetCounts,
} from '../../../shared/catalogue-search/results.ts';
import { pageCatalogueQuery } from '../../../shared/catalogue-search/searches.ts';
import { readShopQuery } from '../../../shared/catalogue-search/shop-url.ts';
import { SORT_PARAM, type ShopSort } from '../../../shared/catalogue-sort.ts';
import type { SearchClientSettings } from '../../../shared/load-context.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { searchCatalogue } from '../../lib/search/catalogue-search-client.ts';

/**
 * A failed filter search, or one that came back without some of its searches, is tried again this many times,
 * this long after.
 */
const CATALOGUE_SEARCH_RETRIES = 1;
const CATALOGUE_SEARCH_RETRY_DELAY_MS = 300;

/** One view of a catalogue page: the products of each listed block so far and the facet counts. */
export interface CatalogueView {
  /** The shop query (t, q, p, sort) these results answer. */
  key: string;
  selection: string[];
  q: string;
  page: number;
  sort: ShopSort;
  blocks: Array<BlockPaging<ProductDocument>>;
  counts: FacetCounts;
  /**
   * Some of its searches failed (a busy search service cuts the last ones of a multi_search off): it lacks their
   * products or facet counts, and the browser asks again.
   */
  incomplete: boolean;
}

/** The selection of a URL: the tags of the path, then those of query t that the page can filter on. */
export function viewQuery(page: CataloguePage, params: URLSearchParams) {
  const query = readShopQuery(params);
  const { tags, ignored } = selectableTags(query.tags, facetFieldsOf(page));
  const problems = [
    ...(query.error ? [query.error] : []),
    ...(ignored.length
      ? [`Ignoring tags of query t that this page has no facet group for: ${ignored.join(', ')}`]
      : []),
  ];
  const selection = [...page.selected, ...tags.filter((tag) => !page.selected.includes(tag))];
  return { selection, q: query.q, page: query.page, sort: query.sort, problems };
}

export const viewKey = (params: URLSearchParams) =>
  ['t', 'q', 'p', SORT_PARAM].map((name) => params.get(name) ?? '').join('\u0000');

/** The view made of a search's results. */
export function viewOf(
  key: string,
  query: { selection: string[]; q: string; page: number; sort: ShopSort },
  results: CatalogueResults<ProductDocument>,
): CatalogueView {
  return {
    key,
    ...query,
    blocks: results.blocks.map((block) =>
      afterLoad(startPaging<ProductDocument>(block.slug, block.offset), block.hits, block.found),
    ),
    counts: results.counts,
    incomplete: results.errors.length > 0,
  };
}

/**
 * Runs the page view's one multi_search: the view, what to log, and whether some of its searches failed (the view
 * then lacks their products or counts).
 */
export async function searchView(
  client: SearchClient,
  page: CataloguePage,
  params: URLSearchParams,
  queryBy: string,
  signal?: AbortSignal,
  options: { fresh?: boolean } = {},
): Promise<{ view: CatalogueView; problems: string[]; failed: boolean }> {
  const query = viewQuery(page, params);
  const results = await searchCatalogue(client, pageCatalogueQuery(page, { ...query, queryBy }), signal, options);
  return {
    view: viewOf(viewKey(params), query, results),
    problems: [...query.problems, ...results.errors],
    failed: results.errors.length > 0,
  };
}

/** The browser's search client, loaded on the first search after the server's view so pages that only show it stay light. */
async function browserSearchClient(settings: SearchClientSettings): Promise<SearchClient> {
  const { searchClient } = await import('../../lib/search/search-client.ts');
  return searchClient(settings);
}

/** How many history entries keep the view they showed. */
const REMEMBERED_ENTRIES = 20;
const viewsByHistoryEntry = new Map<string, CatalogueView>();

/** Keeps the view shown at a history entry, forgetting the oldest beyond REMEMBERED_ENTRIES. */
function rememberView(historyKey: string, view: CatalogueView) {
  viewsByHistoryEntry.delete(historyKey);
  viewsByHistoryEntry.set(historyKey, view);
  for (const oldest of viewsByHistoryEntry.keys()) {
    if (viewsByHistoryEntry.size <= REMEMBERED_ENTRIES) break;
    viewsByHistoryEntry.delete(oldest);
  }
}

/** The view a history entry showed, when it answers the same query as the server's (Back after Load More). */
function rememberedView(historyKey: string, served: CatalogueView): CatalogueView {
  const remembered = viewsByHistoryEntry.get(historyKey);
  return remembered && remembered.key === served.key ? remembered : served;
}

interface UseCatalogueOptions {
  page: CataloguePage;
  /** What the server rendered. */
  initial: CatalogueView;
  params: URLSearchParams;
  queryBy: string;
  /** The browser's search settings. */
  search: SearchClientSettings;
  /** The history entry's key: coming back to it shows what it showed, products loaded with Load More too. */
  historyKey: string;
}

/**
 * The catalogue on the page: the server's view first; when the URL's t, q, p or sort change, the browser's search
 * client asks again (the page itself stays); loadMore appends the next products of a block not yet closed.
 * Back to an entry shows the products it showed, so the scroll position it restores is still there.
 */
export function useCatalogue({ page, initial, params, queryBy, search: settings, historyKey }: UseCatalogueOptions) {
  const [view, setView] = useState(() => rememberedView(historyKey, initial));
  const [served, setServed] = useState(initial);
  if (served !== initial) {
    setServed(initial);
    setView(rememberedView(historyKey, initial));
  }
  useEffect(() => rememberView(historyKey, view), [historyKey, view]);
  const [searching, setSearching] = useState(false);
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const key = viewKey(params);
  const search = params.toString();

  useEffect(() => {
    // A view that lacks some of its searches (the server's, on a busy machine) is completed in place: its
    // products stay as they are, and the filters come with the counts.
    const completing = key === view.key;
    if (completing && !view.incomplete) return;
    const controller = new AbortController();
    if (!completing) setSearching(true);
    // A search that fails (a cold or busy server past the client's timeout), or comes back without some of its
    // searches, is asked once more, so the grid does not stay on the previous selection while the address and
    // the chips show the new one.
    const attempt = async (retriesLeft: number, fresh: boolean): Promise<Awaited<ReturnType<typeof searchView>>> => {
      try {
        const client = await browserSearchClient(settings);
        const searched = await searchView(client, page, new URLSearchParams(search), queryBy, controller.signal, {
          fresh,
        });
        if (!searched.failed || retriesLeft === 0 || controller.signal.aborted) return searched;
      } catch (error) {
        if (retriesLeft === 0 || controller.signal.aborted) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, CATALOGUE_SEARCH_RETRY_DELAY_MS));
      return attempt(retriesLeft - 1, true);
    };
    attempt(CATALOGUE_SEARCH_RETRIES, false)
      .then(({ view: next, problems }) => {
        if (controller.signal.aborted) return;
        problems.forEach((problem) => console.warn(problem));
        setView(next);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('The catalogue search failed', error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setSearching(false);
      });
    return () => controller.abort();
  }, [key, view.key, view.incomplete, page, search, queryBy, settings]);

  const loadMore = useCallback(
    async (slug: string) => {
      const block = blocksToLoad(view.blocks).find((candidate) => candidate.slug === slug);
      if (!block || loadingMore) return;
      setLoadingMore(slug);
      try {
        const results = await searchCatalogue(await browserSearchClient(settings), {
          blocks: [{ slug, offset: block.offset }],
          facetSlug: null,
          facetFields: facetFieldsOf(page),
          tags: view.selection,
          q: view.q,
          queryBy,
          sort: view.sort,
        });
        const loaded = results.blocks[0];
        if (loaded) {
          setView((current) =>
            current.key === view.key
              ? {
                  ...current,
                  blocks: current.blocks.map((candidate) =>
                    candidate.slug === slug && candidate.offset === block.offset
                      ? afterLoad(candidate, loaded.hits, loaded.found)
                      : candidate,
                  ),
                }
              : current,
          );
        }
      } catch (error) {
        console.error('Loading more products failed', error);
      } finally {
        setLoadingMore(null);
      }
    },
    [view, loadingMore, page, queryBy, settings],
  );

  return { view, searching: searching || key !== view.key, loadingMore, loadMore };
}
