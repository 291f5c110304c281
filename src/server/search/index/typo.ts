/**
 * Damerau-Levenshtein distance (optimal string alignment) that gives up once the distance exceeds `limit`,
 * returning limit + 1. Typesense counts a transposition as one typo.
 */
// Three reusable rows: the scan over a field's vocabulary calls this thousands of times per typo search.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function boundedEditDistance(a: string, b: string, limit: number): number {
  const lengthA = a.length;
  const lengthB = b.length;
  if (Math.abs(lengthA - lengthB) > limit) return limit + 1;
  if (lengthA === 0) return lengthB;
  if (lengthB === 0) return lengthA;
  const width = lengthB + 1;
  if (rows[0].length < width) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  let [previousPrevious, previous, current] = rows;
  for (let j = 0; j <= lengthB; j++) previous[j] = j;
  for (let i = 1; i <= lengthA; i++) {
    current[0] = i;
    let rowMinimum = i;
    const charA = a.charCodeAt(i - 1);
    for (let j = 1; j <= lengthB; j++) {
      const charB = b.charCodeAt(j - 1);
      const substitution = (previous[j - 1] ?? 0) + (charA === charB ? 0 : 1);
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && charA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === charB) {
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    const recycled = previousPrevious;
    previousPrevious = previous;
    previous = current;
    current = recycled;
  }
  const distance = previous[lengthB] ?? limit + 1;
  return distance > limit ? limit + 1 : distance;
}

/** The typos a query token of this length may carry, under min_len_1typo and min_len_2typo. */
export function allowedTypos(tokenLength: number, numTypos: number, minLen1Typo: number, minLen2Typo: number): number {
  if (numTypos >= 2 && tokenLength >= minLen2Typo) return 2;
  if (numTypos >= 1 && tokenLength >= minLen1Typo) return 1;
  return 0;
}
