/** A one-shot timer that can be paused and resumed, keeping the time it had left (a toast under the pointer). */
export interface PausableTimer {
  pause(): void;
  resume(): void;
  cancel(): void;
}

export function startPausableTimer(delay: number, onDone: () => void, now: () => number = Date.now): PausableTimer {
  let remaining = delay;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | null = null;
  let finished = false;

  const run = () => {
    startedAt = now();
    handle = setTimeout(() => {
      handle = null;
      finished = true;
      onDone();
    }, remaining);
  };

  run();
  return {
    pause() {
      if (handle === null) return;
      clearTimeout(handle);
      handle = null;
      remaining = Math.max(0, remaining - (now() - startedAt));
    },
    resume() {
      if (handle !== null || finished) return;
      run();
    },
    cancel() {
      if (handle !== null) clearTimeout(handle);
      handle = null;
      finished = true;
    },
  };
}
