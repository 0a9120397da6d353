import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** A host the demo agency does not answer on, resolved to this machine by Chromium itself. */
export const UNKNOWN_AGENCY_HOST = 'unknown-agency.test';
// The ops token of the server under test; set once in the runner so its workers inherit the same value.
process.env.E2E_OPS_TOKEN ??= randomBytes(24).toString('hex');
export const OPS_TOKEN = process.env.E2E_OPS_TOKEN;
// The signing key of the server's sandbox providers (it reads PROVIDER_<NAME>_KEY), so a browser test can set a
// member's balance through the sandbox's signed test hook as the API tests do (e2e/support.ts setSandboxBalance).
process.env.E2E_PROVIDER_KEY ??= randomBytes(24).toString('hex');
const PROVIDER_KEYS = Object.fromEntries(
  ['ALPHABET', 'ASKMEBET', 'BETFLIX', 'GCLUB', 'GCLUB_LIVE'].map((name) => [
    `PROVIDER_${name}_KEY`,
    process.env.E2E_PROVIDER_KEY ?? '',
  ]),
);

// Every browser test comes from 127.0.0.1: the API's per-address limits are raised past what the suite sends.
const RAISED_RATE_LIMITS = Object.fromEntries(
  ['REGISTER', 'USERNAME_CHECK', 'LOGIN', 'PUBLIC_READ', 'PLAYER'].map((kind) => [
    `RATE_LIMIT_${kind}`,
    '1000000/1m',
  ]),
);

/**
 * E2E_SUITE=readme (scripts/test.mjs, CI's PGlite pass): only the README's path, against `npm start` itself on
 * a fresh data dir (made once in the runner, inherited by its workers like the tokens above).
 */
const README_ONLY = process.env.E2E_SUITE === 'readme';
if (README_ONLY) process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'laocredit-readme-'));

const SUITE_SERVER = {
  command: 'node e2e/serve.mjs',
  env: { PORT: String(port), HOST: '127.0.0.1', OPS_TOKEN, ...PROVIDER_KEYS, ...RAISED_RATE_LIMITS },
};
// The README's command with only what a newcomer could not leave as it is: the port and the data dir.
const README_SERVER = {
  command: 'npm start',
  env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR ?? '', LOG_LEVEL: 'warn' },
};

export default defineConfig({
  testDir: '.',
  testMatch: README_ONLY ? 'readme-path.spec.ts' : '*.spec.ts',
  ...(README_ONLY ? { globalTeardown: './readme-teardown.ts' } : {}),
  outputDir: '../.e2e-artifacts',
  fullyParallel: true,
  // scripts/test.mjs (npm test) sets one when the machine is busy already; two otherwise.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    locale: 'lo-LA',
    // The app registers its service worker 3 s after a page loads, and its install downloads and stores the
    // whole shell (~500 KB) in every new browser context: CPU every test paid for one file's subject.
    // installable-app.spec.ts allows it again.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=MAP ${UNKNOWN_AGENCY_HOST} 127.0.0.1`,
      ],
    },
  },
  webServer: {
    ...(README_ONLY ? README_SERVER : SUITE_SERVER),
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM first, so e2e/serve.mjs drops its PostgreSQL database (the default SIGKILL left one per run).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
