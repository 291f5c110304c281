import { useEffect } from 'react';
import { storageKeys } from '../../shared/storage-keys.ts';
import { persistedStore, useStore, useStoreSetter } from './store.ts';
import { useShop } from './use-shop.ts';

/** The local dark-mode override (spec 1): light, dark, or null to follow the system. */
export type ThemeOverride = 'light' | 'dark' | null;

export function parseThemeOverride(raw: unknown): ThemeOverride | undefined {
  return raw === 'light' || raw === 'dark' || raw === null ? raw : undefined;
}

/**
 * Stored as JSON ("dark", "light" or null) under the brand's dark-mode key: the root's inline script reads the
 * same value before first paint, so keep the two in step.
 */
export const themeOverrideStore = (brand: string) =>
  persistedStore<ThemeOverride>(storageKeys(brand).darkMode, null, parseThemeOverride);

/** data-theme on <html> is what the dark: variant and the colour tokens follow; no attribute follows the system. */
export function applyThemeOverride(override: ThemeOverride, root: HTMLElement = document.documentElement): void {
  if (override === null) delete root.dataset.theme;
  else root.dataset.theme = override;
}

/**
 * The override and its setter. While mounted, <html> follows the stored value, including changes made in
 * another tab. It applies the store's own value, never the null that hydration renders with, so the theme
 * the inline script set is never undone.
 */
export function useThemeOverride(): [ThemeOverride, (next: ThemeOverride) => void] {
  const store = themeOverrideStore(useShop().brand);
  const override = useStore(store);
  const setOverride = useStoreSetter(store);
  useEffect(() => {
    const apply = () => applyThemeOverride(store.get());
    apply();
    return store.subscribe(apply);
  }, [store]);
  return [override, setOverride];
}

function parseEnabled(raw: unknown): boolean | undefined {
  return typeof raw === 'boolean' ? raw : undefined;
}

export const easterEggsStore = (brand: string) =>
  persistedStore<boolean>(storageKeys(brand).easterEggs, false, parseEnabled);

/** The search overlay calls this when the shopper searches the easter-egg term (isEasterEggTerm). */
export function enableEasterEggs(brand: string): void {
  easterEggsStore(brand).set(true);
}

/** Whether easter eggs are on; false on the server and during hydration. */
export const useEasterEggs = (): boolean => useStore(easterEggsStore(useShop().brand));
