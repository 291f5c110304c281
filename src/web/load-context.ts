import type { ShopLoadContext } from '../shared/load-context.ts';

declare module 'react-router' {
  // The server's load context (src/server/http/web-app.ts) is what every loader receives.
  interface AppLoadContext extends ShopLoadContext {}
}
