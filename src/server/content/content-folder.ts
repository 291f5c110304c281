/**
 * A folder of content as a merchant keeps it (src/demo/content/README.md): posts and pages as Markdown files with
 * YAML front matter. Read and checked here before anything is written, every problem named by its file and field,
 * and the Markdown rendered to HTML (sanitized again on the way out, as all merchant HTML is: sanitize.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  BLOCK_TYPES,
  type BlockType,
  type Breakpoint,
  type MediaItem,
  type ProductImageTile,
  type TagLink,
} from '../../shared/content.ts';
import { POST_KINDS, type PostKind } from '../../shared/post.ts';

/** Bounds on what a folder may hold, checked before a file is read; blocks' bounds hold for each list. */
export const CONTENT_FOLDER_LIMITS = { files: 2000, fileBytes: 256 * 1024, blocks: 100, blockDepth: 4 } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A post's slug, or a page's with up to PAGE_SLUG_PARTS parts between slashes: the file name it is kept under. */
export const isFileSlug = (slug: string, parts = 1): boolean => {
  const split = slug.split('/');
  return split.length <= parts && split.every((part) => SLUG.test(part));
};
const tags = z.array(z.string().trim().min(1).max(100)).max(20);

const postFields = z.strictObject({
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().min(1).max(500),
  published: z.iso.date(),
  author: z.string().trim().min(1).max(100),
  author_role: z.string().trim().max(100).default(''),
  /** A picture's address in the media store, or a kind of scene the demo store draws. */
  image: z.string().trim().min(1).max(500),
  image_alt: z.string().trim().min(1).max(300),
  products: tags.default([]),
});

/** A content block as a page file writes it (spec 3), every field but block_type and name optional. */
export interface FolderBlock {
  block_type: BlockType;
  name: string;
  slug: string | null;
  breakpoint: Breakpoint;
  container_class: string;
  container_style: string;
  images: MediaItem[];
  fields: string[];
  configuration: TagLink[];
  /** HTML, sanitized when served as all merchant HTML is. */
  content: string;
  form_id: string | null;
  auto_advance: boolean;
  pagination_arrows: boolean;
  indicator_type: string | null;
  product_tags: string[];
  product_images: ProductImageTile[];
  /** A Curated Product block's products, by id, in order. */
  products: string[];
  blocks: FolderBlock[];
}

const breakpoint = z.enum(['all', 'mobile', 'desktop']);
const address = z.string().trim().min(1).max(2000);
const style = z.string().max(2000);
const html = z.string().max(100_000);
const size = z.number().int().positive().max(20_000);
const percent = z.number().min(0).max(100);

const mediaItem = z.strictObject({
  url: address,
  width: size,
  height: size,
  title: z.string().max(300).default(''),
  hex: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, 'a colour such as #1a2b3c')
    .nullable()
    .default(null),
  media_type: z.enum(['Video', 'Video_Controls', 'iFrame', 'image']).default('image'),
  poster: address.nullable().default(null),
  href: address.nullable().default(null),
  content: html.nullable().default(null),
  content_style: style.nullable().default(null),
  duration: z.number().positive().max(600).nullable().default(null),
  placeholderSrc: address.nullable().default(null),
});

const productImageTile = z.strictObject({
  url: address,
  href: address,
  rect: z.strictObject({ x: percent, y: percent, width: percent, height: percent }),
  image_style: style.default(''),
  content: html.default(''),
  content_style: style.default(''),
  breakpoint_type: breakpoint.default('all'),
});

const folderBlock: z.ZodType<FolderBlock> = z.lazy(() =>
  z.strictObject({
    block_type: z.enum(BLOCK_TYPES),
    name: z.string().trim().min(1).max(200),
    slug: z.string().regex(SLUG, 'a slug is lowercase letters, digits and single hyphens').nullable().default(null),
    breakpoint: breakpoint.default('all'),
    container_class: style.default(''),
    container_style: style.default(''),
    images: z.array(mediaItem).max(CONTENT_FOLDER_LIMITS.blocks).default([]),
    fields: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    configuration: z
      .array(
        z.strictObject({ id: z.string().trim().min(1).max(100), text: z.string().max(200).default(''), url: address }),
      )
      .max(CONTENT_FOLDER_LIMITS.blocks)
      .default([]),
    content: html.default(''),
    form_id: z.string().regex(SLUG, 'a form id is lowercase letters, digits and hyphens').nullable().default(null),
    auto_advance: z.boolean().default(false),
    pagination_arrows: z.boolean().default(false),
    indicator_type: z.string().trim().min(1).max(40).nullable().default(null),
    product_tags: tags.default([]),
    product_images: z.array(productImageTile).max(CONTENT_FOLDER_LIMITS.blocks).default([]),
    products: z.array(z.string().trim().min(1).max(100)).max(CONTENT_FOLDER_LIMITS.blocks).default([]),
    blocks: z.array(folderBlock).max(CONTENT_FOLDER_LIMITS.blocks).default([]),
  }),
);

const pageFields = z.strictObject({
  name: z.string().trim().min(1).max(200),
  meta_title: z.string().trim().min(1).max(200),
  meta_description: z.string().trim().min(1).max(500),
  /** The blocks shown before the text. */
  blocks: z.array(folderBlock).max(CONTENT_FOLDER_LIMITS.blocks).default([]),
  /** A Product block shown after the text. */
  products: z.strictObject({ name: z.string().trim().min(1).max(200), tags: tags.min(1) }).optional(),
});

/** The deepest nesting of Container blocks under a list of blocks, 1 for blocks without children. */
const blockDepth = (blocks: readonly FolderBlock[]): number =>
  blocks.reduce((deepest, block) => Math.max(deepest, 1 + blockDepth(block.blocks)), 0);

export interface FolderPost extends Omit<z.infer<typeof postFields>, 'products'> {
  kind: PostKind;
  slug: string;
  productTags: string[];
  /** The body as written, and as HTML. */
  markdown: string;
  html: string;
}

export interface FolderPage extends z.infer<typeof pageFields> {
  /** Its path under pages/ without .md, which may hold slashes (`shop/men`, `contest/ultimate`). */
  slug: string;
  /** The text as written, and as HTML; empty for a page of blocks only. */
  markdown: string;
  html: string;
}

export interface ContentFolder {
  posts: FolderPost[];
  pages: FolderPage[];
}

/** Every problem found in a folder, one line each: `posts/news/launch.md: author: Required`. */
export class ContentFolderError extends Error {
  constructor(readonly problems: string[]) {
    super(`The content folder has ${problems.length} problem(s):\n${problems.join('\n')}`);
    this.name = 'ContentFolderError';
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** A file's front matter and body, with `{{name}}` placeholders filled from `values`. */
function splitFile(
  text: string,
  values: Readonly<Record<string, string>>,
  problem: (field: string, message: string) => void,
) {
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) problem('text', `${whole} is not a placeholder (${Object.keys(values).join(', ')})`);
    return value ?? whole;
  });
  const parts = FRONT_MATTER.exec(filled);
  if (!parts) {
    problem('front matter', 'the file does not start with front matter between --- lines');
    return null;
  }
  try {
    return { fields: parseYaml(parts[1] ?? '') as unknown, markdown: (parts[2] ?? '').trim() };
  } catch (error) {
    problem('front matter', (error instanceof Error ? error.message.split('\n')[0] : undefined) ?? 'not YAML');
    return null;
  }
}

// One renderer for the shop: GitHub's Markdown, no headings' ids (a page's ids are the page's own).
const markdown = new Marked({ gfm: true, async: false });
export const renderMarkdown = (text: string): string => markdown.parse(text, { async: false });

function markdownFiles(folder: string): string[] {
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort();
}

/** How many parts a page's slug may have: shop/men/boxer-briefs. */
export const PAGE_SLUG_PARTS = 4;

/** The page files under pages/, by path, with folders for slugs that hold slashes (pages/shop/men.md). */
function pageFiles(root: string): string[] {
  const folder = path.join(root, 'pages');
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && name.split(path.sep).length <= PAGE_SLUG_PARTS)
    .sort()
    .map((name) => path.join('pages', name));
}

/**
 * Reads a content folder whole: posts/<kind>/<slug>.md and pages/<slug>.md. Throws ContentFolderError listing
 * every problem, so nothing is imported from a folder that is partly wrong. Synchronous: it runs once, at a demo
 * store's generation (itself synchronous) or in the content command, never while serving.
 */
export function readContentFolder(root: string, values: Readonly<Record<string, string>> = {}): ContentFolder {
  const problems: string[] = [];
  const folder: ContentFolder = { posts: [], pages: [] };
  const files: Array<{ relative: string; kind: PostKind | 'page' }> = [];
  for (const kind of POST_KINDS) {
    for (const name of markdownFiles(path.join(root, 'posts', kind)))
      files.push({ relative: path.join('posts', kind, name), kind });
  }
  for (const relative of pageFiles(root)) files.push({ relative, kind: 'page' });
  if (files.length > CONTENT_FOLDER_LIMITS.files)
    throw new ContentFolderError([`${root}: ${files.length} files, more than ${CONTENT_FOLDER_LIMITS.files}`]);

  for (const { relative, kind } of files) {
    const problem = (field: string, message: string) => problems.push(`${relative}: ${field}: ${message}`);
    const slug =
      kind === 'page'
        ? path.relative('pages', relative).slice(0, -'.md'.length).split(path.sep).join('/')
        : path.basename(relative, '.md');
    if (!isFileSlug(slug, PAGE_SLUG_PARTS))
      problem('file name', 'a slug is lowercase letters, digits and single hyphens');
    const file = path.join(root, relative);
    if (statSync(file).size > CONTENT_FOLDER_LIMITS.fileBytes) {
      problem('file', `larger than ${CONTENT_FOLDER_LIMITS.fileBytes / 1024} kB`);
      continue;
    }
    const split = splitFile(readFileSync(file, 'utf8'), values, problem);
    if (!split) continue;
    const html = split.markdown === '' ? '' : renderMarkdown(split.markdown);
    if (kind === 'page') {
      const read = pageFields.safeParse(split.fields);
      if (!read.success)
        for (const issue of read.error.issues) problem(issue.path.join('.') || 'front matter', issue.message);
      else if (split.markdown === '' && read.data.blocks.length === 0)
        problem('body', 'the file has neither text after its front matter nor blocks in it');
      else if (blockDepth(read.data.blocks) > CONTENT_FOLDER_LIMITS.blockDepth)
        problem('blocks', `Container blocks nest more than ${CONTENT_FOLDER_LIMITS.blockDepth} deep`);
      else folder.pages.push({ ...read.data, slug, markdown: split.markdown, html });
    } else {
      if (split.markdown === '') problem('body', 'the file has no text after its front matter');
      const read = postFields.safeParse(split.fields);
      if (!read.success)
        for (const issue of read.error.issues) problem(issue.path.join('.') || 'front matter', issue.message);
      else {
        const { products, ...fields } = read.data;
        folder.posts.push({ ...fields, kind, slug, productTags: products, markdown: split.markdown, html });
      }
    }
  }
  if (problems.length > 0) throw new ContentFolderError(problems);
  return folder;
}
