/**
 * Dates as the shop writes them, in UTC, in en-US's words: 'November 24, 2026', 'Nov 24, 2026' and
 * 'Nov 24, 2026, 12:30 PM UTC'. Written out rather than through Intl.DateTimeFormat: making a format loads
 * locale data, which held a phone's page for tens of milliseconds the first time one was made, and the server
 * and the browser always agree on these words.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const monthOf = (date: Date) => MONTHS[date.getUTCMonth()] ?? '';

/** 'November 24, 2026': a day in full. */
export const formatLongDate = (date: Date): string => `${monthOf(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

/** 'Nov 24, 2026': a day with its month cut to three letters. */
export const formatShortDate = (date: Date): string => `${monthOf(date).slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

/** 'Nov 24, 2026, 12:30 PM UTC': a moment, to the minute, on a 12-hour clock. */
export function formatUtcTime(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatShortDate(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}
