/** Size charts: one per adult category, shared ones for kids and toddlers, each with diagrams and a table. */
import type { Insertable } from 'kysely';
import type { SizeChartTable } from '../server/db/schema.ts';
import type { Shape } from './garments.ts';
import { mediaUrl, sizeDiagramFile, type DiagramMeasures, type MediaRegistry } from './media.ts';
import { escapeHtml } from './text.ts';

interface ChartSpec {
  name: string;
  displayName: string;
  categoryName: string;
  subheader: string;
  shape: Shape;
  /** The measuring lines of each diagram; every measure a diagram names is a column of the table. */
  diagrams: DiagramMeasures[];
  columns: string[];
  rows: string[][];
}

const ADULT_UNDERWEAR_ROWS = [
  ['XS', '26–28', '66–71', '33–35'],
  ['S', '28–30', '71–76', '35–37'],
  ['M', '31–33', '79–84', '38–40'],
  ['L', '34–36', '86–91', '41–43'],
  ['XL', '37–39', '94–99', '44–46'],
  ['2XL', '40–42', '102–107', '47–49'],
  ['3XL', '43–45', '109–114', '50–52'],
];
const UNDERWEAR_COLUMNS = ['Size', 'Waist (in)', 'Waist (cm)', 'Hip (in)'];
/** Adds one column's values, in size order, to each row. */
const withColumn = (rows: string[][], values: readonly string[]) => rows.map((row, i) => [...row, values[i] ?? '']);
const TOPS_ROWS = [
  ['XS', '34', '27', '86'],
  ['S', '37', '28', '94'],
  ['M', '40', '29', '102'],
  ['L', '43', '30', '109'],
  ['XL', '46', '31', '117'],
  ['2XL', '49', '32', '124'],
  ['3XL', '52', '33', '132'],
];
const KID_ROWS = [
  ['S', '6–7', '45–50', '21–22'],
  ['M', '8–10', '51–56', '23–24'],
  ['L', '12–14', '57–62', '25–26'],
  ['XL', '16', '63–66', '27–28'],
];
const TODDLER_ROWS = [
  ['2T', '33–35', '27–30'],
  ['3T', '36–38', '31–34'],
  ['4T', '39–41', '35–38'],
  ['5T', '42–44', '39–43'],
];

const CHARTS: ChartSpec[] = [
  {
    name: 'boxer-briefs',
    displayName: 'Boxer Briefs',
    categoryName: 'Underwear',
    subheader:
      'Measure around your natural waist, where the waistband sits. Between sizes? Size up for lounging, down for support. The inseam is for the Mid Length; the Short Leg is 3 in shorter and the Long Leg 2 in longer.',
    shape: 'boxer-brief-mid',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: [...UNDERWEAR_COLUMNS, 'Inseam (in)'],
    rows: withColumn(ADULT_UNDERWEAR_ROWS, ['5.5', '5.75', '6', '6.25', '6.5', '6.75', '7']),
  },
  {
    name: 'briefs',
    displayName: 'Briefs',
    categoryName: 'Underwear',
    subheader: 'Measure around your natural waist, where the waistband sits.',
    shape: 'brief',
    diagrams: [{ top: 'Waist', side: 'Rise' }],
    columns: [...UNDERWEAR_COLUMNS, 'Rise (in)'],
    rows: withColumn(ADULT_UNDERWEAR_ROWS, ['7.5', '8', '8.5', '9', '9.5', '10', '10.5']),
  },
  {
    name: 'trunks',
    displayName: 'Trunks',
    categoryName: 'Underwear',
    subheader: 'Trunks run true to size; measure around your natural waist.',
    shape: 'trunk',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: [...UNDERWEAR_COLUMNS, 'Inseam (in)'],
    rows: withColumn(ADULT_UNDERWEAR_ROWS, ['2.75', '3', '3', '3.25', '3.25', '3.5', '3.5']),
  },
  {
    name: 'bralettes',
    displayName: 'Bralettes',
    categoryName: 'Bras',
    subheader: 'Measure around the fullest part of your bust, and snugly around your ribcage just under it.',
    shape: 'bralette',
    diagrams: [{ top: 'Bust' }, { bottom: 'Underbust' }],
    columns: ['Size', 'Bust (in)', 'Underbust (in)'],
    rows: [
      ['XS', '30–32', '26–28'],
      ['S', '32–34', '28–30'],
      ['M', '35–37', '30–32'],
      ['L', '38–40', '33–35'],
      ['XL', '41–43', '36–38'],
    ],
  },
  {
    name: 't-shirt-bras',
    displayName: 'T-Shirt Bras',
    categoryName: 'Bras',
    subheader:
      'Your band is your underbust measurement rounded to the nearest even inch; each inch of bust above the band is one cup size.',
    shape: 'tshirt-bra',
    diagrams: [{ bottom: 'Band' }, { top: 'Bust' }],
    columns: ['Size', 'Band (in)', 'Bust (in)'],
    rows: [
      ['32A', '28–29', '32–33'],
      ['32B', '28–29', '33–34'],
      ['32C', '28–29', '34–35'],
      ['34A', '30–31', '34–35'],
      ['34B', '30–31', '35–36'],
      ['34C', '30–31', '36–37'],
      ['34D', '30–31', '37–38'],
      ['36B', '32–33', '37–38'],
      ['36C', '32–33', '38–39'],
      ['36D', '32–33', '39–40'],
      ['38C', '34–35', '40–41'],
      ['38D', '34–35', '41–42'],
    ],
  },
  {
    name: 'socks',
    displayName: 'Socks',
    categoryName: 'Socks',
    subheader: 'Pick your sock size by your US shoe size, or by the length of your foot from heel to toe.',
    shape: 'sock-crew',
    diagrams: [{ bottom: 'Foot length' }],
    columns: ['Size', "US Men's Shoe", "US Women's Shoe", 'Foot length (in)'],
    rows: [
      ['S/M', '5–9', '6–10', '8.5–10'],
      ['L/XL', '9.5–13', '10.5–14', '10–11.5'],
    ],
  },
  {
    name: 'tees',
    displayName: 'Tees',
    categoryName: 'Clothing',
    subheader: 'Garment measurements, laid flat. Compare with a tee you already love.',
    shape: 'tee',
    diagrams: [{ top: 'Chest', side: 'Length' }],
    columns: ['Size', 'Chest (in)', 'Length (in)', 'Chest (cm)'],
    rows: TOPS_ROWS,
  },
  {
    name: 'hoodies',
    displayName: 'Hoodies',
    categoryName: 'Clothing',
    subheader: 'A relaxed fit with room to layer; size down for a closer fit.',
    shape: 'hoodie',
    diagrams: [{ top: 'Chest', side: 'Length' }],
    columns: ['Size', 'Chest (in)', 'Length (in)', 'Chest (cm)'],
    rows: TOPS_ROWS.map(([size, chest, length, cm]) => [
      size ?? '',
      String(Number(chest) + 2),
      String(Number(length) + 1),
      String(Number(cm) + 5),
    ]),
  },
  {
    name: 'joggers',
    displayName: 'Joggers',
    categoryName: 'Clothing',
    subheader: 'Elastic waist with a drawcord; the inseam is measured from crotch to cuff.',
    shape: 'jogger',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: ['Size', 'Waist (in)', 'Inseam (in)'],
    rows: ADULT_UNDERWEAR_ROWS.map(([size, waist], i) => [size ?? '', waist ?? '', String(29 + Math.min(i, 3))]),
  },
  {
    name: 'shorts',
    displayName: 'Shorts',
    categoryName: 'Clothing',
    subheader: 'Available in 5" and 7" inseams; both have a built-in liner.',
    shape: 'shorts-7',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: ['Size', 'Waist (in)', 'Hip (in)', 'Inseam (in)'],
    rows: ADULT_UNDERWEAR_ROWS.map(([size, waist, , hip]) => [size ?? '', waist ?? '', hip ?? '', '5 or 7']),
  },
  {
    name: 'caps',
    displayName: 'Caps',
    categoryName: 'Accessories',
    subheader: 'One size with an adjustable snap back.',
    shape: 'cap',
    diagrams: [{ bottom: 'Head circumference' }],
    columns: ['Size', 'Head circumference (in)', 'Head circumference (cm)'],
    rows: [['One Size', '21.5–23.5', '55–60']],
  },
  {
    name: 'bags',
    displayName: 'Bags',
    categoryName: 'Accessories',
    subheader: 'Roomy enough for a laptop, a towel and a change of underwear.',
    shape: 'tote',
    diagrams: [{ top: 'Width', side: 'Height' }],
    columns: ['Size', 'Width (in)', 'Height (in)', 'Handle drop (in)'],
    rows: [['One Size', '15', '16', '11']],
  },
  {
    name: 'beanies',
    displayName: 'Beanies',
    categoryName: 'Accessories',
    subheader: 'Stretch rib knit that fits most heads.',
    shape: 'beanie',
    diagrams: [{ bottom: 'Head circumference' }],
    columns: ['Size', 'Head circumference (in)', 'Head circumference (cm)'],
    rows: [['One Size', '21–24', '53–61']],
  },
  {
    name: 'kids-underwear',
    displayName: "Kids' Underwear",
    categoryName: 'Kids',
    subheader: 'Sized by age as a guide; waist measurement is the best fit check.',
    shape: 'boxer-brief-mid',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: ['Size', 'Age', 'Height (in)', 'Waist (in)', 'Inseam (in)'],
    rows: withColumn(KID_ROWS, ['3', '3.5', '4', '4.5']),
  },
  {
    name: 'kids-bralettes',
    displayName: "Girls' Bralettes",
    categoryName: 'Kids',
    subheader: 'Soft, wire-free first bras. Measure around the chest just under the arms.',
    shape: 'bralette',
    diagrams: [{ top: 'Chest' }],
    columns: ['Size', 'Age', 'Height (in)', 'Chest (in)'],
    rows: KID_ROWS.map(([size, age, height, waist]) => [
      size ?? '',
      age ?? '',
      height ?? '',
      String(Number((waist ?? '0').split('–')[0]) + 4),
    ]),
  },
  {
    name: 'kids-socks',
    displayName: "Kids' Socks",
    categoryName: 'Kids',
    subheader: 'Pick by shoe size, or by the length of the foot from heel to toe.',
    shape: 'sock-crew',
    diagrams: [{ bottom: 'Foot length' }],
    columns: ['Size', "Kids' Shoe", 'Foot length (in)'],
    rows: [
      ['S/M', '10–13', '6–7.5'],
      ['L/XL', '1–5', '7.5–9'],
    ],
  },
  {
    name: 'kids-clothing',
    displayName: "Kids' Clothing",
    categoryName: 'Kids',
    subheader: 'Room to grow: sized by age and height.',
    shape: 'tee',
    diagrams: [{ top: 'Chest', side: 'Length' }],
    columns: ['Size', 'Age', 'Height (in)', 'Chest (in)', 'Length (in)'],
    rows: withColumn(
      withColumn(
        KID_ROWS.map(([size, age, height]) => [size ?? '', age ?? '', height ?? '']),
        ['26–27', '28–29', '30–31', '32–33'],
      ),
      ['18', '19.5', '21', '22.5'],
    ),
  },
  {
    name: 'toddler-underwear',
    displayName: 'Toddler Underwear',
    categoryName: 'Toddlers',
    subheader: 'Tagless and soft, with a covered waistband for potty-training days.',
    shape: 'brief',
    diagrams: [{ top: 'Waist' }],
    columns: ['Size', 'Height (in)', 'Weight (lb)', 'Waist (in)'],
    rows: withColumn(TODDLER_ROWS, ['19–20', '20–21', '21–22', '22–23']),
  },
  {
    name: 'toddler-socks',
    displayName: 'Toddler Socks',
    categoryName: 'Toddlers',
    subheader: 'Non-slip grips on the sole for first steps.',
    shape: 'sock-ankle',
    diagrams: [{ bottom: 'Foot length' }],
    columns: ['Size', 'Toddler Shoe', 'Foot length (in)'],
    rows: [
      ['S/M', '4–7', '4.5–5.5'],
      ['L/XL', '8–10', '5.5–6.5'],
    ],
  },
  {
    name: 'toddler-clothing',
    displayName: 'Toddler Clothing',
    categoryName: 'Toddlers',
    subheader: 'Sized by height and weight.',
    shape: 'jogger',
    diagrams: [{ top: 'Waist', inseam: 'Inseam' }],
    columns: ['Size', 'Height (in)', 'Weight (lb)', 'Waist (in)', 'Inseam (in)'],
    rows: withColumn(withColumn(TODDLER_ROWS, ['19–20', '20–21', '21–22', '22–23']), ['12', '13.5', '15', '16.5']),
  },
];

export const SIZE_CHART_NAMES: readonly string[] = CHARTS.map((chart) => chart.name);

function table(columns: string[], rows: string[][]): string {
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function sizeChartRows(site: string, media: MediaRegistry): Insertable<SizeChartTable>[] {
  return CHARTS.map((chart, position) => ({
    name: chart.name,
    display_name: chart.displayName,
    category_name: chart.categoryName,
    subheader: chart.subheader,
    meta_title: `${chart.displayName} Size Guide`,
    meta_description: `Find your ${site} ${chart.displayName.toLowerCase()} size: measurements in inches and centimetres.`,
    images: JSON.stringify(
      chart.diagrams.map((measures, i) => {
        const title = `${chart.displayName}: how to measure${chart.diagrams.length > 1 ? ` (${i + 1} of ${chart.diagrams.length})` : ''}`;
        const file = sizeDiagramFile(`${chart.name}-${i + 1}`, chart.shape, title, measures);
        media.add(file);
        return { url: mediaUrl(file), width: 800, height: 800, title };
      }),
    ),
    content: table(chart.columns, chart.rows),
    position,
  }));
}
