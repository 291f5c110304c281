import type { MediaItem } from '../../../shared/content.ts';

/** A path written as words: lower case, without its extension, with dashes, underscores and slashes as spaces. */
const asWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/[-_/\s]+/g, ' ')
    .trim();

/**
 * The alt text of a block's picture: its title, or none when it has no title or the title is only its file
 * path (a media library's default, which a shopper must never see or hear). An empty alt marks the picture as
 * decoration, so nothing is read out in its place.
 */
export function mediaAlt(item: Pick<MediaItem, 'title' | 'url'>): string {
  const title = (item.title ?? '').trim();
  const segments = item.url.split('/').filter(Boolean);
  // The title is a path when it is the file's last segments: 'category-boxer-briefs', 'home/category-boxer-briefs'.
  const isPath = segments.some((_, start) => asWords(segments.slice(start).join('/')) === asWords(title));
  return title && !isPath ? title : '';
}
