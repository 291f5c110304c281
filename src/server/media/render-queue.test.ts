import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.ts';

/** A task that runs until released, recording how many of its kind ran at once. */
function gatedTasks(queue: RenderQueue) {
  const releases: Array<() => void> = [];
  let mostAtOnce = 0;
  const started: number[] = [];
  const task = (index: number) => async () => {
    started.push(index);
    mostAtOnce = Math.max(mostAtOnce, queue.active);
    await new Promise<void>((resolve) => releases.push(resolve));
    return index;
  };
  const releaseAll = async () => {
    while (queue.active > 0 || queue.queued > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, started, releases, releaseAll, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderQueue', () => {
  it('never runs more than its limit at once, and runs every task in the order asked', async () => {
    const queue = new RenderQueue(2);
    const gated = gatedTasks(queue);
    const results = Promise.all(Array.from({ length: 16 }, (_, index) => queue.run(gated.task(index))));
    await settle();
    expect(queue.active).toBe(2);
    expect(queue.queued).toBe(14);
    expect(gated.started).toEqual([0, 1]);

    await gated.releaseAll();
    expect(await results).toEqual(Array.from({ length: 16 }, (_, index) => index));
    expect(gated.mostAtOnce()).toBe(2);
    expect(gated.started).toEqual(Array.from({ length: 16 }, (_, index) => index));
  });

  it('starts the next task when one finishes', async () => {
    const queue = new RenderQueue(1);
    const gated = gatedTasks(queue);
    const first = queue.run(gated.task(0));
    const second = queue.run(gated.task(1));
    await settle();
    expect(gated.started).toEqual([0]);
    gated.releases.shift()?.();
    expect(await first).toBe(0);
    await settle();
    expect(gated.started).toEqual([0, 1]);
    await gated.releaseAll();
    expect(await second).toBe(1);
  });

  it('frees the turn of a task that fails, and hands its error to the caller', async () => {
    const queue = new RenderQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('not an image')));
    const throwing = queue.run(() => {
      throw new Error('thrown before any promise');
    });
    const next = queue.run(async () => 'rendered');
    await expect(failing).rejects.toThrow('not an image');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    expect(await next).toBe('rendered');
    expect(queue.active).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new RenderQueue(0)).toThrow(RangeError);
    expect(() => new RenderQueue(1.5)).toThrow(RangeError);
  });
});
