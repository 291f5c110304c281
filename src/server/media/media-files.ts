/**
 * The media folder behind the image and content hosts (spec 2.2): which file a safe relative path names, and
 * how a file that is not an image is served.
 */
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export interface MediaFile {
  /** The media folder's real path. */
  root: string;
  /** The file's real path, inside root. */
  file: string;
  stats: Stats;
}

/** The file a safe relative path names, if it is a regular file whose real path lies inside the media folder. */
export async function findMediaFile(mediaDir: string, relative: string): Promise<MediaFile | null> {
  try {
    const root = await realpath(mediaDir);
    const file = await realpath(path.join(root, relative));
    if (!file.startsWith(root + path.sep)) return null;
    const stats = await stat(file);
    return stats.isFile() ? { root, file, stats } : null;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export interface ContentFileType {
  contentType: string;
  /** Anything that is not a known media type is a download, so no file can run as a page of the shop. */
  download: boolean;
  /** Ranges only for audio and video: they are never compressed, so a byte range means the file's bytes. */
  rangeable: boolean;
}

export function contentFileType(extension: string): ContentFileType {
  const contentType = CONTENT_TYPES[extension];
  if (!contentType) return { contentType: 'application/octet-stream', download: true, rangeable: false };
  return { contentType, download: false, rangeable: /^(video|audio)\//.test(contentType) };
}
