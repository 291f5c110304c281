import type { ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages.ts';
import { useHydrated } from './browser.ts';

/**
 * What only the browser can draw (it reads what the shopper keeps in local storage): a loading line from the
 * server and until the app has started, then the content.
 */
export function AfterStart({ children }: { children: ReactNode }) {
  return useHydrated() ? children : <p aria-busy="true">{MESSAGES.loading}</p>;
}
