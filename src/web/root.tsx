import './load-context.ts';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { websiteConfigEndpoint } from '../shared/api/website-config.ts';
import { MESSAGES } from '../shared/messages.ts';
import { storageKeys } from '../shared/storage-keys.ts';
import { pageWebsiteConfig } from '../shared/website-config.ts';
import type { Route } from './+types/root';
import './app.css';
import { loadOptionalEndpoint } from './lib/load-api.server.ts';
import { packJson } from './lib/packed-json.ts';
import { FollowDocumentMoves } from './lib/navigation/document-moves.ts';
import { useRefreshUserOnLoad } from './lib/session.ts';
import { ShopProvider } from './lib/use-shop.ts';
import { HYDRATED_EVENT, startScript } from './shell/start/deferred-start.ts';
import { useNonce } from './ui/nonce.tsx';
import { markHydrated } from './lib/hydration.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const websiteConfig = await loadOptionalEndpoint(context, websiteConfigEndpoint, {});
  return {
    brand: context.brand,
    publicUrl: context.publicUrl,
    regionalStoreUrls: context.regionalStoreUrls,
    appVersion: context.appVersion,
    search: context.search,
    websiteConfig: packJson(websiteConfig && pageWebsiteConfig(websiteConfig)),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const useRootData = () => useRouteLoaderData<typeof loader>('root');

/** Runs before first paint, so a local light or dark override never flashes the system theme. */
function themeScript(brand: string): string {
  const key = JSON.stringify(storageKeys(brand).darkMode);
  return `try{var t=localStorage.getItem(${key});if(t==='"dark"'||t==='"light"')document.documentElement.dataset.theme=JSON.parse(t)}catch(e){}`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  // The start script presses again what was pressed before this moment.
  useEffect(() => {
    markHydrated();
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript(data?.brand ?? 'acme') }} />
        <Meta />
        <Links />
      </head>
      <body>
        <ShopProvider>{children}</ShopProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The browser ran it from the server's HTML, and hydration leaves a script's text alone: the text stays out of the client's code. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startScript : '' }}
        />
      </body>
    </html>
  );
}

export default function App() {
  useRefreshUserOnLoad();
  return (
    <>
      <FollowDocumentMoves />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl font-black uppercase">
        {status === 404 ? MESSAGES.pageNotFoundTitle : MESSAGES.somethingWentWrong}
      </h1>
      <p className="mt-4 text-ink-muted">{MESSAGES.tryAgainSoon}</p>
    </main>
  );
}
