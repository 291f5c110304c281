import { createApiClient, type ApiClient } from './api-client.ts';
import { track } from '../analytics/analytics.ts';
import { notify } from '../notifications/notifications.ts';
import { useShop } from '../use-shop.ts';

const clients = new Map<string, ApiClient>();

/**
 * The browser's one API client: the spec's timeout and retries, the version check that reloads the page
 * when the server's version rises, the danger message and exception event on failures.
 */
export function shopApi(brand: string): ApiClient {
  let client = clients.get(brand);
  if (!client) {
    client = createApiClient({
      brand,
      storage: window.localStorage,
      notify,
      track,
      reload: () => window.location.reload(),
    });
    clients.set(brand, client);
  }
  return client;
}

export const useApi = (): (() => ApiClient) => {
  const { brand } = useShop();
  return () => shopApi(brand);
};
