/** The size guide endpoints under /api (spec sections 2.4 and 7). */
import * as z from 'zod/mini';
import { SIZE_GUIDE_NAME_PATTERN } from '../size-chart.ts';
import { endpoint } from './endpoint.ts';

/** Every size guide, for the list page. */
export const sizeChartListEndpoint = endpoint({
  method: 'GET',
  path: '/api/size-charts',
  data: z.array(z.object({ name: z.string(), display_name: z.string(), category_name: z.string() })),
});

/** One size guide with its sanitized table: the size guide page, and the product page's drawer in the browser. */
export const sizeChartEndpoint = endpoint({
  method: 'GET',
  path: '/api/size-charts/:sizeGuideName',
  params: z.object({
    sizeGuideName: z.string().check(z.regex(SIZE_GUIDE_NAME_PATTERN, 'sizeGuideName is not a size guide name')),
  }),
  data: z.object({
    display_name: z.string(),
    category_name: z.string(),
    subheader: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    images: z.array(z.object({ url: z.string(), width: z.number(), height: z.number(), title: z.string() })),
    content: z.string(),
  }),
});
