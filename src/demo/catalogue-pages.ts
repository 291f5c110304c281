/**
 * The shop's catalogue pages: /shop, one page per division, per division and parent category, per division
 * and leaf category, plus New and Sale. Each page has one Product block whose product_tags are the facet tag
 * names a product must all carry to be listed (the search index turns that into page_block_slugs).
 */
import { COLLECTIONS } from './facets.ts';
import {
  DIVISION_INFO,
  DIVISIONS,
  LEAVES,
  PARENT_CATEGORIES,
  leafTagName,
  type Division,
  type Leaf,
  type ParentCategory,
} from './garments.ts';
import { slugify } from './text.ts';

export interface CataloguePage {
  /** The site content slug, which is also the shop path without its leading slash ('shop/men/boxer-briefs'). */
  slug: string;
  name: string;
  description: string;
  tags: string[];
  /** The Product block's slug: the page slug with dashes ('shop-men-boxer-briefs'). */
  blockSlug: string;
  /** Division and category pages lead with a curated block of picks. */
  curated: boolean;
}

/** The divisions whose products a division page lists (Kids lists Boys, Girls and Toddlers too). */
function divisionsOf(division: Division): Division[] {
  return division === 'Kids' ? ['Kids', 'Boys', 'Girls', 'Toddlers'] : [division];
}

export function leavesOf(division: Division): Leaf[] {
  const divisions = divisionsOf(division);
  return LEAVES.filter((leaf) => leaf.divisions.some((d) => divisions.includes(d)));
}

export function parentsOf(division: Division): ParentCategory[] {
  const leaves = leavesOf(division);
  return PARENT_CATEGORIES.filter((parent) => leaves.some((leaf) => leaf.parent === parent));
}

function page(slug: string, name: string, description: string, tags: string[], curated = false): CataloguePage {
  return {
    slug,
    name,
    description,
    tags,
    blockSlug: slug === 'shop' ? 'shop-all' : slug.replaceAll('/', '-'),
    curated,
  };
}

export function shopPath(...parts: string[]): string {
  return ['shop', ...parts].join('/');
}

export function cataloguePages(): CataloguePage[] {
  const pages: CataloguePage[] = [
    page('shop', 'Shop All', 'Every print, every fit: underwear, bras, socks, clothing and accessories.', [], true),
    page('shop/new', 'New Arrivals', 'Fresh prints and first looks, added every week.', [COLLECTIONS.new], true),
    page(
      'shop/sale',
      'Sale',
      'Marked down and ready to go: last chance on favourite prints.',
      [COLLECTIONS.sale],
      true,
    ),
  ];
  for (const parent of PARENT_CATEGORIES) {
    if (parent === 'Accessories') continue;
    pages.push(
      page(shopPath(slugify(parent)), `All ${parent}`, `${parent} for the whole family in every print we make.`, [
        parent,
      ]),
    );
  }
  for (const division of DIVISIONS) {
    const info = DIVISION_INFO[division];
    const label = division === 'Accessories' ? 'Accessories' : info.namePrefix.trim();
    const description =
      division === 'Accessories'
        ? 'Caps, totes and beanies in our loudest prints.'
        : `${label} underwear, socks and clothing in loud prints and quiet ones.`;
    pages.push(
      page(
        shopPath(info.slug),
        division === 'Accessories' ? 'Accessories' : `Shop ${division}`,
        description,
        [division],
        true,
      ),
    );
    const parents = parentsOf(division);
    for (const parent of parents) {
      if (parent !== 'Accessories') {
        pages.push(
          page(
            shopPath(info.slug, slugify(parent)),
            `${label} ${parent}`,
            `${label} ${parent.toLowerCase()}: every print and fit.`,
            [division, parent],
          ),
        );
      }
      for (const leaf of leavesOf(division).filter((l) => l.parent === parent)) {
        const name = division === 'Accessories' ? leaf.name : `${label} ${leaf.name}`;
        pages.push(
          page(shopPath(info.slug, leaf.slug), name, `${name} in every print and colourway.`, [
            division,
            leafTagName(leaf),
          ]),
        );
      }
    }
  }
  return pages;
}
