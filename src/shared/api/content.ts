/** The content endpoints under /api: the site content of a page, the posts, and the forms' submissions (spec 7). */
import * as z from 'zod/mini';
import { BLOCK_TYPES } from '../content.ts';
import { NEWS_OFFSET_DEFAULT } from '../constants.ts';
import { POST_KINDS, POSTS_PAGE_SIZE } from '../post.ts';
import { endpoint } from './endpoint.ts';
import { productDocumentSchema } from './products.ts';
import { imageRefSchema } from './shared-schemas.ts';

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
  productData: z.object({
    products: z.array(productDocumentSchema),
    total: z.number(),
    offset: z.number(),
    closed: z.boolean(),
  }),
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

/** A page's content by its slug, which may hold slashes (`shop/men`); `null` when the page has none. */
export const siteContentEndpoint = endpoint({
  method: 'GET',
  path: '/api/site-content/get/*',
  params: z.object({ '*': z.string().check(z.regex(/^[a-z0-9][a-z0-9/-]{0,200}$/, 'slug is not a page slug')) }),
  data: z.nullable(siteContentSchema),
});

const postSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(POST_KINDS),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.nullable(imageRefSchema),
  published_at: z.string(),
  author: z.string(),
});

/** A page of a kind's posts, newest first, from an offset. */
export const postListEndpoint = endpoint({
  method: 'GET',
  path: '/api/posts',
  query: z.object({
    kind: z.enum(POST_KINDS),
    offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), NEWS_OFFSET_DEFAULT),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(60)), POSTS_PAGE_SIZE),
  }),
  data: z.object({ posts: z.array(postSummarySchema), total: z.number(), offset: z.number() }),
});

/** One published post with its sanitized HTML. */
export const postEndpoint = endpoint({
  method: 'GET',
  path: '/api/posts/:kind/:slug',
  params: z.object({
    kind: z.enum(POST_KINDS),
    slug: z.string().check(z.regex(/^[a-z0-9-]{1,200}$/, 'slug is not a post slug')),
  }),
  data: z.extend(postSummarySchema, {
    author_role: z.string(),
    product_tags: z.array(z.string()),
    products: z.array(productDocumentSchema),
    content: z.string(),
  }),
});

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * A form block's submission (only the forms of src/shared/forms.ts take one). The response is the spec's success
 * body with its message, whole rather than in `{data}`.
 */
export const formSubmissionEndpoint = endpoint({
  method: 'POST',
  path: '/api/forms/:formId',
  params: z.object({ formId: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,60}$/, 'formId is not a form id')) }),
  body: z.strictObject({
    form_id: z.optional(text(60)),
    email: text(254),
    instagram: z.optional(text(100)),
    address: z.optional(text(500)),
    phone: z.optional(text(40)),
    company_name: z.optional(text(200)),
    job_title: z.optional(text(200)),
    is_of_age: z.optional(z.boolean()),
  }),
  data: z.object({
    success: z.literal(true),
    messages: z.array(z.object({ type: z.literal('success'), text: z.string() })),
  }),
  envelope: false,
});
