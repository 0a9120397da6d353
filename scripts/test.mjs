// `npm test`: unit and API tests (vitest), then the browser tests when Chromium is found, then where the time
// went (each stage's wall time, the slowest files and tests: scripts/test-report.mjs, docs/testing.md).
// - TEST_DATABASE_URL set: the API suite runs on PostgreSQL (a fresh database per test file) and the browser
//   tests run against a server on a fresh PostgreSQL database; otherwise everything uses in-memory PGlite.
// - REQUIRE_E2E=1 (CI): a missing Chromium fails the run instead of skipping the browser tests.
// - E2E_SUITE=readme: of the browser tests only the README's own path (e2e/readme-path.spec.ts: `npm start` on
//   a fresh data dir, register, deposit, credited); CI runs the whole browser suite once, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { printTestReport } from './test-report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);
const REPORTS = join(root, '.test-report');
const VITEST_REPORT = join(REPORTS, 'vitest.json');
const PLAYWRIGHT_REPORT = join(REPORTS, 'playwright.json');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const stages = [];
const report = () =>
  printTestReport({ stages, vitestReport: VITEST_REPORT, playwrightReport: PLAYWRIGHT_REPORT, root });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, ms: performance.now() - started });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    report();
    process.exit(result.status ?? 1);
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
run(`unit and API tests (${database})`, bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
]);

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `SKIP browser tests: Chromium not found at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`✖ ${line}; REQUIRE_E2E=1 makes this a failure`);
    process.exit(1);
  }
  console.log(line);
  report();
  process.exit(0);
}

/** The share of all cores busy over `ms` (whatever is busy: this run has nothing running at that moment). */
async function busyShare(ms) {
  const total = () =>
    cpus().reduce(
      (sum, { times }) => {
        const all = times.user + times.nice + times.sys + times.irq + times.idle;
        return { all: sum.all + all, idle: sum.idle + times.idle };
      },
      { all: 0, idle: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0;
}

/**
 * How many browser tests run at once: two (each a Chromium, the server and PGlite share the cores), or one
 * when something else already keeps the cores busy (another test run, as on a busy CI machine). Two suites
 * with two workers each on two cores (load average 21–25) failed their long tests on time limits; with one
 * each, 64 of 66 passed beside a CI run, and the two that did not were too long for any load (since shortened).
 * E2E_WORKERS overrides.
 */
async function browserWorkers() {
  if (process.env.E2E_WORKERS) return process.env.E2E_WORKERS;
  const busy = await busyShare(3000);
  const workers = busy > 0.5 ? 1 : 2;
  console.log(`cores ${Math.round(busy * 100)} % busy before the browser tests: ${workers} worker(s)`);
  return String(workers);
}

// The browser tests run what ships: the built web app served by the compiled API (e2e/serve.mjs).
run('build the web app and the API', 'npm', ['run', 'build']);
const readmeOnly = process.env.E2E_SUITE === 'readme';
const workers = readmeOnly ? '1' : await browserWorkers();
run(
  `browser tests (${readmeOnly ? "the README's path, `npm start` on PGlite" : database})`,
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  { CHROMIUM_PATH: chromium, E2E_WORKERS: workers, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT },
);
report();
