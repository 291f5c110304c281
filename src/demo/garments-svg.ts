/**
 * Product shots as SVG: a garment silhouette per shape, filled with its print, with trims, seams, a brand
 * mark, soft shading and a floor shadow on a light studio background. Views: front, back, a close-up detail
 * and a styled flat lay; plus the square colour chip.
 */
import type { Shape } from './garments.ts';
import { CHIP, PRODUCT_SHOT, type GarmentView } from './media.ts';
import { patternDef } from './patterns-svg.ts';
import type { Colourway, Palette, Print } from './prints.ts';
import { FONT, inkOn, mix, n, svgDocument, text } from './svg.ts';

type Side = 'front' | 'back';

/** A garment drawing in the 1200×1500 frame: fabric panels, trims and the lines drawn over them. */
interface Drawing {
  /** Panels cut from the print. */
  fabric: string[];
  /** Panels in the trim colour (waistbands, cuffs, brims). */
  trim: string[];
  /** Seams, text and small parts drawn on top. */
  details: string;
  /** Drawn before everything else (the far sock, a hood's lining). */
  behind: string;
  /** The drawing's extent [x0, y0, x1, y1], so it can be fitted to the frame. */
  bounds: readonly [number, number, number, number];
  /** Where the legs part, for garments with legs: the top of the inseam. */
  crotch?: number;
}

interface Ink {
  palette: Palette;
  brand: string;
  /** Text and stitching on trims. */
  onTrim: string;
  seam: string;
}

const BRAND_TEXT = `${FONT} font-weight="800" text-anchor="middle"`;

function stitch(d: string, ink: Ink, width = 3): string {
  return `<path d="${d}" fill="none" stroke="${ink.seam}" stroke-width="${width}" stroke-dasharray="10 8" stroke-linecap="round"/>`;
}

function seam(d: string, ink: Ink, width = 4, opacity = 0.45): string {
  return `<path d="${d}" fill="none" stroke="${ink.seam}" stroke-width="${width}" opacity="${opacity}" stroke-linecap="round"/>`;
}

function ribs(x0: number, x1: number, y0: number, y1: number, gap: number, ink: Ink): string {
  let d = '';
  for (let x = x0 + gap / 2; x < x1; x += gap) d += `M${n(x)} ${n(y0)}V${n(y1)}`;
  return `<path d="${d}" stroke="${ink.seam}" stroke-width="2" opacity=".35"/>`;
}

function brandMark(x: number, y: number, size: number, ink: Ink, fill = ink.onTrim, spacing = 6): string {
  return text(
    ink.brand.toUpperCase(),
    `x="${n(x)}" y="${n(y)}" font-size="${n(size)}" letter-spacing="${spacing}" fill="${fill}" ${BRAND_TEXT}`,
  );
}

function waistband(
  x0: number,
  x1: number,
  top: number,
  height: number,
  side: Side,
  ink: Ink,
): { trim: string; details: string } {
  const mid = (x0 + x1) / 2;
  const sag = 14;
  const trim = `M${x0} ${top}Q${mid} ${top + sag} ${x1} ${top}L${x1 - 4} ${top + height}Q${mid} ${top + height + sag} ${x0 + 4} ${top + height}Z`;
  const textY = top + height / 2 + sag / 2 + height * 0.2;
  const size = height * 0.5;
  const words =
    side === 'front'
      ? brandMark(mid - (x1 - x0) * 0.25, textY, size, ink) + brandMark(mid + (x1 - x0) * 0.25, textY, size, ink)
      : brandMark(mid, textY, size * 1.15, ink, ink.onTrim, 14);
  const details =
    stitch(`M${x0 + 8} ${top + 10}Q${mid} ${top + sag + 10} ${x1 - 8} ${top + 10}`, ink, 2) +
    stitch(
      `M${x0 + 10} ${top + height - 10}Q${mid} ${top + height + sag - 10} ${x1 - 10} ${top + height - 10}`,
      ink,
      2,
    ) +
    words;
  return { trim, details };
}

function boxerBrief(side: Side, legBottom: number, crotch: number, ink: Ink): Drawing {
  const flare = (legBottom - 860) * 0.08;
  const ox = 900 + flare;
  const inner = side === 'front' ? 628 : 632;
  const body =
    `M338 572L862 572C878 640 888 700 892 770L${n(ox)} ${legBottom}Q${n((ox + inner) / 2)} ${legBottom + 14} ${inner} ${legBottom - 10}` +
    `C${inner - 6} ${crotch + 60} 614 ${crotch} 600 ${crotch}C586 ${crotch} ${1200 - inner + 6} ${crotch + 60} ${1200 - inner} ${legBottom - 10}` +
    `Q${n((1200 - ox + 1200 - inner) / 2)} ${legBottom + 14} ${n(1200 - ox)} ${legBottom}L308 770C312 700 322 640 338 572Z`;
  const band = waistband(326, 874, 490, 90, side, ink);
  const hems =
    stitch(
      `M${n(ox - 4)} ${legBottom - 26}Q${n((ox + inner) / 2)} ${legBottom - 12} ${inner + 4} ${legBottom - 36}`,
      ink,
    ) +
    stitch(
      `M${n(1200 - ox + 4)} ${legBottom - 26}Q${n((1200 - ox + 1200 - inner) / 2)} ${legBottom - 12} ${1200 - inner - 4} ${legBottom - 36}`,
      ink,
    );
  const front =
    `<path d="M522 588C516 720 556 836 600 ${crotch - 8}C644 836 684 720 678 588Z" fill="#ffffff" opacity=".12"/>` +
    seam(`M522 588C516 720 556 836 600 ${crotch - 8}C644 836 684 720 678 588`, ink) +
    stitch(`M540 594C536 712 568 812 600 ${crotch - 30}`, ink, 2);
  const back =
    seam(`M600 586V${crotch}`, ink) +
    seam(
      `M360 760C430 800 520 ${crotch - 40} 590 ${crotch - 6}M840 760C770 800 680 ${crotch - 40} 610 ${crotch - 6}`,
      ink,
      3,
      0.3,
    );
  return {
    fabric: [body],
    trim: [band.trim],
    details: (side === 'front' ? front : back) + hems + band.details,
    behind: '',
    bounds: [300 - flare, 486, ox, legBottom + 16],
    crotch,
  };
}

function brief(side: Side, ink: Ink): Drawing {
  const drop = side === 'back' ? 40 : 0;
  const body = `M334 606L866 606C878 650 884 690 880 728C820 768 706 ${850 + drop} 662 ${1000 + drop}L538 ${1000 + drop}C494 ${850 + drop} 380 768 320 728C316 690 322 650 334 606Z`;
  const band = waistband(322, 878, 540, 74, side, ink);
  const legLines = `M880 728C820 768 706 ${850 + drop} 662 ${1000 + drop}M320 728C380 768 494 ${850 + drop} 538 ${1000 + drop}`;
  const details =
    `<path d="${legLines}" fill="none" stroke="${ink.palette.trim}" stroke-width="16" stroke-linecap="round"/>` +
    (side === 'front'
      ? seam('M540 622C540 760 570 860 600 930C630 860 660 760 660 622', ink, 3, 0.35)
      : seam(`M600 620V${980 + drop}`, ink, 3, 0.3)) +
    band.details;
  return { fabric: [body], trim: [band.trim], details, behind: '', bounds: [316, 536, 884, 1006 + drop] };
}

function bra(side: Side, tshirt: boolean, ink: Ink): Drawing {
  const strap = tshirt ? 12 : 20;
  const strapColour = ink.palette.trim;
  if (side === 'back') {
    const panel = 'M330 650L870 650L874 800L326 800Z';
    const straps = tshirt
      ? `M430 650L450 380M770 650L750 380`
      : `M420 650C470 560 560 470 590 400M780 650C730 560 640 470 610 400`;
    const details =
      `<path d="${straps}" stroke="${strapColour}" stroke-width="${strap + 6}" fill="none" stroke-linecap="round"/>` +
      `<rect x="560" y="690" width="80" height="90" rx="8" fill="${mix(ink.palette.trim, '#ffffff', 0.2)}"/>` +
      `<path d="M572 712H628M572 735H628M572 758H628" stroke="${ink.seam}" stroke-width="4" opacity=".6"/>` +
      brandMark(600, 870, 40, ink, ink.onTrim, 12) +
      stitch('M336 668H864', ink, 2);
    return {
      fabric: [panel],
      trim: ['M326 800L874 800L880 900Q600 922 320 900Z'],
      details,
      behind: '',
      bounds: [320, 376, 880, 924],
    };
  }
  const cups = tshirt
    ? [
        'M348 780C338 650 418 560 500 560C566 560 600 650 598 780Z',
        'M852 780C862 650 782 560 700 560C634 560 600 650 602 780Z',
      ]
    : [
        'M356 780C362 670 410 590 474 540C520 600 572 690 598 780Z',
        'M844 780C838 670 790 590 726 540C680 600 628 690 602 780Z',
      ];
  const apexLeft = tshirt ? [470, 562] : [474, 546];
  const apexRight = tshirt ? [730, 562] : [726, 546];
  const details =
    `<path d="M${apexLeft[0]} ${apexLeft[1]}L452 330M${apexRight[0]} ${apexRight[1]}L748 330" stroke="${strapColour}" stroke-width="${strap}" stroke-linecap="round"/>` +
    `<rect x="440" y="380" width="24" height="14" rx="4" fill="${mix(strapColour, '#ffffff', 0.5)}"/><rect x="736" y="380" width="24" height="14" rx="4" fill="${mix(strapColour, '#ffffff', 0.5)}"/>` +
    seam(cups[0] ?? '', ink, 3, 0.3) +
    seam(cups[1] ?? '', ink, 3, 0.3) +
    (tshirt ? '' : stitch('M380 770C400 690 440 620 474 566M820 770C800 690 760 620 726 566', ink, 2)) +
    `<circle cx="600" cy="790" r="12" fill="${ink.palette.detail}"/>` +
    brandMark(600, 880, 46, ink);
  return {
    fabric: cups,
    trim: ['M340 776L860 776L868 910Q600 934 332 910Z'],
    details: details + stitch('M346 792Q600 804 854 792', ink, 2),
    behind: '',
    bounds: [330, 324, 870, 936],
  };
}

function sockPath(x: number, top: number, ankle: boolean): string {
  const t = ankle ? 760 : top;
  return `M${x} ${t}L${x + 200} ${t}L${x + 200} 900C${x + 200} 950 ${x + 236} 982 ${x + 310} 994L${x + 420} 1010C${x + 476} 1018 ${x + 486} 1094 ${x + 430} 1112L${x + 120} 1112C${x + 24} 1112 ${x - 8} 1048 ${x} 980Z`;
}

function socks(side: Side, ankle: boolean, ink: Ink): Drawing {
  const top = 260;
  const draw = (x: number) => {
    const t = ankle ? 760 : top;
    const cuffHeight = ankle ? 60 : 110;
    const heel = `M${x} 960C${x - 6} 1050 ${x + 30} 1112 ${x + 120} 1112L${x + 150} 1112C${x + 100} 1060 ${x + 70} 1000 ${x + 60} 950C${x + 40} 948 ${x + 18} 952 ${x} 960Z`;
    const toe = `M${x + 380} 1004L${x + 420} 1010C${x + 476} 1018 ${x + 486} 1094 ${x + 430} 1112L${x + 370} 1112C${x + 395} 1080 ${x + 395} 1036 ${x + 380} 1004Z`;
    return {
      fabric: sockPath(x, top, ankle),
      trim: [`M${x} ${t}L${x + 200} ${t}L${x + 200} ${t + cuffHeight}L${x} ${t + cuffHeight}Z`, heel, toe],
      details:
        ribs(x, x + 200, t + 4, t + cuffHeight - 4, 16, ink) +
        (ankle ? '' : brandMark(x + 100, t + cuffHeight + 70, 34, ink, ink.palette.trim, 4)),
    };
  };
  const near = draw(side === 'front' ? 300 : 330);
  const far = draw(side === 'front' ? 470 : 500);
  const farSvg =
    `<g transform="translate(0 -70)" opacity=".96"><path d="${far.fabric}" fill="url(#print)"/>` +
    far.trim.map((d) => `<path d="${d}" fill="${ink.palette.trim}"/>`).join('') +
    `<path d="${far.fabric}" fill="#000000" opacity=".16"/>${far.details}</g>`;
  const sole = side === 'back' ? stitch('M330 1100L760 1100', ink, 3) : '';
  return {
    fabric: [near.fabric],
    trim: near.trim,
    details: near.details + sole,
    behind: farSvg,
    bounds: [side === 'front' ? 290 : 320, (ankle ? 760 : top) - 72, side === 'front' ? 960 : 990, 1114],
  };
}

function tee(side: Side, ink: Ink): Drawing {
  const neckDip = side === 'front' ? 420 : 360;
  const body = `M470 330Q600 ${neckDip} 730 330L884 366L1064 566L964 660L900 600L906 1260Q600 1282 294 1260L300 600L236 660L136 566L316 366Z`;
  const collar = `<path d="M470 330Q600 ${neckDip} 730 330" fill="none" stroke="${ink.palette.trim}" stroke-width="22" stroke-linecap="round"/>`;
  const details =
    collar +
    stitch('M1046 586L950 676M154 586L250 676', ink) +
    stitch('M300 1226Q600 1250 900 1226', ink) +
    seam('M316 366L300 600M884 366L900 600', ink, 3, 0.3) +
    (side === 'front'
      ? brandMark(760, 520, 30, ink, ink.palette.trim, 4)
      : `<rect x="566" y="352" width="68" height="36" rx="4" fill="${ink.palette.trim}"/>` +
        brandMark(600, 378, 16, ink, ink.onTrim, 2) +
        seam('M330 430Q600 470 870 430', ink, 3, 0.25));
  return { fabric: [body], trim: [], details, behind: '', bounds: [134, 320, 1066, 1284] };
}

function hoodie(side: Side, ink: Ink): Drawing {
  const body =
    'M470 344Q600 420 730 344L882 382C962 420 1002 520 1022 640L1062 1172L944 1192L904 760L900 1236L300 1236L296 760L256 1192L138 1172L178 640C198 520 238 420 318 382Z';
  const cuffs = ['M1062 1172L944 1192L950 1250L1070 1232Z', 'M138 1172L256 1192L250 1250L130 1232Z'];
  const hem = 'M300 1232L900 1232L902 1300Q600 1314 298 1300Z';
  if (side === 'back') {
    const hood =
      'M424 384C398 252 462 168 600 162C738 168 802 252 776 384C762 520 684 600 600 612C516 600 438 520 424 384Z';
    return {
      fabric: [body, hood],
      trim: [...cuffs, hem],
      details:
        seam('M600 170V606', ink, 4, 0.35) +
        seam(hood, ink, 3, 0.3) +
        ribs(300, 900, 1240, 1296, 18, ink) +
        ribs(940, 1070, 1196, 1244, 16, ink) +
        ribs(130, 256, 1196, 1244, 16, ink),
      behind: '',
      bounds: [128, 148, 1072, 1316],
    };
  }
  const hood =
    'M428 392C396 256 460 156 600 150C740 156 804 256 772 392C722 340 680 326 600 326C520 326 478 340 428 392Z';
  const lining = `<path d="M472 378C470 262 530 206 600 206C670 206 730 262 728 378C690 404 510 404 472 378Z" fill="${mix(ink.palette.base, '#000000', 0.45)}"/>`;
  const pocket = 'M430 900L770 900L832 1186L368 1186Z';
  const strings =
    `<path d="M560 404C556 480 548 560 546 640M640 404C644 480 652 560 654 640" stroke="${ink.palette.trim}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<rect x="539" y="636" width="14" height="34" rx="4" fill="${mix(ink.palette.trim, '#ffffff', 0.55)}"/><rect x="647" y="636" width="14" height="34" rx="4" fill="${mix(ink.palette.trim, '#ffffff', 0.55)}"/>`;
  return {
    fabric: [body, hood, pocket],
    trim: [...cuffs, hem],
    details:
      lining +
      seam(pocket, ink, 4, 0.4) +
      seam('M430 900L380 1120M770 900L820 1120', ink, 3, 0.25) +
      strings +
      ribs(300, 900, 1240, 1296, 18, ink) +
      ribs(940, 1070, 1196, 1244, 16, ink) +
      ribs(130, 256, 1196, 1244, 16, ink) +
      brandMark(600, 820, 64, ink, ink.palette.trim, 10),
    behind: '',
    bounds: [128, 148, 1072, 1316],
  };
}

function bottoms(side: Side, legBottom: number, cuffed: boolean, ink: Ink): Drawing {
  const wide = cuffed ? 0 : 40;
  const outer = cuffed ? 800 : 880;
  const inner = cuffed ? 660 : 628;
  const body =
    `M396 304L804 304C840 420 ${860 + wide / 2} 560 ${852 + wide / 2} 700C${846 + wide / 2} ${n(700 + (legBottom - 700) * 0.4)} ${outer + 14} ${n(legBottom - (legBottom - 700) * 0.3)} ${outer} ${legBottom}L${inner} ${legBottom}` +
    `C${inner - 10} ${legBottom - 220} 630 820 600 650C570 820 ${1210 - inner} ${legBottom - 220} ${1200 - inner} ${legBottom}` +
    `L${1200 - outer} ${legBottom}C${1186 - outer} ${n(legBottom - (legBottom - 700) * 0.3)} ${354 - wide / 2} ${n(700 + (legBottom - 700) * 0.4)} ${348 - wide / 2} 700C${340 - wide / 2} 560 360 420 396 304Z`;
  const band = waistband(390, 810, 226, 84, side, ink);
  const cuffsTrim = cuffed
    ? [
        `M${1200 - outer} ${legBottom}L${1200 - inner} ${legBottom}L${1206 - inner} ${legBottom + 80}L${1194 - outer} ${legBottom + 80}Z`,
        `M${outer} ${legBottom}L${inner} ${legBottom}L${inner - 6} ${legBottom + 80}L${outer + 6} ${legBottom + 80}Z`,
      ]
    : [];
  const hems = cuffed
    ? ribs(1200 - outer, 1200 - inner, legBottom + 4, legBottom + 76, 14, ink) +
      ribs(inner, outer, legBottom + 4, legBottom + 76, 14, ink)
    : stitch(
        `M${1200 - outer + 4} ${legBottom - 24}L${1200 - inner - 4} ${legBottom - 24}M${inner + 4} ${legBottom - 24}L${outer - 4} ${legBottom - 24}`,
        ink,
      );
  const strings =
    side === 'front'
      ? `<path d="M574 300C566 360 556 420 552 470M626 300C634 360 644 420 648 470" stroke="${mix(ink.palette.trim, '#ffffff', 0.7)}" stroke-width="8" fill="none" stroke-linecap="round"/>`
      : '';
  const pockets =
    side === 'front'
      ? seam('M410 320C420 400 400 470 362 520M790 320C780 400 800 470 838 520', ink, 4, 0.4) +
        seam('M600 312V560', ink, 3, 0.3)
      : `<path d="M640 400H790L784 548Q716 566 646 548Z" fill="#000000" opacity=".06"/>` +
        seam('M640 400H790L784 548Q716 566 646 548Z', ink, 3, 0.4) +
        seam('M410 392Q600 430 790 392', ink, 3, 0.3);
  return {
    fabric: [body],
    trim: [band.trim, ...cuffsTrim],
    details: pockets + hems + band.details + strings,
    behind: '',
    bounds: [cuffed ? 340 : 320 - wide / 2, 222, cuffed ? 860 : 880 + wide / 2, legBottom + (cuffed ? 82 : 14)],
    crotch: 650,
  };
}

function cap(side: Side, ink: Ink): Drawing {
  const crown = 'M330 820C330 560 460 430 600 430C740 430 870 560 870 820Z';
  const brimFront = 'M300 820C380 760 820 760 900 820C884 906 760 966 600 966C440 966 316 906 300 820Z';
  if (side === 'back') {
    const opening = 'M520 822C520 748 680 748 680 822Z';
    return {
      fabric: [crown],
      trim: [
        'M250 822C300 800 340 796 360 806L352 836C320 840 280 836 250 822Z',
        'M950 822C900 800 860 796 840 806L848 836C880 840 920 836 950 822Z',
      ],
      details:
        `<path d="${opening}" fill="#e7e2da"/>` +
        `<rect x="514" y="768" width="172" height="26" rx="8" fill="${ink.palette.trim}"/>` +
        `<circle cx="556" cy="781" r="6" fill="${mix(ink.palette.trim, '#ffffff', 0.6)}"/><circle cx="586" cy="781" r="6" fill="${mix(ink.palette.trim, '#ffffff', 0.6)}"/>` +
        seam('M600 442V750M600 442C520 520 470 650 440 816M600 442C680 520 730 650 760 816', ink, 3, 0.35) +
        `<circle cx="600" cy="434" r="16" fill="${ink.palette.trim}"/>` +
        brandMark(600, 700, 34, ink, ink.palette.trim, 8),
      behind: '',
      bounds: [250, 418, 950, 840],
    };
  }
  return {
    fabric: [crown],
    trim: [brimFront],
    details:
      seam('M600 442C530 520 490 650 480 812M600 442C670 520 710 650 720 812', ink, 3, 0.35) +
      stitch('M320 826C400 780 800 780 880 826', ink, 2) +
      stitch('M340 850C420 810 780 810 860 850', ink, 2) +
      `<path d="M330 820C420 790 780 790 870 820L870 836C780 806 420 806 330 836Z" fill="#000000" opacity=".2"/>` +
      `<circle cx="600" cy="434" r="16" fill="${ink.palette.trim}"/>` +
      `<circle cx="470" cy="560" r="7" fill="${ink.seam}" opacity=".5"/><circle cx="730" cy="560" r="7" fill="${ink.seam}" opacity=".5"/>` +
      `<rect x="498" y="596" width="204" height="92" rx="14" fill="${ink.palette.trim}"/>` +
      stitch('M510 608H690V676H510Z', ink, 2) +
      brandMark(600, 660, 44, ink),
    behind: '',
    bounds: [300, 418, 900, 968],
  };
}

function tote(side: Side, ink: Ink): Drawing {
  const body = 'M320 600L880 600L924 1300L276 1300Z';
  const handles = (d: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${ink.palette.trim}" stroke-width="${width}" stroke-linecap="round"/>`;
  const behind = `<g opacity=".85">${handles('M470 610C470 330 730 330 730 610', 34)}</g>`;
  const top = 'M320 600L880 600L884 660L316 660Z';
  const label =
    side === 'front'
      ? `<rect x="480" y="860" width="240" height="110" rx="10" fill="${ink.palette.trim}"/>` +
        stitch('M494 874H706V956H494Z', ink, 2) +
        brandMark(600, 932, 50, ink)
      : seam('M600 660V1296', ink, 3, 0.25) + brandMark(600, 1240, 30, ink, ink.palette.trim, 8);
  return {
    fabric: [body],
    trim: [top],
    details:
      handles('M430 640C430 300 770 300 770 640', 38) +
      stitch('M324 676H876', ink, 2) +
      stitch('M286 1270H914', ink, 2) +
      label,
    behind,
    bounds: [276, 300, 924, 1302],
  };
}

function beanie(side: Side, ink: Ink): Drawing {
  const crown = 'M372 906C362 640 462 484 600 484C738 484 838 640 828 906Z';
  const cuff = 'M352 890L848 890L858 1066Q600 1090 342 1066Z';
  let knit = '';
  for (let x = 384; x < 830; x += 26)
    knit += `M${x} 900C${x + (x - 600) * 0.02} 760 ${600 + (x - 600) * 0.5} 560 600 500`;
  return {
    fabric: [crown, cuff],
    trim: [],
    details:
      `<path d="${knit}" stroke="${ink.seam}" stroke-width="2" fill="none" opacity=".22"/>` +
      `<path d="${cuff}" fill="#000000" opacity=".12"/>` +
      ribs(342, 858, 898, 1062, 20, ink) +
      `<circle cx="600" cy="470" r="74" fill="${ink.palette.detail}"/><circle cx="600" cy="470" r="74" fill="none" stroke="${mix(ink.palette.detail, '#000000', 0.2)}" stroke-width="10" stroke-dasharray="3 9"/>` +
      (side === 'front'
        ? `<rect x="520" y="940" width="160" height="70" rx="6" fill="${ink.palette.trim}"/>` +
          brandMark(600, 988, 34, ink)
        : seam('M600 560V890', ink, 3, 0.3)),
    behind: '',
    bounds: [340, 394, 860, 1090],
  };
}

function drawing(shape: Shape, side: Side, ink: Ink): Drawing {
  switch (shape) {
    case 'boxer-brief-short':
      return boxerBrief(side, 930, 850, ink);
    case 'boxer-brief-mid':
      return boxerBrief(side, 1050, 880, ink);
    case 'boxer-brief-long':
      return boxerBrief(side, 1190, 890, ink);
    case 'trunk':
      return boxerBrief(side, 880, 830, ink);
    case 'brief':
      return brief(side, ink);
    case 'bralette':
      return bra(side, false, ink);
    case 'tshirt-bra':
      return bra(side, true, ink);
    case 'sock-crew':
      return socks(side, false, ink);
    case 'sock-ankle':
      return socks(side, true, ink);
    case 'tee':
      return tee(side, ink);
    case 'hoodie':
      return hoodie(side, ink);
    case 'jogger':
      return bottoms(side, 1290, true, ink);
    case 'shorts-5':
      return bottoms(side, 820, false, ink);
    case 'shorts-7':
      return bottoms(side, 900, false, ink);
    case 'cap':
      return cap(side, ink);
    case 'tote':
      return tote(side, ink);
    case 'beanie':
      return beanie(side, ink);
  }
}

const SHADING_DEFS =
  '<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".24"/><stop offset=".2" stop-color="#000" stop-opacity="0"/><stop offset=".78" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient>' +
  '<radialGradient id="light" cx=".34" cy=".22" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".26"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
  '<linearGradient id="drop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>' +
  '<filter id="soft" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="22"/></filter>';

function garmentGroup(d: Drawing, ink: Ink): string {
  const panels = (paths: string[], fill: string) =>
    paths
      .map(
        (p) =>
          `<path d="${p}" fill="${fill}"/><path d="${p}" fill="url(#shade)"/><path d="${p}" fill="url(#light)"/><path d="${p}" fill="url(#drop)"/>` +
          `<path d="${p}" fill="none" stroke="${ink.seam}" stroke-width="3" opacity=".35" stroke-linejoin="round"/>`,
      )
      .join('');
  return `${d.behind}${panels(d.fabric, 'url(#print)')}${panels(d.trim, ink.palette.trim)}${d.details}`;
}

function studio(background: [string, string]): string {
  return (
    `<radialGradient id="studio" cx=".5" cy=".36" r=".8"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></radialGradient>` +
    `</defs><rect width="${PRODUCT_SHOT.width}" height="${PRODUCT_SHOT.height}" fill="url(#studio)"/>`
  );
}

function inkFor(palette: Palette, brand: string): Ink {
  return { palette, brand, onTrim: inkOn(palette.trim), seam: mix(palette.base, '#000000', 0.55) };
}

/** Where a drawing lands once scaled and centred in the frame, with its floor shadow below it. */
interface Fitted {
  transform: string;
  top: number;
  bottom: number;
  width: number;
}

function fit(bounds: Drawing['bounds']): Fitted {
  const [x0, y0, x1, y1] = bounds;
  const w = x1 - x0;
  const h = y1 - y0;
  const scale = Math.min(940 / w, 1080 / h, 1.7);
  const centreY = 720;
  return {
    transform: `translate(${n(600 - scale * ((x0 + x1) / 2))} ${n(centreY - scale * ((y0 + y1) / 2))}) scale(${n(scale)})`,
    top: centreY - (scale * h) / 2,
    bottom: centreY + (scale * h) / 2,
    width: scale * w,
  };
}

function floorShadow(f: Fitted): string {
  return `<ellipse cx="600" cy="${n(f.bottom + 36)}" rx="${n(f.width * 0.42)}" ry="30" fill="#000" opacity=".22" filter="url(#soft)"/>`;
}

/** A product shot of one garment in one print and colourway. */
export function renderGarment(
  shape: Shape,
  print: Print,
  colourway: Colourway,
  view: GarmentView,
  brand: string,
  variant: number,
): string {
  const ink = inkFor(colourway.palette, brand);
  const side: Side = view === 'back' ? 'back' : 'front';
  const d = drawing(shape, side, ink);
  const f = fit(d.bounds);
  const defs = `<defs>${patternDef('print', print.kind, colourway.palette, variant)}${SHADING_DEFS}`;
  const group = `<g transform="${f.transform}">${garmentGroup(d, ink)}</g>`;
  if (view === 'detail') {
    // A close-up of the upper third, where trims, brand mark and print meet.
    const focusY = f.top + (f.bottom - f.top) * 0.36;
    return svgDocument(
      PRODUCT_SHOT.width,
      PRODUCT_SHOT.height,
      `${defs}${studio(['#fbfaf7', '#e6e1da'])}<g transform="translate(600 750) scale(1.6) translate(-600 -${n(focusY)})">${group}</g>`,
    );
  }
  if (view === 'styled') {
    const tint = mix(colourway.palette.detail, '#ffffff', 0.72);
    const prop = mix(colourway.palette.accent, '#ffffff', 0.45);
    return svgDocument(
      PRODUCT_SHOT.width,
      PRODUCT_SHOT.height,
      `${defs}${studio([mix(tint, '#ffffff', 0.4), tint])}` +
        `<circle cx="1010" cy="230" r="150" fill="${prop}" opacity=".55"/><circle cx="170" cy="1320" r="110" fill="${prop}" opacity=".45"/>` +
        `<rect x="860" y="1240" width="220" height="140" rx="14" fill="#ffffff" opacity=".8" transform="rotate(-8 970 1310)"/>` +
        brandMark(970, 1328, 44, ink, colourway.palette.trim, 8) +
        `<g transform="rotate(-6 600 750) translate(60 0) scale(0.86)">${floorShadow(f)}${group}</g>`,
    );
  }
  return svgDocument(
    PRODUCT_SHOT.width,
    PRODUCT_SHOT.height,
    `${defs}${studio(['#fbfaf8', '#e8e4de'])}${floorShadow(f)}${group}`,
  );
}

/** The pattern and shading a garment drawing needs, for drawings that place garments in a larger scene. */
export function garmentDefs(print: Print, colourway: Colourway, variant: number): string {
  return `${patternDef('print', print.kind, colourway.palette, variant)}${SHADING_DEFS}`;
}

/** A garment fitted into a box of a larger drawing; it uses the ids garmentDefs declares. */
export function garmentInBox(
  shape: Shape,
  colourway: Colourway,
  brand: string,
  box: { x: number; y: number; width: number; height: number },
): string {
  const ink = inkFor(colourway.palette, brand);
  const d = drawing(shape, 'front', ink);
  const [x0, y0, x1, y1] = d.bounds;
  const scale = Math.min(box.width / (x1 - x0), box.height / (y1 - y0));
  const tx = box.x + box.width / 2 - scale * ((x0 + x1) / 2);
  const ty = box.y + box.height / 2 - scale * ((y0 + y1) / 2);
  return `<g transform="translate(${n(tx)} ${n(ty)}) scale(${n(scale)})">${garmentGroup(d, ink)}</g>`;
}

/** The garment's outline panels, for size diagrams. */
export function garmentOutline(shape: Shape): Pick<Drawing, 'bounds' | 'crotch'> & { paths: string[] } {
  const palette: Palette = { base: '#f2f2f2', accent: '#dddddd', detail: '#cccccc', trim: '#d6d6d6' };
  const d = drawing(shape, 'front', inkFor(palette, ''));
  return { paths: [...d.fabric, ...d.trim], bounds: d.bounds, crotch: d.crotch };
}

/** The square colour chip: the print at a smaller scale, edge to edge. */
export function renderChip(print: Print, colourway: Colourway, variant: number): string {
  return svgDocument(
    CHIP.width,
    CHIP.height,
    `<defs>${patternDef('print', print.kind, colourway.palette, variant, 0.5)}</defs>` +
      `<rect width="200" height="200" fill="url(#print)"/>` +
      `<rect x="1" y="1" width="198" height="198" fill="none" stroke="${mix(colourway.palette.base, '#000000', 0.35)}" stroke-width="2" opacity=".5"/>`,
  );
}
