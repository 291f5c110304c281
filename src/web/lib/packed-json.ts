/**
 * Loader data as one JSON string. React Router streams loader data in its turbo-stream format, which turns
 * every object into a row of numbered references; for sixty product documents that compresses to twice the
 * bytes of the same data as JSON, and a phone on a slow network waits for every one of them before the page
 * shows. A loader packs such data, and the page unpacks it (once per packed value).
 */
export interface PackedJson<T> {
  json: string;
  /** Only carries T's type: never set. */
  readonly packedType?: T;
}

export const packJson = <T>(value: T): PackedJson<T> => ({ json: JSON.stringify(value) });

const unpacked = new WeakMap<object, unknown>();

export function unpackJson<T>(packed: PackedJson<T>): T {
  if (!unpacked.has(packed)) unpacked.set(packed, JSON.parse(packed.json));
  return unpacked.get(packed) as T;
}
