import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPausableTimer } from './pausable-timer.ts';

describe('startPausableTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once after its delay', () => {
    const done = vi.fn();
    startPausableTimer(5000, done);
    vi.advanceTimersByTime(4999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('keeps the time left while paused', () => {
    const done = vi.fn();
    const timer = startPausableTimer(5000, done);
    vi.advanceTimersByTime(3000);
    timer.pause();
    vi.advanceTimersByTime(10_000);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('ignores repeated pauses and resumes', () => {
    const done = vi.fn();
    const timer = startPausableTimer(1000, done);
    timer.resume();
    vi.advanceTimersByTime(400);
    timer.pause();
    timer.pause();
    timer.resume();
    timer.resume();
    vi.advanceTimersByTime(600);
    expect(done).toHaveBeenCalledTimes(1);
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const done = vi.fn();
    const timer = startPausableTimer(1000, done);
    timer.cancel();
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});
