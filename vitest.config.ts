import { defineConfig } from 'vitest/config';

// One runner for the whole tree: unit tests next to the code, API tests on in-memory PGlite
// (and on PostgreSQL when TEST_DATABASE_URL is set; see scripts/test.mjs).
export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
