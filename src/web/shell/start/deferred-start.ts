/**
 * The app's code starts after the page's first pictures have painted.
 *
 * A server-rendered page is whole without its code, and on a phone's slow network the code (the framework
 * alone is over 100 KB) would otherwise share the line with the pictures the shopper is waiting for. So the
 * server hands over React Router's start-up tags held back: the module preloads get a rel no browser acts on
 * and the route-module script a type no browser runs. A small inline script releases them once the page's
 * priority pictures (fetchpriority=high) that the screen shows have loaded and a frame has painted them (a
 * picture art-directed for other screens is hidden and lazy, so never loads there), at the shopper's first
 * touch, key or click if that comes sooner, and after START_AT_LATEST_MS in any case. Where the browser times
 * paints, it also waits for the page's first contentful paint to be reported: a frame's task can end before
 * the frame is on screen, and code fetched before the first paint shows delays it on a slow line (Lighthouse
 * counted it in the product page's first and largest paint in two runs of five).
 *
 * A button, label or checkbox pressed before the app has hydrated would do nothing (or change a control behind
 * React's back), so the first such press is held (kept from the app too, which would otherwise answer it twice
 * once its part of the page has hydrated) and pressed again once the app says it has hydrated. A
 * dropdown's choice (the shop's Sort by) would be undone by hydration: the last one is made again then too. So is
 * text typed into a field before then (the balance check's code), which hydration would otherwise replace with
 * the value the app keeps: it is set with the element's native value setter, past the one React watches, and
 * announced with the input event React listens to, so the app's state takes it (what React last set is made
 * to differ first, or it would take the event for no change). All of this waits a task after the app's signal,
 * which comes from an effect: there React would put a controlled field back to its value before rendering the
 * change, and the renders of what the app keeps in storage are done by then. The typed text goes back before
 * the press, so a form sent before the start is sent with it.
 */

/** The rel a held module preload carries until the start. */
export const HELD_PRELOAD_REL = 'held-modulepreload';
/** The type a held module script carries until the start. */
export const HELD_MODULE_TYPE = 'text/held-module';
/** However slow the pictures, the code starts this long after the page was parsed. */
export const START_AT_LATEST_MS = 2500;
/** The window event the app sends once it has hydrated. */
export const HYDRATED_EVENT = 'shop:hydrated';
/** What a press before hydration is held for: controls whose press only the app can answer. */
const HELD_PRESS_TARGETS = 'button, label, input[type="checkbox"], input[type="radio"]';

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async=""/g;

/** Holds back the start-up tags of complete HTML (tags cut off at the end are the stream's business). */
export function holdStartTags(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${HELD_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `$1 type="${HELD_MODULE_TYPE}"`);
}

/**
 * The inline script that releases the held tags. A released script is a fresh element (a script element runs
 * once, when inserted), appended to the body, where React's hydration passes over elements it did not render.
 * Every statement ends in ';' or '}', so the lines are joined without their indentation: it is in every page.
 * Marked pure, so the browser's build leaves it out: only the server writes it (root.tsx).
 */
export const startScript = /* @__PURE__ */ `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]')) link.rel = 'modulepreload';
    for (const held of document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]')) {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      document.body.append(script);
    }
  };
  let pressed = null;
  const holdPress = (event) => {
    const control = event.target instanceof Element ? event.target.closest('${HELD_PRESS_TARGETS}') : null;
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    pressed ??= control;
  };
  let chosen = null;
  const holdChoice = (event) => {
    if (event.target instanceof HTMLSelectElement) chosen = { select: event.target, value: event.target.value };
  };
  const typed = new Map();
  const holdText = (event) => {
    const field = event.target;
    if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(field.type))) typed.set(field, field.value);
  };
  const typeAgain = (field, value) => {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(prototype, 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  addEventListener('click', holdPress, { capture: true });
  addEventListener('change', holdChoice, { capture: true });
  addEventListener('input', holdText, { capture: true });
  addEventListener('${HYDRATED_EVENT}', () => {
    removeEventListener('click', holdPress, { capture: true });
    removeEventListener('change', holdChoice, { capture: true });
    removeEventListener('input', holdText, { capture: true });
    setTimeout(() => {
      for (const [field, value] of typed) if (field.isConnected) typeAgain(field, value);
      if (pressed?.isConnected) pressed.click();
      if (chosen?.select.isConnected) {
        chosen.select.value = chosen.value;
        chosen.select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
  }, { once: true });
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
  for (const type of ['pointerdown', 'keydown', 'touchstart']) addEventListener(type, start, { capture: true, once: true, passive: true });
  setTimeout(start, ${START_AT_LATEST_MS});
  const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')].filter((image) => !image.complete && image.getClientRects().length);
  const paintTimed = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  let waiting = pictures.length + (paintTimed ? 1 : 0);
  if (!waiting) return afterPaint();
  const settled = () => {
    waiting -= 1;
    if (!waiting) afterPaint();
  };
  for (const image of pictures) {
    image.addEventListener('load', settled, { once: true });
    image.addEventListener('error', settled, { once: true });
  }
  if (paintTimed) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      settled();
    }).observe({ type: 'paint', buffered: true });
  }
})();`.replace(/\n\s*/g, '');
