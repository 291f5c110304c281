import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The search tests that build the shop on a database; every other search test opens none. */
const SEARCH_TESTS_WITH_DATABASE = ['oversized-requests', 'search-workers'];

/**
 * Server tests that open no database run with the unit project. Every other server test runs with the server
 * project, which CI runs again on PostgreSQL. The unit project refuses to open a database, so a test listed here
 * by mistake fails rather than skipping PostgreSQL.
 */
const SERVER_TESTS_WITHOUT_DATABASE = [
  `src/server/search/**/!(${SEARCH_TESTS_WITH_DATABASE.join('|')}).test.ts`,
  'src/server/accounts/password.test.ts',
  'src/server/accounts/password-policy.test.ts',
  'src/server/addresses/built-in-autocomplete.test.ts',
  'src/server/addresses/smarty-autocomplete.test.ts',
  'src/server/addresses/us-zip-codes.test.ts',
  'src/server/addresses/validate-address.test.ts',
  'src/server/catalogue/search-index/products-collection.test.ts',
  'src/server/config.test.ts',
  'src/server/content/content-folder.test.ts',
  'src/server/db/connection-errors.test.ts',
  'src/server/content/sanitize.test.ts',
  'src/server/entry-module.test.ts',
  'src/server/gift-cards/gift-card-codes.test.ts',
  'src/server/http/device-cookie.test.ts',
  'src/server/http/page-cache.test.ts',
  'src/server/http/redact.test.ts',
  'src/server/http/render-queue.test.ts',
  'src/server/media/render-queue.test.ts',
  'src/server/payments/stripe-gateway.test.ts',
  'src/server/pricing/price-cart.test.ts',
  'src/server/pricing/promo-codes.test.ts',
  'src/server/pricing/sales-tax.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: { 'better-sqlite3': fileURLToPath(new URL('src/server/db/unit-test-sqlite.ts', import.meta.url)) },
        },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', ...SERVER_TESTS_WITHOUT_DATABASE],
          environment: 'node',
          // The files share one process and module graph rather than each importing the shop's modules again in
          // a fresh one: 35 s instead of 180 s on two busy cores. Each file puts back what it stubs (globals,
          // timers, TZ).
          isolate: false,
          // Password hashing and the search service's bulk import are CPU work the server's tests brought here:
          // on a busy machine (CI's) they need more than Vitest's 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: SERVER_TESTS_WITHOUT_DATABASE,
          environment: 'node',
          // Each file builds its own app on its own database; PostgreSQL runs share one server.
          fileParallelism: !process.env.TEST_DATABASE_URL,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'demo',
          include: ['src/demo/**/*.test.ts'],
          environment: 'node',
          // Generating 100,000 products, or loading the store in a thread that compiles the shop's code again, takes
          // 8 to 15 s at a load average of 10 here; on a fresh machine under that load the thread outran 30 s.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
