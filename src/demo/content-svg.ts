/**
 * The demo's non-product drawings: brand logos, badge icons, hero and lifestyle scenes (gradients and shapes,
 * no people) and size-guide diagrams.
 */
import { garmentDefs, garmentInBox, garmentOutline } from './garments-svg.ts';
import type { Shape } from './garments.ts';
import { LOGO, type BadgeIcon, type DiagramMeasures, type SceneSpec } from './media.ts';
import { createRng, hashString } from './prng.ts';
import { PRINTS, type Colourway, type Print } from './prints.ts';
import { FONT, inkOn, mix, n, svgDocument, text } from './svg.ts';

const HEADLINE = `${FONT} font-weight="900" text-anchor="middle"`;

/** The wordmark: dark ink for the light theme, light ink for the dark theme; transparent background. */
export function renderLogo(brand: string, theme: 'light' | 'dark'): string {
  const ink = theme === 'light' ? '#111111' : '#ffffff';
  const accent = theme === 'light' ? '#e4572e' : '#ffb627';
  return svgDocument(
    LOGO.width,
    LOGO.height,
    `<circle cx="32" cy="32" r="26" fill="${accent}"/>` +
      `<polygon points="28,12 42,12 34,28 44,28 24,54 30,34 20,34" fill="${theme === 'light' ? '#ffffff' : '#111111'}"/>` +
      text(brand.toUpperCase(), `x="150" y="45" font-size="38" letter-spacing="5" fill="${ink}" ${HEADLINE}`),
  );
}

const ICONS: Record<BadgeIcon, string> = {
  flame:
    '<path d="M24 44C14 44 9 37 10 29C11 22 16 19 17 11C21 15 22 20 21 24C24 20 26 14 24 5C33 11 39 19 38 29C37 38 32 44 24 44Z" fill="#f97316"/><path d="M24 44C20 44 17 41 18 37C19 33 22 32 22 28C25 31 26 33 26 35C28 33 28 31 28 29C31 32 31 36 30 39C29 42 27 44 24 44Z" fill="#fde047"/>',
  star: '<polygon points="24,4 29.5,17 43,18 32.5,27 36,41 24,33.5 12,41 15.5,27 5,18 18.5,17" fill="#f59e0b"/>',
  bolt: '<polygon points="20,3 34,3 26,20 36,20 15,45 21,26 12,26" fill="#0ea5e9"/>',
  sparkle: '<path d="M24 3C26 16 32 22 45 24C32 26 26 32 24 45C22 32 16 26 3 24C16 22 22 16 24 3Z" fill="#8b5cf6"/>',
};

export function renderIcon(icon: BadgeIcon): string {
  return svgDocument(48, 48, ICONS[icon]);
}

function colourwayOf(spec: SceneSpec): { print: Print; colourway: Colourway } {
  const print = PRINTS[spec.printIndex];
  const colourway = print?.colourways[spec.colourwayIndex];
  if (!print || !colourway) throw new Error(`No colourway ${spec.printIndex}/${spec.colourwayIndex}`);
  return { print, colourway };
}

function skyGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

function wavePath(w: number, y: number, amplitude: number, length: number, phase: number, bottom: number): string {
  let d = `M0 ${n(y)}`;
  for (let x = 0; x <= w + length; x += length / 2) {
    const up = Math.round(x / (length / 2)) % 2 === 0 ? -1 : 1;
    d += `Q${n(x + length / 4 + phase)} ${n(y + up * amplitude)} ${n(x + length / 2)} ${n(y)}`;
  }
  return `${d}L${w} ${bottom}L0 ${bottom}Z`;
}

function palmTree(x: number, ground: number, height: number, fill: string): string {
  const top = ground - height;
  let fronds = '';
  for (let i = 0; i < 7; i++) {
    const angle = -160 + i * 24;
    const rad = (angle * Math.PI) / 180;
    const ex = x + Math.cos(rad) * height * 0.45;
    const ey = top + Math.sin(rad) * height * 0.25 + height * 0.12;
    fronds += `<path d="M${n(x)} ${n(top)}Q${n((x + ex) / 2)} ${n(top - height * 0.12)} ${n(ex)} ${n(ey)}Q${n((x + ex) / 2)} ${n(top - height * 0.02)} ${n(x)} ${n(top)}Z" fill="${fill}"/>`;
  }
  return `<path d="M${n(x - 10)} ${ground}Q${n(x - 40)} ${n(ground - height * 0.5)} ${n(x)} ${n(top)}L${n(x + 10)} ${n(top)}Q${n(x - 22)} ${n(ground - height * 0.5)} ${n(x + 12)} ${ground}Z" fill="${fill}"/>${fronds}`;
}

function sceneBody(
  spec: SceneSpec,
  print: Print,
  colourway: Colourway,
  brand: string,
): { defs: string; body: string; backdrop: string } {
  const { width: w, height: h } = spec;
  const p = colourway.palette;
  const rng = createRng(hashString(`${spec.kind}:${spec.printIndex}:${spec.colourwayIndex}:${w}x${h}`));
  switch (spec.kind) {
    case 'beach': {
      const horizon = h * 0.58;
      const defs = skyGradient('sky', mix(p.accent, '#ffffff', 0.25), mix(p.detail, '#ffffff', 0.55));
      return {
        backdrop: mix(p.accent, '#ffffff', 0.25),

        defs,
        body:
          `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${n(w * 0.68)}" cy="${n(horizon - h * 0.08)}" r="${n(h * 0.16)}" fill="${mix(p.detail, '#fff4c2', 0.5)}"/>` +
          `<path d="${wavePath(w, horizon, 8, 160, 0, h)}" fill="${mix(p.base, '#1d4e89', 0.55)}"/>` +
          `<path d="${wavePath(w, horizon + h * 0.08, 10, 220, 30, h)}" fill="${mix(p.base, '#2a7ab0', 0.4)}" opacity=".9"/>` +
          `<path d="M0 ${n(h * 0.8)}Q${n(w * 0.5)} ${n(h * 0.72)} ${w} ${n(h * 0.82)}L${w} ${h}L0 ${h}Z" fill="#f1d8a8"/>` +
          palmTree(w * 0.14, h * 0.86, h * 0.55, mix(p.trim, '#000000', 0.3)) +
          palmTree(w * 0.9, h * 0.9, h * 0.42, mix(p.trim, '#000000', 0.3)),
      };
    }
    case 'mountains': {
      const defs = skyGradient('sky', mix(p.base, '#ffffff', 0.5), mix(p.accent, '#ffffff', 0.7));
      let ranges = '';
      for (let layer = 0; layer < 4; layer++) {
        const base = h * (0.55 + layer * 0.12);
        let d = `M0 ${h}L0 ${n(base)}`;
        for (let x = 0; x <= w; x += w / 6)
          d += `L${n(x + w / 12)} ${n(base - h * (0.12 + rng.next() * 0.18))}L${n(x + w / 6)} ${n(base)}`;
        ranges += `<path d="${d}L${w} ${h}Z" fill="${mix(p.trim, p.base, 0.15 + layer * 0.22)}" opacity="${n(0.75 + layer * 0.08)}"/>`;
      }
      return {
        backdrop: mix(p.base, '#ffffff', 0.5),

        defs,
        body: `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${n(w * 0.3)}" cy="${n(h * 0.28)}" r="${n(h * 0.1)}" fill="#fff7e0"/>${ranges}`,
      };
    }
    case 'city': {
      const defs = skyGradient('sky', mix(p.trim, '#000000', 0.5), mix(p.accent, '#1a1033', 0.4));
      let buildings = '';
      let x = 0;
      while (x < w) {
        const bw = rng.int(Math.round(w * 0.05), Math.round(w * 0.1));
        const bh = rng.int(Math.round(h * 0.2), Math.round(h * 0.6));
        buildings += `<rect x="${x}" y="${h - bh}" width="${bw - 6}" height="${bh}" fill="${mix(p.trim, '#000000', 0.55)}"/>`;
        for (let wy = h - bh + 20; wy < h - 20; wy += 34) {
          for (let wx = x + 12; wx < x + bw - 24; wx += 26) {
            if (rng.chance(0.45))
              buildings += `<rect x="${wx}" y="${wy}" width="12" height="16" fill="${rng.chance(0.5) ? p.detail : p.accent}" opacity=".85"/>`;
          }
        }
        x += bw;
      }
      return {
        backdrop: mix(p.trim, '#000000', 0.5),

        defs,
        body: `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${n(w * 0.8)}" cy="${n(h * 0.2)}" r="${n(h * 0.07)}" fill="#fdf6e3"/>${buildings}`,
      };
    }
    case 'tropical': {
      let leaves = '';
      for (let i = 0; i < 11; i++) {
        const cx = rng.int(0, w);
        const cy = rng.int(0, h);
        const l = rng.int(Math.round(h * 0.3), Math.round(h * 0.6));
        const angle = rng.int(0, 359);
        const fill =
          [mix(p.accent, '#0b3d2e', 0.35), mix(p.accent, '#ffffff', 0.15), mix(p.trim, p.accent, 0.5)][i % 3] ??
          p.accent;
        leaves += `<g transform="translate(${cx} ${cy}) rotate(${angle})"><path d="M0 0C${n(l * 0.25)} ${n(-l * 0.3)} ${n(l * 0.7)} ${n(-l * 0.28)} ${l} 0C${n(l * 0.7)} ${n(l * 0.28)} ${n(l * 0.25)} ${n(l * 0.3)} 0 0Z" fill="${fill}"/><path d="M0 0L${l} 0" stroke="${mix(fill, '#ffffff', 0.3)}" stroke-width="4"/></g>`;
      }
      return {
        backdrop: mix(p.base, '#ffffff', 0.2),
        defs: '',
        body: `<rect width="${w}" height="${h}" fill="${mix(p.base, '#ffffff', 0.2)}"/>${leaves}`,
      };
    }
    case 'waves': {
      let waves = '';
      for (let i = 0; i < 6; i++) {
        const colour = mix(p.accent, p.trim, i / 6);
        waves += `<path d="${wavePath(w, h * (0.25 + i * 0.13), h * 0.04, w / 3, i * 20, h)}" fill="${colour}" opacity=".9"/>`;
      }
      return {
        backdrop: mix(p.base, '#ffffff', 0.4),
        defs: '',
        body: `<rect width="${w}" height="${h}" fill="${mix(p.base, '#ffffff', 0.4)}"/>${waves}`,
      };
    }
    case 'confetti': {
      let bits = '';
      const colours = [p.accent, p.detail, p.trim, '#ffffff'];
      const unit = Math.max(w, h) / 1000;
      for (let i = 0; i < 160; i++) {
        const size = rng.int(14, 40) * unit;
        const x = rng.int(0, w);
        const y = rng.int(0, h);
        const shape =
          i % 5 === 0
            ? `<circle cx="${x}" cy="${y}" r="${n(size * 0.3)}" fill="${colours[i % 4]}"/>`
            : `<rect x="${x}" y="${y}" width="${n(size)}" height="${n(size * 0.4)}" rx="${n(unit * 3)}" fill="${colours[i % 4]}" transform="rotate(${rng.int(0, 179)} ${x} ${y})"/>`;
        bits += shape;
      }
      return {
        backdrop: p.base,
        defs: '',
        body: `<rect width="${w}" height="${h}" fill="${p.base}"/>${bits}`,
      };
    }
    case 'desert': {
      const defs = skyGradient('sky', mix(p.accent, '#ffffff', 0.35), mix(p.detail, '#fff1d6', 0.5));
      const cactus = (x: number, ground: number, s: number) =>
        `<g transform="translate(${n(x)} ${n(ground)}) scale(${n(s)})" fill="${mix(p.trim, '#2f4f2f', 0.5)}"><rect x="-18" y="-220" width="36" height="220" rx="18"/><rect x="-70" y="-150" width="30" height="80" rx="15"/><rect x="-70" y="-90" width="70" height="26" rx="13"/><rect x="40" y="-180" width="30" height="90" rx="15"/><rect x="0" y="-116" width="70" height="26" rx="13"/></g>`;
      return {
        backdrop: mix(p.accent, '#ffffff', 0.35),

        defs,
        body:
          `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${n(w * 0.5)}" cy="${n(h * 0.45)}" r="${n(h * 0.18)}" fill="${mix(p.detail, '#ffffff', 0.3)}"/>` +
          `<path d="M0 ${n(h * 0.7)}Q${n(w * 0.3)} ${n(h * 0.6)} ${n(w * 0.6)} ${n(h * 0.72)}T${w} ${n(h * 0.68)}L${w} ${h}L0 ${h}Z" fill="${mix(p.base, '#d9a86c', 0.5)}"/>` +
          `<path d="M0 ${n(h * 0.84)}Q${n(w * 0.4)} ${n(h * 0.76)} ${w} ${n(h * 0.88)}L${w} ${h}L0 ${h}Z" fill="${mix(p.base, '#b57a44', 0.5)}"/>` +
          cactus(w * 0.18, h * 0.9, h / 700) +
          cactus(w * 0.82, h * 0.86, h / 1000),
      };
    }
    case 'studio': {
      const backdrop = mix(p.detail, '#ffffff', 0.7);
      const count = Math.max(1, spec.shapes.length);
      const cell = w / count;
      // Garments stay out of the bottom quarter, where a block lays its caption and buttons.
      const garments = spec.shapes
        .map((shape, i) => {
          const top = spec.headline ? h * 0.3 : h * 0.1;
          return garmentInBox(shape, colourway, brand, {
            x: i * cell + cell * 0.08,
            y: top,
            width: cell * 0.84,
            height: h * 0.75 - top,
          });
        })
        .join('');
      return {
        backdrop: backdrop,

        defs: garmentDefs(print, colourway, spec.printIndex),
        body:
          `<rect width="${w}" height="${h}" fill="${backdrop}"/><circle cx="${n(w * 0.85)}" cy="${n(h * 0.2)}" r="${n(h * 0.3)}" fill="${mix(p.accent, '#ffffff', 0.5)}" opacity=".5"/>` +
          `<circle cx="${n(w * 0.1)}" cy="${n(h * 0.9)}" r="${n(h * 0.22)}" fill="${mix(p.accent, '#ffffff', 0.6)}" opacity=".5"/>${garments}`,
      };
    }
  }
}

/** A hero, lifestyle or post image. Studio scenes show garments in the scene's print. */
export function renderScene(spec: SceneSpec, brand: string): string {
  const { print, colourway } = colourwayOf(spec);
  const { defs, body, backdrop } = sceneBody(spec, print, colourway, brand);
  const ink = inkOn(backdrop);
  const shadow = ink === '#ffffff' ? '#000000' : '#ffffff';
  const size = Math.round(Math.min(spec.width / (spec.headline.length * 0.62 + 2), spec.height * 0.16));
  // Over the sky in landscapes, above the garments in studio shots, centred otherwise.
  const position = spec.kind === 'studio' ? 0.16 : ['beach', 'mountains', 'desert'].includes(spec.kind) ? 0.3 : 0.5;
  const y = spec.height * position + size * 0.36;
  const headline = spec.headline
    ? `<g>${text(spec.headline, `x="${n(spec.width / 2)}" y="${n(y + 4)}" font-size="${size}" fill="${shadow}" opacity=".3" ${HEADLINE}`)}` +
      `${text(spec.headline, `x="${n(spec.width / 2)}" y="${n(y)}" font-size="${size}" fill="${ink}" ${HEADLINE}`)}</g>`
    : '';
  return svgDocument(
    spec.width,
    spec.height,
    `<defs>${defs}<filter id="soft" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="22"/></filter></defs>${body}${headline}`,
  );
}

/** A bold label's width at the diagram's font size: generous, so the widest fonts still fit. */
const LABEL_SIZE = 26;
const labelWidth = (label: string) => label.length * LABEL_SIZE * 0.68;

/**
 * A size-guide diagram: the garment's outline with labelled measuring lines. The garment is fitted into the
 * room the labels leave, so a long label beside it never runs off the picture.
 */
export function renderSizeDiagram(shape: Shape, title: string, measures: DiagramMeasures): string {
  const size = 800;
  const { paths, bounds, crotch } = garmentOutline(shape);
  const [x0, y0, x1, y1] = bounds;
  const sideLabel = measures.inseam ?? measures.side;
  // The side line sits 36 px right of the garment, its label 14 px beyond that.
  const labelRoom = sideLabel ? 50 + labelWidth(sideLabel) : 0;
  const roomLeft = 60;
  const roomWidth = size - 2 * roomLeft - labelRoom;
  const scale = Math.min(roomWidth / (x1 - x0), 520 / (y1 - y0));
  const centreX = roomLeft + roomWidth / 2;
  const centreY = 430;
  const tx = centreX - scale * ((x0 + x1) / 2);
  const ty = centreY - scale * ((y0 + y1) / 2);
  const left = centreX - (scale * (x1 - x0)) / 2;
  const right = centreX + (scale * (x1 - x0)) / 2;
  const top = centreY - (scale * (y1 - y0)) / 2;
  const bottom = centreY + (scale * (y1 - y0)) / 2;
  const arrowHead =
    '<marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="#e4572e"/></marker>';
  const line = (xA: number, yA: number, xB: number, yB: number) =>
    `<path d="M${n(xA)} ${n(yA)}L${n(xB)} ${n(yB)}" stroke="#e4572e" stroke-width="4" marker-start="url(#arrow)" marker-end="url(#arrow)"/>`;
  const label = (content: string, x: number, y: number, anchor = 'middle') =>
    text(
      content,
      `x="${n(x)}" y="${n(y)}" font-size="${LABEL_SIZE}" font-weight="700" fill="#e4572e" text-anchor="${anchor}" ${FONT}`,
    );
  const sideTop = measures.inseam && crotch !== undefined ? ty + scale * crotch : top;
  // A dashed guide shows where the inseam starts: level with the crotch.
  const crotchGuide =
    sideTop > top
      ? `<path d="M${n(centreX)} ${n(sideTop)}H${n(right + 36)}" stroke="#e4572e" stroke-width="2" stroke-dasharray="6 6"/>`
      : '';
  const lines =
    crotchGuide +
    (measures.top ? line(left, top + 40, right, top + 40) + label(measures.top, centreX, top + 28) : '') +
    (sideLabel
      ? line(right + 36, sideTop, right + 36, bottom) +
        label(sideLabel, right + 50, (sideTop + bottom) / 2 + 9, 'start')
      : '') +
    (measures.bottom ? line(left, bottom + 34, right, bottom + 34) + label(measures.bottom, centreX, bottom + 70) : '');
  return svgDocument(
    size,
    size,
    `<defs>${arrowHead}</defs><rect width="${size}" height="${size}" fill="#ffffff"/>` +
      text(title, `x="400" y="70" font-size="34" font-weight="800" fill="#111111" text-anchor="middle" ${FONT}`) +
      `<g transform="translate(${n(tx)} ${n(ty)}) scale(${n(scale)})">${paths.map((d) => `<path d="${d}" fill="#f1efec" stroke="#333333" stroke-width="${n(3 / scale)}" stroke-linejoin="round"/>`).join('')}</g>` +
      lines,
  );
}
