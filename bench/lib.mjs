// Shared plumbing of the benchmarks: a scratch PostgreSQL database, API processes started the way
// `npm start` starts them, real players with real sessions, and autocannon runs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const DURATION = Number(process.env.BENCH_DURATION ?? 12);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The RATE_LIMIT_* variables of the API (README, Configuration), each far above what one run sends. */
export const RAISED_RATE_LIMITS = Object.fromEntries(
  ['REGISTER', 'USERNAME_CHECK', 'LOGIN', 'PUBLIC_READ', 'PLAYER'].map((kind) => [
    `RATE_LIMIT_${kind}`,
    '100000000/1m',
  ]),
);

/** A fresh database on the server of BENCH_DATABASE_URL / DATABASE_URL; `drop()` removes it. */
export async function createScratchDatabase() {
  const base =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts one API process on `port` against `databaseUrl` (undefined: embedded PGlite in DATA_DIR) and waits
 * until /api/ready answers 200; `readyMs` is the time from spawn to that answer (polled every 20 ms). With
 * `nodeArgs` (e.g. --cpu-prof) it runs under `node <nodeArgs> --import tsx` instead of the tsx binary.
 */
export async function startServer(port, databaseUrl, extraEnv = {}, nodeArgs = []) {
  const [command, args] =
    nodeArgs.length === 0
      ? [join(root, 'node_modules/.bin/tsx'), []]
      : [process.execPath, [...nodeArgs, '--import', 'tsx']];
  const started = performance.now();
  const child = spawn(command, [...args, 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      BENCH_ROUTES: 'true',
      // Every benchmark client comes from 127.0.0.1: the per-address limits are raised far past the load
      // (still counted in the database, as in production).
      ...RAISED_RATE_LIMITS,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < 30_000 && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) {
        const readyMs = performance.now() - started;
        return { url, readyMs, stop: () => stopChild(child), signal: (name) => child.kill(name) };
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`API on ${url} did not become ready`);
}

/**
 * Starts `count` API processes on consecutive ports from `firstPort`, all on `databaseUrl` (sessions live
 * there, so any process serves any player) with `extraEnv`; only the first runs the background worker.
 */
export async function startServers(count, firstPort, databaseUrl, extraEnv = {}, nodeArgs = []) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      startServer(
        firstPort + i,
        databaseUrl,
        i === 0 ? extraEnv : { ...extraEnv, WORKER: 'false' },
        nodeArgs,
      ),
    ),
  );
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * quality.md's cold start, "with PGlite, built": the API process of `npm start` (scripts/start.mjs: the tsx
 * server with this environment) on embedded PGlite, timed from spawn to the first 200 of /api/ready. The web
 * build is not counted: it is made first, only when apps/web/dist is missing. Answers the milliseconds of
 * `runs` first starts on a fresh DATA_DIR and of the restart that follows each on the same DATA_DIR.
 */
export async function measureColdStarts(port, runs = 3) {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@lc/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  // What npm start passes on: this environment unchanged, but never a DATABASE_URL (PGlite is the point).
  const asStart = {
    NODE_ENV: process.env.NODE_ENV,
    LOG_LEVEL: process.env.LOG_LEVEL,
    BENCH_ROUTES: process.env.BENCH_ROUTES,
  };
  const startOn = async (dataDir) => {
    const server = await startServer(port, undefined, { ...asStart, DATA_DIR: dataDir });
    await server.stop();
    return server.readyMs;
  };
  const withDataDir = async (use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-start-'));
    try {
      return await use(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  // Once on a machine (per PGlite version) the first start runs initdb and keeps the result as a template in
  // node_modules/.cache/laocredit (apps/api/src/db/pglite-template.ts); deleting it measures that start,
  // which makes the template again for the runs below.
  const cache = join(root, 'node_modules/.cache/laocredit');
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    if (/^pglite-.*-initdb\.tar\.gz$/.test(name)) rmSync(join(cache, name));
  }
  const firstOnMachine = await withDataDir(startOn);
  // Each run starts twice on one data dir: the first start creates the database (from the template, then
  // migrations and the demo seed), the restart opens what is there, as every later `npm start` does.
  const first = [];
  const restart = [];
  for (let run = 0; run < runs; run++) {
    await withDataDir(async (dataDir) => {
      first.push(await startOn(dataDir));
      restart.push(await startOn(dataDir));
    });
  }
  return { firstOnMachine, first, restart };
}

const FINGERPRINT = {
  screen: '1280x800',
  version: '5',
  timezone: 'Asia/Vientiane',
  userAgent: 'bench',
  plugins: '',
  audio: '',
  platform: 'Linux',
  fingerprint: 'bench',
  memory: '8',
  fonts: '',
  languages: 'lo',
  hardwareConcurrency: '2',
  vendor: '',
  webGL: {
    version: '',
    vendor: '',
    vendorUnmasked: '',
    renderer: '',
    rendererUnmasked: '',
    shadingLanguageVersion: '',
  },
};

/** Registers `count` players through the API and returns their session cookies. */
export async function registerPlayers(baseUrl, count) {
  const cookies = [];
  const password = 'Bench-player-2026';
  const one = async (index) => {
    const username = `b${randomBytes(4).toString('hex')}${index}`.slice(0, 16);
    const response = await fetch(`${baseUrl}/api/v2/players/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': `bench-${index}` },
      body: JSON.stringify({
        username,
        password,
        confirmPassword: password,
        displayName: username,
        acceptTerms: true,
        fingerprint: { ...FINGERPRINT, fingerprint: `bench-${index}` },
      }),
    });
    if (response.status !== 201)
      throw new Error(`register failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    cookies.push(cookie);
  };
  for (let i = 0; i < count; i += 5)
    await Promise.all([0, 1, 2, 3, 4].filter((j) => i + j < count).map((j) => one(i + j)));
  return cookies;
}

/**
 * One autocannon run; `cookies` rotate over the requests so many sessions are exercised. `url` may be a list
 * (several API processes): autocannon spreads the connections over them round-robin.
 */
export function measure({ url, path, cookies = [], connections = CONNECTIONS, duration = DURATION }) {
  const requests =
    cookies.length > 0
      ? cookies.map((cookie) => ({ method: 'GET', path, headers: { cookie } }))
      : [{ method: 'GET', path }];
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, requests }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requests: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

export const fmt = (n, digits = 0) => n.toFixed(digits).padStart(9);

/** The middle value (mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Starts a reconciliation run through the ops API (POST …/reconciliation/runs), waits until it is stored and
 * answers its report (`{run, rows, differences, summary}`); the run executes in the server's background.
 */
export async function reconcileNow(baseUrl, opsToken, kind = 'ACTIVITY') {
  const headers = { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' };
  const started = await fetch(`${baseUrl}/api/ops/v1/reconciliation/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind }),
  });
  if (started.status !== 202) throw new Error(`reconciliation: ${started.status} ${await started.text()}`);
  const { run } = await started.json();
  for (;;) {
    const res = await fetch(`${baseUrl}/api/ops/v1/reconciliation/runs/${run.id}`, { headers });
    const report = await res.json();
    if (res.status !== 200) throw new Error(`reconciliation: ${res.status} ${JSON.stringify(report)}`);
    if (report.run.status !== 'RUNNING') return report;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
