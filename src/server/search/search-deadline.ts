/**
 * A search's time budget, Typesense's `search_cutoff_ms`: the loops that can run long ask it whether the time
 * is up and stop with what they have found, and the answer then says `search_cutoff: true`.
 *
 * The time is up when the budget has passed on the clock and in CPU time both: a thread that another process
 * kept waiting (a machine busy with other work) still gets its budget of work, while one that worked that long
 * is stopped. CPU time is the process's, read only once the clock says the time is up.
 */
export class SearchDeadline {
  /** Set once a loop was told the time is up. */
  cutoff = false;

  private constructor(
    private readonly endsAt: number,
    private readonly cpuEndsAt: number,
  ) {}

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
    if (!this.cutoff && performance.now() >= this.endsAt && cpuMicroseconds() >= this.cpuEndsAt) this.cutoff = true;
    return this.cutoff;
  }
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
