// Shared plumbing of the benchmarks: a scratch PostgreSQL database, API processes started the way
// `npm start` starts them, real players with real sessions, and autocannon runs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, serverArgs } from '../scripts/build-if-stale.mjs';

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
 * until /api/ready answers 200; `readyMs` is the time from spawn to that answer (polled every 20 ms), `pid` the
 * spawned process. `runtime` 'node' runs the compiled server as `npm start` does (built first when its sources
 * changed), under `node <nodeArgs>` (e.g. --cpu-prof); 'tsx' runs the TypeScript sources through the tsx
 * binary as `npm start` did before the build existed (bench:cold-start compares the two; no nodeArgs there).
 */
export async function startServer(port, databaseUrl, extraEnv = {}, nodeArgs = [], runtime = 'node') {
  if (runtime === 'tsx' && nodeArgs.length > 0) throw new Error('nodeArgs need the compiled server');
  if (runtime === 'node') buildIfStale();
  const [command, args] =
    runtime === 'tsx'
      ? [join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts']]
      : [process.execPath, serverArgs(nodeArgs)];
  const started = performance.now();
  const child = spawn(command, args, {
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
  // BENCH_READY_TIMEOUT_MS: a machine shared with other heavy work may need longer than 30 s.
  const readyTimeoutMs = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 30_000);
  while (performance.now() - started < readyTimeoutMs && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) {
        const readyMs = performance.now() - started;
        return {
          url,
          readyMs,
          pid: child.pid,
          stop: () => stopChild(child),
          signal: (name) => child.kill(name),
        };
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

// CPU time from /proc (Linux): utime + stime, in clock ticks of USER_HZ (100 on Linux; getconf CLK_TCK).
const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

/** CPU milliseconds a process has used so far (user + system); null when it is gone or /proc is missing. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** `pid` and its descendants (the tsx binary runs the server in a child process); Linux /proc only. */
function processTree(pid) {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) pids.push(...processTree(Number(child)));
    }
  } catch {
    // Gone meanwhile (or no /proc): what was found so far.
  }
  return pids;
}

/**
 * Resident memory (bytes) and CPU time used so far (ms, user + system) of process `pid` and its descendants.
 * CPU time says what a start costs even when the machine is shared and the wall-clock time is not its own.
 */
export function treeUsage(pid) {
  let rssBytes = 0;
  let cpuMs = 0;
  for (const one of processTree(pid)) {
    const status = readFileSync(`/proc/${one}/status`, 'utf8');
    rssBytes += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    cpuMs += processCpuMs(one) ?? 0;
  }
  return { rssBytes, cpuMs };
}

/**
 * quality.md's cold start, "with PGlite, built": the API process of `npm start` (`runtime` 'node': the compiled
 * server; 'tsx': the sources through tsx, as before the build existed) on embedded PGlite, timed from spawn to
 * the first 200 of /api/ready, with its resident memory and the CPU time it had used right then. Builds are not
 * counted: they are made first. Answers `{ms, cpuMs, rssBytes}` of the very first start on the machine (the initdb template is deleted first), of
 * `runs` first starts on a fresh DATA_DIR and of the restart that follows each on the same DATA_DIR.
 */
export async function measureColdStarts(port, runs = 3, runtime = 'node') {
  buildIfStale();
  // What npm start passes on: this environment unchanged, but never a DATABASE_URL (PGlite is the point).
  const asStart = {
    NODE_ENV: process.env.NODE_ENV,
    LOG_LEVEL: process.env.LOG_LEVEL,
    BENCH_ROUTES: process.env.BENCH_ROUTES,
  };
  const startOn = async (dataDir) => {
    const server = await startServer(port, undefined, { ...asStart, DATA_DIR: dataDir }, [], runtime);
    const usage = treeUsage(server.pid);
    await server.stop();
    return { ms: server.readyMs, ...usage };
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

/** Printable lines of measureColdStarts' answer: each start's seconds and MB, medians and the 5 s budget. */
export function describeColdStarts({ firstOnMachine, first, restart }) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const lines = [
    `first start on this machine (initdb, kept as the template of later new databases): ${seconds(firstOnMachine.ms)}, CPU ${seconds(firstOnMachine.cpuMs)}, RSS ${mb(firstOnMachine.rssBytes)}`,
  ];
  for (const [name, starts] of [
    ['first start (fresh data dir: initdb template, migrations, demo seed)', first],
    ['restart (existing data dir)', restart],
  ]) {
    const middle = median(starts.map((s) => s.ms));
    lines.push(
      `${name}, spawn → 200 from /api/ready: ${starts.map((s) => seconds(s.ms)).join(', ')} → median ${seconds(middle)}` +
        ` (budget ≤ 5 s ${middle <= 5000 ? 'ok' : 'MISSED'}); CPU ${starts.map((s) => seconds(s.cpuMs)).join(', ')}` +
        ` → median ${seconds(median(starts.map((s) => s.cpuMs)))}; RSS after start ${starts.map((s) => mb(s.rssBytes)).join(', ')}` +
        ` → median ${mb(median(starts.map((s) => s.rssBytes)))}`,
    );
  }
  return lines;
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
        adultConfirmed: true,
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
 * Gives the player of `cookie` their one bank account (BCEL, LAK, a fresh account number) through the API, as a
 * player does on the bank page before a first deposit; answers its id.
 */
export async function addBankAccount(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/api/v2/players/bank-accounts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      bank: 'bcel',
      // A BCEL-shaped number: 30 and eleven random digits (two players never share an account).
      accountNumber: `30${Array.from(randomBytes(11), (byte) => byte % 10).join('')}`,
      accountName: 'Bench Player',
      currency: 'LAK',
      owner: 'SELF',
    }),
  });
  if (response.status !== 201) throw new Error(`bank account: ${response.status} ${await response.text()}`);
  return (await response.json()).bankAccount.id;
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

/** CPU milliseconds of a process tree so far; null where /proc cannot tell (not Linux). */
export function processTreeCpuMs(pid) {
  const times = processTree(pid).map(processCpuMs);
  return times[0] === null ? null : times.reduce((sum, ms) => sum + (ms ?? 0), 0);
}

/**
 * A snapshot of the CPU used so far by the PostgreSQL backends serving `databaseUrl` (found in
 * pg_stat_activity; the server must run on this machine). `since(earlier)` answers the milliseconds between
 * two snapshots: backends born in between count whole, backends that ended in between are lost (the pools
 * keep theirs open, so few are).
 */
export async function postgresCpu(databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    const byPid = new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
    return {
      isKnown: [...byPid.values()].some((ms) => ms !== null),
      since: (earlier) =>
        [...byPid].reduce(
          (sum, [pid, ms]) => sum + Math.max(0, (ms ?? 0) - (earlier.byPid.get(pid) ?? 0)),
          0,
        ),
      byPid,
    };
  } finally {
    await client.end();
  }
}
