/**
 * The rules of the sitewide message banner (spec section 4): which messages are active at a time, how the
 * arrows cycle through them, and the countdown that can stand in a message.
 */
import { COUNTDOWN_PLACEHOLDER, type SitewideMessage } from './website-config.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function windowOf(message: SitewideMessage): { start: number; end: number } {
  return { start: Date.parse(message.message_start), end: Date.parse(message.message_end) };
}

/** A message shows from its start (inclusive) until its end (exclusive); a malformed date never shows it. */
export function isMessageActive(message: SitewideMessage, now: number): boolean {
  const { start, end } = windowOf(message);
  return start <= now && now < end;
}

export function activeMessages(messages: readonly SitewideMessage[], now: number): SitewideMessage[] {
  return messages.filter((message) => isMessageActive(message, now));
}

/** The next moment after now when a message starts or ends, so the banner knows when to look again. */
export function nextChangeAt(messages: readonly SitewideMessage[], now: number): number | null {
  let next: number | null = null;
  for (const message of messages) {
    for (const moment of Object.values(windowOf(message))) {
      if (moment > now && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}

/** Steps an index by delta through count items, wrapping past either end; 0 when there are none. */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

export const hasCountdown = (message: SitewideMessage): boolean => message.message.includes(COUNTDOWN_PLACEHOLDER);

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left until the target; all zero once it has passed. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, target - now);
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((left % MINUTE_MS) / SECOND_MS),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * '2d 04h 09m 05s': days and hours only when above zero, minutes and seconds always, every part but the
 * days padded to two digits.
 */
export function formatCountdown({ days, hours, minutes, seconds }: CountdownParts): string {
  return [days > 0 ? `${days}d` : null, hours > 0 ? `${pad(hours)}h` : null, `${pad(minutes)}m`, `${pad(seconds)}s`]
    .filter((part) => part !== null)
    .join(' ');
}

/** The countdown of a message runs to the end of its window. */
export function messageCountdown(message: SitewideMessage, now: number): string {
  return formatCountdown(countdownParts(windowOf(message).end, now));
}

/** The message split around its countdown placeholders, for the banner to put the live countdown between. */
export function messageSegments(message: SitewideMessage): string[] {
  return message.message.split(COUNTDOWN_PLACEHOLDER);
}
