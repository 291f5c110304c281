/** Site content as GET /api/site-content/get/{slug} returns it (spec section 3). */
import type { ProductDocument } from './product.ts';

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
