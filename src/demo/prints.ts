/**
 * The demo store's named prints and their colourways. A print is drawn as one pattern kind; a colourway is the
 * palette it is printed in, plus the colour family the shop's colour facet groups it under.
 */
export const PATTERN_KINDS = [
  'solid',
  'stripes',
  'dots',
  'camo',
  'checks',
  'palms',
  'lightning',
  'florals',
  'tie-dye',
  'chevron',
  'stars',
  'hearts',
  'leopard',
  'waves',
  'geometric',
  'flames',
] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

export const COLOR_FAMILIES = [
  'Black',
  'White',
  'Grey',
  'Blue',
  'Green',
  'Red',
  'Pink',
  'Purple',
  'Orange',
  'Yellow',
  'Brown',
  'Multi',
] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];

export interface Palette {
  /** The ground colour of the fabric. */
  base: string;
  /** The main motif colour. */
  accent: string;
  /** A second motif colour. */
  detail: string;
  /** Waistbands, cuffs, trims. */
  trim: string;
}

export interface Colourway {
  name: string;
  family: ColorFamily;
  palette: Palette;
}

export interface Print {
  name: string;
  kind: PatternKind;
  colourways: readonly Colourway[];
}

const cw = (
  name: string,
  family: ColorFamily,
  base: string,
  accent: string,
  detail: string,
  trim: string,
): Colourway => ({
  name,
  family,
  palette: { base, accent, detail, trim },
});

export const PRINTS: readonly Print[] = [
  {
    name: 'Tropic Thunder',
    kind: 'palms',
    colourways: [
      cw('Sunset', 'Orange', '#ff8a50', '#1f6f50', '#ffd166', '#1d1d1f'),
      cw('Lagoon', 'Blue', '#2ec4d6', '#0b5d4b', '#f9f871', '#0f2d3a'),
      cw('Midnight', 'Black', '#15181f', '#2f8f5b', '#e9c46a', '#15181f'),
    ],
  },
  {
    name: 'Midnight Camo',
    kind: 'camo',
    colourways: [
      cw('Olive', 'Green', '#5b6b3a', '#3b4526', '#8a9a5b', '#23281a'),
      cw('Navy', 'Blue', '#1e2a44', '#2f4066', '#0f1626', '#0f1626'),
      cw('Charcoal', 'Grey', '#3a3d42', '#55595f', '#1f2124', '#111214'),
    ],
  },
  {
    name: 'Desert Camo',
    kind: 'camo',
    colourways: [
      cw('Sand', 'Brown', '#d8c3a0', '#b08d5e', '#8a6b45', '#5c4630'),
      cw('Dune', 'Orange', '#e0a96d', '#c57b3f', '#f3d9b1', '#6b3d1e'),
    ],
  },
  {
    name: 'Arctic Camo',
    kind: 'camo',
    colourways: [
      cw('Glacier', 'White', '#eef3f7', '#c7d3dd', '#9fb3c4', '#3d5366'),
      cw('Frost', 'Blue', '#cfe3f2', '#8fb8db', '#ffffff', '#28425c'),
    ],
  },
  {
    name: 'Woodland Camo',
    kind: 'camo',
    colourways: [
      cw('Forest', 'Green', '#4f6b3c', '#2e3f22', '#7d5a3c', '#1f2a17'),
      cw('Hunter', 'Brown', '#6d5a40', '#3e4d2c', '#a08461', '#2d241a'),
    ],
  },
  {
    name: 'Lightning Strike',
    kind: 'lightning',
    colourways: [
      cw('Electric Blue', 'Blue', '#1746d1', '#ffe14d', '#ffffff', '#0b1f66'),
      cw('Blackout', 'Black', '#111111', '#ffd60a', '#f1f1f1', '#111111'),
      cw('Voltage', 'Yellow', '#ffe14d', '#1b1b1b', '#3a86ff', '#1b1b1b'),
    ],
  },
  {
    name: 'Storm Chaser',
    kind: 'lightning',
    colourways: [
      cw('Slate', 'Grey', '#4a5563', '#c9f0ff', '#8aa0b8', '#1f252d'),
      cw('Twilight', 'Purple', '#3c2a6b', '#f7d64a', '#b39ddb', '#1c1333'),
    ],
  },
  {
    name: 'Thunderbolt',
    kind: 'lightning',
    colourways: [
      cw('Crimson', 'Red', '#c1121f', '#ffd166', '#ffffff', '#3d0a0f'),
      cw('Mint', 'Green', '#9ee6c5', '#14532d', '#ffffff', '#14532d'),
    ],
  },
  {
    name: 'Sunday Stripe',
    kind: 'stripes',
    colourways: [
      cw('Navy', 'Blue', '#f5f1e8', '#1f3a68', '#c0392b', '#1f3a68'),
      cw('Coral', 'Pink', '#fff4ec', '#ff6f61', '#2a9d8f', '#7a2d26'),
      cw('Sage', 'Green', '#eef2e6', '#7a9a6b', '#d4a373', '#3f5236'),
    ],
  },
  {
    name: 'Regatta Stripe',
    kind: 'stripes',
    colourways: [
      cw('Nautical', 'Blue', '#ffffff', '#0d3b66', '#ee4b2b', '#0d3b66'),
      cw('Harbor', 'Grey', '#dfe4ea', '#57606f', '#ffffff', '#2f3542'),
    ],
  },
  {
    name: 'Candy Stripe',
    kind: 'stripes',
    colourways: [
      cw('Bubblegum', 'Pink', '#ffd6e8', '#ff5fa2', '#ffffff', '#a4135d'),
      cw('Lemonade', 'Yellow', '#fff6bf', '#ffcb05', '#ff7eb6', '#8a6d00'),
    ],
  },
  {
    name: 'Pinstripe Club',
    kind: 'stripes',
    colourways: [
      cw('Black', 'Black', '#121212', '#d9d9d9', '#7a7a7a', '#121212'),
      cw('Oxford', 'Blue', '#22325a', '#e6ecf5', '#7a8bb0', '#121a30'),
    ],
  },
  {
    name: 'Polka Party',
    kind: 'dots',
    colourways: [
      cw('Cherry', 'Red', '#d62839', '#ffffff', '#ffd6d6', '#5c0a12'),
      cw('Ink', 'Black', '#1b1b1f', '#ffffff', '#f4d35e', '#1b1b1f'),
      cw('Sky', 'Blue', '#8ecae6', '#ffffff', '#023047', '#023047'),
    ],
  },
  {
    name: 'Confetti',
    kind: 'dots',
    colourways: [
      cw('Birthday', 'Multi', '#fffdf7', '#ff595e', '#1982c4', '#6a4c93'),
      cw('After Party', 'Black', '#16161d', '#ffca3a', '#8ac926', '#16161d'),
    ],
  },
  {
    name: 'Retro Dot',
    kind: 'dots',
    colourways: [
      cw('Mustard', 'Yellow', '#e9b949', '#5a3e1b', '#fff3d6', '#3d2a10'),
      cw('Teal', 'Green', '#1b998b', '#f7f3e3', '#0d4d45', '#0d4d45'),
    ],
  },
  {
    name: 'Night Sky',
    kind: 'stars',
    colourways: [
      cw('Deep Space', 'Blue', '#0b1a3a', '#fff3b0', '#8ab6ff', '#060e21'),
      cw('Eclipse', 'Black', '#0f0f12', '#f5f5f5', '#b28dff', '#0f0f12'),
    ],
  },
  {
    name: 'Star Spangled',
    kind: 'stars',
    colourways: [
      cw('Americana', 'Multi', '#1d3557', '#ffffff', '#e63946', '#e63946'),
      cw('Heritage Red', 'Red', '#b91c1c', '#ffffff', '#1e3a8a', '#1e3a8a'),
    ],
  },
  {
    name: 'Galaxy',
    kind: 'stars',
    colourways: [
      cw('Nebula', 'Purple', '#2d1b4e', '#f72585', '#4cc9f0', '#180d2b'),
      cw('Aurora', 'Green', '#0b3d3a', '#80ffdb', '#f3c4fb', '#05201e'),
    ],
  },
  {
    name: 'Buffalo Check',
    kind: 'checks',
    colourways: [
      cw('Red Black', 'Red', '#b3202a', '#111111', '#5a1016', '#111111'),
      cw('Forest Black', 'Green', '#2f5d3a', '#111111', '#1c3823', '#111111'),
    ],
  },
  {
    name: 'Picnic Gingham',
    kind: 'checks',
    colourways: [
      cw('Blueberry', 'Blue', '#ffffff', '#3a6ea5', '#9dbfe0', '#1f3f66'),
      cw('Strawberry', 'Pink', '#ffffff', '#e5576b', '#f5b3bd', '#8c1d2e'),
    ],
  },
  {
    name: 'Lumberjack Plaid',
    kind: 'checks',
    colourways: [
      cw('Timber', 'Brown', '#7b4b2a', '#2b1a10', '#d9a05b', '#2b1a10'),
      cw('Spruce', 'Green', '#1f4d3b', '#0c1f18', '#c9b458', '#0c1f18'),
    ],
  },
  {
    name: 'Wildflower',
    kind: 'florals',
    colourways: [
      cw('Meadow', 'Green', '#e8f1d8', '#e76f51', '#f4a261', '#2a4d3a'),
      cw('Lavender', 'Purple', '#e6dcf5', '#7b4fb0', '#f6bd60', '#3e2463'),
      cw('Noir', 'Black', '#141414', '#e07a8f', '#f2cc8f', '#141414'),
    ],
  },
  {
    name: 'Hibiscus Bloom',
    kind: 'florals',
    colourways: [
      cw('Island', 'Red', '#e63946', '#ffd6a5', '#2a9d8f', '#5c0b12'),
      cw('Aqua', 'Blue', '#48cae4', '#ff4d6d', '#ffffff', '#03506f'),
    ],
  },
  {
    name: 'Cherry Blossom',
    kind: 'florals',
    colourways: [
      cw('Blush', 'Pink', '#fde2e4', '#f48fb1', '#ffffff', '#8e3b5a'),
      cw('Kyoto Night', 'Blue', '#1c2541', '#f7aef8', '#ffffff', '#0b132b'),
    ],
  },
  {
    name: 'Garden Party',
    kind: 'florals',
    colourways: [
      cw('Peony', 'Pink', '#ffc8dd', '#cd5d7d', '#95d5b2', '#7a2e45'),
      cw('Marigold', 'Orange', '#ffb703', '#d62828', '#fefae0', '#6a3a00'),
    ],
  },
  {
    name: 'Heart Throb',
    kind: 'hearts',
    colourways: [
      cw('Valentine', 'Red', '#ffccd5', '#e5383b', '#ffffff', '#a4161a'),
      cw('Lilac', 'Purple', '#d7c4f0', '#9d4edd', '#ffffff', '#4a1d7a'),
      cw('Black Heart', 'Black', '#161616', '#ff4d6d', '#ffffff', '#161616'),
    ],
  },
  {
    name: 'Wild Cat',
    kind: 'leopard',
    colourways: [
      cw('Classic', 'Brown', '#d9a566', '#3b2410', '#8b5a2b', '#2b1a0c'),
      cw('Hot Pink', 'Pink', '#ff70a6', '#3d0d2a', '#c2185b', '#3d0d2a'),
    ],
  },
  {
    name: 'Snow Leopard',
    kind: 'leopard',
    colourways: [
      cw('Ice', 'White', '#f1f1ee', '#4b4b4b', '#a9a9a4', '#2e2e2e'),
      cw('Smoke', 'Grey', '#8d8f94', '#1f1f22', '#c8c9cc', '#1f1f22'),
    ],
  },
  {
    name: 'Tidal Wave',
    kind: 'waves',
    colourways: [
      cw('Ocean', 'Blue', '#0077b6', '#90e0ef', '#ffffff', '#03045e'),
      cw('Seafoam', 'Green', '#b7e4c7', '#2d6a4f', '#ffffff', '#1b4332'),
    ],
  },
  {
    name: 'Endless Summer',
    kind: 'waves',
    colourways: [
      cw('Sunset', 'Orange', '#ffb4a2', '#e5989b', '#ffcdb2', '#6d2e46'),
      cw('Golden Hour', 'Yellow', '#ffd166', '#ef8354', '#fff1c1', '#5e3a00'),
    ],
  },
  {
    name: 'Summer Sorbet',
    kind: 'waves',
    colourways: [
      cw('Raspberry', 'Pink', '#ff8fab', '#fb6f92', '#ffe5ec', '#8a1c3f'),
      cw('Lime', 'Green', '#d4f77a', '#7cb518', '#fbfff1', '#3a5a00'),
    ],
  },
  {
    name: 'Psychedelic',
    kind: 'tie-dye',
    colourways: [
      cw('Rainbow', 'Multi', '#ff6b6b', '#4d96ff', '#ffd93d', '#2b2d42'),
      cw('Cosmic', 'Purple', '#7209b7', '#4cc9f0', '#f72585', '#240046'),
    ],
  },
  {
    name: 'Sunburst Tie-Dye',
    kind: 'tie-dye',
    colourways: [
      cw('Citrus', 'Orange', '#ff9f1c', '#ffbf69', '#cbf3f0', '#5c3300'),
      cw('Berry', 'Pink', '#ff5d8f', '#ffd6e0', '#9d4edd', '#5a0f2e'),
    ],
  },
  {
    name: 'Zig Zag',
    kind: 'chevron',
    colourways: [
      cw('Bold', 'Multi', '#ffffff', '#111111', '#ff006e', '#111111'),
      cw('Ocean', 'Blue', '#caf0f8', '#0077b6', '#00b4d8', '#023e8a'),
    ],
  },
  {
    name: 'Alpine Chevron',
    kind: 'chevron',
    colourways: [
      cw('Pine', 'Green', '#264d3b', '#f0ead2', '#a3b18a', '#142a20'),
      cw('Ember', 'Red', '#9b2226', '#f4e1c1', '#ee9b00', '#4a1012'),
    ],
  },
  {
    name: 'Prism',
    kind: 'geometric',
    colourways: [
      cw('Spectrum', 'Multi', '#f8f9fa', '#3a86ff', '#ff006e', '#212529'),
      cw('Mono', 'Grey', '#adb5bd', '#495057', '#f8f9fa', '#212529'),
    ],
  },
  {
    name: 'Neon Grid',
    kind: 'geometric',
    colourways: [
      cw('Synthwave', 'Purple', '#240046', '#ff00c8', '#00f5d4', '#10002b'),
      cw('Acid', 'Yellow', '#e9ff70', '#111111', '#70d6ff', '#111111'),
    ],
  },
  {
    name: 'Hot Rod Flames',
    kind: 'flames',
    colourways: [
      cw('Black Fire', 'Black', '#101010', '#ff5400', '#ffbd00', '#101010'),
      cw('Blue Flame', 'Blue', '#0d1b2a', '#4cc9f0', '#f1faee', '#0d1b2a'),
    ],
  },
  {
    name: 'Firestarter',
    kind: 'flames',
    colourways: [
      cw('Inferno', 'Red', '#7f0000', '#ff6d00', '#ffea00', '#3b0000'),
      cw('Wildfire', 'Orange', '#ff7b00', '#ffd000', '#9d0208', '#3a1300'),
    ],
  },
  {
    name: 'Palm Springs',
    kind: 'palms',
    colourways: [
      cw('Flamingo', 'Pink', '#ffc2d1', '#2d6a4f', '#ff8fab', '#1b4332'),
      cw('Cabana', 'White', '#fbf8ef', '#40916c', '#f4a261', '#1b4332'),
    ],
  },
  {
    name: 'Jungle Fever',
    kind: 'palms',
    colourways: [
      cw('Emerald', 'Green', '#0b6e4f', '#08a045', '#d8f3dc', '#04301f'),
      cw('Banana', 'Yellow', '#ffe066', '#2b9348', '#f4845f', '#1e5128'),
    ],
  },
  {
    name: 'Essentials Solid',
    kind: 'solid',
    colourways: [
      cw('Jet Black', 'Black', '#141414', '#1f1f1f', '#2a2a2a', '#0a0a0a'),
      cw('Bright White', 'White', '#f7f7f5', '#ededea', '#e2e2de', '#1f1f1f'),
      cw('Navy', 'Blue', '#1d2b4f', '#24345e', '#17223f', '#0e1528'),
      cw('Heather Grey', 'Grey', '#a7a9ac', '#b9bbbe', '#95979a', '#2c2d30'),
    ],
  },
  {
    name: 'Core Solid',
    kind: 'solid',
    colourways: [
      cw('Cobalt', 'Blue', '#1f4fd1', '#2a5be0', '#1a44b8', '#0b1f5c'),
      cw('Army', 'Green', '#4b5320', '#565f26', '#40471b', '#22260d'),
      cw('Brick', 'Red', '#a33a2b', '#b14433', '#8f3123', '#3a130d'),
      cw('Tan', 'Brown', '#c8a27a', '#d2ae88', '#b8916a', '#4a3520'),
    ],
  },
  {
    name: 'Heather Classic',
    kind: 'solid',
    colourways: [
      cw('Oatmeal', 'Brown', '#d9cbb3', '#e3d7c3', '#cbbb9f', '#4d4030'),
      cw('Blush Heather', 'Pink', '#e9b8c0', '#f0c6cd', '#dca7b0', '#6b2f3a'),
      cw('Charcoal Heather', 'Grey', '#4b4d52', '#5a5c61', '#3e4044', '#141516'),
    ],
  },
];

export interface PrintColourway {
  print: Print;
  colourway: Colourway;
  /** Stable index of this print and colourway, used in media file names. */
  printIndex: number;
  colourwayIndex: number;
}

/** Every print in every colourway, in a fixed order. */
export const PRINT_COLOURWAYS: readonly PrintColourway[] = PRINTS.flatMap((print, printIndex) =>
  print.colourways.map((colourway, colourwayIndex) => ({ print, colourway, printIndex, colourwayIndex })),
);
