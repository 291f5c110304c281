import type { ShopLoadContext } from '../shared/load-context.ts';

declare module 'react-router' {
  // The server's load context (src/server/http/web-app.ts) is what every loader receives.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}
