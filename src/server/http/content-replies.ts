/**
 * What the content host answers a conditional or ranged request for a stored file (RFC 9110): 304 when the
 * browser's copy is current, one byte range with 206, 416 for a range beyond the file. Several ranges, another
 * unit or a malformed header get the whole file, as RFC 9110 lets a server answer.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ByteRange, MediaObjectInfo } from '../media/media-store.ts';

export type RequestedRange = 'whole' | 'unsatisfiable' | ByteRange;

type Validators = Pick<MediaObjectInfo, 'etag' | 'lastModified'>;

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match's weak comparison: a tag matches with or without W/. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaqueTag(tag) === opaqueTag(etag));
}

/** HTTP dates have whole seconds: a file's time is compared at that precision. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** 304 when the browser's copy is the stored file's: If-None-Match decides, else If-Modified-Since. */
export function conditionalStatus(headers: IncomingHttpHeaders, file: Validators): 304 | null {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, file.etag) ? 304 : null;
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return Number.isNaN(since) || seconds(file.lastModified) > Math.floor(since / 1000) ? null : 304;
}

/** If-Range holds when it names the file as it is now: its tag (strong comparison) or a time no older than it. */
function ifRangeHolds(ifRange: string | string[] | undefined, file: Validators): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  const tag = ifRange.trim();
  if (tag.startsWith('"') || tag.startsWith('W/')) return !tag.startsWith('W/') && tag === file.etag;
  const date = Date.parse(tag);
  return !Number.isNaN(date) && seconds(file.lastModified) <= Math.floor(date / 1000);
}

/** The one byte range a Range header asks of a file of this size. */
export function requestedRange(headers: IncomingHttpHeaders, file: Validators & { size: number }): RequestedRange {
  const header = headers.range;
  if (header === undefined || !ifRangeHolds(headers['if-range'], file)) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  const [, first = '', last = ''] = match ?? [];
  if (!match || (first === '' && last === '')) return 'whole';
  const { size } = file;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
