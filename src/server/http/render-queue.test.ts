import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.ts';

describe('the render queue', () => {
  it('gives its slots, then places in line in turn, then refuses', async () => {
    const queue = new RenderQueue({ renders: 2, waiting: 1 });
    const first = await queue.slot();
    const second = await queue.slot();
    expect([first, second].every((release) => release !== null)).toBe(true);
    const waiting = queue.slot();
    expect(await queue.slot()).toBeNull();
    expect([queue.rendering, queue.waiting]).toEqual([2, 1]);
    first?.();
    first?.();
    const third = await waiting;
    expect(third).not.toBeNull();
    expect([queue.rendering, queue.waiting]).toEqual([2, 0]);
    second?.();
    third?.();
    expect(queue.rendering).toBe(0);
  });

  it('lets a visitor who left give up their place, to the one behind', async () => {
    const queue = new RenderQueue({ renders: 1, waiting: 2 });
    const rendering = await queue.slot();
    const left = new AbortController();
    const gone = queue.slot(left.signal);
    const next = queue.slot();
    left.abort();
    expect(await gone).toBeNull();
    expect(queue.waiting).toBe(1);
    rendering?.();
    expect(await next).not.toBeNull();
    expect(queue.rendering).toBe(1);
  });

  it('gives work nobody waits on a slot only when one is free now', async () => {
    const queue = new RenderQueue({ renders: 1, waiting: 5 });
    const background = queue.freeSlot();
    expect(background).not.toBeNull();
    expect(queue.freeSlot()).toBeNull();
    expect(queue.waiting).toBe(0);
    background?.();
    expect(queue.rendering).toBe(0);
  });
});
