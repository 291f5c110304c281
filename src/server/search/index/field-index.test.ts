import { describe, expect, it } from 'vitest';
import { PackedLists, StringFieldIndex } from './field-index.ts';

const listOf = (lists: PackedLists, seqId: number): number[] => {
  const start = lists.start[seqId] ?? 0;
  return [...lists.pool.subarray(start, start + (lists.length[seqId] ?? 0))];
};

describe('PackedLists', () => {
  it('keeps each list through replacements, removals and the compaction of the pool', () => {
    const lists = new PackedLists();
    for (let round = 0; round < 50; round++) {
      for (let seqId = 0; seqId < 40; seqId++) lists.set(seqId, [seqId, round, seqId + round]);
      lists.remove(round % 40);
    }
    expect(listOf(lists, 10)).toEqual([10, 49, 59]);
    expect(listOf(lists, 40)).toEqual([]);
    expect(listOf(lists, 49 % 40)).toEqual([]);
    // Fifty rounds of 120 numbers never needed more than twice the live ones plus the headroom.
    expect(lists.pool.length).toBeLessThanOrEqual(2 * 40 * 3 + 2048);
  });
});

describe('StringFieldIndex', () => {
  it('answers each value of a document with its token ids, and forgets them on removal', () => {
    const index = new StringFieldIndex(false);
    index.add(3, ['Boxer Brief', 'Navy']);
    const [first, second] = index.documentValues(3).map((ids) => [...ids].map((id) => index.tokens[id]));
    expect([first, second]).toEqual([['boxer', 'brief'], ['navy']]);
    index.remove(3, ['Boxer Brief', 'Navy']);
    expect(index.documentValues(3)).toEqual([]);
    expect(index.documentsWithToken('boxer')).toEqual([]);
  });
});
