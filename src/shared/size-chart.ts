/** The size chart of spec section 3, as GET /api/size-charts/{sizeGuideName} answers it. */
export interface SizeChartImage {
  url: string;
  width: number;
  height: number;
  title: string;
}

export interface SizeChart {
  display_name: string;
  category_name: string;
  subheader: string;
  meta_title: string;
  meta_description: string;
  images: SizeChartImage[];
  /** The measurement table as sanitized HTML. */
  content: string;
}

/** One row of the size guide list (GET /api/size-charts). */
export interface SizeChartSummary {
  name: string;
  display_name: string;
  category_name: string;
}

/** A size guide name as URLs and hashes carry it: lower-case words joined by dashes. */
export const SIZE_GUIDE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Size guides grouped by category, in the order the categories first appear. */
export function groupByCategory(
  charts: readonly SizeChartSummary[],
): Array<{ category: string; charts: SizeChartSummary[] }> {
  const groups = new Map<string, SizeChartSummary[]>();
  for (const chart of charts) {
    const group = groups.get(chart.category_name);
    if (group) group.push(chart);
    else groups.set(chart.category_name, [chart]);
  }
  return [...groups].map(([category, list]) => ({ category, charts: list }));
}
