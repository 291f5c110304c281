import type { PageWebsiteConfig } from '../../../shared/website-config.ts';

/** The shop's name as shoppers read it: the configured site name, else the brand capitalised. */
export function brandName(config: PageWebsiteConfig | null, brand: string): string {
  return config?.site_name || brand.charAt(0).toUpperCase() + brand.slice(1);
}
