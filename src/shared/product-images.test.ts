import { describe, expect, it } from 'vitest';
import {
  filterHolds,
  gallerySlideOf,
  galleryImages,
  imageShows,
  productPageSelection,
  tagSelection,
} from './product-images.ts';
import type { ImageFilter, ProductImage } from './product.ts';

const filter = (
  compare: ImageFilter['compare'],
  tags: string[],
  type: ImageFilter['type'] = 'gallery',
): ImageFilter => ({
  compare,
  tags,
  display_tags: tags,
  type,
});

const image = (name: string, filters: ImageFilter[] = [], enabled = true): ProductImage => ({
  url: `/media/products/${name}.svg`,
  width: 1200,
  height: 1500,
  filters,
  enabled,
});

describe('image filters', () => {
  it('contains holds when the selection holds any of the tags, does_not_contain when it holds none', () => {
    const selection = tagSelection(['Men', 'Sale']);
    expect(filterHolds(filter('contains', ['Women', 'Men']), selection)).toBe(true);
    expect(filterHolds(filter('contains', ['Women']), selection)).toBe(false);
    expect(filterHolds(filter('does_not_contain', ['Sale']), selection)).toBe(false);
    expect(filterHolds(filter('does_not_contain', ['New Arrivals', 'Kids']), selection)).toBe(true);
  });

  it('matches tag names without regard to case or surrounding spaces', () => {
    expect(filterHolds(filter('contains', [' men ']), tagSelection(['MEN']))).toBe(true);
  });

  it('lets a filter with no tags constrain nothing', () => {
    expect(filterHolds(filter('contains', []), tagSelection([]))).toBe(true);
    expect(filterHolds(filter('does_not_contain', []), tagSelection(['Sale']))).toBe(true);
  });

  it('reads only the filters of the place asked about, and never shows a disabled image', () => {
    const styled = image('styled', [
      filter('contains', ['Leopard'], 'default'),
      filter('contains', ['Men'], 'gallery'),
    ]);
    const men = tagSelection(['Men']);
    expect(imageShows(styled, men, 'gallery')).toBe(true);
    expect(imageShows(styled, men, 'default')).toBe(false);
    expect(imageShows(styled, tagSelection(['Leopard']), 'default')).toBe(true);
    expect(imageShows(image('front', [], false), men, 'gallery')).toBe(false);
  });

  it('needs every filter of the place to hold', () => {
    const both = image('both', [filter('contains', ['Men']), filter('does_not_contain', ['Sale'])]);
    expect(imageShows(both, tagSelection(['Men']), 'gallery')).toBe(true);
    expect(imageShows(both, tagSelection(['Men', 'Sale']), 'gallery')).toBe(false);
  });
});

describe('the product page selection', () => {
  const product = {
    facets: {
      division: ['Men'],
      category: ['Underwear', 'Underwear > Boxer Briefs'],
      size: ['S', 'M', 'L'],
      collection: ['Sale'],
    },
  };

  it('is every facet value of the product with the size narrowed to the chosen one', () => {
    expect([...productPageSelection(product, null)].sort()).toEqual([
      'men',
      'sale',
      'underwear',
      'underwear > boxer briefs',
    ]);
    expect(productPageSelection(product, 'M').has('m')).toBe(true);
    expect(productPageSelection(product, 'M').has('s')).toBe(false);
  });
});

describe('the product page gallery', () => {
  const front = image('front');
  const back = image('back');
  const detail = image('detail', [filter('does_not_contain', ['Sale'])]);
  const styled = image('styled', [filter('contains', ['Leopard'], 'default'), filter('contains', ['Men'])]);
  const hidden = image('hidden', [], false);
  const product = {
    images: [front, back, detail, styled, hidden],
    primary_image: { url: front.url, width: 1200, height: 1500 },
  };

  it('keeps the stored order and drops what the gallery filters and enabled flags leave out', () => {
    const urls = (selection: Iterable<string>) =>
      galleryImages(product, tagSelection(selection)).map((shown) => shown.url);
    expect(urls(['Men'])).toEqual([front.url, back.url, detail.url, styled.url]);
    expect(urls(['Men', 'Sale'])).toEqual([front.url, back.url, styled.url]);
    expect(urls(['Women'])).toEqual([front.url, back.url, detail.url]);
  });

  it('returns plain image references', () => {
    expect(galleryImages(product, tagSelection([]))[0]).toEqual({ url: front.url, width: 1200, height: 1500 });
  });

  it('falls back to the primary image when the filters leave nothing, and to nothing without one', () => {
    const onlyFiltered = {
      images: [image('styled', [filter('contains', ['Men'])])],
      primary_image: product.primary_image,
    };
    expect(galleryImages(onlyFiltered, tagSelection([]))).toEqual([product.primary_image]);
    expect(galleryImages({ images: [], primary_image: null }, tagSelection([]))).toEqual([]);
  });

  it('finds the slide that shows a picture a tile hands over, by the product page selection', () => {
    const men = { ...product, facets: { division: ['Men'] } };
    expect(gallerySlideOf(men, styled.url)).toBe(3);
    expect(gallerySlideOf({ ...product, facets: { division: ['Women'] } }, styled.url)).toBe(0);
    expect(gallerySlideOf(men, hidden.url)).toBe(0);
    expect(gallerySlideOf(men, null)).toBe(0);
  });
});
