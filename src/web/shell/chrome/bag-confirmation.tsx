import { useEffect, useRef, useState } from 'react';
import { BAG_CONFIRMATION_MS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { dismissBagConfirmation, useBagConfirmation } from '../../lib/cart/bag-confirmation.ts';
import { Button } from '../../ui/button.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { startPausableTimer, type PausableTimer } from '../overlays/pausable-timer.ts';

/**
 * The bag's added confirmation (spec 4): a panel hanging under the bag icon for 3 seconds after an add, with
 * the line and a way into the bag. It sits below the icon, so the icon and its count stay in sight; the time
 * stands still while the pointer or focus is on it, and opening the bag ends it.
 */
export function BagConfirmation({ bagOpen, onViewBag }: { bagOpen: boolean; onViewBag: () => void }) {
  const confirmation = useBagConfirmation();
  const timer = useRef<PausableTimer | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!confirmation) return;
    const started = startPausableTimer(BAG_CONFIRMATION_MS, dismissBagConfirmation);
    timer.current = started;
    return () => {
      started.cancel();
      if (timer.current === started) timer.current = null;
    };
  }, [confirmation]);

  // The open bag shows the line itself.
  useEffect(() => {
    if (bagOpen) dismissBagConfirmation();
  }, [bagOpen, confirmation]);

  const paused = hovered || focused;
  useEffect(() => {
    if (paused) timer.current?.pause();
    else timer.current?.resume();
  }, [paused, confirmation]);

  if (!confirmation) return null;
  const { line } = confirmation;
  return (
    <section
      aria-label={MESSAGES.bagAdded}
      className="absolute top-full right-0 z-10 mt-2 flex w-72 max-w-[calc(100vw-1rem)] flex-col gap-3 rounded-lg border border-line bg-surface p-4 text-left text-ink shadow-xl shadow-black/10 transition-[opacity,translate] duration-200 ease-out starting:-translate-y-1 starting:opacity-0 motion-reduce:transition-none dark:shadow-black/50"
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      }}
    >
      <p className="text-xs font-bold uppercase tracking-widest">{MESSAGES.bagAdded}</p>
      <div className="flex gap-3">
        <div className="aspect-[4/5] w-14 shrink-0 overflow-hidden bg-surface-muted">
          {line.image && (
            <ResponsiveImage
              image={line.image}
              alt=""
              sizes="3.5rem"
              maxWidth={120}
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <p className="font-semibold leading-snug">{line.dim_name}</p>
          <p className="text-ink-muted">
            {MESSAGES.size} {line.dim_size}
          </p>
          <p className="tabular-nums">{formatMoney(line.item_price)}</p>
        </div>
      </div>
      <Button variant="primary" onClick={onViewBag} className="min-h-11 w-full">
        {MESSAGES.viewBag}
      </Button>
    </section>
  );
}
