import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

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

const INCLUDE = [
  'packages/**/src/**/*.test.ts',
  'apps/api/src/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
  'apps/backoffice/src/**/*.test.ts',
];
// `*.pg.test.ts`: what exists only on PostgreSQL (several processes on one database); the PostgreSQL
// suite (TEST_DATABASE_URL, as in .ci/run) runs them, the embedded-PGlite suite has nothing to run them on.
const EXCLUDE = ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])];

/** Every test file under `dir` (relative to the root), skipping node_modules and build output. */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'dist-server'].includes(entry.name) ? [] : testFiles(relative);
    return entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

/**
 * Test files that replace a module (`vi.mock`): they need a module registry of their own, since in a shared
 * one the app's modules may already hold the real module. Found by reading the files, so a new one cannot be
 * forgotten here.
 */
const MOCKING_FILES = ['packages', 'apps']
  .flatMap(testFiles)
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));

// One runner for the whole tree: unit tests next to the code, API tests on in-memory PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set; see scripts/test.mjs). docs/testing.md says where the time goes:
// - one worker per core (vitest's default leaves one core to its main process, which idles: half the machine);
// - test files share their worker's module registry (`isolate: false`): importing the app anew for every file
//   cost 121 s of the suite's CPU. Each file still builds its own app and database (test/app.ts), so no state
//   is shared but what modules keep for themselves; the files that mock a module run isolated.
export default defineConfig({
  plugins: [appSourceAlias()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: INCLUDE, exclude: [...EXCLUDE, ...MOCKING_FILES], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
