import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './src/web';

/**
 * Each feature's public face: the only modules of a feature that routes (and the root modules) may import.
 * Everything else in a feature folder is private to it (src/web/README.md, docs/decisions/007-web-layers.md).
 */
const FEATURE_ENTRIES = {
  account: [
    'account-create-form.tsx',
    'account-entry-page.tsx',
    'account-forgot-form.tsx',
    'account-reset-form.tsx',
    'account-verify.tsx',
    'login-form.tsx',
  ],
  'account-area': [
    'account-area.ts',
    'account-nav.tsx',
    'account-overview.tsx',
    'account-orders.tsx',
    'account-information.tsx',
    'address-book.tsx',
    'wallet.tsx',
  ],
  bag: ['bag-drawer.tsx'],
  checkout: ['checkout-page.tsx', 'order-placed.tsx'],
  catalogue: [
    'catalogue-blocks.tsx',
    'facet-filters.tsx',
    'sort-select.tsx',
    'use-back-to-tile.ts',
    'use-catalogue.ts',
    'use-impressions.ts',
  ],
  content: ['candidate-slugs.ts', 'content-blocks.tsx', 'post-card.tsx'],
  'gift-cards': [
    'gift-card-card-steps.tsx',
    'gift-card-checkout-layout.tsx',
    'gift-card-details-step.tsx',
    'gift-card-info.tsx',
    'gift-card-payment-step.tsx',
    'gift-card-sign-in-step.tsx',
    'gift-card-splash.tsx',
  ],
  orders: [
    'order-actions.tsx',
    'order-address-form.tsx',
    'order-lookup-form.tsx',
    'order-problem.tsx',
    'order-view.tsx',
  ],
  product: ['product-view.tsx', 'size-guide-drawer.tsx', 'size-guide-panel.tsx'],
  search: ['recommended-products.ts', 'recommended-strip.tsx', 'search-overlay.tsx'],
};

// The layers of the web app (src/web/README.md): shared (lib, ui) <- features <- routes; shell is the chrome.
const webZones = [
  ...Object.keys(FEATURE_ENTRIES).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to lib/ or ui/, or compose them in a route.',
  })),
  {
    target: [`${WEB}/lib`, `${WEB}/ui`],
    from: [`${WEB}/features`, `${WEB}/shell`, `${WEB}/routes`],
    message: 'lib/ and ui/ are shared by every feature and import no feature, chrome or route.',
  },
  { target: `${WEB}/lib`, from: `${WEB}/ui`, message: 'lib/ holds code without markup; it imports no component.' },
  {
    target: `${WEB}/features`,
    from: [`${WEB}/shell`, `${WEB}/routes`],
    message: 'Features import no chrome or route: what they share with the chrome lives in lib/.',
  },
  {
    target: `${WEB}/shell`,
    from: [`${WEB}/features`, `${WEB}/routes`],
    message: 'The chrome imports no feature or route; the layout composes them.',
  },
  ...Object.entries(FEATURE_ENTRIES).map(([feature, entries]) => ({
    target: [`${WEB}/routes`, `${WEB}/*.{ts,tsx}`],
    from: `${WEB}/features/${feature}`,
    except: entries.map((entry) => `./${entry}`),
    message: `Import the ${feature} feature through its public face: ${entries.join(', ')} (FEATURE_ENTRIES).`,
  })),
];

const SEARCH = './src/server/search';
/**
 * The search engine's layers, lowest first (src/server/search/README.md). Each imports only itself and the layers
 * below it, so no cycle can form between them, through type imports either, which import-x/no-cycle skips.
 */
const SEARCH_LAYERS = ['errors.ts', 'index', 'bounds', 'query', 'matching', 'results'];
const searchZones = [
  ...SEARCH_LAYERS.map((layer, level) => ({
    target: `${SEARCH}/${layer}`,
    from: SEARCH,
    except: SEARCH_LAYERS.slice(0, level + 1).map((lower) => `./${lower}`),
    message: `search/${layer} imports only ${SEARCH_LAYERS.slice(0, level + 1).join(', ')} of the search engine.`,
  })),
  {
    target: `${SEARCH}/*.ts`,
    from: [`${SEARCH}/http`, `${SEARCH}/worker`, `${SEARCH}/conformance`],
    message: 'The engine and its search sit below the HTTP routes, the workers and the conformance cases.',
  },
  {
    target: `${SEARCH}/http`,
    from: [`${SEARCH}/worker`, `${SEARCH}/conformance`],
    message: 'The search routes run the same in a worker: the worker imports them, not the other way round.',
  },
  { target: `${SEARCH}/worker`, from: `${SEARCH}/conformance`, message: 'Only tests import the conformance cases.' },
];

const SERVER = './src/server';
/**
 * The server's services, lowest layer first. A service imports only the services of the layers below its own, so
 * no two service folders import each other in a circle (a cycle of folders, which import-x/no-cycle, looking at
 * single files, does not see). A test may reach above its folder: placing an order to spend a gift card.
 */
const SERVICE_LAYERS = [
  ['db'],
  ['jobs'],
  ['addresses', 'catalogue', 'forms', 'mail', 'media', 'payments'],
  ['content', 'pricing', 'rate-limits'],
  ['checkout'],
  ['gift-cards'],
  ['orders'],
  ['accounts'],
];
const serviceZones = SERVICE_LAYERS.flatMap((layer, level) => {
  const above = SERVICE_LAYERS.slice(level).flat();
  const below = SERVICE_LAYERS.slice(0, level).flat();
  return layer
    .map((service) => ({
      target: `${SERVER}/${service}`,
      from: above.filter((other) => other !== service).map((other) => `${SERVER}/${other}`),
      message: `server/${service} imports only the services of the layers below its own (SERVICE_LAYERS): ${below.join(', ') || 'none'}.`,
    }))
    .filter((zone) => zone.from.length > 0);
});

/** The zones every file keeps, tests too. */
const layerZones = [
  ...webZones,
  ...searchZones,
  { target: './src/shared', from: ['./src/web', './src/server', './src/demo'] },
  { target: './src/web', from: ['./src/server', './src/demo'] },
  {
    target: [...SERVICE_LAYERS.flat(), 'search'].map((service) => `${SERVER}/${service}`),
    from: `${SERVER}/http`,
  },
];

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      // Declaration merging (React Router's AppLoadContext) extends one interface with nothing added.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // The layers of docs/style.md: shared imports nothing of web or server; web reaches the server only over
      // HTTP; server services never import HTTP code; and the web app's own layers.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...layerZones, ...serviceZones],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
  },
  {
    // A test may reach above its service's layer (placing an order to spend a gift card); the other zones hold.
    files: ['src/server/**/*.test.ts', 'src/server/**/*test-support.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
);
