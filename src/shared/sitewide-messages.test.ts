import { describe, expect, it } from 'vitest';
import {
  activeMessages,
  countdownParts,
  formatCountdown,
  hasCountdown,
  isMessageActive,
  messageCountdown,
  messageSegments,
  nextChangeAt,
  wrapIndex,
} from './sitewide-messages.ts';
import type { SitewideMessage } from './website-config.ts';

const message = (text: string, start: string, end: string): SitewideMessage => ({
  message: text,
  message_start: start,
  message_end: end,
});

const at = (iso: string) => Date.parse(iso);

describe('active messages', () => {
  const sale = message('Sale', '2025-06-01T00:00:00Z', '2025-06-08T00:00:00Z');
  const shipping = message('Free shipping', '2025-06-05T00:00:00Z', '2025-07-01T00:00:00Z');

  it('shows a message from its start, inclusive, to its end, exclusive', () => {
    expect(isMessageActive(sale, at('2025-05-31T23:59:59Z'))).toBe(false);
    expect(isMessageActive(sale, at('2025-06-01T00:00:00Z'))).toBe(true);
    expect(isMessageActive(sale, at('2025-06-07T23:59:59Z'))).toBe(true);
    expect(isMessageActive(sale, at('2025-06-08T00:00:00Z'))).toBe(false);
  });

  it('keeps the configured order of the active ones', () => {
    expect(activeMessages([sale, shipping], at('2025-06-02T00:00:00Z'))).toEqual([sale]);
    expect(activeMessages([sale, shipping], at('2025-06-06T00:00:00Z'))).toEqual([sale, shipping]);
    expect(activeMessages([sale, shipping], at('2025-08-01T00:00:00Z'))).toEqual([]);
  });

  it('never shows a message with a malformed date', () => {
    expect(isMessageActive(message('Broken', 'soon', '2099-01-01T00:00:00Z'), at('2025-06-01T00:00:00Z'))).toBe(false);
  });

  it('finds the next start or end after now', () => {
    expect(nextChangeAt([sale, shipping], at('2025-05-01T00:00:00Z'))).toBe(at('2025-06-01T00:00:00Z'));
    expect(nextChangeAt([sale, shipping], at('2025-06-02T00:00:00Z'))).toBe(at('2025-06-05T00:00:00Z'));
    expect(nextChangeAt([sale, shipping], at('2025-06-06T00:00:00Z'))).toBe(at('2025-06-08T00:00:00Z'));
    expect(nextChangeAt([sale, shipping], at('2025-07-01T00:00:00Z'))).toBeNull();
  });
});

describe('wrapIndex', () => {
  it('steps forward and back, wrapping at both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(4, 0, 3)).toBe(1);
  });

  it('stays at zero without messages', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
    expect(wrapIndex(3, -1, 0)).toBe(0);
  });
});

describe('countdown', () => {
  const now = at('2025-06-01T00:00:00Z');
  const later = (ms: number) => now + ms;
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;

  it('splits the time left into whole days, hours, minutes and seconds', () => {
    expect(countdownParts(later(2 * d + 4 * h + 9 * m + 5 * s + 900), now)).toEqual({
      days: 2,
      hours: 4,
      minutes: 9,
      seconds: 5,
    });
    expect(countdownParts(later(-5 * s), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows days and hours only above zero, and pads to two digits', () => {
    expect(formatCountdown({ days: 2, hours: 4, minutes: 9, seconds: 5 })).toBe('2d 04h 09m 05s');
    expect(formatCountdown({ days: 0, hours: 13, minutes: 0, seconds: 7 })).toBe('13h 00m 07s');
    expect(formatCountdown({ days: 0, hours: 0, minutes: 3, seconds: 0 })).toBe('03m 00s');
    expect(formatCountdown({ days: 12, hours: 0, minutes: 30, seconds: 59 })).toBe('12d 30m 59s');
    expect(formatCountdown({ days: 0, hours: 0, minutes: 0, seconds: 0 })).toBe('00m 00s');
  });

  it('counts down to the end of the message', () => {
    const flash = message(`Flash sale ends in {countdown}`, '2025-05-31T00:00:00Z', '2025-06-01T01:02:03Z');
    expect(hasCountdown(flash)).toBe(true);
    expect(messageCountdown(flash, now)).toBe('01h 02m 03s');
    expect(messageSegments(flash)).toEqual(['Flash sale ends in ', '']);
    expect(hasCountdown(message('Plain', '2025-05-31T00:00:00Z', '2025-06-02T00:00:00Z'))).toBe(false);
  });
});
