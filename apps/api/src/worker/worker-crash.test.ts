import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { fingerprintPayload } from '../test/app';
import { freePort } from '../test/free-port';

// The API killed with SIGKILL in the middle of a run of deposits, restarted on the same data: the worker must
// bring every paid deposit to SUCCESS, crediting each exactly once. The real server process runs (tsx), on a
// PGlite directory that outlives the kill (or a scratch PostgreSQL database when TEST_DATABASE_URL is set).
const PLAYERS = 12;
const OPS_TOKEN = `crash-test-${randomBytes(12).toString('hex')}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-crash-'));
const cleanups: (() => Promise<void>)[] = [];
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function scratchDatabase(baseUrl: string): Promise<string> {
  const name = `crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer(env: Record<string, string>, base: string): Promise<ChildProcess> {
  // `node --import tsx`, not the tsx binary: one process, so SIGKILL really kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.ok) return child;
    await sleep(100);
  }
  throw new Error('server did not become ready');
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

type Call = { method?: string; body?: unknown; cookie?: string; ops?: boolean };

// biome-ignore lint/suspicious/noExplicitAny: a test client reading several answer shapes, like inject's json()
type Answer = { status: number; json: any; cookie?: string };

function api(base: string) {
  return async (url: string, call: Call = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.cookie) headers.cookie = call.cookie;
    if (call.ops) headers.authorization = `Bearer ${OPS_TOKEN}`;
    const response = await fetch(`${base}${url}`, {
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie')?.split(';')[0];
    return { status: response.status, json: text ? JSON.parse(text) : null, cookie: setCookie };
  };
}

describe('worker after a crash', () => {
  it('SIGKILL mid-run, restart: every paid deposit ends SUCCESS, each credited exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const testDb = process.env.TEST_DATABASE_URL;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      OPS_TOKEN,
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent-web-dist',
      NODE_ENV: 'test',
      // Fast worker; OPEN deposits looked up after 2 s; a short provider timeout keeps credit leases short.
      WORKER_INTERVAL_MS: '200',
      WORKER_LOOKUP_AFTER_MS: '2000',
      PROVIDER_TIMEOUT_MS: '250',
      ...(testDb ? { DATABASE_URL: await scratchDatabase(testDb) } : { DATA_DIR: dataDir }),
    };
    const call = api(base);

    server = await startServer(env, base);
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const username = `crash${i}${randomBytes(3).toString('hex')}`;
        const password = 'correct-horse-battery';
        const registered = await call('/api/v2/players/register', {
          body: {
            username,
            password,
            confirmPassword: password,
            displayName: username,
            acceptTerms: true,
            adultConfirmed: true,
            fingerprint: fingerprintPayload(),
          },
        });
        expect(registered.status).toBe(201);
        const cookie = registered.cookie as string;
        const account = await call('/api/v2/players/bank-accounts', {
          cookie,
          body: {
            bank: 'bcel',
            accountNumber: `1${String(randomInt(0, 10 ** 9)).padStart(11, '0')}`,
            accountName: 'SOMCHAI PHOMMAVONG',
            currency: 'LAK',
            owner: 'SELF',
          },
        });
        expect(account.status).toBe(201);
        const deposit = await call('/api/v2/deposits', {
          cookie,
          body: {
            provider: 'gclub',
            bankAccountId: account.json.bankAccount.id,
            amount: '100000',
            mid: 'MID-BCEL-0001',
          },
        });
        expect(deposit.status).toBe(201);
        return {
          playerId: registered.json.player.id as string,
          cookie,
          code: deposit.json.order.code as string,
        };
      }),
    );

    // Every bill paid at the bank (webhooks now on their way), checks fired and not awaited, then the kill.
    const paid = await Promise.all(
      players.map((p) => call('/sandbox/bank/payments', { body: { billNumber: p.code, amount: '100000' } })),
    );
    expect(paid.map((r) => r.status)).toEqual(players.map(() => 201));
    for (const p of players) {
      void call(`/api/v2/deposits/${p.code}/check`, { method: 'POST', cookie: p.cookie }).catch(
        () => undefined,
      );
    }
    await sleep(15);
    await kill(server);

    server = await startServer(env, base);
    const statuses = async () => {
      const page = await call('/api/ops/v1/deposits?pageSize=100', { ops: true });
      expect(page.status).toBe(200);
      return new Map<string, string>(
        page.json.items.map((d: { code: string; status: string }) => [d.code, d.status]),
      );
    };
    const deadline = Date.now() + 40_000;
    let last = await statuses();
    // The kill did interrupt the run: some deposits were left OPEN (webhook lost) or PAID (credit cut off).
    expect(players.filter((p) => last.get(p.code) !== 'SUCCESS').length).toBeGreaterThan(0);
    while (players.some((p) => last.get(p.code) !== 'SUCCESS') && Date.now() < deadline) {
      await sleep(250);
      last = await statuses();
    }
    expect(players.map((p) => last.get(p.code))).toEqual(players.map(() => 'SUCCESS'));

    // Credited exactly once: at the provider 156.12 transferred in per player, and the same in the ledger.
    const started = await call('/api/ops/v1/reconciliation/runs', { ops: true, body: { kind: 'FULL' } });
    expect(started.status).toBe(202);
    let reconciliation = await call(`/api/ops/v1/reconciliation/runs/${started.json.run.id}`, { ops: true });
    while (reconciliation.json.run.status === 'RUNNING' && Date.now() < deadline) {
      await sleep(100);
      reconciliation = await call(`/api/ops/v1/reconciliation/runs/${started.json.run.id}`, { ops: true });
    }
    expect(reconciliation.status).toBe(200);
    expect(reconciliation.json.run.status).toBe('DONE');
    expect(reconciliation.json.summary).toMatchObject({ accounts: PLAYERS, differences: 0, unavailable: 0 });
    for (const row of reconciliation.json.rows) {
      expect(row).toMatchObject({ ledger: '156.12', transferredIn: '156.12', providerBalance: '156.12' });
    }
    await kill(server);
    server = undefined;
  }, 90_000);
});
