/**
 * A search's time budget, Typesense's `search_cutoff_ms`: the loops that can run long ask it whether the time
 * is up and stop with what they have found, and the answer then says `search_cutoff: true`.
 *
 * The time is up when the budget has passed on the clock and in the CPU time of the thread that searches both: a
 * search that the machine kept waiting (other processes, the shop's own rendering, a low thread priority) still
 * gets its budget of work, while one that worked that long is stopped. On Linux the thread's own CPU time is read
 * (/proc/thread-self/schedstat); elsewhere the process's, which counts the other threads' work too. It is read
 * only once the clock says the time is up, and then again only when the clock has run as long as the CPU budget
 * left, since one thread's CPU time cannot run ahead of the clock.
 */
import { readFileSync } from 'node:fs';

const THREAD_SCHEDSTAT = '/proc/thread-self/schedstat';

/** The searching thread's CPU time in microseconds: its own on Linux, the process's elsewhere. */
export const cpuMicroseconds: () => number = (() => {
  try {
    readFileSync(THREAD_SCHEDSTAT, 'utf8');
  } catch {
    return () => {
      const usage = process.cpuUsage();
      return usage.user + usage.system;
    };
  }
  // The first field is the nanoseconds the thread has run.
  return () => Number(readFileSync(THREAD_SCHEDSTAT, 'utf8').split(' ', 1)[0]) / 1000;
})();

export class SearchDeadline {
  /** Set once a loop was told the time is up. */
  cutoff = false;
  /** When the clock next needs the CPU time read. */
  private checkAt: number;

  private constructor(
    private readonly endsAt: number,
    private readonly cpuEndsAt: number,
  ) {
    this.checkAt = endsAt;
  }

  /** Ends `ms` from now, or with `within` when that ends sooner (a multi_search's searches share one budget). */
  static after(ms: number, within?: SearchDeadline): SearchDeadline {
    const endsAt = performance.now() + ms;
    const cpuEndsAt = cpuMicroseconds() + ms * 1000;
    return within
      ? new SearchDeadline(Math.min(endsAt, within.endsAt), Math.min(cpuEndsAt, within.cpuEndsAt))
      : new SearchDeadline(endsAt, cpuEndsAt);
  }

  /** True once the budget is spent, and from then on. */
  passed(): boolean {
    if (this.cutoff) return true;
    const now = performance.now();
    if (now < this.checkAt) return false;
    const cpuLeftMs = (this.cpuEndsAt - cpuMicroseconds()) / 1000;
    if (cpuLeftMs <= 0) {
      this.cutoff = true;
      return true;
    }
    this.checkAt = now + cpuLeftMs;
    return false;
  }
}
