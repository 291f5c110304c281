/**
 * Draws that wait their turn: one runs, and the next starts in a later task once the one before is finished. A
 * row of tiles that comes near the screen together is then drawn again as one render and one commit per tile,
 * each in a task of its own, instead of one commit for the row that the main thread cannot break off.
 */
export interface Turns<Key> {
  /** Queues the key's draw (a key already waiting keeps its place); it runs at once when no draw is running. */
  ask(key: Key, draw: () => void): void;
  /** The key's draw is done, or the key is gone: it leaves the queue, and when it was running, the next runs later. */
  finish(key: Key): void;
}

/** A queue of turns; later(next) runs next in a later task (setTimeout in the browser). */
export function createTurns<Key>(later: (next: () => void) => void): Turns<Key> {
  const waiting = new Map<Key, () => void>();
  let running: { key: Key } | null = null;
  const next = () => {
    if (running) return;
    const first = waiting.entries().next();
    if (first.done) return;
    const [key, draw] = first.value;
    waiting.delete(key);
    running = { key };
    draw();
  };
  return {
    ask(key, draw) {
      if (running?.key === key) return;
      waiting.set(key, draw);
      next();
    },
    finish(key) {
      waiting.delete(key);
      if (running?.key !== key) return;
      running = null;
      later(next);
    },
  };
}
