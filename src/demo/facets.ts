/**
 * The shop's facet groups and tags. A group's `field` is the search document field it filters on; a product's
 * value for that field is the names of its tags in the group (so a Boys product has division ['Boys', 'Kids'],
 * and a boxer brief has category ['Underwear', 'Underwear > Boxer Briefs']).
 */
import type { Insertable } from 'kysely';
import type { FacetGroupTable, FacetTagTable } from '../server/db/schema.ts';
import { ALL_SIZES, DIVISIONS, LEAVES, PARENT_CATEGORIES, leafTagName } from './garments.ts';
import { COLOR_FAMILIES, PRINTS } from './prints.ts';
import { slugify } from './text.ts';

export const FACET_GROUPS = [
  { id: 'division', field: 'division', display_name: 'Division', hierarchical: 0 },
  { id: 'category', field: 'category', display_name: 'Category', hierarchical: 1 },
  { id: 'size', field: 'size', display_name: 'Size', hierarchical: 0 },
  { id: 'color', field: 'color', display_name: 'Color', hierarchical: 0 },
  // The field is fits, not fit: the product document's own fit is its display string.
  { id: 'fit', field: 'fits', display_name: 'Fit', hierarchical: 0 },
  { id: 'print', field: 'print', display_name: 'Print', hierarchical: 0 },
  { id: 'collection', field: 'collection', display_name: 'Collection', hierarchical: 0 },
] as const;
export type FacetGroupId = (typeof FACET_GROUPS)[number]['id'];

/** Collection tags the New and Sale pages select on. */
export const COLLECTIONS = {
  new: 'New Arrivals',
  sale: 'Sale',
  bestSellers: 'Best Sellers',
  limited: 'Limited Edition',
} as const;

export function facetTagId(group: FacetGroupId, name: string): string {
  return `${group}-${slugify(name)}`;
}

/** Every fit or length any leaf uses, in leaf order. */
export function allFits(): string[] {
  const fits = LEAVES.flatMap((leaf) => [...(leaf.lengths?.map((length) => length.name) ?? []), ...leaf.fits]);
  return [...new Set(fits)];
}

const DIVISION_ICONS: Partial<Record<string, string>> = {
  Men: '/media/brand/icons/bolt.svg',
  Women: '/media/brand/icons/sparkle.svg',
  Kids: '/media/brand/icons/star.svg',
};

export function facetRows(): { groups: Insertable<FacetGroupTable>[]; tags: Insertable<FacetTagTable>[] } {
  const groups = FACET_GROUPS.map((group, position) => ({ ...group, position }));
  const tags: Insertable<FacetTagTable>[] = [];
  const add = (group: FacetGroupId, names: readonly string[]) =>
    names.forEach((name, position) =>
      tags.push({
        id: facetTagId(group, name),
        group_id: group,
        parent_id: null,
        name,
        display_name: name,
        icon_in_nav: group === 'division' ? (DIVISION_ICONS[name] ?? null) : null,
        position,
      }),
    );
  add('division', DIVISIONS);
  let position = 0;
  for (const parent of PARENT_CATEGORIES) {
    tags.push({
      id: facetTagId('category', parent),
      group_id: 'category',
      parent_id: null,
      name: parent,
      display_name: parent,
      icon_in_nav: null,
      position: position++,
    });
    for (const leaf of LEAVES.filter((l) => l.parent === parent)) {
      tags.push({
        id: facetTagId('category', leafTagName(leaf)),
        group_id: 'category',
        parent_id: facetTagId('category', parent),
        name: leafTagName(leaf),
        display_name: leaf.name,
        icon_in_nav: null,
        position: position++,
      });
    }
  }
  add('size', ALL_SIZES);
  add('color', COLOR_FAMILIES);
  add('fit', allFits());
  add(
    'print',
    PRINTS.map((print) => print.name),
  );
  add('collection', Object.values(COLLECTIONS));
  return { groups, tags };
}
