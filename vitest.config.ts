import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `@/…` as each front end's tsconfig and vite.config.ts map it: to the `src` of the app that imports it, so a
 * test can load the app's modules (the server's first paint renders whole pages) as its build does.
 */
function appSourceAlias(): Plugin {
  return {
    name: 'lc-app-source-alias',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.startsWith('@/') || !importer) return null;
      const app = /\/apps\/(web|backoffice)\/src\//.exec(importer)?.[1];
      if (!app) return null;
      const target = fileURLToPath(new URL(`./apps/${app}/src/${source.slice(2)}`, import.meta.url));
      return this.resolve(target, importer, { skipSelf: true });
    },
  };
}

// One runner for the whole tree: unit tests next to the code, API tests on in-memory PGlite
// (and on PostgreSQL when TEST_DATABASE_URL is set; see scripts/test.mjs).
export default defineConfig({
  plugins: [appSourceAlias()],
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
