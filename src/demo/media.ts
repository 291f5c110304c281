/**
 * The media files the demo store refers to, as plain descriptions. Generation lists them; the loader renders
 * and writes each once. Product shots are keyed by design (garment, print, colourway, view), never by product,
 * so a catalogue of 100,000 products reuses a few thousand files.
 */
import type { Shape } from './garments.ts';
import { PRINTS } from './prints.ts';
import { slugify } from './text.ts';

export const PRODUCT_SHOT = { width: 1200, height: 1500 } as const;
export const CHIP = { width: 200, height: 200 } as const;
export const LOGO = { width: 240, height: 64 } as const;

export const GARMENT_VIEWS = ['front', 'back', 'detail', 'styled'] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export const BADGE_ICONS = ['flame', 'star', 'bolt', 'sparkle'] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

export const SCENE_KINDS = ['beach', 'mountains', 'city', 'tropical', 'waves', 'confetti', 'studio', 'desert'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface SceneSpec {
  kind: SceneKind;
  width: number;
  height: number;
  /** Indexes into the print colourways whose palette colours the scene and whose garments it shows. */
  printIndex: number;
  colourwayIndex: number;
  /** Garments laid out in studio scenes. */
  shapes: readonly Shape[];
  /** A short headline drawn into the scene, or empty. */
  headline: string;
}

export type MediaFile =
  | { kind: 'garment'; path: string; shape: Shape; printIndex: number; colourwayIndex: number; view: GarmentView }
  | { kind: 'chip'; path: string; printIndex: number; colourwayIndex: number }
  | { kind: 'logo'; path: string; theme: 'light' | 'dark' }
  | { kind: 'icon'; path: string; icon: BadgeIcon }
  | { kind: 'scene'; path: string; scene: SceneSpec }
  | { kind: 'size-diagram'; path: string; shape: Shape; title: string; measures: DiagramMeasures };

/**
 * The measuring lines of a size diagram, each named as the size table's column: across the top, down the right
 * side (the whole height, or the inseam from the crotch to the hem) and across the bottom.
 */
export interface DiagramMeasures {
  top?: string;
  side?: string;
  inseam?: string;
  bottom?: string;
}

/** The stored url of a media file: the media host maps /media/… to its image path. */
export function mediaUrl(file: { path: string }): string {
  return `/media/${file.path}`;
}

/** 'tropic-thunder--sunset' per print and colourway, worked out once: file names are asked for per image. */
const DESIGN_SLUGS: readonly (readonly string[])[] = PRINTS.map((print) =>
  print.colourways.map((colourway) => `${slugify(print.name)}--${slugify(colourway.name)}`),
);

function designSlug(printIndex: number, colourwayIndex: number): string {
  const slug = DESIGN_SLUGS[printIndex]?.[colourwayIndex];
  if (!slug) throw new Error(`No colourway ${printIndex}/${colourwayIndex}`);
  return slug;
}

export function garmentFile(shape: Shape, printIndex: number, colourwayIndex: number, view: GarmentView): MediaFile {
  return {
    kind: 'garment',
    path: `products/${shape}--${designSlug(printIndex, colourwayIndex)}--${view}.svg`,
    shape,
    printIndex,
    colourwayIndex,
    view,
  };
}

export function chipFile(printIndex: number, colourwayIndex: number): MediaFile {
  return {
    kind: 'chip',
    path: `products/chip--${designSlug(printIndex, colourwayIndex)}.svg`,
    printIndex,
    colourwayIndex,
  };
}

export function logoFile(brand: string, theme: 'light' | 'dark'): MediaFile {
  return { kind: 'logo', path: `brand/${brand}-logo${theme === 'dark' ? '-dark' : ''}.svg`, theme };
}

export function iconFile(icon: BadgeIcon): MediaFile {
  return { kind: 'icon', path: `brand/icons/${icon}.svg`, icon };
}

export function sceneFile(name: string, scene: SceneSpec): MediaFile {
  return { kind: 'scene', path: `content/${name}.svg`, scene };
}

export function sizeDiagramFile(name: string, shape: Shape, title: string, measures: DiagramMeasures): MediaFile {
  return { kind: 'size-diagram', path: `content/size-guides/${name}.svg`, shape, title, measures };
}

/** Collects media files by path, so each is listed (and later written) once. */
export class MediaRegistry {
  private readonly files = new Map<string, MediaFile>();

  add(file: MediaFile): string {
    if (!this.files.has(file.path)) this.files.set(file.path, file);
    return mediaUrl(file);
  }

  list(): MediaFile[] {
    return [...this.files.values()];
  }
}
