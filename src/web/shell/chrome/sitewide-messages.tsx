import { Fragment, useEffect, useState } from 'react';
import { SITEWIDE_COUNTDOWN_TICK_MS } from '../../../shared/constants.ts';
import {
  activeMessages,
  hasCountdown,
  messageCountdown,
  messageSegments,
  nextChangeAt,
  wrapIndex,
} from '../../../shared/sitewide-messages.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { PageWebsiteConfig } from '../../../shared/website-config.ts';
import { BackIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { useHydrated } from '../../ui/browser.ts';

const BANNER_ID = 'sitewide-messages';
const DEFAULT_BANNER_CLASS = 'bg-ink text-page';
/** Holds the countdown's room until it starts after hydration, so the banner does not reflow then. */
const COUNTDOWN_SPACE = '00h 00m 00s';
/** setTimeout fires at once past this many milliseconds, so a far-off change is checked again later. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The moment the server rendered the banner. Hydration reads it back from the server's markup, so the
 * browser shows exactly the messages the server chose even if one started or ended in between.
 */
function renderTime(): number {
  if (typeof document === 'undefined') return Date.now();
  const rendered = Number(document.getElementById(BANNER_ID)?.dataset.renderedAt);
  return Number.isFinite(rendered) && rendered > 0 ? rendered : Date.now();
}

const arrowClass =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-current/15 focus-visible:outline-current!';

/**
 * The banner above the header (spec 2.4 and 4): the config's messages that are active now, one at a time,
 * with arrows that wrap at both ends, optional auto-rotation and a live countdown in place of the
 * {countdown} placeholder. The countdown runs in the browser only, from hydration on.
 */
const MESSAGE_TEXT =
  'text-xs font-bold uppercase leading-snug tracking-[0.08em] md:text-[0.8125rem] md:tracking-[0.12em]';

export function SitewideMessages({ config }: { config: PageWebsiteConfig }) {
  const messages = config.sitewide_messages;
  const rotationMs = config.sitewide_message_rotation_ms;
  const hydrated = useHydrated();
  const [renderedAt] = useState(renderTime);
  const [now, setNow] = useState(renderedAt);
  const [position, setPosition] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [moved, setMoved] = useState(false);
  // The first message is there from the first paint, as the server drew it; a message that takes its place slides in.
  const [changed, setChanged] = useState(false);

  const active = activeMessages(messages, now);
  const count = active.length;
  const index = wrapIndex(position, 0, count);
  const shown = active[index];
  const counting = active.some(hasCountdown);
  const rotating = rotationMs > 0 && count > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!hydrated) return;
    setNow(Date.now());
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), SITEWIDE_COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [hydrated, counting]);

  useEffect(() => {
    if (!hydrated || counting) return;
    const next = nextChangeAt(messages, now);
    if (next === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(next - now, LONGEST_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [hydrated, counting, messages, now]);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      setChanged(true);
      setPosition((current) => wrapIndex(current, 1, count));
    }, rotationMs);
    return () => window.clearTimeout(timer);
  }, [rotating, rotationMs, count, index]);

  const step = (delta: number) => {
    setMoved(true);
    setChanged(true);
    setPosition(wrapIndex(index, delta, count));
  };

  return (
    <div id={BANNER_ID} data-rendered-at={renderedAt}>
      {shown && (
        <section
          aria-label={MESSAGES.announcements}
          aria-roledescription={count > 1 ? MESSAGES.carousel : undefined}
          className={config.sitewide_message_class || DEFAULT_BANNER_CLASS}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <div
            className={`mx-auto flex min-h-10 max-w-[90rem] items-center gap-1 px-2 py-1 md:px-4 ${config.sitewide_message_text_class}`}
          >
            {count > 1 && rotationMs > 0 && <span className="size-8 shrink-0" aria-hidden="true" />}
            {count > 1 && (
              <button
                type="button"
                className={arrowClass}
                aria-label={MESSAGES.previousMessage}
                onClick={() => step(-1)}
              >
                <BackIcon className="size-4" strokeWidth={2} />
              </button>
            )}
            <div
              className="grid min-w-0 flex-1 overflow-hidden text-center"
              aria-live={moved && !rotating ? 'polite' : 'off'}
              aria-atomic="true"
            >
              {/* Every message laid out unseen in the same cell, so the bar is as tall as its tallest message and a
                  rotation to a message of two lines on a phone moves nothing below it. */}
              {count > 1 &&
                active.map((message, at) => (
                  <p
                    key={`room-${at}`}
                    aria-hidden="true"
                    className={`invisible col-start-1 row-start-1 ${MESSAGE_TEXT}`}
                  >
                    {messageSegments(message).join(COUNTDOWN_SPACE)}
                  </p>
                ))}
              <p
                key={index}
                role={count > 1 ? 'group' : undefined}
                aria-roledescription={count > 1 ? MESSAGES.slide : undefined}
                aria-label={count > 1 ? `${index + 1} of ${count}` : undefined}
                className={`col-start-1 row-start-1 ${MESSAGE_TEXT} ${changed ? 'transition duration-300 ease-out starting:translate-y-1.5 starting:opacity-0 motion-reduce:transition-none' : ''}`}
              >
                {messageSegments(shown).map((segment, part, segments) => (
                  <Fragment key={part}>
                    {segment}
                    {part < segments.length - 1 && (
                      <span className="whitespace-nowrap tabular-nums" aria-live="off">
                        {hydrated ? (
                          messageCountdown(shown, now)
                        ) : (
                          <span className="invisible" aria-hidden="true">
                            {COUNTDOWN_SPACE}
                          </span>
                        )}
                      </span>
                    )}
                  </Fragment>
                ))}
              </p>
            </div>
            {count > 1 && rotationMs > 0 && (
              <button
                type="button"
                className={arrowClass}
                aria-label={paused ? MESSAGES.playMessages : MESSAGES.pauseMessages}
                onClick={() => setPaused((current) => !current)}
              >
                {paused ? (
                  <PlayIcon className="size-3.5" strokeWidth={2} />
                ) : (
                  <PauseIcon className="size-3.5" strokeWidth={2} />
                )}
              </button>
            )}
            {count > 1 && (
              <button type="button" className={arrowClass} aria-label={MESSAGES.nextMessage} onClick={() => step(1)}>
                <ChevronRightIcon className="size-4" strokeWidth={2} />
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
