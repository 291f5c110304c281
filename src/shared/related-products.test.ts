import { describe, expect, it } from 'vitest';
import { relatedProductsParams } from './related-products.ts';

const product = {
  _id: '10001',
  facets: { division: ['Men'], category: ['Underwear', 'Underwear > Boxer Briefs'] },
  swatch_products: [
    { _id: '10001', style_id: 'S1', name: 'Red', url: '/s/10001/a', color_image: null },
    { _id: '10004', style_id: 'S2', name: 'Blue', url: '/s/10004/b', color_image: null },
  ],
  variants: [
    {
      _id: '10002',
      variant_name: 'Long',
      url: '/s/10002/c',
      price: 30,
      sale_price: null,
      is_in_stock: true,
      total_quantity: 3,
      skus: [],
    },
  ],
};

describe('the You May Also Like search', () => {
  it('asks for the best sellers of the same category and division, in stock and pictured, not the product’s own', () => {
    expect(relatedProductsParams(product)).toEqual({
      q: '*',
      filter_by:
        'category:=[`Underwear > Boxer Briefs`] && division:=[`Men`] && id:!=[10001,10004,10002] && is_in_stock:true && has_primary_image:true && show_on_plp:true',
      sort_by: 'availability:asc,units_sold:desc,default_position:asc',
      limit: 12,
      include_fields:
        '_id,name,fit,url,price,sale_price,is_in_stock,total_quantity,badge_text,badge_class,primary_image',
    });
  });

  it('needs a category, and does without a division', () => {
    expect(relatedProductsParams({ ...product, facets: { division: ['Men'] } })).toBeNull();
    expect(relatedProductsParams({ ...product, facets: { category: ['Bras'] } })?.filter_by).toMatch(
      /^category:=\[`Bras`\] && id:!=/,
    );
  });
});
