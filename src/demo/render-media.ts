/** Turns a media description into its SVG text. */
import { renderIcon, renderLogo, renderScene, renderSizeDiagram } from './content-svg.ts';
import { renderChip, renderGarment } from './garments-svg.ts';
import type { MediaFile } from './media.ts';
import { PRINTS, type Colourway, type Print } from './prints.ts';

function design(printIndex: number, colourwayIndex: number): { print: Print; colourway: Colourway } {
  const print = PRINTS[printIndex];
  const colourway = print?.colourways[colourwayIndex];
  if (!print || !colourway) throw new Error(`No colourway ${printIndex}/${colourwayIndex}`);
  return { print, colourway };
}

export function renderMedia(file: MediaFile, brand: string): string {
  switch (file.kind) {
    case 'garment': {
      const { print, colourway } = design(file.printIndex, file.colourwayIndex);
      return renderGarment(file.shape, print, colourway, file.view, brand, file.printIndex);
    }
    case 'chip': {
      const { print, colourway } = design(file.printIndex, file.colourwayIndex);
      return renderChip(print, colourway, file.printIndex);
    }
    case 'logo':
      return renderLogo(brand, file.theme);
    case 'icon':
      return renderIcon(file.icon);
    case 'scene':
      return renderScene(file.scene, brand);
    case 'size-diagram':
      return renderSizeDiagram(file.shape, file.title, file.measures);
  }
}
