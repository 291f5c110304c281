/**
 * A search's time budget, Typesense's `search_cutoff_ms`: the loops that can run long ask it whether the time
 * is up and stop with what they have found, and the answer then says `search_cutoff: true`.
 */
export class SearchDeadline {
  /** Set once a loop was told the time is up. */
  cutoff = false;

  private constructor(private readonly endsAt: number) {}

  /** Ends `ms` from now, or with `within` when that ends sooner (a multi_search's searches share one budget). */
  static after(ms: number, within?: SearchDeadline): SearchDeadline {
    return new SearchDeadline(Math.min(performance.now() + ms, within ? within.endsAt : Number.POSITIVE_INFINITY));
  }

  /** True once the budget is spent, and from then on. */
  passed(): boolean {
    if (!this.cutoff && performance.now() >= this.endsAt) this.cutoff = true;
    return this.cutoff;
  }
}
