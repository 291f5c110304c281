/**
 * The whole demo store as plain rows and media descriptions, generated from a seed and a clock: the same
 * options always give the same store. Loading it into a database and writing its files is loader.ts's job.
 */
import { fileURLToPath } from 'node:url';
import type { Insertable } from 'kysely';
import type {
  ContestTable,
  FacetGroupTable,
  FacetTagTable,
  GiftCardTable,
  NavigationNodeTable,
  PostTable,
  PromoCodeTable,
  ShipMethodTable,
  SitewideMessageTable,
  SizeChartTable,
  TaxRateTable,
  WebsiteConfigTable,
} from '../server/db/schema.ts';
import { accountRows, type AccountRows } from './accounts.ts';
import { generateCatalogue, type Catalogue } from './catalogue.ts';
import { contestRows, giftCardRows, promoCodeRows, shipMethodRows, taxRateRows } from './commerce.ts';
import { contentRows, type ContentRows } from './content.ts';
import { facetRows } from './facets.ts';
import { BADGE_ICONS, iconFile, MediaRegistry, type MediaFile } from './media.ts';
import { navigationRows } from './navigation.ts';
import { postRows } from './posts.ts';
import { readContentFolder } from '../server/content/content-folder.ts';
import { createRng } from './prng.ts';
import { sitewideMessageRows, websiteConfigRow } from './site-config.ts';
import { sizeChartRows } from './size-charts.ts';

export const DEFAULT_PRODUCT_COUNT = 1500;
export const DEFAULT_SEED = 20141122;

export interface DemoStoreOptions {
  brand: string;
  productCount?: number;
  seed?: number;
  /** The clock the store is built around: sale windows, messages, posts and orders are placed relative to it. */
  now: Date;
}

export interface DemoStore {
  websiteConfig: Insertable<WebsiteConfigTable>;
  sitewideMessages: Insertable<SitewideMessageTable>[];
  navigation: Insertable<NavigationNodeTable>[];
  facetGroups: Insertable<FacetGroupTable>[];
  facetTags: Insertable<FacetTagTable>[];
  sizeCharts: Insertable<SizeChartTable>[];
  catalogue: Catalogue;
  content: ContentRows;
  posts: Insertable<PostTable>[];
  contests: Insertable<ContestTable>[];
  promoCodes: Insertable<PromoCodeTable>[];
  giftCards: Insertable<GiftCardTable>[];
  shipMethods: Insertable<ShipMethodTable>[];
  taxRates: Insertable<TaxRateTable>[];
  accounts: AccountRows;
  media: MediaFile[];
}

/** The demo's articles and pages (content/README.md); beside the compiled module too (scripts/build-server.mjs). */
const DEMO_CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));

export function generateDemoStore(options: DemoStoreOptions): DemoStore {
  const { brand, now } = options;
  const productCount = options.productCount ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(productCount) || productCount < 1)
    throw new Error(`productCount must be a positive whole number, not ${productCount}`);
  const rng = createRng(options.seed ?? DEFAULT_SEED);
  const media = new MediaRegistry();
  for (const icon of BADGE_ICONS) media.add(iconFile(icon));

  const websiteConfig = websiteConfigRow(brand, now, media);
  const catalogue = generateCatalogue(rng.fork('catalogue'), { productCount, now }, media);
  const { groups, tags } = facetRows();
  const accounts = accountRows(rng.fork('accounts'), now, brand, catalogue);
  const folder = readContentFolder(DEMO_CONTENT_DIR, {
    site: websiteConfig.site_name,
    support_email: websiteConfig.support_email,
    support_phone: websiteConfig.support_display_phone,
  });
  return {
    websiteConfig,
    sitewideMessages: sitewideMessageRows(now),
    navigation: navigationRows(brand),
    facetGroups: groups,
    facetTags: tags,
    sizeCharts: sizeChartRows(websiteConfig.site_name, media),
    catalogue,
    content: contentRows({
      rng: rng.fork('content'),
      now,
      brand,
      site: websiteConfig.site_name,
      pages: folder.pages,
      media,
      catalogue,
    }),
    posts: postRows(folder.posts, rng.fork('posts'), media),
    contests: contestRows(now, websiteConfig.site_name),
    promoCodes: promoCodeRows(now, catalogue),
    giftCards: giftCardRows(rng.fork('gift-cards'), now, accounts.customer.id),
    shipMethods: shipMethodRows(),
    taxRates: taxRateRows(now),
    accounts,
    media: media.list(),
  };
}
