import type { APIRequestContext } from '@playwright/test';
import type { ProductDocument } from '../src/shared/product.ts';

/** The demo store's first products, read through the API: the journeys pick what they need by its stock. */
export async function demoProducts(request: APIRequestContext): Promise<ProductDocument[]> {
  const products: ProductDocument[] = [];
  for (let id = 10001; id <= 10120; id++) {
    const response = await request.get(`/api/products/${id}`);
    if (response.ok()) products.push(((await response.json()) as { data: ProductDocument }).data);
  }
  return products;
}

export function pick(
  products: ProductDocument[],
  wanted: (product: ProductDocument) => boolean,
  what: string,
): ProductDocument {
  const product = products.find(wanted);
  if (!product) throw new Error(`The demo store has no ${what}`);
  return product;
}
