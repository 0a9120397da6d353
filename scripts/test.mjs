// `npm test`: unit and API tests (vitest), then the browser tests when Chromium is found.
// - TEST_DATABASE_URL set: the API suite runs on PostgreSQL (a fresh database per test file) and the browser
//   tests run against a server on a fresh PostgreSQL database; otherwise everything uses in-memory PGlite.
// - REQUIRE_E2E=1 (CI): a missing Chromium fails the run instead of skipping the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
run(`unit and API tests (${database})`, bin('vitest'), ['run']);

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `SKIP browser tests: Chromium not found at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`✖ ${line}; REQUIRE_E2E=1 makes this a failure`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

// The browser tests run what ships: the built web app served by the compiled API (e2e/serve.mjs).
run('build the web app and the API', 'npm', ['run', 'build']);
run(`browser tests (${database})`, bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
});
