import { z } from 'zod';
import type { SizeChart, SizeChartImage, SizeChartSummary } from '../../shared/size-chart.ts';
import type { Db } from '../db/database.ts';
import { sanitizeContentHtml } from './sanitize.ts';

const imageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string().catch(''),
});

/** The stored images of a chart; entries that are not images are left out rather than failing the guide. */
function parseImages(json: string): SizeChartImage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const image = imageSchema.safeParse(entry);
    return image.success ? [image.data] : [];
  });
}

/** The size guides in their order (spec 2.4). */
export async function listSizeCharts(db: Db): Promise<SizeChartSummary[]> {
  return db
    .selectFrom('size_charts')
    .select(['name', 'display_name', 'category_name'])
    .orderBy('position')
    .orderBy('name')
    .execute();
}

/** One size guide with its images and its sanitized table, or null when there is none of that name. */
export async function readSizeChart(db: Db, name: string): Promise<SizeChart | null> {
  const row = await db.selectFrom('size_charts').selectAll().where('name', '=', name).executeTakeFirst();
  if (!row) return null;
  return {
    display_name: row.display_name,
    category_name: row.category_name,
    subheader: row.subheader,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    images: parseImages(row.images),
    content: sanitizeContentHtml(row.content),
  };
}
