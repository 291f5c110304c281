/**
 * Dates as the shop writes them, in en-US's words: 'November 24, 2026', 'Nov 24, 2026' and
 * 'Nov 24, 2026, 12:30 PM UTC'. The server writes them in UTC; the browser, once started, in its own time
 * zone ('Nov 23, 2026, 4:30 PM PST' in Los Angeles), with the same words. Written out rather than through
 * Intl.DateTimeFormat: making a format loads locale data, 87 – 147 ms in Chromium on a desktop the first time
 * one with a time zone name was made, a long task on a phone.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Which clock a date is read on: UTC (the server's render), or the time zone of the machine that runs it. */
export type Clock = 'utc' | 'local';

interface ClockReading {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

function read(date: Date, clock: Clock): ClockReading {
  return clock === 'utc'
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

/**
 * The short names en-US gives the zones it has them for, by the long name Date's own text carries
 * ('… GMT-0800 (Pacific Standard Time)'); every other zone is named by its offset, 'GMT+1' or 'GMT+5:30', as is
 * any zone in a browser of another language, whose Date names zones in that language.
 */
const ZONE_ABBREVIATIONS: Record<string, string | undefined> = {
  'Coordinated Universal Time': 'UTC',
  'Greenwich Mean Time': 'GMT',
  'Eastern Standard Time': 'EST',
  'Eastern Daylight Time': 'EDT',
  'Central Standard Time': 'CST',
  'Central Daylight Time': 'CDT',
  'Mountain Standard Time': 'MST',
  'Mountain Daylight Time': 'MDT',
  'Pacific Standard Time': 'PST',
  'Pacific Daylight Time': 'PDT',
  'Alaska Standard Time': 'AKST',
  'Alaska Daylight Time': 'AKDT',
  'Hawaii-Aleutian Standard Time': 'HST',
  'Hawaii-Aleutian Daylight Time': 'HDT',
};

/** The local time zone's name at a moment, as en-US's short time zone names read. */
export function localZoneName(date: Date): string {
  const longName = /\(([^)]+)\)$/.exec(date.toString())?.[1] ?? '';
  const known = ZONE_ABBREVIATIONS[longName];
  if (known) return known;
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'GMT';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `GMT${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** 'November 24, 2026': a day in full. */
export function formatLongDate(date: Date, clock: Clock = 'utc'): string {
  const { year, month, day } = read(date, clock);
  return `${MONTHS[month] ?? ''} ${day}, ${year}`;
}

/** 'Nov 24, 2026': a day with its month cut to three letters. */
export function formatShortDate(date: Date, clock: Clock = 'utc'): string {
  const { year, month, day } = read(date, clock);
  return `${(MONTHS[month] ?? '').slice(0, 3)} ${day}, ${year}`;
}

/** 'Nov 24, 2026, 12:30 PM UTC': a moment, to the minute, on a 12-hour clock, with its time zone. */
export function formatMoment(date: Date, clock: Clock = 'utc'): string {
  const { hours, minutes } = read(date, clock);
  const zone = clock === 'utc' ? 'UTC' : localZoneName(date);
  return `${formatShortDate(date, clock)}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} ${zone}`;
}
