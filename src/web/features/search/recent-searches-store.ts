import { parseRecentSearches, type RecentSearches } from '../../../shared/recent-searches.ts';
import { storageKeys } from '../../../shared/storage-keys.ts';
import { persistedStore } from '../../lib/store.ts';

/** The brand's recent searches in local storage (spec 3); a stored value that is not a list of strings is ignored. */
export const recentSearchesStore = (brand: string) =>
  persistedStore<RecentSearches>(storageKeys(brand).recentSearches, [], parseRecentSearches);
