/**
 * How many pages render at once. A render is tens of milliseconds of the one event loop and of the loaders' API
 * calls; past a few at once they only slow each other and everything else the server answers (`/healthz`, the
 * API, kept pages). So renders take a slot, requests past the slots wait in line, and past the line they are
 * refused (503 with Retry-After), so the work waiting is bounded too.
 */
export interface RenderQueueLimits {
  /** Renders at once (PAGE_RENDERS). */
  renders: number;
  /** Requests waiting for a slot at most (PAGE_RENDER_QUEUE); past it they are refused. */
  waiting: number;
}

export const RENDER_QUEUE_LIMITS: RenderQueueLimits = { renders: 4, waiting: 100 };

/** Gives back a render's slot; a second call does nothing. */
export type ReleaseSlot = () => void;

export class RenderQueue {
  private running = 0;
  private readonly line: Array<(release: ReleaseSlot | null) => void> = [];

  constructor(readonly limits: RenderQueueLimits = RENDER_QUEUE_LIMITS) {}

  get rendering(): number {
    return this.running;
  }

  get waiting(): number {
    return this.line.length;
  }

  /**
   * A slot, now or once one is free; null when the line is full, or when `signal` aborts while waiting (the
   * visitor left: the place goes to the next).
   */
  slot(signal?: AbortSignal): Promise<ReleaseSlot | null> {
    if (this.running < this.limits.renders) return Promise.resolve(this.take());
    if (this.line.length >= this.limits.waiting || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const onAbort = () => {
        const index = this.line.indexOf(waiter);
        if (index >= 0) this.line.splice(index, 1);
        resolve(null);
      };
      const waiter = (release: ReleaseSlot | null) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(release);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** A slot only if one is free now: for work nobody waits on (rendering a stale page again). */
  freeSlot(): ReleaseSlot | null {
    return this.running < this.limits.renders ? this.take() : null;
  }

  private take(): ReleaseSlot {
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const next = this.line.shift();
      if (next) next(this.take());
    };
  }
}
