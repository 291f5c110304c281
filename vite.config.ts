import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The browser's chunks. A phone on a slow network pays a round trip for every file it fetches, so the code
 * every page runs comes in a few files: the framework, the other libraries, and the app's shared code. The
 * search client and the dialogs' library stay apart: they load on the first search and the first dialog, not
 * with the page.
 */
// The pausable timer of the announcements (every page) and the toasts (lazy) joins them rather than being a file of
// its own: a third small file on every page cost more bytes than its code.
const SHARED_CODE = /[\\/]src[\\/](shared|web[\\/](lib|ui))[\\/]|[\\/]pausable-timer\.ts$/;
/**
 * Shared code only the pages with forms (and the order and account pages, and the bag drawer once it loads) use. A module in the shared chunk brings what it imports with it, so
 * one form module left out of this list puts the forms' code on every page; e2e/script-weight.spec.ts notices.
 */
const FORM_CODE =
  /[\\/](address-form|forms|checkout|gift-cards)[\\/]|[\\/](form-field\.tsx|code-entry\.tsx|new-password-fields\.tsx|address-lines\.tsx|card-payment-fields\.tsx|saved-card-choice\.tsx|notice\.tsx|address-lists\.ts|address-checks\.ts|address-autocomplete\.ts|validators\.ts|payment-card\.ts|card-token\.ts|use-cart-refresh\.ts|order\.ts|gift-card\.ts|account-area\.ts|local-time\.tsx|dates\.ts|digit-entry\.ts|use-grouped-digits\.ts|phone\.ts)$/;

const clientChunks = {
  groups: [
    // tslib, which the search client also uses, belongs with the libraries every page loads.
    { name: 'vendor', test: /node_modules[\\/]tslib[\\/]/, priority: 50 },
    { name: 'search-client', test: /node_modules[\\/](typesense|axios|loglevel)[\\/]/, priority: 40 },
    // Radix Dialog and its helpers come with the first dialog a shopper opens (ui/drawer.tsx, ui/modal.tsx).
    {
      name: 'dialog',
      test: /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/,
      // Below the framework's, so React stays in the framework's chunk rather than following Radix here.
      priority: 25,
    },
    // The forms' library comes with the pages that have a form, and with the footer's sign-up once it is used.
    { name: 'forms', test: /node_modules[\\/]@conform-to[\\/]/, priority: 25 },
    // The carousel library comes with the product page's gallery only.
    { name: 'carousel', test: /node_modules[\\/]embla-carousel/, priority: 25 },
    {
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
      priority: 30,
    },
    { name: 'vendor', test: /node_modules[\\/]/, priority: 20 },
    // The app's code that most pages share; what only the pages with forms share (the address form, the
    // checkout's and the forms' helpers) is left to the chunks of the pages that use it.
    {
      name: 'shared',
      test: (id: string) => SHARED_CODE.test(id) && !FORM_CODE.test(id),
      minShareCount: 2,
      priority: 10,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: clientChunks } } }),
  },
}));
