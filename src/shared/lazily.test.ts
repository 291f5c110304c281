import { describe, expect, it, vi } from 'vitest';
import { lazily } from './lazily.ts';

describe('lazily', () => {
  it('makes the value at the first ask, once, and keeps it', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = lazily(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that is undefined without making it again', () => {
    const make = vi.fn(() => undefined);
    const value = lazily(make);
    value();
    value();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
