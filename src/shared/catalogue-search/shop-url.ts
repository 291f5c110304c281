/** The shop URL (spec 2.1 and 5): its path, and the query t (tags), q (search text), p (page) and sort it carries. */
import { DEFAULT_SHOP_SORT, parseSortParam, SORT_PARAM, type ShopSort } from '../catalogue-sort.ts';
import { SHOP_ITEMS_PER_PAGE, SHOP_PAGE_DEFAULT } from '../constants.ts';

/** The shop path as the shop serves it: lower-cased, without a trailing slash (spec 2.1). */
export function normalizeShopPath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  return lower || '/';
}

/** The site content slug of a shop path: '/shop/men' → 'shop/men'. */
export const pageSlugOfPath = (path: string) => path.replace(/^\/+/, '');

/**
 * A field name, a colon and a value. Filter values are quoted with backticks, which have no escape, so a value
 * holding one cannot be selected.
 */
const TAG_PATTERN = /^[a-z_][a-z0-9_]{0,40}:[^`]{1,200}$/;
const MAX_TAGS = 50;

export interface ParsedTags {
  tags: string[];
  /** Why the value was ignored, for the caller to log (spec 5: an invalid t is logged and ignored). */
  error: string | null;
}

/** Reads query t, a JSON array of 'field:name' strings; anything else is ignored as a whole. */
export function parseTagsParam(raw: string | null): ParsedTags {
  if (raw === null || raw === '') return { tags: [], error: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return {
      tags: [],
      error: `Ignoring query t, which is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!Array.isArray(value)) return { tags: [], error: 'Ignoring query t, which is not a JSON array' };
  if (value.length > MAX_TAGS) return { tags: [], error: `Ignoring query t, which holds more than ${MAX_TAGS} tags` };
  const invalid = value.find((entry) => typeof entry !== 'string' || !TAG_PATTERN.test(entry));
  if (invalid !== undefined)
    return { tags: [], error: `Ignoring query t: ${JSON.stringify(invalid)} is not a field:name tag` };
  return { tags: [...new Set(value as string[])], error: null };
}

/** Query t for these tags, or null when none is selected. */
export const tagsParam = (tags: readonly string[]): string | null => (tags.length ? JSON.stringify(tags) : null);

/** Selected tags toggle on and off (spec 4). */
export const toggleTag = (tags: readonly string[], tag: string): string[] =>
  tags.includes(tag) ? tags.filter((selected) => selected !== tag) : [...tags, tag];

/** Query p, the page number: a whole number from 1, otherwise the default page. */
export function parsePageParam(raw: string | null): number {
  if (raw === null || !/^\d{1,5}$/.test(raw)) return SHOP_PAGE_DEFAULT;
  return Math.max(SHOP_PAGE_DEFAULT, Number(raw));
}

/** Where page p starts: page 1 at 0, page 2 after the first 60 products. */
export const pageOffset = (page: number, perPage = SHOP_ITEMS_PER_PAGE) => (page - 1) * perPage;

export interface ShopQuery {
  tags: readonly string[];
  q: string;
  page: number;
  /** Featured when left out. */
  sort?: ShopSort;
}

/** The shop URL's query for a selection; a reset (no tags, page 1) keeps only the search text and the sort. */
export function shopSearch({ tags, q, page, sort = DEFAULT_SHOP_SORT }: ShopQuery): string {
  const params = new URLSearchParams();
  const t = tagsParam(tags);
  if (t) params.set('t', t);
  if (q) params.set('q', q);
  if (sort !== DEFAULT_SHOP_SORT) params.set(SORT_PARAM, sort);
  if (page > SHOP_PAGE_DEFAULT) params.set('p', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** What the shop URL asks for: query t (tags), q (search text), p (page number) and sort, plus why t was ignored. */
export function readShopQuery(params: URLSearchParams): Required<ShopQuery> & { error: string | null } {
  const { tags, error } = parseTagsParam(params.get('t'));
  return {
    tags,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: parsePageParam(params.get('p')),
    sort: parseSortParam(params.get(SORT_PARAM)),
    error,
  };
}
