import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The browser's chunks. A phone on a slow network pays a round trip for every file it fetches, so the code
 * every page runs comes in a few files: the framework, the other libraries, and the app's shared code. The
 * search client stays apart: it loads on the first search, not with the page.
 */
const clientChunks = {
  groups: [
    // tslib, which the search client also uses, belongs with the libraries every page loads.
    { name: 'vendor', test: /node_modules[\\/]tslib[\\/]/, priority: 50 },
    { name: 'search-client', test: /node_modules[\\/](typesense|axios|loglevel)[\\/]/, priority: 40 },
    {
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
      priority: 30,
    },
    { name: 'vendor', test: /node_modules[\\/]/, priority: 20 },
    { name: 'shared', minShareCount: 2, priority: 10 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: clientChunks } } }),
  },
}));
