/** What counts as the shopper starting to use the page: a touch, a click, a key or a move of the focus. */
const FIRST_INTERACTION_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Whether the event is the shopper's: a move of the focus into a dialog is the app's own when the address opened
 * it (a page loaded with #bag), and its code and answers should not then load everything kept for first use.
 */
const isShoppers = (event: Event): boolean =>
  !(event.type === 'focusin' && event.target instanceof Element && event.target.closest('[role="dialog"]'));

/**
 * Runs `load` once, at the shopper's first touch, click or key: code a page needs only once it is used (its
 * dialogs) is fetched then, not with the page, and is there by the time the click that opens it lands. Returns
 * the cleanup, for an effect.
 */
export function onFirstInteraction(load: () => void): () => void {
  const run = (event: Event) => {
    if (!isShoppers(event)) return;
    stop();
    load();
  };
  const stop = () => {
    for (const type of FIRST_INTERACTION_EVENTS) window.removeEventListener(type, run, { capture: true });
  };
  for (const type of FIRST_INTERACTION_EVENTS) window.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
