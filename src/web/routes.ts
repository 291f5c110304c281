import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';
import { DEFAULT_BRAND, routeTable, type RouteEntry } from './lib/navigation/route-table.ts';

// The brand is part of some paths (/{brand}-life), so it is fixed at build time; the build is redone when
// BRAND changes (scripts/build-if-stale.mjs).
const brand = process.env.BRAND || DEFAULT_BRAND;

function toConfig(entry: RouteEntry): RouteConfigEntry {
  const children = entry.children?.map(toConfig);
  if (entry.path === undefined) {
    return children ? layout(entry.file, { id: entry.id }, children) : index(entry.file, { id: entry.id });
  }
  return route(entry.path, entry.file, { id: entry.id }, children);
}

export default routeTable(brand).map(toConfig) satisfies RouteConfig;
