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
import { POST_KINDS, type PostKind } from '../../shared/post.ts';

/** Bounds on what a folder may hold, checked before a file is read. */
export const CONTENT_FOLDER_LIMITS = { files: 2000, fileBytes: 256 * 1024 } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
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

const pageFields = z.strictObject({
  name: z.string().trim().min(1).max(200),
  meta_title: z.string().trim().min(1).max(200),
  meta_description: z.string().trim().min(1).max(500),
  products: z.strictObject({ name: z.string().trim().min(1).max(200), tags: tags.min(1) }).optional(),
});

export interface FolderPost extends Omit<z.infer<typeof postFields>, 'products'> {
  kind: PostKind;
  slug: string;
  productTags: string[];
  /** The body as written, and as HTML. */
  markdown: string;
  html: string;
}

export interface FolderPage extends z.infer<typeof pageFields> {
  slug: string;
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
const renderMarkdown = (text: string): string => markdown.parse(text, { async: false });

function markdownFiles(folder: string): string[] {
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort();
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
  for (const name of markdownFiles(path.join(root, 'pages')))
    files.push({ relative: path.join('pages', name), kind: 'page' });
  if (files.length > CONTENT_FOLDER_LIMITS.files)
    throw new ContentFolderError([`${root}: ${files.length} files, more than ${CONTENT_FOLDER_LIMITS.files}`]);

  for (const { relative, kind } of files) {
    const problem = (field: string, message: string) => problems.push(`${relative}: ${field}: ${message}`);
    const slug = path.basename(relative, '.md');
    if (!SLUG.test(slug)) problem('file name', 'a slug is lowercase letters, digits and single hyphens');
    const file = path.join(root, relative);
    if (statSync(file).size > CONTENT_FOLDER_LIMITS.fileBytes) {
      problem('file', `larger than ${CONTENT_FOLDER_LIMITS.fileBytes / 1024} kB`);
      continue;
    }
    const split = splitFile(readFileSync(file, 'utf8'), values, problem);
    if (!split) continue;
    if (split.markdown === '') problem('body', 'the file has no text after its front matter');
    const html = renderMarkdown(split.markdown);
    if (kind === 'page') {
      const read = pageFields.safeParse(split.fields);
      if (!read.success)
        for (const issue of read.error.issues) problem(issue.path.join('.') || 'front matter', issue.message);
      else folder.pages.push({ ...read.data, slug, markdown: split.markdown, html });
    } else {
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
