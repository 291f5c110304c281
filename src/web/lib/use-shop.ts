import { useRouteLoaderData } from 'react-router';
import { unpackJson } from './packed-json.ts';
import type { loader } from '../root.tsx';

type RootData = Awaited<ReturnType<typeof loader>>;
type Shop = ReturnType<typeof shopOf>;

const shopOf = (data: RootData) => ({ ...data, websiteConfig: unpackJson(data.websiteConfig), appHost: new URL(data.publicUrl).host });

/** The shop of each root loader answer, made once: every tile asks, some of them once per size. */
const shops = new WeakMap<RootData, Shop>();

/** The shop-wide data the root loader provides: brand, website config, public URL and search settings. */
export function useShop(): Shop {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('useShop must be used below the root route');
  let shop = shops.get(data);
  if (!shop) {
    shop = shopOf(data);
    shops.set(data, shop);
  }
  return shop;
}
