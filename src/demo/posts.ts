/**
 * News, lifestyle ('life') and The Familie posts, from the demo's content folder (content/README.md), each with a
 * header picture drawn in the print of its first product tag that is a print.
 */
import type { Insertable } from 'kysely';
import type { FolderPost } from '../server/content/content-folder.ts';
import type { PostTable } from '../server/db/schema.ts';
import { SCENE_KINDS, sceneFile, type MediaRegistry, type SceneKind } from './media.ts';
import type { Rng } from './prng.ts';
import { PRINT_COLOURWAYS } from './prints.ts';

const isSceneKind = (value: string): value is SceneKind => (SCENE_KINDS as readonly string[]).includes(value);

/** A post's header picture: the scene its file names, drawn by the demo, or a picture's own address. */
function headerImage(post: FolderPost, rng: Rng, media: MediaRegistry): string {
  const size = { width: 1600, height: 1000 };
  if (!isSceneKind(post.image))
    return JSON.stringify({ url: post.image, ...size, title: post.image_alt, media_type: 'image' });
  const printed = PRINT_COLOURWAYS.find((design) => post.productTags.includes(design.print.name));
  const design = printed ?? PRINT_COLOURWAYS[rng.int(0, PRINT_COLOURWAYS.length - 1)];
  if (!design) throw new Error('No print colourways');
  const file = sceneFile(`posts/${post.kind}-${post.slug}`, {
    kind: post.image,
    ...size,
    printIndex: design.printIndex,
    colourwayIndex: design.colourwayIndex,
    shapes: ['boxer-brief-mid', 'tee', 'sock-crew'],
    headline: '',
  });
  return JSON.stringify({ url: media.add(file), ...size, title: post.image_alt, media_type: 'image' });
}

/** Published at the morning of its date (UTC), so the day a file names is the day shown. */
const publishedAt = (date: string) => `${date}T09:00:00.000Z`;

export function postRows(posts: readonly FolderPost[], rng: Rng, media: MediaRegistry): Insertable<PostTable>[] {
  return posts.map((post) => ({
    id: `${post.kind}-${post.slug}`,
    kind: post.kind,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.html,
    markdown: post.markdown,
    image: headerImage(post, rng, media),
    published_at: publishedAt(post.published),
    author: post.author,
    author_role: post.author_role,
    product_tags: JSON.stringify(post.productTags),
  }));
}
