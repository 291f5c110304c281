/**
 * Sets of documents as sorted arrays of sequence ids. Arrays handed out by indexes are shared: these helpers
 * never mutate their inputs.
 */
export type DocIds = readonly number[];

export function intersect(a: DocIds, b: DocIds): number[] {
  if (a.length > b.length) return intersect(b, a);
  const result: number[] = [];
  if (a.length === 0) return result;
  // Galloping search pays off when one side is much smaller, as facet selections usually are.
  if (a.length * 16 < b.length) {
    let low = 0;
    for (const id of a) {
      let high = b.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((b[middle] as number) < id) low = middle + 1;
        else high = middle;
      }
      if (low < b.length && b[low] === id) result.push(id);
    }
    return result;
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      result.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return result;
}

export function union(a: DocIds, b: DocIds): number[] {
  const result: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      result.push(x);
      i++;
      j++;
    } else if (x < y) {
      result.push(x);
      i++;
    } else {
      result.push(y);
      j++;
    }
  }
  while (i < a.length) result.push(a[i++] as number);
  while (j < b.length) result.push(b[j++] as number);
  return result;
}

export function unionAll(lists: readonly DocIds[]): DocIds {
  if (lists.length === 0) return [];
  if (lists.length === 1) return lists[0] as DocIds;
  let total = 0;
  for (const list of lists) total += list.length;
  if (lists.length <= 4 || total < 64) {
    let result: DocIds = lists[0] as DocIds;
    for (let k = 1; k < lists.length; k++) result = union(result, lists[k] as DocIds);
    return result;
  }
  let low = Number.POSITIVE_INFINITY;
  let high = -1;
  for (const list of lists) {
    if (list.length === 0) continue;
    low = Math.min(low, list[0] as number);
    high = Math.max(high, list[list.length - 1] as number);
  }
  if (high < 0) return [];
  // Dense unions (prefix expansions of a short word) are cheaper to mark and sweep than to sort.
  if (high - low + 1 <= total * 8) return markAndSweep(lists, low, high);
  const merged = new Uint32Array(total);
  let offset = 0;
  for (const list of lists) {
    for (const id of list) merged[offset++] = id;
  }
  merged.sort();
  const result: number[] = [];
  let last = -1;
  for (const id of merged) {
    if (id !== last) result.push(id);
    last = id;
  }
  return result;
}

let marks = new Uint8Array(0);

function markAndSweep(lists: readonly DocIds[], low: number, high: number): number[] {
  const span = high - low + 1;
  if (marks.length < span) marks = new Uint8Array(Math.max(span, marks.length * 2));
  for (const list of lists) for (const id of list) marks[id - low] = 1;
  const result: number[] = [];
  for (let offset = 0; offset < span; offset++) {
    if (marks[offset] === 1) {
      result.push(offset + low);
      marks[offset] = 0;
    }
  }
  return result;
}

export function difference(a: DocIds, b: DocIds): number[] {
  const result: number[] = [];
  let j = 0;
  for (const id of a) {
    while (j < b.length && (b[j] as number) < id) j++;
    if (j < b.length && b[j] === id) continue;
    result.push(id);
  }
  return result;
}

export function contains(sorted: DocIds, id: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] === id;
}

/** Inserts into a sorted, duplicate-free array in place; appending is the common case while indexing. */
export function insertSorted(sorted: number[], id: number): void {
  const length = sorted.length;
  if (length === 0 || (sorted[length - 1] as number) < id) {
    sorted.push(id);
    return;
  }
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  if (sorted[low] !== id) sorted.splice(low, 0, id);
}

export function removeSorted(sorted: number[], id: number): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  if (sorted[low] === id) sorted.splice(low, 1);
}
