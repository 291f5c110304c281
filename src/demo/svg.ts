/** Helpers shared by the demo's SVG drawings: colours, numbers and the document wrapper. */
import { escapeHtml } from './text.ts';

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/** Rounds to one decimal so drawings stay small and identical on every machine. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour t of the way from a to b. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Near-white on dark colours, near-black on light ones. */
export function inkOn(hex: string): string {
  return luminance(hex) < 0.36 ? '#ffffff' : '#151515';
}

export function text(content: string, attributes: string): string {
  return `<text ${attributes}>${escapeHtml(content)}</text>`;
}

export const FONT = "font-family=\"'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif\"";
