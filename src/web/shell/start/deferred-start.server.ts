import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { holdStartTags } from './deferred-start.ts';

/**
 * The server's HTML stream with React Router's start-up tags held back (see deferred-start.ts). A chunk may end
 * inside a tag, so whatever follows the last '<' of a chunk without its '>' waits for the next chunk.
 */
export function holdStartTagsStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = pending + decoder.write(chunk);
      const open = text.lastIndexOf('<');
      const cut = open > text.lastIndexOf('>') ? open : text.length;
      pending = text.slice(cut);
      callback(null, cut ? holdStartTags(text.slice(0, cut)) : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, holdStartTags(pending + decoder.end()) || undefined);
    },
  });
}
