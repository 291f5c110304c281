import { formatMoment, formatShortDate } from '../../shared/dates.ts';
import { useHydrated } from './browser.ts';

/** A moment to the minute ('Nov 23, 2026, 5:24 PM PST'), or its day alone ('Nov 23, 2026'). */
export type TimeFormat = 'moment' | 'day';

const FORMATS = { moment: formatMoment, day: formatShortDate } as const;

/**
 * The widest words each format writes for a US zone (digits are tabular): the box is that wide from the server's
 * render on, so the browser's words replacing the server's move nothing after them.
 */
const WIDEST = { moment: 'May 28, 2026, 12:58 PM AKST', day: 'May 28, 2026' } as const;

const MARK = '\u0000';

/** The words of a message before and after the time it holds ('You can cancel this order until {time}.'). */
function aroundTime(words: (time: string) => string): [string, string] {
  const [before = '', after = ''] = words(MARK).split(MARK);
  return [before, after];
}

const sameWords = (time: string) => time;

/**
 * A time in the shopper's own time zone, in its message. The server knows no shopper's zone and writes UTC;
 * once the app has started, the browser writes the same words in its own zone. The time and the rest of its
 * sentence sit in a box sized for the widest words, so the change moves nothing on the page.
 */
export function LocalTime({
  at,
  format,
  words = sameWords,
}: {
  at: string;
  format: TimeFormat;
  words?: (time: string) => string;
}) {
  const hydrated = useHydrated();
  const text = FORMATS[format](new Date(at), hydrated ? 'local' : 'utc');
  const [before, after] = aroundTime(words);
  return (
    <>
      {before}
      <time
        dateTime={at}
        data-widest={WIDEST[format] + after}
        className="inline-grid tabular-nums before:invisible before:col-start-1 before:row-start-1 before:content-[attr(data-widest)]"
      >
        <span className="col-start-1 row-start-1">{text + after}</span>
      </time>
    </>
  );
}
