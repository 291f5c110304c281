import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { unpackJson } from './packed-json.ts';
import type { loader } from '../root.tsx';

type RootData = Awaited<ReturnType<typeof loader>>;
type Shop = ReturnType<typeof shopOf>;

const shopOf = (data: RootData) => ({
  ...data,
  websiteConfig: unpackJson(data.websiteConfig),
  appHost: new URL(data.publicUrl).host,
});

/** The shop of each root loader answer, made once. */
const shops = new WeakMap<RootData, Shop>();

const ShopContext = createContext<Shop | null>(null);

/**
 * Hands the root loader's shop to the page below it. A context that changes only with the root's data: a hook
 * that read the loader data itself would draw every tile again (sixty, with a button per size) each time the
 * router's state changes, a navigation's start or the routes it discovers after hydration.
 */
export function ShopProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  let shop = data ? shops.get(data) : undefined;
  if (data && !shop) {
    shop = shopOf(data);
    shops.set(data, shop);
  }
  return createElement(ShopContext.Provider, { value: shop ?? null }, children);
}

/** The shop-wide data the root loader provides: brand, website config, public URL and search settings. */
export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop must be used below the root route');
  return shop;
}
