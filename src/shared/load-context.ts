/**
 * What the server hands every React Router loader and action. The web app reaches the server only over
 * HTTP: `api` performs an in-process request against the same JSON API the browser calls.
 */
import type { RegionalStoreUrls } from './countries.ts';

export interface ServerApiResponse {
  status: number;
  body: unknown;
  /** The API's Set-Cookie headers (signing in starts a session), for an action to hand on to the browser. */
  setCookies?: string[];
}

export interface ServerApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

export type ServerApi = (path: string, init?: ServerApiRequest) => Promise<ServerApiResponse>;

/** How the official search client reaches the search service: the embedded one, or a cluster. */
export interface SearchClientSettings {
  /** Empty: the embedded service on this origin at SEARCH_PATH. */
  nodes: Array<{ protocol: 'http' | 'https'; host: string; port: number; path: string }>;
  apiKey: string;
  /**
   * How long the client keeps a search's answer, a failure's too; unset: the spec's 120 s. The server's loaders
   * keep none: their pages are kept by the page cache, which every change empties, and a kept failure would
   * leave every render without its search for two minutes.
   */
  cacheSearchResultsForSeconds?: number;
}

export const SEARCH_PATH = '/search';

// A type alias, not an interface, so it fits React Router's open AppLoadContext.
export type ShopLoadContext = {
  /** The nonce the response's Content-Security-Policy allows for inline scripts. */
  nonce: string;
  brand: string;
  publicUrl: string;
  /** The other stores the country selector and prompt offer (STORE_URL_AU, STORE_URL_NZ). */
  regionalStoreUrls: RegionalStoreUrls;
  appVersion: string;
  /** What the browser's search client uses (no nodes: the embedded service on the page's origin). */
  search: SearchClientSettings;
  /** What loaders on the server use: the cluster, or the embedded service on loopback. */
  serverSearch: SearchClientSettings;
  api: ServerApi;
  /**
   * Called by a loader whose search failed, so the page renders without that part (the shop page without its
   * products and filters): the page still goes to its visitor, but the page cache does not keep it.
   */
  searchFailed: () => void;
};
