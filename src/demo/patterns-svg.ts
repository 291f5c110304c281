/**
 * Print patterns as SVG <pattern> elements: one drawing per pattern kind, coloured by a palette. Motifs that
 * cross a tile edge are drawn again on the opposite edge so the print repeats without seams.
 */
import { createRng, hashString } from './prng.ts';
import type { Palette, PatternKind } from './prints.ts';
import { mix, n } from './svg.ts';

type Motif = (x: number, y: number) => string;

/** Draws a motif at (x, y) and again wherever it would spill over an edge of a w×h tile. */
function tiled(w: number, h: number, x: number, y: number, reach: number, motif: Motif): string {
  let out = '';
  for (const dx of [-w, 0, w]) {
    for (const dy of [-h, 0, h]) {
      const px = x + dx;
      const py = y + dy;
      if (px + reach < 0 || px - reach > w || py + reach < 0 || py - reach > h) continue;
      out += motif(px, py);
    }
  }
  return out;
}

/** A smooth irregular closed shape around (cx, cy). */
function blobPath(cx: number, cy: number, radius: number, seed: number, points = 7): string {
  const rng = createRng(seed);
  const pts = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * Math.PI * 2;
    const r = radius * (0.6 + rng.next() * 0.55);
    return [cx + Math.cos(angle) * r * 1.25, cy + Math.sin(angle) * r * 0.85] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) =>
    [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const first = mid(pts[points - 1] as readonly [number, number], pts[0] as readonly [number, number]);
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < points; i++) {
    const p = pts[i] as readonly [number, number];
    const next = mid(p, pts[(i + 1) % points] as readonly [number, number]);
    d += `Q${n(p[0])} ${n(p[1])} ${n(next[0])} ${n(next[1])}`;
  }
  return `${d}Z`;
}

function star(cx: number, cy: number, r: number, fill: string, rotation = 0): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = ((i * 36 + rotation - 90) * Math.PI) / 180;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${n(cx + Math.cos(angle) * radius)},${n(cy + Math.sin(angle) * radius)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function heart(cx: number, cy: number, s: number, fill: string): string {
  return `<path transform="translate(${n(cx)} ${n(cy)}) scale(${n(s)})" d="M0 6C-4-2-14-2-14 6C-14 13-4 18 0 23C4 18 14 13 14 6C14-2 4-2 0 6Z" fill="${fill}"/>`;
}

function bolt(cx: number, cy: number, s: number, angle: number, fill: string, stroke: string): string {
  return `<polygon transform="translate(${n(cx)} ${n(cy)}) rotate(${angle}) scale(${n(s)})" points="-6,-40 18,-40 6,-8 20,-8 -14,42 -4,6 -18,6" fill="${fill}" stroke="${stroke}" stroke-width="2" stroke-linejoin="round"/>`;
}

function flower(cx: number, cy: number, r: number, petal: string, centre: string, rotation: number): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    petals += `<ellipse cx="0" cy="${n(-r * 0.55)}" rx="${n(r * 0.36)}" ry="${n(r * 0.55)}" transform="rotate(${i * 72})" fill="${petal}"/>`;
  }
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${rotation})">${petals}<circle r="${n(r * 0.24)}" fill="${centre}"/></g>`;
}

function leaf(cx: number, cy: number, length: number, angle: number, fill: string, vein: string): string {
  const l = length;
  let veins = '';
  for (let i = 1; i < 9; i++) {
    const x = (l * i) / 10;
    const spread = Math.sin((Math.PI * i) / 10) * l * 0.2;
    veins += `M${n(x)} 0L${n(x + l * 0.08)} ${n(-spread)}M${n(x)} 0L${n(x + l * 0.08)} ${n(spread)}`;
  }
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${angle})">` +
    `<path d="M0 0C${n(l * 0.25)} ${n(-l * 0.26)} ${n(l * 0.7)} ${n(-l * 0.24)} ${n(l)} 0C${n(l * 0.7)} ${n(l * 0.24)} ${n(l * 0.25)} ${n(l * 0.26)} 0 0Z" fill="${fill}"/>` +
    `<path d="M0 0L${n(l)} 0${veins}" stroke="${vein}" stroke-width="${n(l * 0.025)}" fill="none"/></g>`
  );
}

function flame(cx: number, cy: number, s: number, outer: string, inner: string): string {
  const shape =
    'M0 60C-34 60-46 30-38 6C-32-12-16-18-14-40C-4-26 0-14-2 0C6-12 10-34 4-62C30-40 44-12 40 16C38 42 22 60 0 60Z';
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(s)})"><path d="${shape}" fill="${outer}"/><path d="${shape}" transform="translate(2 22) scale(0.55)" fill="${inner}"/></g>`;
}

interface PatternBody {
  width: number;
  height: number;
  body: string;
  transform?: string;
}

function patternBody(kind: PatternKind, p: Palette, variant: number): PatternBody {
  const rng = createRng(hashString(`${kind}:${variant}`));
  const ground = `<rect x="-1" y="-1" width="1000" height="1000" fill="${p.base}"/>`;
  switch (kind) {
    case 'solid': {
      let specks = '';
      for (let i = 0; i < 14; i++) {
        specks += `<circle cx="${rng.int(0, 40)}" cy="${rng.int(0, 40)}" r="${n(0.8 + rng.next())}" fill="${i % 2 ? p.accent : p.detail}" opacity=".7"/>`;
      }
      return {
        width: 40,
        height: 40,
        body: `${ground}${specks}<path d="M0 20H40" stroke="${p.detail}" stroke-width="1" opacity=".35"/>`,
      };
    }
    case 'stripes': {
      const angle = [0, 90, 45, -45][variant % 4] ?? 0;
      return {
        width: 96,
        height: 96,
        transform: `rotate(${angle})`,
        body: `${ground}<rect y="0" width="96" height="30" fill="${p.accent}"/><rect y="48" width="96" height="7" fill="${p.detail}"/><rect y="64" width="96" height="3" fill="${p.accent}" opacity=".6"/>`,
      };
    }
    case 'dots': {
      const big = variant % 2 === 0 ? 13 : 8;
      const dots = Array.from(
        { length: 2 },
        (_, i) => `<circle cx="${18 + i * 36}" cy="${18 + i * 36}" r="${big}" fill="${p.accent}"/>`,
      ).join('');
      const small = `<circle cx="54" cy="18" r="${n(big * 0.45)}" fill="${p.detail}"/><circle cx="18" cy="54" r="${n(big * 0.45)}" fill="${p.detail}"/>`;
      return {
        width: 72,
        height: 72,
        transform: variant % 3 === 0 ? 'rotate(12)' : '',
        body: `${ground}${dots}${small}`,
      };
    }
    case 'camo': {
      const colours = [p.accent, p.detail, mix(p.trim, p.base, 0.25)];
      let blobs = '';
      for (let i = 0; i < 15; i++) {
        const x = rng.int(0, 320);
        const y = rng.int(0, 320);
        const r = rng.int(26, 58);
        const seed = rng.int(1, 1e9);
        const fill = colours[i % 3] ?? p.accent;
        blobs += tiled(320, 320, x, y, r * 1.6, (px, py) => `<path d="${blobPath(px, py, r, seed)}" fill="${fill}"/>`);
      }
      return { width: 320, height: 320, body: `${ground}${blobs}` };
    }
    case 'checks': {
      const band = variant % 2 === 0 ? 48 : 32;
      return {
        width: band * 2,
        height: band * 2,
        body:
          `${ground}<rect width="${band}" height="${band * 2}" fill="${p.accent}" opacity=".55"/>` +
          `<rect width="${band * 2}" height="${band}" fill="${p.accent}" opacity=".55"/>` +
          `<path d="M${band * 1.5} 0V${band * 2}M0 ${band * 1.5}H${band * 2}" stroke="${p.detail}" stroke-width="3" opacity=".8"/>`,
      };
    }
    case 'palms': {
      let leaves = '';
      for (let i = 0; i < 7; i++) {
        const x = rng.int(0, 380);
        const y = rng.int(0, 380);
        const length = rng.int(120, 180);
        const angle = rng.int(0, 359);
        leaves += tiled(380, 380, x, y, length, (px, py) =>
          leaf(px, py, length, angle, i % 3 === 2 ? mix(p.accent, p.base, 0.3) : p.accent, p.base),
        );
      }
      let dots = '';
      for (let i = 0; i < 4; i++) {
        const x = rng.int(0, 380);
        const y = rng.int(0, 380);
        const rotation = rng.int(0, 72);
        dots += tiled(380, 380, x, y, 30, (px, py) => flower(px, py, 36, p.detail, p.trim, rotation));
      }
      return { width: 380, height: 380, body: `${ground}${dots}${leaves}` };
    }
    case 'lightning': {
      let bolts = '';
      for (let i = 0; i < 5; i++) {
        const x = 20 + ((i * 47) % 200);
        const y = 20 + ((i * 83) % 200);
        bolts += tiled(220, 220, x, y, 50, (px, py) =>
          bolt(px, py, 0.9 + (i % 3) * 0.2, ((i * 37) % 60) - 30, p.accent, p.trim),
        );
      }
      let sparks = '';
      for (let i = 0; i < 6; i++)
        sparks += `<circle cx="${rng.int(5, 215)}" cy="${rng.int(5, 215)}" r="3" fill="${p.detail}"/>`;
      return { width: 220, height: 220, body: `${ground}${sparks}${bolts}` };
    }
    case 'florals': {
      let flowers = '';
      for (let i = 0; i < 6; i++) {
        const x = rng.int(0, 260);
        const y = rng.int(0, 260);
        const r = rng.int(26, 48);
        const rotation = rng.int(0, 72);
        flowers += tiled(
          260,
          260,
          x,
          y,
          r * 1.6,
          (px, py) =>
            leaf(px + r * 0.4, py + r * 0.3, r * 1.3, 30 + rotation, mix(p.trim, p.base, 0.35), p.base) +
            flower(px, py, r, i % 2 ? p.accent : p.detail, i % 2 ? p.detail : p.accent, rotation),
        );
      }
      return { width: 260, height: 260, body: `${ground}${flowers}` };
    }
    case 'tie-dye': {
      const rings = (cx: number, cy: number) => {
        let out = '';
        for (let i = 0; i < 9; i++) {
          const r = 300 - i * 33;
          const fill = [p.accent, p.detail, p.base][i % 3] ?? p.base;
          out += `<path d="${blobPath(cx, cy, r, 1000 + i * 7 + variant, 11)}" fill="${fill}" opacity=".9"/>`;
        }
        return out;
      };
      return {
        width: 500,
        height: 500,
        body: `${ground}${rings(0, 0)}${rings(500, 0)}${rings(0, 500)}${rings(500, 500)}${rings(250, 250)}`,
      };
    }
    case 'chevron':
      return {
        width: 120,
        height: 72,
        body:
          `${ground}<path d="M-30 54L0 24L30 54L60 24L90 54L120 24L150 54" stroke="${p.accent}" stroke-width="16" fill="none"/>` +
          `<path d="M-30 18L0-12L30 18L60-12L90 18L120-12L150 18" stroke="${p.detail}" stroke-width="6" fill="none"/>` +
          `<path d="M-30 90L0 60L30 90L60 60L90 90L120 60L150 90" stroke="${p.detail}" stroke-width="6" fill="none"/>`,
      };
    case 'stars': {
      let stars = '';
      for (let i = 0; i < 7; i++) {
        const x = rng.int(0, 200);
        const y = rng.int(0, 200);
        const r = rng.int(8, 22);
        const rot = rng.int(0, 72);
        stars += tiled(200, 200, x, y, r, (px, py) => star(px, py, r, i % 3 === 0 ? p.detail : p.accent, rot));
      }
      for (let i = 0; i < 12; i++)
        stars += `<circle cx="${rng.int(0, 200)}" cy="${rng.int(0, 200)}" r="${n(1 + rng.next() * 1.5)}" fill="${p.accent}" opacity=".8"/>`;
      return { width: 200, height: 200, body: `${ground}${stars}` };
    }
    case 'hearts':
      return {
        width: 120,
        height: 120,
        transform: 'rotate(-10)',
        body: `${ground}${heart(30, 22, 1.4, p.accent)}${heart(90, 82, 1.4, p.accent)}${heart(90, 26, 0.6, p.detail)}${heart(30, 86, 0.6, p.detail)}`,
      };
    case 'leopard': {
      let spots = '';
      for (let i = 0; i < 9; i++) {
        const x = rng.int(0, 240);
        const y = rng.int(0, 240);
        const r = rng.int(18, 28);
        const seed = rng.int(1, 1e9);
        spots += tiled(
          240,
          240,
          x,
          y,
          r * 1.8,
          (px, py) =>
            `<path d="${blobPath(px, py, r * 0.7, seed + 1)}" fill="${p.detail}"/><path d="${blobPath(px, py, r, seed)}" fill="none" stroke="${p.accent}" stroke-width="${n(r * 0.35)}" stroke-dasharray="${n(r * 1.2)} ${n(r * 0.5)}" stroke-linecap="round"/>`,
        );
      }
      return { width: 240, height: 240, body: `${ground}${spots}` };
    }
    case 'waves':
      return {
        width: 160,
        height: 80,
        body:
          `${ground}<path d="M0 30C40 6 80 6 80 30C80 54 120 54 160 30" stroke="${p.accent}" stroke-width="14" fill="none"/>` +
          `<path d="M0 62C40 44 80 44 80 62C80 80 120 80 160 62" stroke="${p.detail}" stroke-width="5" fill="none"/>`,
      };
    case 'geometric': {
      const cells = [p.accent, p.detail, p.base, mix(p.accent, p.detail, 0.5)];
      let tris = '';
      for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 4; col++) {
          const x = col * 50;
          const y = row * 50;
          const fill = cells[(row * 3 + col * 5 + variant) % cells.length] ?? p.accent;
          const up = (row + col) % 2 === 0;
          tris += `<polygon points="${up ? `${x},${y + 50} ${x + 25},${y} ${x + 50},${y + 50}` : `${x},${y} ${x + 50},${y} ${x + 25},${y + 50}`}" fill="${fill}"/>`;
        }
      }
      return {
        width: 200,
        height: 200,
        body: `${ground}${tris}<path d="M0 0H200V200H0Z" fill="none" stroke="${p.trim}" stroke-width="2" opacity=".3"/>`,
      };
    }
    case 'flames': {
      let flames = '';
      for (let i = 0; i < 5; i++) {
        const x = rng.int(0, 280);
        const y = rng.int(0, 280);
        const s = 0.7 + rng.next() * 0.6;
        flames += tiled(280, 280, x, y, 70 * s, (px, py) => flame(px, py, s, p.accent, p.detail));
      }
      return { width: 280, height: 280, body: `${ground}${flames}` };
    }
  }
}

/** A <pattern> with the given id, in user space so it scales with the drawing that uses it. */
export function patternDef(id: string, kind: PatternKind, palette: Palette, variant: number, scale = 1): string {
  const { width, height, body, transform } = patternBody(kind, palette, variant);
  const transforms = [scale === 1 ? '' : `scale(${n(scale)})`, transform ?? ''].filter(Boolean).join(' ');
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${width}" height="${height}"${transforms ? ` patternTransform="${transforms}"` : ''}>${body}</pattern>`;
}
