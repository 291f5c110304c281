import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { cpuMicroseconds, SearchDeadline } from './search-deadline.ts';

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('SearchDeadline', () => {
  it('is up once the budget has passed on the clock and in work done', () => {
    const started = cpuMicroseconds();
    const deadline = SearchDeadline.after(20);
    expect(deadline.passed()).toBe(false);
    // However busy the machine, the search works until its 20 ms are spent, then stops.
    const giveUpAt = performance.now() + 10_000;
    while (!deadline.passed() && performance.now() < giveUpAt) spin(1);
    expect(deadline.cutoff).toBe(true);
    expect(cpuMicroseconds() - started).toBeGreaterThanOrEqual(20_000);
  });

  it('gives a search kept waiting its budget of work', () => {
    const deadline = SearchDeadline.after(20);
    sleep(60);
    expect(deadline.passed()).toBe(false);
  });

  it.runIf(process.platform === 'linux')("counts the searching thread's own work, not another thread's", async () => {
    // Another thread of the process works while this one waits: the process's CPU time runs on, this thread's does not.
    const worker = new Worker('const until = performance.now() + 150; while (performance.now() < until);', {
      eval: true,
    });
    const started = cpuMicroseconds();
    const deadline = SearchDeadline.after(20);
    sleep(150);
    expect(cpuMicroseconds() - started).toBeLessThan(20_000);
    expect(deadline.passed()).toBe(false);
    await worker.terminate();
  });
});
