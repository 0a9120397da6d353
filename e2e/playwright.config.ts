import { randomBytes } from 'node:crypto';
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

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
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
    command: 'node e2e/serve.mjs',
    cwd: '..',
    env: { PORT: String(port), HOST: '127.0.0.1', OPS_TOKEN, ...PROVIDER_KEYS, ...RAISED_RATE_LIMITS },
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
