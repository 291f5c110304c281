/**
 * Image renders take turns (issue P1, item 3). sharp runs each render on a thread of libuv's pool, the threads
 * that also read every static file and rendered picture the shop sends: sixteen first renders at once held
 * them all, and an already rendered picture waited 20 s. Here at most `limit` renders run at once, in the order
 * they were asked for, so the pool always has threads left for reading files.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`A render queue runs at least one render at once, not ${limit}`);
  }

  /** Renders running now. */
  get active(): number {
    return this.running;
  }

  /** Renders waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs the task in its turn and answers its result. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        this.running++;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.startNext();
          });
      });
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.running < this.limit) {
      const start = this.waiting.shift();
      if (!start) return;
      start();
    }
  }
}
