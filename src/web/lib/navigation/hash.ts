/**
 * The hash rules of spec section 2.2: #nav (with navigation ids joined by colons), #filters, #bag and
 * #size-guide with a guide name each open a drawer; any hash closes the drawer that is open first.
 */
export type DrawerHash =
  { drawer: 'nav'; ids: string[] } | { drawer: 'filters' } | { drawer: 'bag' } | { drawer: 'size-guide'; name: string };

export type DrawerName = DrawerHash['drawer'];

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Reads a location hash ('#nav:men:men-underwear'); anything that names no drawer is null. */
export function parseHash(hash: string): DrawerHash | null {
  const value = hash.startsWith('#') ? hash.slice(1) : hash;
  const [head = '', ...rest] = value.split(':');
  if (head === 'nav') {
    const ids = rest.map(decode);
    if (ids.some((id) => id === null || id === '')) return { drawer: 'nav', ids: [] };
    return { drawer: 'nav', ids: ids as string[] };
  }
  if (head === 'filters' && rest.length === 0) return { drawer: 'filters' };
  if (head === 'bag' && rest.length === 0) return { drawer: 'bag' };
  if (head === 'size-guide') {
    const name = decode(rest.join(':'));
    return name ? { drawer: 'size-guide', name } : null;
  }
  return null;
}

export function hashFor(drawer: DrawerHash): string {
  switch (drawer.drawer) {
    case 'nav':
      return ['#nav', ...drawer.ids.map(encodeURIComponent)].join(':');
    case 'size-guide':
      return `#size-guide:${encodeURIComponent(drawer.name)}`;
    default:
      return `#${drawer.drawer}`;
  }
}

/** The side navigation slides left when the hash gets shorter (going back up) and right when longer. */
export function navSlideDirection(previousIds: readonly string[], nextIds: readonly string[]): 'left' | 'right' {
  return nextIds.length < previousIds.length ? 'left' : 'right';
}
