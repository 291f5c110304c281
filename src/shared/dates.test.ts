import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate, formatMoment, formatShortDate, localZoneName } from './dates.ts';

/** Moments across a few years, every month, both halves of the day, midnight and noon. */
const moments = [new Date('2026-11-24T00:05:00Z'), new Date('2026-11-24T12:30:00Z'), new Date('2027-01-01T23:59:59Z')];
for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 37 * 3_600_000 + 17 * 60_000)
  moments.push(new Date(time));

const momentFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });

describe('dates in UTC, as the server writes them', () => {
  it('writes a day in full, as en-US long dates are', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (const moment of moments) expect(formatLongDate(moment)).toBe(long.format(moment));
    expect(formatLongDate(new Date('2026-11-03T00:00:00Z'))).toBe('November 3, 2026');
  });

  it('writes a day with a short month', () => {
    const short = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (const moment of moments) expect(formatShortDate(moment)).toBe(short.format(moment));
  });

  it('writes a moment to the minute with its time zone', () => {
    const time = momentFormat('UTC');
    for (const moment of moments) expect(formatMoment(moment)).toBe(time.format(moment));
    expect(formatMoment(new Date('2026-11-24T00:05:00Z'))).toBe('Nov 24, 2026, 12:05 AM UTC');
  });
});

describe('dates in the time zone of the machine, as the browser writes them', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });
  // Node reads the TZ variable again whenever it is set, as a browser is in its shopper's zone.
  const inZone = (zone: string) => {
    process.env.TZ = zone;
  };

  it('writes the same words as en-US does in that zone, summer and winter, in zones with and without a short name', () => {
    for (const zone of [
      'America/Los_Angeles',
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Anchorage',
      'Pacific/Honolulu',
      'UTC',
      'Europe/London',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'America/St_Johns',
      'Pacific/Auckland',
    ]) {
      inZone(zone);
      const time = momentFormat(zone);
      const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone });
      for (const moment of moments) {
        expect(formatMoment(moment, 'local'), zone).toBe(time.format(moment));
        expect(formatShortDate(moment, 'local'), zone).toBe(day.format(moment));
      }
    }
  });

  it('says a late evening in Los Angeles is the evening before in Pacific time', () => {
    inZone('America/Los_Angeles');
    const moment = new Date('2026-11-24T01:24:00Z');
    expect(formatMoment(moment, 'local')).toBe('Nov 23, 2026, 5:24 PM PST');
    expect(formatLongDate(moment, 'local')).toBe('November 23, 2026');
    expect(localZoneName(new Date('2026-07-04T19:00:00Z'))).toBe('PDT');
  });
});
