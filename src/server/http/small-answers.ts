/**
 * API answers compressed in one call: @fastify/compress streams every answer through a zlib stream, and for a
 * JSON answer of a few kB its streams cost more than the compression. Brotli's quality 1 makes a priced bag of
 * 10 lines (5.6 kB) 1.35 kB in 15 µs, where quality 3 takes 27 µs for 1.2 kB and quality 5 50 µs for 1.05 kB
 * (a 30 kB catalogue page: 3.9, 3.6 and 3.3 kB): the event loop's time is worth more than those bytes. Answers
 * past SMALL_ANSWER_MAX_BYTES still stream, so no long compression holds up the event loop; answers under the
 * threshold go uncompressed, as @fastify/compress sends them.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_COMPRESSION } from '../response-compression.ts';

/** Answers shorter than this go uncompressed, as @fastify/compress sends them. */
export const COMPRESSION_THRESHOLD_BYTES = RESPONSE_COMPRESSION.threshold;
/** Longer answers stream through @fastify/compress. */
export const SMALL_ANSWER_MAX_BYTES = 32 * 1024;
const ANSWER_ENCODINGS = RESPONSE_COMPRESSION.encodings;
const SMALL_ANSWER_BROTLI_QUALITY = 1;

type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

const compressors: Record<AnswerEncoding, (body: string | Buffer, length: number) => Buffer> = {
  br: (body, length) =>
    brotliCompressSync(body, {
      params: {
        ...RESPONSE_COMPRESSION.brotliOptions.params,
        [constants.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: length,
      },
    }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/**
 * The encoding to answer in among those offered (by default every one the shop compresses in), as
 * @fastify/compress chooses it: `*` and `x-gzip` stand for gzip; null for none.
 */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null;
export function answerEncoding<Offered extends AnswerEncoding>(
  acceptEncoding: string | undefined,
  offered: readonly Offered[],
): Offered | null;
export function answerEncoding(
  acceptEncoding: string | undefined,
  offered: readonly AnswerEncoding[] = ANSWER_ENCODINGS,
): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...offered]);
}

/** Adds a name to the answer's Vary header, once. */
export function addVary(reply: FastifyReply, name: string): void {
  const header = reply.getHeader('vary');
  const vary = Array.isArray(header) ? header.join(', ') : typeof header === 'string' ? header : '';
  const names = vary.split(',').map((part) => part.trim().toLowerCase());
  if (names.includes(name.toLowerCase()) || names.includes('*')) return;
  reply.header('vary', vary === '' ? name : `${vary}, ${name}`);
}

/** The onSend hook: a small JSON answer, already serialized, compressed in one call. */
export async function compressSmallAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
  const encoded = reply.getHeader('content-encoding');
  if (encoded !== undefined && encoded !== 'identity') return payload;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (length < COMPRESSION_THRESHOLD_BYTES || length > SMALL_ANSWER_MAX_BYTES) return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  addVary(reply, 'accept-encoding');
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  return compressors[encoding](payload, length);
}
