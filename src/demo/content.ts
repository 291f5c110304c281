/**
 * Site content: the home page (every block type), the catalogue pages, static and campaign pages, application
 * and contest pages. Blocks are rows of content_blocks; a Container's children point at it by parent_block_id.
 */
import type { Insertable } from 'kysely';
import type { ContentBlockTable, CuratedBlockProductTable, SiteContentTable } from '../server/db/schema.ts';
import type { Catalogue } from './catalogue.ts';
import { cataloguePages, type CataloguePage } from './catalogue-pages.ts';
import { COLLECTIONS } from './facets.ts';
import type { Shape } from './garments.ts';
import { type BlockType, type MediaItem, type ProductImageTile, type TagLink } from '../shared/content.ts';
import { sceneFile, type MediaRegistry, type SceneKind } from './media.ts';
import type { FolderBlock, FolderPage } from '../server/content/content-folder.ts';
import { applicationTermsPages } from './pages-copy.ts';
import type { Rng } from './prng.ts';
import { PRINTS } from './prints.ts';
import { shopTagUrl } from './shop-links.ts';
import { daysBefore, escapeHtml, slugify } from './text.ts';

interface BlockSpec {
  type: BlockType;
  name: string;
  slug?: string;
  breakpoint?: 'all' | 'mobile' | 'desktop';
  containerClass?: string;
  containerStyle?: string;
  images?: MediaItem[];
  fields?: string[];
  configuration?: TagLink[];
  content?: string;
  formId?: string;
  autoAdvance?: boolean;
  paginationArrows?: boolean;
  indicatorType?: string;
  productTags?: string[];
  productImages?: ProductImageTile[];
  children?: BlockSpec[];
  /** Product ids a Curated Product block shows, in order. */
  curated?: string[];
}

interface PageSpec {
  slug: string;
  name: string;
  metaTitle: string;
  metaDescription: string;
  blocks: BlockSpec[];
  /** The text of a content folder page, which its Html block shows (server/content/content-import.ts). */
  markdown?: string;
}

export interface ContentRows {
  siteContent: Insertable<SiteContentTable>[];
  blocks: Insertable<ContentBlockTable>[];
  curated: Insertable<CuratedBlockProductTable>[];
}

export interface ContentContext {
  rng: Rng;
  now: Date;
  brand: string;
  site: string;
  /** The static and campaign pages of the content folder (content/pages). */
  pages: readonly FolderPage[];
  media: MediaRegistry;
  catalogue: Catalogue;
}

function mediaItem(
  url: string,
  width: number,
  height: number,
  title: string,
  extra: Partial<MediaItem> = {},
): MediaItem {
  return {
    url,
    width,
    height,
    title,
    hex: null,
    media_type: 'image',
    poster: null,
    href: null,
    content: null,
    content_style: null,
    duration: null,
    placeholderSrc: null,
    ...extra,
  };
}

function printIndex(name: string): number {
  const index = PRINTS.findIndex((print) => print.name === name);
  if (index < 0) throw new Error(`No print named ${name}`);
  return index;
}

/** What a scene shows: its file, drawing and the alt text that says what is in the picture. */
interface SceneSpecOptions {
  name: string;
  kind: SceneKind;
  size: [number, number];
  print: string;
  /** Drawn into the picture, or empty. */
  headline?: string;
  shapes?: Shape[];
  alt: string;
}

/** Registers a scene image and returns it as a media item titled with its alt text. */
function scene(ctx: ContentContext, spec: SceneSpecOptions, extra: Partial<MediaItem> = {}): MediaItem {
  const [width, height] = spec.size;
  const p = printIndex(spec.print);
  const file = sceneFile(spec.name, {
    kind: spec.kind,
    width,
    height,
    printIndex: p,
    colourwayIndex: 0,
    shapes: spec.shapes ?? [],
    headline: spec.headline ?? '',
  });
  const hex = PRINTS[p]?.colourways[0]?.palette.base ?? null;
  return mediaItem(ctx.media.add(file), width, height, spec.alt, { hex, ...extra });
}

/** Up to `count` products listed on a page: carrying all its tags, shown on listings and in stock. */
function picks(ctx: ContentContext, tags: readonly string[], count: number): string[] {
  const { products, tagNames, inStock } = ctx.catalogue;
  const found: string[] = [];
  const start = ctx.rng.int(0, Math.max(0, products.length - 1));
  for (let k = 0; k < products.length && found.length < count; k++) {
    const i = (start + k) % products.length;
    const product = products[i];
    const names = tagNames[i];
    if (!product || !names || product.show_on_plp !== 1 || !inStock.has(product.id)) continue;
    if (tags.every((tag) => names.includes(tag))) found.push(product.id);
  }
  return found;
}

function productLink(ctx: ContentContext, id: string): { href: string; image: string; name: string } {
  const index = Number(id) - Number(ctx.catalogue.products[0]?.id ?? 0);
  const product = ctx.catalogue.products[index];
  const image = ctx.catalogue.images.find((row) => row.product_id === id && row.role === 'primary');
  if (!product || !image) throw new Error(`No product ${id}`);
  return { href: `/s/${product.id}/${product.slug}`, image: image.url, name: product.name };
}

/** Studio scenes have pale backdrops: their captions are dark. */
const STUDIO_CAPTION = 'color:#111111;text-shadow:none';

const DIVISION_LINKS = ['Men', 'Women', 'Boys', 'Girls', 'Toddlers'] as const;

function homePage(ctx: ContentContext): PageSpec {
  const slides: Array<{ slide: Omit<SceneSpecOptions, 'size'>; href: string; eyebrow: string }> = [
    {
      slide: {
        name: 'tropic-thunder',
        kind: 'studio',
        print: 'Tropic Thunder',
        headline: 'Tropic Thunder Has Landed',
        shapes: ['boxer-brief-mid', 'tee', 'sock-crew'],
        alt: 'Tropic Thunder Has Landed: boxer briefs, a tee and crew socks in the orange Tropic Thunder palm print',
      },
      href: '/shop/new',
      eyebrow: 'New drop',
    },
    {
      slide: {
        name: 'ultimate-giveaway',
        kind: 'confetti',
        print: 'Confetti',
        headline: 'The Ultimate Giveaway',
        alt: 'The Ultimate Giveaway, over a shower of confetti',
      },
      href: '/ultimate',
      eyebrow: 'Ends soon',
    },
    {
      slide: {
        name: 'camo-season',
        kind: 'mountains',
        print: 'Midnight Camo',
        headline: 'Camo Season',
        alt: 'Camo Season, over mountain ridges at dusk in Midnight Camo greens',
      },
      href: shopTagUrl('/shop', [['print', 'Midnight Camo']]),
      eyebrow: 'New drop',
    },
  ];
  const fader = (breakpoint: 'desktop' | 'mobile', size: [number, number]): BlockSpec => ({
    type: 'Image Fader',
    name: `Hero (${breakpoint})`,
    breakpoint,
    autoAdvance: true,
    paginationArrows: breakpoint === 'desktop',
    indicatorType: 'dots',
    // The caption sits in the bottom quarter, which studio scenes keep clear of garments.
    images: slides.map(({ slide, href, eyebrow }) =>
      scene(
        ctx,
        { ...slide, name: `home/hero-${slide.name}-${breakpoint}`, size },
        {
          href,
          content: `<p class="eyebrow">${eyebrow}</p><a class="button" href="${href}">Shop Now</a>`,
          content_style: 'color:#ffffff;text-align:center;justify-content:flex-end;padding-bottom:3.5rem',
          duration: 6,
        },
      ),
    ),
  });
  const lookProducts = picks(ctx, ['Men', 'Underwear'], 2).concat(picks(ctx, ['Women', 'Bras'], 1));
  /** The look's pins at the given places, in percent of the picture. */
  const look = (rects: ProductImageTile['rect'][]): ProductImageTile[] =>
    rects.flatMap((rect, i) => {
      const id = lookProducts[i];
      if (!id) return [];
      const product = productLink(ctx, id);
      return {
        url: product.image,
        href: product.href,
        rect,
        image_style: 'object-fit:contain',
        content: `<p>${escapeHtml(product.name)}</p>`,
        content_style: 'font-size:0.75rem',
        breakpoint_type: 'all',
      };
    });
  const shopTheLook = (breakpoint: 'desktop' | 'mobile'): BlockSpec => ({
    type: 'Default',
    name: 'Shop the look',
    breakpoint,
    images: [
      scene(
        ctx,
        {
          name: `home/shop-the-look-${breakpoint}`,
          kind: 'beach',
          size: breakpoint === 'desktop' ? [1600, 900] : [1080, 1350],
          print: 'Tropic Thunder',
          alt: 'A beach at sunset between two palm trees',
        },
        {
          content: '<h2>Made for Long Weekends</h2><p>Tap a pin to shop the look.</p>',
          // Wide, the headline keeps to the left half and the pins to the right; tall, the pins sit below it.
          content_style: `color:#ffffff;justify-content:flex-start${breakpoint === 'desktop' ? ';right:48%' : ''}`,
        },
      ),
    ],
    productImages: look(
      breakpoint === 'desktop'
        ? [
            { x: 52, y: 30, width: 14, height: 40 },
            { x: 68, y: 42, width: 14, height: 40 },
            { x: 84, y: 26, width: 14, height: 40 },
          ]
        : [
            { x: 4, y: 36, width: 29, height: 40 },
            { x: 35.5, y: 46, width: 29, height: 40 },
            { x: 67, y: 38, width: 29, height: 40 },
          ],
    ),
  });
  const categories: Array<{ title: string; shape: Shape; print: string; href: string; alt: string }> = [
    {
      title: 'Boxer Briefs',
      shape: 'boxer-brief-mid',
      print: 'Lightning Strike',
      href: '/shop/men/boxer-briefs',
      alt: 'Boxer briefs in the blue Lightning Strike print',
    },
    {
      title: 'Bralettes',
      shape: 'bralette',
      print: 'Wildflower',
      href: '/shop/women/bralettes',
      alt: 'A bralette in the Wildflower print',
    },
    {
      title: 'Socks',
      shape: 'sock-crew',
      print: 'Polka Party',
      href: '/shop/socks',
      alt: 'Red Polka Party crew socks',
    },
    {
      title: 'Hoodies',
      shape: 'hoodie',
      print: 'Buffalo Check',
      href: '/shop/men/hoodies',
      alt: 'A hoodie in red Buffalo Check',
    },
    {
      title: 'Toddlers',
      shape: 'tee',
      print: 'Heart Throb',
      href: '/shop/toddlers',
      alt: 'A toddler tee in the Heart Throb print',
    },
    { title: 'Caps', shape: 'cap', print: 'Star Spangled', href: '/shop/accessories/caps', alt: 'A Star Spangled cap' },
  ];
  /** A square picture of the division's garments that links to its shop page. */
  const divisionTile = (division: 'Men' | 'Women', print: string, shapes: Shape[], alt: string): BlockSpec => ({
    type: 'Default',
    name: `Shop ${division}`,
    images: [
      scene(
        ctx,
        { name: `home/shop-${slugify(division)}`, kind: 'studio', size: [1000, 1000], print, shapes, alt },
        { href: `/shop/${slugify(division)}`, content: `<h2>${division}</h2>`, content_style: STUDIO_CAPTION },
      ),
    ],
  });
  return {
    slug: 'home',
    name: 'Home',
    metaTitle: 'Loud Prints. Serious Comfort.',
    metaDescription: `${ctx.site} makes the most comfortable underwear, bras, socks and clothing in the loudest prints, for men, women, kids and toddlers.`,
    blocks: [
      fader('desktop', [1920, 900]),
      fader('mobile', [1080, 1350]),
      {
        type: 'Tag Selector',
        name: 'Shop by division',
        configuration: DIVISION_LINKS.map((division) => ({
          id: division.toLowerCase(),
          text: division,
          url: shopTagUrl('/shop', [['division', division]]),
        })),
      },
      { type: 'Product', name: 'New Arrivals', slug: 'home-new-arrivals', productTags: [COLLECTIONS.new] },
      shopTheLook('desktop'),
      shopTheLook('mobile'),
      {
        type: 'Curated Product',
        name: 'Staff Picks',
        slug: 'home-staff-picks',
        curated: picks(ctx, [COLLECTIONS.bestSellers], 12),
      },
      {
        type: 'Image Scroll Snap',
        name: 'Shop by category',
        autoAdvance: true,
        indicatorType: 'bar',
        images: categories.map(({ title, shape, print, href, alt }) =>
          scene(
            ctx,
            { name: `home/category-${slugify(title)}`, kind: 'studio', size: [900, 1200], print, shapes: [shape], alt },
            { href, content: `<h3>${title}</h3>`, content_style: STUDIO_CAPTION, duration: 4 },
          ),
        ),
      },
      {
        type: 'Container',
        name: 'Men and Women',
        containerClass: 'grid grid-cols-1 gap-4 px-4 md:grid-cols-2 md:px-8',
        children: [
          divisionTile(
            'Men',
            'Midnight Camo',
            ['boxer-brief-long', 'hoodie'],
            'Long-leg boxer briefs and a hoodie in Midnight Camo',
          ),
          divisionTile(
            'Women',
            'Cherry Blossom',
            ['bralette', 'brief'],
            'A bralette and briefs in the pink Cherry Blossom print',
          ),
          {
            type: 'Html',
            name: 'Free shipping note',
            containerClass: 'md:col-span-2 text-center',
            content: '<p><strong>Free US shipping over $50.</strong> Free exchanges, always.</p>',
          },
        ],
      },
      {
        type: 'Html',
        name: 'Our promise',
        containerClass: 'prose mx-auto text-center',
        content: `<h2>The Comfiest Pair You Own, or It's Free</h2><p>Wear it, wash it, live in it for 30 days. If it is not the most comfortable underwear in your drawer, we will make it right.</p>`,
      },
      {
        type: 'Form',
        name: 'The Ultimate Giveaway',
        formId: 'contest-ultimate',
        fields: ['email', 'instagram', 'is_of_age'],
        content:
          '<h2>Win a Year of Underwear</h2><p>Enter The Ultimate Giveaway: one winner gets a pair a month for a year.</p>',
        breakpoint: 'desktop',
      },
      {
        type: 'Sign Up',
        name: 'Newsletter',
        formId: 'newsletter-home',
        fields: ['email'],
        content: '<h2>Join The Familie</h2><p>First dibs on new prints, restocks and members-only deals.</p>',
      },
    ],
  };
}

function cataloguePage(ctx: ContentContext, page: CataloguePage): PageSpec {
  const blocks: BlockSpec[] = [];
  if (page.curated) {
    const curated = picks(ctx, page.tags, 8);
    if (curated.length > 0)
      blocks.push({ type: 'Curated Product', name: "Editors' Picks", slug: `${page.blockSlug}-picks`, curated });
  }
  blocks.push({ type: 'Product', name: page.name, slug: page.blockSlug, productTags: page.tags });
  return { slug: page.slug, name: page.name, metaTitle: page.name, metaDescription: page.description, blocks };
}

function applicationPage(slug: string, name: string, intro: string, fields: string[]): PageSpec {
  return {
    slug,
    name,
    metaTitle: name,
    metaDescription: intro,
    blocks: [
      { type: 'Html', name: `${name} intro`, content: `<p>${intro}</p>` },
      { type: 'Form', name, formId: slug, fields, content: '<p>Tell us about yourself.</p>' },
    ],
  };
}

function contestPage(ctx: ContentContext, slug: string, name: string, intro: string, fields: string[]): PageSpec {
  return {
    slug: `contest/${slug}`,
    name,
    metaTitle: name,
    metaDescription: intro,
    blocks: [
      {
        type: 'Default',
        name: `${name} banner`,
        images: [
          scene(ctx, {
            name: `contests/${slug}`,
            kind: 'confetti',
            size: [1600, 900],
            print: slug === 'ultimate' ? 'Confetti' : 'Endless Summer',
            headline: name,
            alt: `${name}, over a shower of confetti`,
          }),
        ],
      },
      {
        type: 'Html',
        name: `${name} details`,
        content: `<p>${intro}</p><p><a href="/contest/${slug}/terms">Official rules</a></p>`,
      },
      { type: 'Form', name: `${name} entry`, formId: `contest-${slug}`, fields },
    ],
  };
}

export const CONTEST_FIELDS = {
  ultimate: ['email', 'instagram', 'address', 'phone', 'is_of_age'],
  'summer-send-off': ['email', 'instagram', 'is_of_age'],
} as const;

/** A block a content folder page lists in its front matter. */
const folderBlockSpec = (block: FolderBlock): BlockSpec => ({
  type: block.block_type,
  name: block.name,
  slug: block.slug ?? undefined,
  breakpoint: block.breakpoint,
  containerClass: block.container_class,
  containerStyle: block.container_style,
  images: block.images,
  fields: block.fields,
  configuration: block.configuration,
  content: block.content,
  formId: block.form_id ?? undefined,
  autoAdvance: block.auto_advance,
  paginationArrows: block.pagination_arrows,
  indicatorType: block.indicator_type ?? undefined,
  productTags: block.product_tags,
  productImages: block.product_images,
  children: block.blocks.map(folderBlockSpec),
  curated: block.products,
});

function allPages(ctx: ContentContext): PageSpec[] {
  const pages: PageSpec[] = [homePage(ctx), ...cataloguePages().map((page) => cataloguePage(ctx, page))];
  for (const page of ctx.pages) {
    const banner: BlockSpec[] =
      page.slug === 'about'
        ? [
            {
              type: 'Default',
              name: 'About banner',
              images: [
                scene(ctx, {
                  name: 'pages/about',
                  kind: 'desert',
                  size: [1920, 800],
                  print: 'Desert Camo',
                  headline: 'Est. 2014',
                  alt: 'Est. 2014, over desert dunes and cactus under a low sun',
                }),
              ],
            },
          ]
        : [];
    const products: BlockSpec[] = page.products
      ? [{ type: 'Product', name: page.products.name, slug: `${page.slug}-products`, productTags: page.products.tags }]
      : [];
    pages.push({
      slug: page.slug,
      name: page.name,
      metaTitle: page.meta_title,
      metaDescription: page.meta_description,
      blocks: [
        ...banner,
        ...page.blocks.map(folderBlockSpec),
        ...(page.markdown === '' ? [] : [{ type: 'Html' as const, name: page.name, content: page.html }]),
        ...products,
      ],
      markdown: page.markdown,
    });
  }
  for (const page of applicationTermsPages()) {
    pages.push({
      slug: page.slug,
      name: page.name,
      metaTitle: page.name,
      metaDescription: page.description,
      blocks: [{ type: 'Html', name: page.name, content: page.html }],
    });
  }
  pages.push(
    applicationPage(
      'creator-application',
      'Creator Application',
      `Make content, get free gear. Apply to join the ${ctx.site} creator program.`,
      ['email', 'instagram', 'is_of_age'],
    ),
    applicationPage(
      'dealer-application',
      'Dealer Application',
      `Carry ${ctx.site} in your shop. Tell us about your store and we will be in touch within a week.`,
      ['email', 'company', 'phone', 'address'],
    ),
    applicationPage(
      'nil',
      'NIL Applications',
      'Student-athletes: partner with us, earn commission and rep your favourite prints.',
      ['email', 'instagram', 'phone', 'is_of_age'],
    ),
    contestPage(
      ctx,
      'ultimate',
      'The Ultimate Giveaway',
      'One winner gets a pair of underwear every month for a year, a road trip for four and a print named after them.',
      [...CONTEST_FIELDS.ultimate],
    ),
    contestPage(
      ctx,
      'summer-send-off',
      'Summer Send-Off',
      'Our end-of-summer giveaway: ten winners, ten bundles. This contest has ended; thanks to everyone who entered.',
      [...CONTEST_FIELDS['summer-send-off']],
    ),
  );
  return pages;
}

export function contentId(slug: string): string {
  return `page-${slug.replaceAll('/', '-')}`;
}

export function contentRows(ctx: ContentContext): ContentRows {
  const rows: ContentRows = { siteContent: [], blocks: [], curated: [] };
  for (const page of allPages(ctx)) {
    const id = contentId(page.slug);
    const created = daysBefore(ctx.now, 90);
    rows.siteContent.push({
      id,
      name: page.name,
      slug: page.slug,
      meta_title: page.metaTitle,
      meta_description: page.metaDescription,
      created_at: created,
      updated_at: daysBefore(ctx.now, 3),
      updated_by: 'demo@content',
      markdown: page.markdown ?? '',
    });
    let seq = 0;
    const add = (blocks: BlockSpec[], parentId: string | null) =>
      blocks.forEach((block, position) => {
        const blockId = `${id}-b${++seq}`;
        rows.blocks.push({
          id: blockId,
          content_id: id,
          parent_block_id: parentId,
          position,
          block_type: block.type,
          name: block.name,
          slug: block.slug ?? null,
          breakpoint: block.breakpoint ?? 'all',
          container_class: block.containerClass ?? '',
          container_style: block.containerStyle ?? '',
          images: JSON.stringify(block.images ?? []),
          fields: JSON.stringify(block.fields ?? []),
          configuration: JSON.stringify(block.configuration ?? []),
          content: block.content ?? '',
          form_id: block.formId ?? null,
          auto_advance: block.autoAdvance ? 1 : 0,
          pagination_arrows: block.paginationArrows ? 1 : 0,
          indicator_type: block.indicatorType ?? null,
          product_tags: JSON.stringify(block.productTags ?? []),
          product_images: JSON.stringify(block.productImages ?? []),
        });
        (block.curated ?? []).forEach((productId, i) =>
          rows.curated.push({ block_id: blockId, product_id: productId, position: i }),
        );
        add(block.children ?? [], blockId);
      });
    add(page.blocks, null);
  }
  return rows;
}
