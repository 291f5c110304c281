import { useEffect, useState } from 'react';
import { OVERLAY_ANIMATION_MS, OVERLAY_SHOW_DELAY_MS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { drawerPassthrough } from '../../ui/drawer.tsx';
import { useOverlayEntry } from '../../lib/processing/processing.ts';

/**
 * The full-screen loading overlay (spec 2.4, 9): shown while the processing queue holds an 'overlay' entry,
 * but only once it has lasted OVERLAY_SHOW_DELAY_MS, so quick calls never flash it; it fades in and out over
 * OVERLAY_ANIMATION_MS. The status element is in the page from the moment the entry is queued, before its
 * text arrives, so screen readers announce the message.
 */
export function LoadingOverlay() {
  const entry = useOverlayEntry();
  const active = entry !== undefined;
  const [visible, setVisible] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [message, setMessage] = useState<string>(MESSAGES.loading);

  if (!active && visible) setVisible(false);
  const entryMessage = entry?.message ?? MESSAGES.loading;
  if (active && entryMessage !== message) setMessage(entryMessage);

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      setVisible(true);
      setMounted(true);
    }, OVERLAY_SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  useEffect(() => {
    if (visible || !mounted) return;
    const timer = window.setTimeout(() => setMounted(false), OVERLAY_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [visible, mounted]);

  if (!active && !mounted) return null;
  return (
    <div
      {...drawerPassthrough}
      role="status"
      aria-live="polite"
      className={`fixed inset-0 z-[60] flex items-center justify-center bg-page/70 p-6 backdrop-blur-[2px] transition-opacity ease-out motion-reduce:transition-none ${
        visible ? 'pointer-events-auto opacity-100' : 'pointer-events-none opacity-0'
      }`}
      style={{ transitionDuration: `${OVERLAY_ANIMATION_MS}ms` }}
    >
      {mounted && (
        <div className="flex max-w-xs flex-col items-center gap-4 rounded-xl border border-line bg-surface px-8 py-6 text-center text-ink shadow-xl">
          <span
            aria-hidden="true"
            className="size-10 animate-spin rounded-full border-4 border-line border-t-ink motion-reduce:animate-[spin_2s_linear_infinite]"
          />
          <p className="text-sm font-semibold">{message}</p>
        </div>
      )}
    </div>
  );
}
