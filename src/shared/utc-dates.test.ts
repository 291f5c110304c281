import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, formatUtcTime } from './utc-dates.ts';

/** Moments across a few years, every month, both halves of the day, midnight and noon. */
const moments = [new Date('2026-11-24T00:05:00Z'), new Date('2026-11-24T12:30:00Z'), new Date('2027-01-01T23:59:59Z')];
for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 37 * 3_600_000 + 17 * 60_000) moments.push(new Date(time));

describe('UTC dates', () => {
  it('writes a day in full, as en-US long dates are', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (const moment of moments) expect(formatLongDate(moment)).toBe(long.format(moment));
    expect(formatLongDate(new Date('2026-11-03T00:00:00Z'))).toBe('November 3, 2026');
  });

  it('writes a day with a short month', () => {
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (const moment of moments) expect(formatShortDate(moment)).toBe(short.format(moment));
  });

  it('writes a moment to the minute with its time zone', () => {
    const time = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    for (const moment of moments) expect(formatUtcTime(moment)).toBe(time.format(moment));
    expect(formatUtcTime(new Date('2026-11-24T00:05:00Z'))).toBe('Nov 24, 2026, 12:05 AM UTC');
  });
});
