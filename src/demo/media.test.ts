import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateDemoStore } from './demo-store.ts';
import { SHAPES } from './garments.ts';
import { GARMENT_VIEWS, PRODUCT_SHOT, chipFile, garmentFile, logoFile, type MediaFile } from './media.ts';
import { PRINTS } from './prints.ts';
import { renderMedia } from './render-media.ts';

/** Checks that every element is closed in order: enough to catch a broken drawing without an XML parser. */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^<>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (name) {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

const NOW = new Date('2025-06-01T12:00:00Z');

describe('demo media', () => {
  it('renders every file of the demo store as a well-formed SVG', () => {
    const store = generateDemoStore({ brand: 'acme', now: NOW, productCount: 300 });
    for (const file of store.media) {
      const svg = renderMedia(file, 'acme');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file.path).toBe(true);
      expect(wellFormed(svg), file.path).toBe(true);
      expect(svg, file.path).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it('draws every garment in every view and every print as a chip', () => {
    for (const shape of SHAPES) {
      for (const view of GARMENT_VIEWS) {
        const svg = renderMedia(garmentFile(shape, 0, 0, view), 'acme');
        expect(wellFormed(svg), `${shape} ${view}`).toBe(true);
        expect(svg).toContain(`width="${PRODUCT_SHOT.width}" height="${PRODUCT_SHOT.height}"`);
        expect(svg).toContain('url(#print)');
      }
      expect(renderMedia(garmentFile(shape, 1, 0, 'front'), 'acme')).not.toBe(
        renderMedia(garmentFile(shape, 1, 0, 'back'), 'acme'),
      );
    }
    PRINTS.forEach((print, printIndex) =>
      print.colourways.forEach((_, colourwayIndex) => {
        expect(wellFormed(renderMedia(chipFile(printIndex, colourwayIndex), 'acme'))).toBe(true);
      }),
    );
  });

  it('names product files by design, so products of one design share them', () => {
    expect(garmentFile('tee', 0, 1, 'front').path).toBe('products/tee--tropic-thunder--lagoon--front.svg');
    expect(chipFile(0, 0).path).toBe('products/chip--tropic-thunder--sunset.svg');
    const store = generateDemoStore({ brand: 'acme', now: NOW, productCount: 3000 });
    expect(store.media.length).toBeLessThan(store.catalogue.images.length);
  });

  it('is drawable by the image host', async () => {
    const sharp = createRequire(import.meta.url)('sharp') as (input: Buffer) => {
      resize(width: number): { png(): { toBuffer(): Promise<Buffer> } };
    };
    const files: MediaFile[] = [
      garmentFile('hoodie', 2, 1, 'front'),
      garmentFile('sock-crew', 5, 0, 'back'),
      chipFile(7, 1),
      logoFile('acme', 'light'),
    ];
    for (const file of files) {
      const png = await sharp(Buffer.from(renderMedia(file, 'acme')))
        .resize(100)
        .png()
        .toBuffer();
      expect(png.length).toBeGreaterThan(100);
    }
  });
});
