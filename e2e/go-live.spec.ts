import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import { root, serverArgs } from '../scripts/build-if-stale.mjs';
import { deviceFingerprint } from './support';

// Issue #38, acceptance 1: an operator goes live as docs/go-live.md says, on the compiled server in production
// mode on a fresh PostgreSQL database with no seed. The bank and the five game providers are the outside
// world: the sandboxes, served by a process of their own (its own database), reached only over HTTP, as
// `apps/api/src/sandbox/bank/sandbox-process.test.ts` sets them up. The product gets no PROVIDER_* variable:
// its providers come from the agency's own settings, set by one admin and approved by another.

const PROVIDERS = ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'] as const;
const TSX_CLI = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const ADMIN_DB_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const OPS_TOKEN = randomBytes(24).toString('hex');
const BANK_KEY = randomBytes(24).toString('hex');
const BANK_WEBHOOK_SECRET = randomBytes(24).toString('hex');
const PROVIDER_KEY = randomBytes(24).toString('hex');

const AGENCY = 'Vientiane Play';
const CHANNEL = {
  code: 'bcel-main',
  mid: 'MID-GOLIVE-0001',
  receiverId: `mch${randomBytes(6).toString('hex')}`,
  merchant: 'VIENTIANE PLAY',
};
// The demo's rates (seed-demo-rates.ts): 100,000 LAK at 640.50 is 156.1280… THB, credited rounded down.
const RATE = { buy: '625.25', sell: '640.50' };
const DEPOSIT_LAK = '100000';
const DEPOSIT_CREDIT = '156.12';
// The agency's minimum, far under its four-eyes threshold (10,000 THB): 50 × 625.25 = 31,262.5 → 31,262 LAK.
const WITHDRAW_CREDIT = '50.00';
const WITHDRAW_PAYOUT_LAK = '31262';
const NEW_PASSWORD = 'violet-harbour-lantern-42';

/** A process of the compiled server with the tail of what it printed, for failure messages. */
class Proc {
  private output = '';
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-6000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  }

  get hasExited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  tail(): string {
    const lines = this.output.trimEnd().split('\n').slice(-40).join('\n');
    return `--- ${this.name}${this.hasExited ? ' (exited)' : ''}, last output ---\n${lines || '(nothing)'}`;
  }

  /** SIGTERM, then SIGKILL if it has not exited within `ms`. */
  async stop(ms = 15_000): Promise<void> {
    if (this.hasExited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    await this.exited;
    clearTimeout(timer);
  }
}

/** What a process needs from this machine, and nothing of the runner's own configuration. */
const machineEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

function startServer(name: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...machineEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc(name, child);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Polls `probe` until it answers a value (not undefined), failing after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForReady(proc: Proc, url: string): Promise<void> {
  await until(`${proc.name} ready at ${url}`, 90_000, async () => {
    if (proc.hasExited) throw new Error(`${proc.name} exited before it was ready`);
    try {
      return (await fetch(url)).status === 200 ? true : undefined;
    } catch {
      return undefined;
    }
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, each read by the assertions that check it
type Answer = { status: number; json: any; text: string; cookies: string[] };

/** An HTTP call as a browser-less client: JSON in and out, the session cookie sent by hand. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, json, text, cookies: response.headers.getSetCookie() };
}

const shown = (answer: Answer) => `${answer.status} ${answer.text.slice(0, 500)}`;

/** `name=value` of the Set-Cookie named `name`; the cookie must be Secure (production). */
function cookieOf(answer: Answer, name: string): string {
  const header = answer.cookies.find((c) => c.startsWith(`${name}=`));
  expect(header, `Set-Cookie ${name} in ${answer.cookies.join(' | ')}`).toBeDefined();
  expect(header).toMatch(/;\s*Secure/i);
  return (header as string).split(';')[0] as string;
}

type CliRun = { code: number | null; stdout: string; stderr: string };

/** `npm run ops -- …` (the script runs tsx on apps/api/src/ops/cli.ts) against `opsUrl` with the token. */
async function ops(opsUrl: string, ...args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, [TSX_CLI, 'apps/api/src/ops/cli.ts', ...args], {
    cwd: root,
    env: { ...machineEnv(), OPS_URL: opsUrl, OPS_TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

const ran = (run: CliRun) => `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;

type DoctorCheck = { agency: string | null; name: string; ok: boolean; detail: string };
type Doctor = { ready: boolean; checks: DoctorCheck[] };

async function doctor(opsUrl: string): Promise<{ run: CliRun; report: Doctor }> {
  const run = await ops(opsUrl, 'doctor', '--json');
  let report: Doctor;
  try {
    report = JSON.parse(run.stdout) as Doctor;
  } catch {
    throw new Error(`doctor --json printed no JSON: ${ran(run)}`);
  }
  return { run, report };
}

const failing = (report: Doctor) =>
  report.checks.filter((c) => !c.ok).map((c) => `${c.agency ? `${c.agency}: ` : ''}${c.name}`);

/** A TOTP code of `secret` for the real clock's step, `steps` steps on (the production server uses real time). */
const totpCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let admin: pg.Client | undefined;
let database: string | undefined;
let sandbox: Proc | undefined;
let product: Proc | undefined;
let sandboxUrl = '';
let apiUrl = '';
let playerUrl = '';

function withServerOutput(error: unknown): unknown {
  const tails = [product, sandbox].flatMap((p) => (p ? [p.tail()] : [])).join('\n');
  if (!(error instanceof Error) || !tails) return error;
  const wrapped = new Error(`${error.message}\n\n${tails}`);
  wrapped.stack = `${error.stack ?? error.message}\n\n${tails}`;
  return wrapped;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = new pg.Client({ connectionString: ADMIN_DB_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    admin = undefined;
    if (process.env.TEST_DATABASE_URL) throw error;
    test.skip(
      true,
      `going live needs PostgreSQL: none reachable at ${ADMIN_DB_URL} (${String(error)}); set TEST_DATABASE_URL`,
    );
    return;
  }
  database = `golive_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(ADMIN_DB_URL);
  databaseUrl.pathname = `/${database}`;

  const [sandboxPort, apiPort] = [await freePort(), await freePort()];
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  apiUrl = `http://127.0.0.1:${apiPort}`;
  playerUrl = `http://localhost:${apiPort}`;

  // The outside world: the bank and the five providers, notifying the product of payments.
  sandbox = startServer('sandbox process (bank and providers)', {
    SANDBOX: 'true',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: String(sandboxPort),
    LOG_LEVEL: 'warn',
    BANK_KEY,
    BANK_WEBHOOK_SECRET,
    ...Object.fromEntries(PROVIDERS.map((p) => [`PROVIDER_${p.toUpperCase()}_KEY`, PROVIDER_KEY])),
    SANDBOX_WEBHOOK_URLS: apiUrl,
  });
  // The product as docs/go-live.md and docs/deploy.md start it: no seed, no sandbox, no provider variables.
  product = startServer('product (NODE_ENV=production)', {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    OPS_TOKEN,
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    BANK_URL: `${sandboxUrl}/sandbox/bank`,
    BANK_KEY,
    BANK_WEBHOOK_SECRET,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    LOG_LEVEL: 'warn',
  });
  try {
    await Promise.all([
      waitForReady(sandbox, `${sandboxUrl}/api/ready`),
      waitForReady(product, `${apiUrl}/api/ready`),
    ]);
  } catch (error) {
    throw withServerOutput(error);
  }
});

test.afterAll(async () => {
  await Promise.all([product?.stop(), sandbox?.stop()]);
  try {
    if (admin && database) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await admin?.end();
  }
});

type Admin = { username: string; cookie: string };

/**
 * An admin's first sign-in with the one-time password: set-up required (TOTP and own password) before anything
 * else; then a sign-in with the new password and a fresh code, as on any later day.
 */
async function firstSignIn(username: string, initialPassword: string): Promise<Admin> {
  const first = await call('POST', `${apiUrl}/api/ops/v1/session`, {
    body: { username, password: initialPassword },
  });
  expect(first.status, shown(first)).toBe(200);
  expect(first.json).toMatchObject({ mustChangePassword: true, mustEnrolTotp: true });
  const secret: string = first.json.totp.secret;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const setUpCookie = cookieOf(first, '__Host-ops_sid');

  const tooEarly = await call('GET', `${apiUrl}/api/ops/v1/settings/providers`, { cookie: setUpCookie });
  expect(tooEarly.status, shown(tooEarly)).toBe(403);
  expect(tooEarly.json.error.code).toBe('STAFF_SETUP_REQUIRED');

  const enrolled = await call('POST', `${apiUrl}/api/ops/v1/me/totp`, {
    cookie: setUpCookie,
    body: { code: await totpCode(secret) },
  });
  expect(enrolled.status, shown(enrolled)).toBe(200);
  expect(enrolled.json.recoveryCodes).toHaveLength(10);
  const changed = await call('POST', `${apiUrl}/api/ops/v1/me/password`, {
    cookie: setUpCookie,
    body: { currentPassword: initialPassword, newPassword: NEW_PASSWORD },
  });
  expect(changed.status, shown(changed)).toBe(204);

  // The one-time password is spent; the new one needs the second factor.
  const oldPassword = await call('POST', `${apiUrl}/api/ops/v1/session`, {
    body: { username, password: initialPassword, code: await totpCode(secret, 1) },
  });
  expect(oldPassword.status, shown(oldPassword)).toBe(401);
  expect(oldPassword.json.error.code).toBe('INVALID_CREDENTIALS');
  const noCode = await call('POST', `${apiUrl}/api/ops/v1/session`, {
    body: { username, password: NEW_PASSWORD },
  });
  expect(noCode.json?.error?.code, shown(noCode)).toBe('TOTP_REQUIRED');
  // The enrolling code's step is used up: the next step's code (the server accepts ±1 step).
  const signedIn = await call('POST', `${apiUrl}/api/ops/v1/session`, {
    body: { username, password: NEW_PASSWORD, code: await totpCode(secret, 1) },
  });
  expect(signedIn.status, shown(signedIn)).toBe(200);
  expect(signedIn.json).toMatchObject({ mustChangePassword: false, mustEnrolTotp: false });
  expect(signedIn.json.totp).toBeUndefined();
  return { username, cookie: cookieOf(signedIn, '__Host-ops_sid') };
}

test('an operator goes live: agency, admins, providers by four eyes, doctor green, a player deposits, plays and withdraws', async () => {
  test.setTimeout(240_000);
  try {
    await goLive();
  } catch (error) {
    throw withServerOutput(error);
  }
});

async function goLive() {
  await test.step('the fresh production server: ready, no agency, no sandbox', async () => {
    expect((await call('GET', `${apiUrl}/api/ready`)).status).toBe(200);
    const info = await call('GET', `${playerUrl}/api/v2/agency/info`);
    expect(info.status, shown(info)).toBe(404);
    expect(info.json.error.code).toBe('AGENCY_NOT_FOUND');
    // The bank is the other process: the product has no sandbox bank of its own to pay at.
    const pay = await call('POST', `${apiUrl}/sandbox/bank/payments`, {
      body: { billNumber: 'X', amount: '1' },
    });
    expect(pay.status, shown(pay)).toBe(404);

    const { run, report } = await doctor(apiUrl);
    expect(run.code, ran(run)).toBe(1);
    expect(report.ready).toBe(false);
    expect(failing(report)).toEqual(['agencies']);
    // Production's own settings are right (the doctor would name them otherwise).
    for (const name of ['migrations', 'metrics token', 'secure cookies', 'secrets key']) {
      expect(report.checks.find((c) => c.name === name)?.ok, name).toBe(true);
    }
  });

  let admin1: Admin | undefined;
  let admin2: Admin | undefined;
  await test.step('create the agency and its two admins with the CLI; each signs in first', async () => {
    const created = await ops(
      apiUrl,
      'agencies',
      'create',
      '--name',
      AGENCY,
      '--host',
      '127.0.0.1',
      '--host',
      'localhost',
      '--admin',
      'somchai',
      '--display-name',
      'Somchai K.',
      '--json',
    );
    expect(created.code, ran(created)).toBe(0);
    const answer = JSON.parse(created.stdout);
    expect(answer.agency).toMatchObject({ name: AGENCY, hosts: ['127.0.0.1', 'localhost'], active: true });
    expect(answer.admin.username).toBe('somchai');
    const password1: string = answer.admin.initialPassword;
    expect(password1.length).toBeGreaterThanOrEqual(12);

    const info = await call('GET', `${playerUrl}/api/v2/agency/info`);
    expect(info.status, shown(info)).toBe(200);
    expect(info.json.agency.name).toBe(AGENCY);

    // Before the set-up the doctor names what is missing for the new agency.
    const { run, report } = await doctor(apiUrl);
    expect(run.code, ran(run)).toBe(1);
    expect(failing(report)).toEqual(
      expect.arrayContaining([
        `${AGENCY}: admin`,
        `${AGENCY}: THB rate`,
        `${AGENCY}: payment channel`,
        ...PROVIDERS.map((p) => `${AGENCY}: provider ${p}`),
      ]),
    );
    expect(report.checks.find((c) => c.name === 'host')?.ok).toBe(true);

    // The second admin, on the agency's host: the token makes admins at once.
    const second = await ops(
      apiUrl,
      'staff',
      'create',
      'noysay',
      '--role',
      'admin',
      '--display-name',
      'Noy S.',
    );
    expect(second.code, ran(second)).toBe(0);
    const password2 = /initial password: (\S+)/.exec(second.stdout)?.[1];
    expect(password2, ran(second)).toBeDefined();

    admin1 = await firstSignIn('somchai', password1);
    admin2 = await firstSignIn('noysay', password2 as string);
  });
  if (!admin1 || !admin2) throw new Error('the admins were not set up');
  const [a, b] = [admin1, admin2];

  await test.step('money settings: the THB rate with the CLI, a local LaoQR channel through four eyes', async () => {
    const rates = await ops(apiUrl, 'rates', 'set', 'THB', '--buy', RATE.buy, '--sell', RATE.sell);
    expect(rates.code, ran(rates)).toBe(0);
    expect(rates.stdout).toContain(`THB: buy ${RATE.buy}, sell ${RATE.sell}`);

    // Where deposits go is a money setting: one admin asks, the other approves (the back office's Settings).
    const asked = await call('PUT', `${apiUrl}/api/ops/v1/agency/payment-channels/${CHANNEL.code}`, {
      cookie: a.cookie,
      body: {
        mid: CHANNEL.mid,
        displayName: 'BCEL One',
        currency: 'LAK',
        receivingBank: 'bcel',
        mode: 'local',
        receiverId: CHANNEL.receiverId,
        mcc: '7995',
        merchantName: CHANNEL.merchant,
        merchantCity: 'VIENTIANE',
      },
    });
    expect(asked.status, shown(asked)).toBe(202);
    expect(asked.json.approval).toMatchObject({ kind: 'CHANNEL_SETTINGS', status: 'PENDING' });
    const approved = await call('POST', `${apiUrl}/api/ops/v1/approvals/${asked.json.approval.id}/approve`, {
      cookie: b.cookie,
      body: {},
    });
    expect(approved.status, shown(approved)).toBe(200);
    const channels = await ops(apiUrl, 'channels', 'list');
    expect(channels.code, ran(channels)).toBe(0);
    expect(channels.stdout).toContain(CHANNEL.mid);
    expect(channels.stdout).toContain('1 payment channels');
  });

  await test.step('the providers through four eyes: one admin asks, the other approves, each checked', async () => {
    const before = await call('GET', `${apiUrl}/api/ops/v1/settings/providers`, { cookie: a.cookie });
    expect(before.status, shown(before)).toBe(200);
    for (const item of before.json.items)
      expect(item).toMatchObject({ source: 'default', configured: false });

    for (const provider of PROVIDERS) {
      const url = `${sandboxUrl}/sandbox/providers/${provider}`;
      const asked = await call('PUT', `${apiUrl}/api/ops/v1/settings/providers/${provider}`, {
        cookie: a.cookie,
        body: { protocol: 'laocredit-v1', url, credentials: { key: PROVIDER_KEY }, enabled: true },
      });
      expect(asked.status, shown(asked)).toBe(202);
      expect(asked.json.approval).toMatchObject({ kind: 'PROVIDER_SETTINGS', status: 'PENDING' });
      expect(asked.text).not.toContain(PROVIDER_KEY);
      const id: string = asked.json.approval.id;

      if (provider === PROVIDERS[0]) {
        const own = await call('POST', `${apiUrl}/api/ops/v1/approvals/${id}/approve`, {
          cookie: a.cookie,
          body: {},
        });
        expect(own.status, shown(own)).toBe(403);
        expect(own.json.error.code).toBe('SAME_STAFF');
      }
      const approved = await call('POST', `${apiUrl}/api/ops/v1/approvals/${id}/approve`, {
        cookie: b.cookie,
        body: {},
      });
      expect(approved.status, shown(approved)).toBe(200);
      expect(approved.json.approval).toMatchObject({ status: 'APPROVED', decidedBy: 'noysay' });

      const checked = await call('POST', `${apiUrl}/api/ops/v1/settings/providers/${provider}/check`, {
        cookie: a.cookie,
      });
      expect(checked.status, shown(checked)).toBe(200);
      expect(checked.json, `check of ${provider}: ${checked.text}`).toMatchObject({ ok: true });
    }

    const after = await call('GET', `${apiUrl}/api/ops/v1/settings/providers`, { cookie: b.cookie });
    expect(after.status, shown(after)).toBe(200);
    expect(after.text).not.toContain(PROVIDER_KEY);
    for (const provider of PROVIDERS) {
      const item = after.json.items.find((i: { provider: string }) => i.provider === provider);
      expect(item, provider).toMatchObject({
        source: 'agency',
        configured: true,
        enabled: true,
        url: `${sandboxUrl}/sandbox/providers/${provider}`,
        pendingApprovalId: null,
        lastCheck: { ok: true },
      });
    }
  });

  await test.step('doctor turns green', async () => {
    const { run, report } = await doctor(apiUrl);
    expect(failing(report), ran(run)).toEqual([]);
    expect(report.ready).toBe(true);
    expect(run.code, ran(run)).toBe(0);
  });

  // The player, on the agency's other host.
  const username = `gl${randomBytes(5).toString('hex')}`;
  let playerCookie = '';
  let bankAccountId = '';
  await test.step('a player registers on the agency host and adds a bank account', async () => {
    const registered = await call('POST', `${playerUrl}/api/v2/players/register`, {
      body: {
        username,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        displayName: `Player ${username}`,
        acceptTerms: true,
        adultConfirmed: true,
        fingerprint: deviceFingerprint(`fp-${username}`),
      },
    });
    expect(registered.status, shown(registered)).toBe(201);
    playerCookie = cookieOf(registered, '__Host-sid');

    const account = await call('POST', `${playerUrl}/api/v2/players/bank-accounts`, {
      cookie: playerCookie,
      body: {
        bank: 'bcel',
        accountNumber: `1${String(randomInt(0, 10 ** 9)).padStart(11, '0')}`,
        accountName: 'SOMCHAI PHOMMAVONG',
        currency: 'LAK',
        owner: 'SELF',
      },
    });
    expect(account.status, shown(account)).toBe(201);
    bankAccountId = account.json.bankAccount.id;
  });

  const credit = async () => {
    const answer = await call('GET', `${playerUrl}/api/v2/players/credits/gclub`, { cookie: playerCookie });
    expect(answer.status, shown(answer)).toBe(200);
    return answer.json.credit.amount as string;
  };

  await test.step('deposits by LaoQR, paid at the outside bank, credited by its webhook', async () => {
    const created = await call('POST', `${playerUrl}/api/v2/deposits`, {
      cookie: playerCookie,
      body: { provider: 'gclub', bankAccountId, amount: DEPOSIT_LAK, mid: CHANNEL.mid },
    });
    expect(created.status, shown(created)).toBe(201);
    const order = created.json.order;
    expect(order).toMatchObject({ amount: DEPOSIT_LAK, credit: DEPOSIT_CREDIT, status: 'OPEN' });

    // The QR the agency's channel composes: its receiver id and merchant, scanned by the player's bank app.
    const qr = await call('GET', `${playerUrl}/api/v2/deposits/${order.code}/laoqr`, {
      cookie: playerCookie,
    });
    expect(qr.status, shown(qr)).toBe(200);
    expect(qr.json.payload).toContain(CHANNEL.receiverId);
    expect(qr.json.payload).toContain(CHANNEL.merchant);
    const paid = await call('POST', `${sandboxUrl}/sandbox/bank/payments`, {
      body: { payload: qr.json.payload },
    });
    expect(paid.status, shown(paid)).toBe(201);
    expect(paid.json.payment).toMatchObject({ billNumber: order.code });

    await until('the deposit settled by the bank webhook', 30_000, async () => {
      const list = await call('GET', `${playerUrl}/api/v2/deposits`, { cookie: playerCookie });
      expect(list.status, shown(list)).toBe(200);
      const status = list.json.items.find((d: { code: string }) => d.code === order.code)?.status;
      expect(['OPEN', 'PAID', 'SUCCESS'], `deposit ${order.code}`).toContain(status);
      return status === 'SUCCESS' ? true : undefined;
    });
    expect(await credit()).toBe(DEPOSIT_CREDIT);
  });

  let balance = '';
  await test.step('plays a round at the outside provider', async () => {
    const launched = await call('POST', `${playerUrl}/api/v2/games/gclub/launch`, { cookie: playerCookie });
    expect(launched.status, shown(launched)).toBe(200);
    // The sandbox answers a path on its own origin (launch-sandbox-game.ts): the game is served there.
    const game = new URL(launched.json.url, sandboxUrl);
    expect(game.origin).toBe(sandboxUrl);
    expect(game.pathname).toMatch(/^\/sandbox\/providers\/gclub\/play\/[\w-]{16,64}$/);
    const page = await call('GET', game.href);
    expect(page.status, shown(page)).toBe(200);
    expect(page.text).toContain(DEPOSIT_CREDIT);

    const spin = await call('POST', `${game.href}/spin`, { body: { stake: '1.00' } });
    expect(spin.status, shown(spin)).toBe(200);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(spin.json.balance)).toBe(cents(DEPOSIT_CREDIT) - 100 + cents(spin.json.win));
    // No outcome pays back exactly the stake (draw-spin.ts): the balance moved.
    expect(spin.json.balance).not.toBe(DEPOSIT_CREDIT);
    balance = spin.json.balance;
    expect(await credit()).toBe(balance);
  });

  await test.step('withdraws; an admin pays it out with the bank reference', async () => {
    const asked = await call('POST', `${playerUrl}/api/v2/withdrawals`, {
      cookie: playerCookie,
      body: { provider: 'gclub', bankAccountId, credit: WITHDRAW_CREDIT },
    });
    expect(asked.status, shown(asked)).toBe(201);
    const order = asked.json.order;
    expect(order).toMatchObject({
      amount: WITHDRAW_CREDIT,
      payout_amount: WITHDRAW_PAYOUT_LAK,
      status: 'OPEN',
    });
    const left = (Math.round(Number(balance) * 100) - 5000) / 100;
    expect(await credit()).toBe(left.toFixed(2));

    const paidOut = await call('POST', `${apiUrl}/api/ops/v1/withdrawals/${order.code}/approve`, {
      cookie: a.cookie,
      body: { bankReference: 'BCEL-GOLIVE-0001' },
    });
    expect(paidOut.status, shown(paidOut)).toBe(200);
    expect(paidOut.json.withdrawal).toMatchObject({
      code: order.code,
      status: 'SUCCESS',
      bankReference: 'BCEL-GOLIVE-0001',
      payoutAmount: WITHDRAW_PAYOUT_LAK,
      username,
    });
    const seen = await call('GET', `${playerUrl}/api/v2/withdrawals`, { cookie: playerCookie });
    expect(seen.json.items.find((w: { code: string }) => w.code === order.code)?.status).toBe('SUCCESS');
  });

  await test.step('reconciliation: the ledger agrees with the outside providers', async () => {
    const run = await ops(apiUrl, 'reconciliation');
    expect(run.stdout, ran(run)).toMatch(/^differences: 0$/m);
    expect(run.stdout).toMatch(/^run: \S+ ACTIVITY DONE /m);
    expect(run.code, ran(run)).toBe(0);
  });
}
