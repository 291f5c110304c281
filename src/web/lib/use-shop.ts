import { useRouteLoaderData } from 'react-router';
import { unpackJson } from './packed-json.ts';
import type { loader } from '../root.tsx';

/** The shop-wide data the root loader provides: brand, website config, public URL and search settings. */
export function useShop() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('useShop must be used below the root route');
  return { ...data, websiteConfig: unpackJson(data.websiteConfig), appHost: new URL(data.publicUrl).host };
}
