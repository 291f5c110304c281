/**
 * Recent searches (spec 3 and 4): a list of unique terms, newest first, at most RECENT_SEARCHES_KEPT kept and
 * RECENT_SEARCHES_SHOWN shown. Terms that differ only in case count as one: the shopper's latest spelling wins.
 */
import { RECENT_SEARCHES_KEPT, RECENT_SEARCHES_SHOWN } from './constants.ts';

export type RecentSearches = readonly string[];

const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The term goes first (trimmed), any earlier copy of it is removed, and the list is cut to the kept limit. */
export function addRecentSearch(recent: RecentSearches, term: string): RecentSearches {
  const trimmed = term.trim();
  if (trimmed === '') return recent;
  return [trimmed, ...recent.filter((kept) => !sameTerm(kept, trimmed))].slice(0, RECENT_SEARCHES_KEPT);
}

export function removeRecentSearch(recent: RecentSearches, term: string): RecentSearches {
  return recent.includes(term) ? recent.filter((kept) => kept !== term) : recent;
}

export const shownRecentSearches = (recent: RecentSearches): RecentSearches => recent.slice(0, RECENT_SEARCHES_SHOWN);

/**
 * What local storage holds, as a valid list: undefined (ignored) unless it is a list of strings. A list
 * written by hand or by an older version is brought back within the rules (trimmed, unique, within the limit).
 */
export function parseRecentSearches(raw: unknown): RecentSearches | undefined {
  if (!Array.isArray(raw) || !raw.every((item): item is string => typeof item === 'string')) return undefined;
  const terms: string[] = [];
  for (const item of raw) {
    const term = item.trim();
    if (term !== '' && !terms.some((kept) => sameTerm(kept, term))) terms.push(term);
  }
  return terms.slice(0, RECENT_SEARCHES_KEPT);
}
