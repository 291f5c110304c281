/**
 * The product page's structured data (schema.org Product and BreadcrumbList), and the one safe way to put JSON inside a
 * `<script type="application/ld+json">`.
 */
import { CURRENCY } from './constants.ts';
import { imageUrl } from './media-url.ts';
import type { Breadcrumb } from './product-breadcrumbs.ts';
import { sellingPrice, type ImageRef, type ProductDocument } from './product.ts';

/** Structured-data images are shown large: the 1200 px rendition, like the sharing image. */
const JSON_LD_IMAGE_WIDTH = 1200;

export interface ProductJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  image: string[];
  description: string;
  sku: string;
  brand: { '@type': 'Brand'; name: string };
  offers: {
    '@type': 'Offer';
    url: string;
    price: string;
    priceCurrency: typeof CURRENCY;
    availability: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
  };
}

type JsonLdProduct = Pick<
  ProductDocument,
  'name' | 'description' | 'style_id' | 'url' | 'price' | 'sale_price' | 'is_in_stock'
>;

/** The product as search engines read it; urls are absolute on the shop's public origin. */
export function productJsonLd(
  product: JsonLdProduct,
  images: readonly ImageRef[],
  brandName: string,
  publicUrl: string,
): ProductJsonLd {
  const absolute = (path: string) => new URL(path, publicUrl).toString();
  const price = sellingPrice(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: images
      .map((image) => imageUrl(image.url, JSON_LD_IMAGE_WIDTH))
      .filter((url) => url !== '')
      .map(absolute),
    description: product.description,
    sku: product.style_id,
    brand: { '@type': 'Brand', name: brandName },
    offers: {
      '@type': 'Offer',
      url: absolute(product.url),
      price: price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: product.is_in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}

export interface BreadcrumbListJsonLd {
  '@context': 'https://schema.org';
  '@type': 'BreadcrumbList';
  itemListElement: Array<{ '@type': 'ListItem'; position: number; name: string; item: string }>;
}

/** The trail to the product as search engines read it: the breadcrumbs, then the product itself. */
export function breadcrumbJsonLd(
  crumbs: readonly Breadcrumb[],
  product: Pick<ProductDocument, 'name' | 'url'>,
  publicUrl: string,
): BreadcrumbListJsonLd {
  const trail = [...crumbs, { name: product.name, path: product.url }];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, publicUrl).toString(),
    })),
  };
}

/**
 * JSON for an inline script: `<`, `>` and `&` become \u escapes, so no value can close the script or open a
 * comment, and the line separators U+2028 and U+2029 are escaped for older parsers. JSON.parse reads it back
 * unchanged.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
