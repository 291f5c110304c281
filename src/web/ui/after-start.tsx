import type { ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages.ts';
import { useHydrated } from './browser.ts';

/**
 * What only the browser can draw (it reads what the shopper keeps in local storage): a loading line from the
 * server and until the app has started, then the content. A preview, the part the server can draw the same,
 * comes before the loading line, so the page's largest text is painted with the document.
 */
export function AfterStart({ children, preview }: { children: ReactNode; preview?: ReactNode }) {
  if (useHydrated()) return children;
  return (
    <>
      {preview}
      <p aria-busy="true">{MESSAGES.loading}</p>
    </>
  );
}
