import { randomBytes } from 'node:crypto';
import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';
import type { TPlayer } from '@lc/shared/contracts/players';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { RATE_LIMIT_ENV } from '../plugins/rate-limit-config';

/** A clock tests can move: `clock.advance(31 * 60_000)`. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (date: Date) => void };

export function createClock(start = new Date('2026-01-15T08:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export type TestApp = {
  app: App;
  clock: TestClock;
  /** The scratch PostgreSQL database of TEST_DATABASE_URL runs; undefined on PGlite. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /**
   * Listen on a random loopback port, for tests whose adapters call this process's /sandbox routes over
   * HTTP (bank directory, providers); `inject` still works as usual.
   */
  listen?: boolean;
  /** With `listen`: this port instead of a random one (a test that must name the address before the app exists). */
  port?: number;
  /** Where log lines go (set LOG_LEVEL in `env` too); tests read them to prove secrets stay out. */
  logStream?: AppDeps['logStream'];
  /** Sees every route as it is added. */
  onRoute?: AppDeps['onRoute'];
};

// API tests send far more from 127.0.0.1 than one address may in production; rate-limit.test.ts sets its own.
const RAISED_RATE_LIMITS = Object.fromEntries(
  Object.values(RATE_LIMIT_ENV).map(([name]) => [name, '1000000/1m']),
);

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped again by the returned function. */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * An app on in-memory PGlite, or on a fresh PostgreSQL database per call when TEST_DATABASE_URL is set, so
 * parallel test files never collide. Share one per test file (`beforeAll`); a new PGlite database starts
 * from the initdb template (db/pglite-template.ts) in under a second instead of ~3 s.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const clock = createClock();
  const baseUrl = process.env.TEST_DATABASE_URL;
  const scratch = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    // Tests run worker ticks themselves (runWorkerTick) with the test clock; no background timer.
    WORKER: 'false',
    SANDBOX: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    BACKOFFICE_DIST: '/nonexistent-backoffice-dist',
    // Every provider of the demo agency on our own protocol, as the tests of the money rules expect; the tests
    // of the aggregator protocol set the demo's seed (SANDBOX_FUNDTRANSFER_PROVIDERS) themselves.
    SANDBOX_FUNDTRANSFER_PROVIDERS: '',
    ...RAISED_RATE_LIMITS,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const app = await buildApp(config, {
    now: clock.now,
    logStream: options.logStream,
    onRoute: options.onRoute,
  });
  if (options.listen) await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    app,
    clock,
    databaseUrl: scratch?.url,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

/** A complete fingerprint payload as the web app sends it. */
export function fingerprintPayload(hash = 'fp-0123456789abcdef'): TFingerprintPayload {
  return {
    screen: '1920x1080',
    version: '5.2.0',
    timezone: 'Asia/Vientiane',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0',
    plugins: 'PDF Viewer,Chrome PDF Viewer',
    audio: '124.04347527516074',
    platform: 'Linux x86_64',
    fingerprint: hash,
    memory: '8',
    fonts: 'Arial,Noto Sans Lao',
    languages: 'lo,en-US',
    hardwareConcurrency: '8',
    vendor: 'Google Inc.',
    webGL: {
      version: 'WebGL 1.0',
      vendor: 'WebKit',
      vendorUnmasked: 'Intel',
      renderer: 'WebKit WebGL',
      rendererUnmasked: 'Mesa Intel(R) UHD Graphics',
      shadingLanguageVersion: 'WebGL GLSL ES 1.0',
    },
  };
}

let counter = 0;
/** A username that is unique within the test run and valid (4–16 chars of [a-z0-9_-]). */
export function uniqueUsername(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`.slice(0, 16);
}

/** The `sid=…` pair of a response's Set-Cookie, ready for a `cookie` header; undefined when none. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  return cookie?.value ? `${cookie.name}=${cookie.value}` : undefined;
}

export type SignedInPlayer = { player: TPlayer; username: string; password: string; cookie: string };

/** Registers a player on the demo agency (host localhost) and returns it with its session cookie. */
export async function registerTestPlayer(
  app: App,
  overrides: { username?: string; password?: string; host?: string; fingerprint?: string } = {},
): Promise<SignedInPlayer> {
  const username = overrides.username ?? uniqueUsername();
  const password = overrides.password ?? 'correct-horse-battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    // One device for every test player unless told otherwise (first-order promotions look at shared devices).
    headers: {
      host: overrides.host ?? 'localhost',
      'x-fingerprint': overrides.fingerprint ?? 'fp-0123456789abcdef',
    },
    payload: {
      username,
      password,
      confirmPassword: password,
      displayName: `Player ${username}`,
      acceptTerms: true,
      adultConfirmed: true,
      fingerprint: fingerprintPayload(overrides.fingerprint),
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('register set no session cookie');
  return { player: response.json().player, username, password, cookie };
}

/** Logs in and returns the new session cookie (throws unless 200). */
export async function loginTestPlayer(
  app: App,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers,
    payload: { username, password },
  });
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookie;
}
