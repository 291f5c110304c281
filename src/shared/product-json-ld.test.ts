import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from './product-json-ld.ts';

const product = {
  name: 'Leopard Boxer Brief - Red',
  description: 'Soft and stretchy.',
  style_id: 'UPMH1000',
  url: '/s/10001/leopard-boxer-brief-red',
  price: 24,
  sale_price: null,
  is_in_stock: true,
};
const images = [
  { url: '/media/products/front.svg', width: 1200, height: 1500 },
  { url: '/media/../escape.svg', width: 1, height: 1 },
];

describe('the product structured data', () => {
  it('describes the product with absolute urls, its price in USD and its availability', () => {
    expect(productJsonLd(product, images, 'ACME', 'https://shop.example.com')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Leopard Boxer Brief - Red',
      image: ['https://shop.example.com/images/products/front.svg?w=1242'],
      description: 'Soft and stretchy.',
      sku: 'UPMH1000',
      brand: { '@type': 'Brand', name: 'ACME' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example.com/s/10001/leopard-boxer-brief-red',
        price: '24.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('offers the sale price when it is lower, and says when the product is sold out', () => {
    const onSale = productJsonLd(
      { ...product, sale_price: 17.95, is_in_stock: false },
      [],
      'ACME',
      'https://shop.example.com',
    );
    expect(onSale.offers.price).toBe('17.95');
    expect(onSale.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(productJsonLd({ ...product, sale_price: 30 }, [], 'ACME', 'https://shop.example.com').offers.price).toBe(
      '24.00',
    );
  });
});

describe('JSON inside a script element', () => {
  it('cannot close the script or open a comment, and reads back unchanged', () => {
    const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & -->', lines: 'a\u2028b\u2029c' };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('the product’s breadcrumb structured data', () => {
  it('lists the breadcrumbs and then the product, in order, with absolute urls', () => {
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'Men', path: '/shop/men' },
      { name: 'Boxer Briefs', path: '/shop/men/boxer-briefs' },
    ];
    expect(breadcrumbJsonLd(crumbs, product, 'https://shop.example.com')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Men', item: 'https://shop.example.com/shop/men' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Boxer Briefs',
          item: 'https://shop.example.com/shop/men/boxer-briefs',
        },
        {
          '@type': 'ListItem',
          position: 4,
          name: 'Leopard Boxer Brief - Red',
          item: 'https://shop.example.com/s/10001/leopard-boxer-brief-red',
        },
      ],
    });
  });
});
