/** Site content as GET /api/site-content/get/{slug} returns it (spec section 3). */
import * as z from 'zod/mini';
import { productDocumentSchema, type ProductDocument } from './product.ts';

export type MediaType = 'Video' | 'Video_Controls' | 'iFrame' | 'image';

export interface MediaItem {
  url: string;
  width: number;
  height: number;
  title: string;
  hex: string | null;
  media_type: MediaType;
  poster: string | null;
  href: string | null;
  content: string | null;
  content_style: string | null;
  /** Seconds; the fader's default applies when absent. */
  duration: number | null;
  placeholderSrc: string | null;
}

/** A shop-the-look hotspot over a block image; rect is in percent of the image. */
export interface ProductImageTile {
  url: string;
  href: string;
  rect: { x: number; y: number; width: number; height: number };
  image_style: string;
  content: string;
  content_style: string;
  breakpoint_type: 'all' | 'mobile' | 'desktop';
}

export interface TagLink {
  id: string;
  text: string;
  url: string;
}

export const BLOCK_TYPES = [
  'Default',
  'Image Fader',
  'Image Scroll Snap',
  'Form',
  'Tag Selector',
  'Product',
  'Curated Product',
  'Html',
  'Sign Up',
  'Container',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export type Breakpoint = 'all' | 'mobile' | 'desktop';

export interface ContentBlock {
  _id: string;
  block_type: BlockType;
  name: string;
  slug: string | null;
  breakpoint: Breakpoint;
  container_class: string;
  container_style: string;
  images: MediaItem[];
  fields: string[];
  configuration: TagLink[];
  /** Sanitized HTML. */
  content: string;
  form_id: string | null;
  blocks: ContentBlock[];
  auto_advance: boolean;
  pagination_arrows: boolean;
  indicator_type: string | null;
  product_tags: string[];
  product_images: ProductImageTile[];
  productData: { products: ProductDocument[]; total: number; offset: number; closed: boolean };
}

export interface SiteContent {
  _id: string;
  name: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  blocks: ContentBlock[];
  created_at: string;
  updated_at: string;
  updated_by: string;
}

const mediaItemSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string(),
  hex: z.nullable(z.string()),
  media_type: z.enum(['Video', 'Video_Controls', 'iFrame', 'image']),
  poster: z.nullable(z.string()),
  href: z.nullable(z.string()),
  content: z.nullable(z.string()),
  content_style: z.nullable(z.string()),
  duration: z.nullable(z.number()),
  placeholderSrc: z.nullable(z.string()),
});

const breakpointSchema = z.enum(['all', 'mobile', 'desktop']);

const contentBlockSchema = z.object({
  _id: z.string(),
  block_type: z.enum(BLOCK_TYPES),
  name: z.string(),
  slug: z.nullable(z.string()),
  breakpoint: breakpointSchema,
  container_class: z.string(),
  container_style: z.string(),
  images: z.array(mediaItemSchema),
  fields: z.array(z.string()),
  configuration: z.array(z.object({ id: z.string(), text: z.string(), url: z.string() })),
  content: z.string(),
  form_id: z.nullable(z.string()),
  get blocks(): z.ZodMiniArray<typeof contentBlockSchema> {
    return z.array(contentBlockSchema);
  },
  auto_advance: z.boolean(),
  pagination_arrows: z.boolean(),
  indicator_type: z.nullable(z.string()),
  product_tags: z.array(z.string()),
  product_images: z.array(
    z.object({
      url: z.string(),
      href: z.string(),
      rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      image_style: z.string(),
      content: z.string(),
      content_style: z.string(),
      breakpoint_type: breakpointSchema,
    }),
  ),
  productData: z.object({ products: z.array(productDocumentSchema), total: z.number(), offset: z.number(), closed: z.boolean() }),
});

const siteContentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  blocks: z.array(contentBlockSchema),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});

/** What GET /api/site-content/get/{slug} answers in data: the page's content, or null when it has none. */
export const siteContentResponseSchema = z.nullable(siteContentSchema);
