import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSizeDiagram } from './content-svg.ts';
import { MediaRegistry, mediaUrl, type MediaFile } from './media.ts';
import { sizeChartRows } from './size-charts.ts';

const media = new MediaRegistry();
const charts = sizeChartRows('ACME', media);
const diagrams = media
  .list()
  .filter((file): file is Extract<MediaFile, { kind: 'size-diagram' }> => file.kind === 'size-diagram');

/** The measuring lines' colour, as the rasterizer draws it. */
const isLabelInk = (r: number, g: number, b: number) =>
  Math.abs(r - 0xe4) < 40 && Math.abs(g - 0x57) < 40 && Math.abs(b - 0x2e) < 40;

/** How many pixels of the measuring ink fall outside the picture when it is drawn with a wide margin around it. */
async function inkOutsideThePicture(svg: string): Promise<number> {
  const margin = 200;
  const widened = svg.replace(
    /width="800" height="800" viewBox="0 0 800 800"/,
    `width="${800 + 2 * margin}" height="${800 + 2 * margin}" viewBox="${-margin} ${-margin} ${800 + 2 * margin} ${800 + 2 * margin}"`,
  );
  const { data, info } = await sharp(Buffer.from(widened)).raw().toBuffer({ resolveWithObject: true });
  let outside = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const inside = x >= margin && x < margin + 800 && y >= margin && y < margin + 800;
      const i = (y * info.width + x) * info.channels;
      if (!inside && isLabelInk(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)) outside++;
    }
  }
  return outside;
}

describe('the size charts', () => {
  it('have a table column for every measure their diagrams name', () => {
    for (const chart of charts) {
      const columns = [...(chart.content ?? '').matchAll(/<th>([^<]*)<\/th>/g)].map((match) => match[1] ?? '');
      const urls = new Set(JSON.parse(chart.images ?? '[]').map((image: { url: string }) => image.url));
      const named = diagrams.filter((file) => urls.has(mediaUrl(file))).flatMap((file) => Object.values(file.measures));
      expect(named.length, chart.name).toBeGreaterThan(0);
      for (const measure of named)
        expect(
          columns.some((column) => column === measure || column.startsWith(`${measure} (`)),
          `${chart.name}: ${measure}`,
        ).toBe(true);
    }
  });

  it('draw every diagram, labels included, inside the picture', async () => {
    expect(diagrams.length).toBeGreaterThan(0);
    for (const file of diagrams) {
      expect(await inkOutsideThePicture(renderSizeDiagram(file.shape, file.title, file.measures)), file.path).toBe(0);
    }
  });
});
