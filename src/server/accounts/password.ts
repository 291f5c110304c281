/**
 * Password hashing with scrypt from node:crypto. A stored hash names its parameters and carries its salt,
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the cost can be raised later without breaking
 * the hashes already stored.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** N = 2^15, r = 8, p = 1: about 32 MiB and a few tens of milliseconds per hash. */
const DEFAULT_PARAMETERS = { N: 32768, r: 8, p: 1 } as const;
/** Bounds on parameters read back from a stored hash, so a tampered row cannot make verification hang. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface Parameters {
  N: number;
  r: number;
  p: number;
}

function derive(plain: string, salt: Buffer, keyLength: number, { N, r, p }: Parameters): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; maxmem leaves room above that for the largest parameters accepted.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = DEFAULT_PARAMETERS;
  const key = await derive(plain, salt, KEY_LENGTH, DEFAULT_PARAMETERS);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when plain is the password the stored hash was made from; false for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [
    number,
    number,
    number,
  ];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(plain, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}
