import { describe, expectTypeOf, it } from 'vitest';
import type { ProductDocument } from '../product.ts';
import type { SizeChart, SizeChartSummary } from '../size-chart.ts';
import type { DataOf } from './endpoint.ts';
import type { productEndpoint } from './products.ts';
import type { sizeChartEndpoint, sizeChartListEndpoint } from './size-charts.ts';

describe('the product endpoints', () => {
  it('respond with exactly the product document and the size guides the pages show', () => {
    expectTypeOf<DataOf<typeof productEndpoint>>().toEqualTypeOf<ProductDocument>();
    expectTypeOf<DataOf<typeof sizeChartEndpoint>>().toEqualTypeOf<SizeChart>();
    expectTypeOf<DataOf<typeof sizeChartListEndpoint>>().toEqualTypeOf<SizeChartSummary[]>();
  });
});
