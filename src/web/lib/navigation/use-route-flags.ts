import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { routeFlagsById, type RouteFlags } from './route-table.ts';

const flagsByBrand = new Map<string, Map<string, RouteFlags>>();

function flagsFor(brand: string): Map<string, RouteFlags> {
  let flags = flagsByBrand.get(brand);
  if (!flags) {
    flags = routeFlagsById(brand);
    flagsByBrand.set(brand, flags);
  }
  return flags;
}

/** The flags of the matched routes, the deepest route's own flags winning over its parents'. */
export function mergeRouteFlags(matchIds: readonly string[], flags: Map<string, RouteFlags>): RouteFlags {
  return matchIds.reduce<RouteFlags>((merged, id) => ({ ...merged, ...flags.get(id) }), {});
}

export function useRouteFlags(brand: string): RouteFlags {
  const matches = useMatches();
  const ids = matches.map((match) => match.id).join('|');
  return useMemo(() => mergeRouteFlags(ids.split('|'), flagsFor(brand)), [brand, ids]);
}
