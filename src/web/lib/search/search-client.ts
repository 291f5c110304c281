import { SearchClient } from 'typesense';
import { SEARCH_CONNECTION_TIMEOUT_MS } from '../../../shared/constants.ts';
import { SEARCH_PATH, type SearchClientSettings } from '../../../shared/load-context.ts';

type SearchNode = SearchClientSettings['nodes'][number];

/**
 * The search library settings of spec section 9: retry interval 0.1 s, health check 60 s, cache 120 s. The
 * library's 5 s timeout is its connectionTimeoutSeconds default, which the spec's 2 s connection timeout
 * replaces (typesense 3 reads a timeoutSeconds as the same setting and warns that it is deprecated).
 */
const LIBRARY_DEFAULTS = {
  connectionTimeoutSeconds: SEARCH_CONNECTION_TIMEOUT_MS / 1000,
  retryIntervalSeconds: 0.1,
  healthcheckIntervalSeconds: 60,
  cacheSearchResultsForSeconds: 120,
} as const;

/** The embedded service answers on the page's own origin. */
function sameOriginNode(location: Location): SearchNode {
  const protocol = location.protocol === 'https:' ? 'https' : 'http';
  return {
    protocol,
    host: location.hostname,
    port: location.port ? Number(location.port) : protocol === 'https' ? 443 : 80,
    path: SEARCH_PATH,
  };
}

const clients = new Map<string, SearchClient>();

/**
 * The official search client for these settings (one per settings, so its response cache is shared). With no
 * nodes configured it talks to the embedded service of the page's origin; the key goes as the query parameter
 * the SearchClient uses, which the library itself turns into a header above 2,000 characters.
 */
export function searchClient(settings: SearchClientSettings): SearchClient {
  const nodes = settings.nodes.length ? settings.nodes : [sameOriginNode(window.location)];
  const cacheSearchResultsForSeconds =
    settings.cacheSearchResultsForSeconds ?? LIBRARY_DEFAULTS.cacheSearchResultsForSeconds;
  const key = JSON.stringify([nodes, settings.apiKey, cacheSearchResultsForSeconds]);
  let client = clients.get(key);
  if (!client) {
    client = new SearchClient({
      nodes,
      apiKey: settings.apiKey,
      numRetries: nodes.length,
      ...LIBRARY_DEFAULTS,
      cacheSearchResultsForSeconds,
    });
    clients.set(key, client);
  }
  return client;
}
