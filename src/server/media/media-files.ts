/** How the content host (spec 2.2) serves a file that is not an image, judged by its extension. */
export const CONTENT_TYPES: Record<string, string> = {
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
