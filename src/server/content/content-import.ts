/**
 * The content service: a content folder (content-folder.ts, src/demo/content/README.md) into the database and
 * back out. The one writer of posts and pages in bulk, and the one the back office will edit them through.
 * It writes posts, site content, its blocks and their curated product lists, and nothing else: no order,
 * customer or catalogue row. Posts and pages the folder does not hold are left as they are.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Selectable, Transaction } from 'kysely';
import { stringify as stringifyYaml } from 'yaml';
import type { BlockType, Breakpoint, MediaItem, ProductImageTile, TagLink } from '../../shared/content.ts';
import { POST_KINDS, type PostKind } from '../../shared/post.ts';
import { recordCatalogueChange } from '../catalogue/product-changes.ts';
import type { Db } from '../db/database.ts';
import type { ContentBlockTable, Database, PostTable } from '../db/schema.ts';
import { recordContentChange } from './content-changes.ts';
import {
  ContentFolderError,
  isFileSlug,
  PAGE_SLUG_PARTS,
  readContentFolder,
  renderMarkdown,
  type ContentFolder,
  type FolderBlock,
  type FolderPage,
  type FolderPost,
} from './content-folder.ts';

/** A post's header picture, as the demo draws it and as a picture given by its address is shown. */
const POST_IMAGE_SIZE = { width: 1600, height: 1000 } as const;

/** The hour (UTC) a post dated by its day is published at, so the day a file names is the day shown. */
const publishedAt = (date: string) => `${date}T09:00:00.000Z`;

/** A picture's address rather than the name of a scene only the demo store draws (`tropical`). */
const isAddress = (image: string) => image.startsWith('/') || /^https?:\/\//.test(image);

const postFile = (kind: string, slug: string) => `posts/${kind}/${slug}.md`;
const pageFile = (slug: string) => `pages/${slug}.md`;

/** The Product block a page file's `products:` stands for, after its text. */
const productsBlockSlug = (pageSlug: string) => `${pageSlug.replaceAll('/', '-')}-products`;

/** A block with every field the file leaves out at its default, its keys in the order a file writes them. */
function block({
  block_type,
  name,
  ...fields
}: Pick<FolderBlock, 'block_type' | 'name'> & Partial<FolderBlock>): FolderBlock {
  return {
    block_type,
    name,
    slug: null,
    breakpoint: 'all',
    container_class: '',
    container_style: '',
    images: [],
    fields: [],
    configuration: [],
    content: '',
    form_id: null,
    auto_advance: false,
    pagination_arrows: false,
    indicator_type: null,
    product_tags: [],
    product_images: [],
    products: [],
    blocks: [],
    ...fields,
  };
}

/** The Html block of a page's text. */
const textBlock = (page: Pick<FolderPage, 'name'>, html: string) =>
  block({ block_type: 'Html', name: page.name, content: html });

function productsBlock(slug: string, products: NonNullable<FolderPage['products']>): FolderBlock {
  return block({
    block_type: 'Product',
    name: products.name,
    slug: productsBlockSlug(slug),
    product_tags: products.tags,
  });
}

/** A page's blocks, in order: those its front matter lists, its text, then its products. */
export function pageBlocks(page: FolderPage): FolderBlock[] {
  return [
    ...page.blocks,
    ...(page.markdown === '' ? [] : [textBlock(page, page.html)]),
    ...(page.products ? [productsBlock(page.slug, page.products)] : []),
  ];
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

type BlockRow = Selectable<ContentBlockTable>;

/** A page's blocks as stored, with each Curated Product block's products. */
async function storedBlocks(db: Db | Transaction<Database>, contentId: string): Promise<FolderBlock[]> {
  const rows = await db
    .selectFrom('content_blocks')
    .selectAll()
    .where('content_id', '=', contentId)
    .orderBy('position')
    .execute();
  const curated = await db
    .selectFrom('curated_block_products')
    .innerJoin('content_blocks', 'content_blocks.id', 'curated_block_products.block_id')
    .select(['curated_block_products.block_id', 'curated_block_products.product_id'])
    .where('content_blocks.content_id', '=', contentId)
    .orderBy('curated_block_products.position')
    .execute();
  const children = new Map<string | null, BlockRow[]>();
  for (const row of rows) children.set(row.parent_block_id, [...(children.get(row.parent_block_id) ?? []), row]);
  const toBlock = (row: BlockRow): FolderBlock =>
    block({
      block_type: row.block_type as BlockType,
      name: row.name,
      slug: row.slug,
      breakpoint: row.breakpoint as Breakpoint,
      container_class: row.container_class,
      container_style: row.container_style,
      images: parseJson<MediaItem[]>(row.images, []),
      fields: parseJson<string[]>(row.fields, []),
      configuration: parseJson<TagLink[]>(row.configuration, []),
      content: row.content,
      form_id: row.form_id,
      auto_advance: row.auto_advance === 1,
      pagination_arrows: row.pagination_arrows === 1,
      indicator_type: row.indicator_type,
      product_tags: parseJson<string[]>(row.product_tags, []),
      product_images: parseJson<ProductImageTile[]>(row.product_images, []),
      products: curated.filter((item) => item.block_id === row.id).map((item) => item.product_id),
      blocks: (children.get(row.id) ?? []).map(toBlock),
    });
  return (children.get(null) ?? []).map(toBlock);
}

/** Every curated product of a list of blocks, with the field that names it (`blocks.2.products.0`). */
const curatedProducts = (blocks: readonly FolderBlock[], at = 'blocks'): Array<{ field: string; id: string }> =>
  blocks.flatMap((item, i) => [
    ...item.products.map((id, k) => ({ field: `${at}.${i}.products.${k}`, id })),
    ...curatedProducts(item.blocks, `${at}.${i}.blocks`),
  ]);

/** Writes a page's blocks under it, numbering them in the order a reader meets them. */
async function insertBlocks(trx: Transaction<Database>, contentId: string, blocks: readonly FolderBlock[]) {
  let seq = 0;
  const add = async (list: readonly FolderBlock[], parentId: string | null) => {
    for (const [position, item] of list.entries()) {
      const id = `${contentId}-b${++seq}`;
      const row: Insertable<ContentBlockTable> = {
        id,
        content_id: contentId,
        parent_block_id: parentId,
        position,
        block_type: item.block_type,
        name: item.name,
        slug: item.slug,
        breakpoint: item.breakpoint,
        container_class: item.container_class,
        container_style: item.container_style,
        images: JSON.stringify(item.images),
        fields: JSON.stringify(item.fields),
        configuration: JSON.stringify(item.configuration),
        content: item.content,
        form_id: item.form_id,
        auto_advance: item.auto_advance ? 1 : 0,
        pagination_arrows: item.pagination_arrows ? 1 : 0,
        indicator_type: item.indicator_type,
        product_tags: JSON.stringify(item.product_tags),
        product_images: JSON.stringify(item.product_images),
      };
      await trx.insertInto('content_blocks').values(row).execute();
      if (item.products.length > 0)
        await trx
          .insertInto('curated_block_products')
          .values(item.products.map((productId, i) => ({ block_id: id, product_id: productId, position: i })))
          .execute();
      await add(item.blocks, id);
    }
  };
  await add(blocks, null);
}

/** The values a folder's `{{name}}` placeholders are filled with: the website configuration's. */
async function placeholderValues(db: Db): Promise<Record<string, string>> {
  const config = await db
    .selectFrom('website_config')
    .select(['site_name', 'support_email', 'support_display_phone'])
    .executeTakeFirst();
  if (!config) return {};
  return { site: config.site_name, support_email: config.support_email, support_phone: config.support_display_phone };
}

export interface ContentImportSummary {
  created: number;
  updated: number;
  unchanged: number;
}

/** A post's header picture as stored: the file's address, or the one it has when the file names a demo scene. */
function postImage(post: FolderPost, stored: string | undefined, problem: (message: string) => void): string {
  if (isAddress(post.image))
    return JSON.stringify({ url: post.image, ...POST_IMAGE_SIZE, title: post.image_alt, media_type: 'image' });
  if (stored === undefined) {
    problem(`"${post.image}" is a scene only the demo store draws: give a picture's address (/media/… or https://…)`);
    return '';
  }
  return JSON.stringify({ ...parseJson<Record<string, unknown>>(stored, {}), title: post.image_alt });
}

async function importPosts(trx: Transaction<Database>, posts: readonly FolderPost[], problems: string[]) {
  const summary: ContentImportSummary = { created: 0, updated: 0, unchanged: 0 };
  const writes: Array<() => Promise<unknown>> = [];
  for (const post of posts) {
    const stored = await trx
      .selectFrom('posts')
      .selectAll()
      .where('kind', '=', post.kind)
      .where('slug', '=', post.slug)
      .executeTakeFirst();
    const image = postImage(post, stored?.image, (message) =>
      problems.push(`${postFile(post.kind, post.slug)}: image: ${message}`),
    );
    const fields = {
      title: post.title,
      excerpt: post.excerpt,
      content: post.html,
      markdown: post.markdown,
      image,
      // A post published at another hour of the same day keeps its hour.
      published_at: stored?.published_at.startsWith(post.published) ? stored.published_at : publishedAt(post.published),
      author: post.author,
      author_role: post.author_role,
      product_tags: JSON.stringify(post.productTags),
    } satisfies Partial<Insertable<PostTable>>;
    if (!stored) {
      summary.created += 1;
      writes.push(() =>
        trx
          .insertInto('posts')
          .values({ id: `${post.kind}-${post.slug}`, kind: post.kind, slug: post.slug, ...fields })
          .execute(),
      );
    } else if (
      Object.entries(fields).every(([key, value]) =>
        key === 'image'
          ? isDeepStrictEqual(parseJson(stored.image, null), parseJson(value, null))
          : stored[key as keyof typeof fields] === value,
      )
    ) {
      summary.unchanged += 1;
    } else {
      summary.updated += 1;
      writes.push(() => trx.updateTable('posts').set(fields).where('id', '=', stored.id).execute());
    }
  }
  return { summary, writes };
}

async function importPages(
  trx: Transaction<Database>,
  pages: readonly FolderPage[],
  problems: string[],
  options: { now: Date; updatedBy: string },
) {
  const summary: ContentImportSummary = { created: 0, updated: 0, unchanged: 0 };
  const writes: Array<() => Promise<unknown>> = [];
  for (const page of pages) {
    const blocks = pageBlocks(page);
    const curated = curatedProducts(blocks);
    if (curated.length > 0) {
      const wanted = [...new Set(curated.map((item) => item.id))];
      const found = new Set(
        (await trx.selectFrom('products').select('id').where('id', 'in', wanted).execute()).map((row) => row.id),
      );
      for (const { field, id } of curated.filter((item) => !found.has(item.id)))
        problems.push(`${pageFile(page.slug)}: ${field}: no product ${id} in the catalogue`);
    }
    const stored = await trx.selectFrom('site_content').selectAll().where('slug', '=', page.slug).executeTakeFirst();
    const fields = {
      name: page.name,
      meta_title: page.meta_title,
      meta_description: page.meta_description,
      markdown: page.markdown,
    };
    const timestamp = options.now.toISOString();
    if (!stored) {
      summary.created += 1;
      writes.push(async () => {
        const id = `page-${page.slug.replaceAll('/', '-')}`;
        const taken = await trx.selectFrom('site_content').select('id').where('id', '=', id).executeTakeFirst();
        const contentId = taken ? `page-${randomUUID()}` : id;
        await trx
          .insertInto('site_content')
          .values({
            id: contentId,
            slug: page.slug,
            ...fields,
            created_at: timestamp,
            updated_at: timestamp,
            updated_by: options.updatedBy,
          })
          .execute();
        await insertBlocks(trx, contentId, blocks);
      });
      continue;
    }
    const same =
      stored.name === fields.name &&
      stored.meta_title === fields.meta_title &&
      stored.meta_description === fields.meta_description &&
      stored.markdown === fields.markdown &&
      isDeepStrictEqual(await storedBlocks(trx, stored.id), blocks);
    if (same) {
      summary.unchanged += 1;
      continue;
    }
    summary.updated += 1;
    writes.push(async () => {
      await trx
        .updateTable('site_content')
        .set({ ...fields, updated_at: timestamp, updated_by: options.updatedBy })
        .where('id', '=', stored.id)
        .execute();
      // The page's blocks are the file's: those of the last import or edit go, with their children and lists.
      await trx.deleteFrom('content_blocks').where('content_id', '=', stored.id).execute();
      await insertBlocks(trx, stored.id, blocks);
    });
  }
  return { summary, writes };
}

export interface ContentFolderImport {
  posts: ContentImportSummary;
  pages: ContentImportSummary;
}

/**
 * Reads a content folder whole and writes its posts (by kind and slug) and pages (by slug, with all their blocks)
 * in one transaction: a folder with any problem, in its files or against the database, writes nothing and throws
 * ContentFolderError naming each file and field. A change is recorded for the page cache, and for the search
 * index (Product blocks and curated lists shape its page_block_slugs); posts and pages the folder does not hold
 * are left as they are.
 */
export async function importContentFolder(
  db: Db,
  root: string,
  options: { now: Date; updatedBy: string },
): Promise<ContentFolderImport> {
  const folder: ContentFolder = readContentFolder(root, await placeholderValues(db));
  return db.transaction().execute(async (trx) => {
    const problems: string[] = [];
    const posts = await importPosts(trx, folder.posts, problems);
    const pages = await importPages(trx, folder.pages, problems, options);
    if (problems.length > 0) throw new ContentFolderError(problems);
    for (const write of [...posts.writes, ...pages.writes]) await write();
    if (posts.writes.length + pages.writes.length > 0) await recordContentChange(trx);
    if (pages.writes.length > 0) await recordCatalogueChange(trx);
    return { posts: posts.summary, pages: pages.summary };
  });
}

/** Keys a file leaves out when they hold their default: the reader fills them in again. */
function leaveOutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leaveOutDefaults);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const isDefault =
      item === null ||
      item === '' ||
      item === false ||
      (Array.isArray(item) && item.length === 0) ||
      (['breakpoint', 'breakpoint_type'].includes(key) && item === 'all') ||
      (key === 'media_type' && item === 'image');
    if (!isDefault) kept[key] = leaveOutDefaults(item);
  }
  return kept;
}

function markdownFile(fields: Record<string, unknown>, body: string): string {
  const frontMatter = stringifyYaml(fields, { lineWidth: 0 });
  return body === '' ? `---\n${frontMatter}---\n` : `---\n${frontMatter}---\n\n${body}\n`;
}

/**
 * A stored page as a file: its blocks in front matter, and, when its Markdown text is still what its Html block
 * shows, that text as the body and a Product block after it as `products:`.
 */
function pageAsFile(
  page: { slug: string; name: string; meta_title: string; meta_description: string; markdown: string },
  blocks: FolderBlock[],
): string {
  let before = blocks;
  let products: FolderPage['products'];
  let body = '';
  const last = blocks.at(-1);
  const tail =
    last &&
    last.block_type === 'Product' &&
    isDeepStrictEqual(last, productsBlock(page.slug, { name: last.name, tags: last.product_tags }))
      ? 1
      : 0;
  const text = blocks.at(-1 - tail);
  if (page.markdown !== '' && text && isDeepStrictEqual(text, textBlock(page, renderMarkdown(page.markdown)))) {
    body = page.markdown;
    before = blocks.slice(0, blocks.length - 1 - tail);
    if (tail && last) products = { name: last.name, tags: last.product_tags };
  }
  const fields: Record<string, unknown> = {
    name: page.name,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
  };
  if (before.length > 0) fields.blocks = leaveOutDefaults(before);
  if (products) fields.products = products;
  return markdownFile(fields, body);
}

function postAsFile(post: Selectable<PostTable>): string {
  const image = parseJson<Partial<MediaItem>>(post.image, {});
  const fields: Record<string, unknown> = {
    title: post.title,
    excerpt: post.excerpt,
    published: post.published_at.slice(0, 10),
    author: post.author,
  };
  if (post.author_role !== '') fields.author_role = post.author_role;
  fields.image = image.url ?? '';
  fields.image_alt = image.title || post.title;
  const tags = parseJson<string[]>(post.product_tags, []);
  if (tags.length > 0) fields.products = tags;
  // A post written as HTML keeps it as its body: Markdown passes HTML through.
  return markdownFile(fields, post.markdown !== '' ? post.markdown : post.content);
}

/**
 * Writes every post and page into `root`, which must be missing or empty, as a folder importContentFolder reads
 * back to the same records. Returns how many files it wrote.
 */
export async function exportContentFolder(db: Db, root: string): Promise<{ posts: number; pages: number }> {
  if (statSync(root, { throwIfNoEntry: false }) && readdirSync(root).length > 0)
    throw new ContentFolderError([`${root}: not empty; export writes into a new or empty folder`]);
  const posts = await db.selectFrom('posts').selectAll().orderBy('kind').orderBy('slug').execute();
  const pages = await db.selectFrom('site_content').selectAll().orderBy('slug').execute();
  // A slug is a file's path: one a file could not be named by is refused, never written outside the folder.
  const unnamed = [
    ...posts
      .filter((post) => !isFileSlug(post.slug) || !(POST_KINDS as readonly string[]).includes(post.kind))
      .map((post) => `post ${post.kind}/${post.slug}`),
    ...pages.filter((page) => !isFileSlug(page.slug, PAGE_SLUG_PARTS)).map((page) => `page ${page.slug}`),
  ];
  if (unnamed.length > 0)
    throw new ContentFolderError(unnamed.map((what) => `${what}: slug: not lowercase letters, digits and hyphens`));
  const files = new Map<string, string>();
  for (const post of posts) files.set(postFile(post.kind as PostKind, post.slug), postAsFile(post));
  for (const page of pages) files.set(pageFile(page.slug), pageAsFile(page, await storedBlocks(db, page.id)));
  for (const [relative, text] of files) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { posts: posts.length, pages: pages.length };
}
