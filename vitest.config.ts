import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'src/demo/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database; PostgreSQL runs share one server.
          fileParallelism: !process.env.TEST_DATABASE_URL,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
