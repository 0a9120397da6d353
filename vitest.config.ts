import { defineConfig } from 'vitest/config';

// One runner for the whole tree: unit tests next to the code, API tests on in-memory PGlite
// (and on PostgreSQL when TEST_DATABASE_URL is set; see scripts/test.mjs).
export default defineConfig({
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/backoffice/src/**/*.test.ts',
    ],
    // `*.pg.test.ts`: what exists only on PostgreSQL (several processes on one database); the PostgreSQL
    // suite (TEST_DATABASE_URL, as in .ci/run) runs them, the embedded-PGlite suite has nothing to run them on.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
