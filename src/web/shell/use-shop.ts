import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/** The shop-wide data the root loader provides: brand, website config, public URL and search settings. */
export function useShop() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('useShop must be used below the root route');
  return { ...data, appHost: new URL(data.publicUrl).host };
}
