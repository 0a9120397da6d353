// `npm run bench:money`: players depositing (create → sandbox bank pays → check until credited at the
// provider) and withdrawing (create → ops approve) for a fixed time on PostgreSQL, first against one API
// process, then against BENCH_PROCESSES (default: one per core) on consecutive ports behind one PostgreSQL,
// the deployed topology of docs/deploy.md: every call of every player goes to the next process round-robin
// (like a load balancer without sticky sessions), and only the first process runs the background worker.
// Each configuration gets a fresh database, and its measured phase starts after a short warm-up and an
// ANALYZE (BENCH_WARMUP s, 5; 0 measures a new database from its first second). As deployed, the bank and
// the providers are not ours: the sandbox bank and providers run in a process of their own on a database of
// their own, and the API processes (SANDBOX=false) reach them over HTTP with configured URLs and keys; the
// sandbox bank sends each payment's webhook to the next API process in turn (SANDBOX_WEBHOOK_URLS).
// BENCH_SANDBOX=in-process runs them inside each API process instead (how this bench ran before; for
// comparisons with older commits). After the deposit phase a shorter withdrawal-only phase, so the CPU of
// each (API processes, their PostgreSQL backends, the sandbox process and its backends, read from /proc) can
// be given per deposit and per withdrawal. After each run the ops reconciliation (ledger against the
// providers' statements) and the ledger's own invariants must show no difference, else exit 1. Then pgbench
// (TPC-B-like) on the same server, when installed, so deposits/s can be read against what this PostgreSQL
// does on this machine. Both figures print side by side.
// Budget (quality.md): ≥ 500 deposits/s on 2 cores (≈ 0.12 × pgbench tps) with 0 invariant violations.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  createScratchDatabase,
  fmt,
  postgresCpu,
  processTreeCpuMs,
  reconcileNow,
  registerPlayers,
  startServer,
  startServers,
} from './lib.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
// Every n-th completed deposit (over all players) is followed by a withdrawal of that player and its approval.
const WITHDRAW_EVERY = Number(process.env.BENCH_WITHDRAW_EVERY ?? 5);
const IS_WORKER = (process.env.BENCH_WORKER ?? 'true') !== 'false';
const IS_COUNTING = process.env.BENCH_COUNT_QUERIES === '1';
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const SANDBOX_PORT = PORT + 100;
const IS_SANDBOX_IN_PROCESS = process.env.BENCH_SANDBOX === 'in-process';
// The players' loops run this long before the measured phase, then the database is analyzed, as autovacuum
// does on a running one: a new database has no statistics, and a prepared statement's generic plan chosen
// without them stays for the connection's life until an ANALYZE (decision 0055). 0: measure from the start.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const WITHDRAW_DURATION = Number(
  process.env.BENCH_WITHDRAW_DURATION ?? Math.max(3, Math.round(DURATION / 4)),
);
const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? availableParallelism()) || 1);
// One process, then PROCESSES (once when that is 1).
const CONFIGURATIONS = [...new Set([1, PROCESSES])];
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? availableParallelism() * 4);
const DEPOSIT_LAK = '100000';
const WITHDRAW_THB = '50.00';
const MID = 'MID-BCEL-0001';
const PROVIDER = 'gclub';
const OPS_TOKEN = `bench-ops-${randomBytes(16).toString('hex')}`;
const PROVIDER_NAMES = ['ALPHABET', 'ASKMEBET', 'BETFLIX', 'GCLUB', 'GCLUB_LIVE'];
// The secrets the API processes and the sandbox process share, as an agency shares them with its bank and
// its providers.
const COUNTERPART_KEYS = {
  BANK_KEY: randomBytes(24).toString('hex'),
  BANK_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
  ...Object.fromEntries(
    PROVIDER_NAMES.map((name) => [`PROVIDER_${name}_KEY`, randomBytes(24).toString('hex')]),
  ),
};

// One keep-alive socket per player loop and process (plus a few for ops calls): the client must not be what
// limits. A new agent per configuration, so no socket outlives the processes it was opened to.
const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: PLAYERS + 8 });
let agent = newAgent();

/** One HTTP call; resolves {status, body (parsed JSON or null)}, never throws for an HTTP status. */
function call(baseUrl, method, path, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** Latencies (ms) and counts of one step. */
class Step {
  samples = [];
  record(ms) {
    this.samples.push(ms);
  }
  percentile(p) {
    if (this.samples.length === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  }
}

const STEP_NAMES = [
  'POST deposits',
  'POST sandbox pay',
  'POST check (each)',
  'deposit, create→SUCCESS',
  'POST withdrawals',
  'POST ops approve',
];
/** The counters of one configuration's run. */
const newRun = () => ({
  steps: Object.fromEntries(STEP_NAMES.map((name) => [name, new Step()])),
  errors: new Map(),
  // withdrawalsAll: every approved withdrawal of the deposit phase, its drain included (for the CPU split).
  stats: {
    deposits: 0,
    withdrawals: 0,
    withdrawalsAll: 0,
    checks: 0,
    late: 0,
    completed: 0,
    withdrawOnly: 0,
  },
});
let run = newRun();
const countError = (step, status, body) => {
  const key = `${step} → ${status} ${body?.error?.code ?? body?.code ?? ''}`.trim();
  run.errors.set(key, (run.errors.get(key) ?? 0) + 1);
};

/** A timed call: records its latency under `step` and answers the response. */
async function timed(step, send) {
  const started = performance.now();
  const response = await send();
  run.steps[step].record(performance.now() - started);
  return response;
}

/** A registered player with a bank account, ready to deposit. */
async function preparePlayer(api, cookie, index) {
  const response = await call(api(), 'POST', '/api/v2/players/bank-accounts', {
    headers: { cookie },
    body: {
      bank: 'bcel',
      // 12 digits starting with 1: a personal account at the sandbox bank, unique per player of this run.
      accountNumber: `1${String(index).padStart(5, '0')}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      accountName: 'BENCH PLAYER',
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  if (response.status !== 201)
    throw new Error(`bank account: ${response.status} ${JSON.stringify(response.body)}`);
  return { cookie, bankAccountId: response.body.bankAccount.id };
}

/**
 * One player's loop until `deadline`, each call to the process `api()` answers: deposit → pay → check until
 * SUCCESS, and after every WITHDRAW_EVERY-th deposit of the run a withdrawal approved by ops. A player never
 * has two OPEN deposits: a failed step ends the iteration with the order cancelled (or, when already paid,
 * checked until credited) before the next one starts.
 */
async function playerLoop(api, bankUrl, player, deadline) {
  const auth = { cookie: player.cookie };
  while (performance.now() < deadline) {
    const started = performance.now();
    const created = await timed('POST deposits', () =>
      call(api(), 'POST', '/api/v2/deposits', {
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: { provider: PROVIDER, bankAccountId: player.bankAccountId, amount: DEPOSIT_LAK, mid: MID },
      }),
    );
    if (created.status !== 201) {
      countError('POST deposits', created.status, created.body);
      await closeOpenDeposits(api, auth);
      continue;
    }
    const { code } = created.body.order;
    const paid = await timed('POST sandbox pay', () =>
      call(bankUrl(), 'POST', '/sandbox/bank/payments', { body: { billNumber: code, amount: DEPOSIT_LAK } }),
    );
    if (paid.status !== 201) {
      countError('POST sandbox pay', paid.status, paid.body);
      await call(api(), 'POST', `/api/v2/deposits/${code}/cancel`, { headers: auth });
      continue;
    }
    if (!(await checkUntilCredited(api, auth, code))) continue;
    const finished = performance.now();
    run.steps['deposit, create→SUCCESS'].record(finished - started);
    if (finished <= deadline) run.stats.deposits += 1;
    else run.stats.late += 1;
    run.stats.completed += 1;
    if (run.stats.completed % WITHDRAW_EVERY === 0 && (await withdraw(api, player))) {
      run.stats.withdrawalsAll += 1;
      if (performance.now() <= deadline) run.stats.withdrawals += 1;
    }
  }
}

/** The withdrawal-only phase: withdraw and approve until `deadline` (a refusal ends this player's part). */
async function withdrawLoop(api, player, deadline) {
  while (performance.now() < deadline) {
    if (!(await withdraw(api, player))) return;
    run.stats.withdrawOnly += 1;
  }
}

/** Checks until SUCCESS (a concurrent settler may hold the credit for a moment: PAID, asked again). */
async function checkUntilCredited(api, auth, code) {
  for (let attempt = 1; attempt <= 200; attempt++) {
    const checked = await timed('POST check (each)', () =>
      call(api(), 'POST', `/api/v2/deposits/${code}/check`, { headers: auth }),
    );
    run.stats.checks += 1;
    if (checked.status === 200 && checked.body.order.status === 'SUCCESS') return true;
    const isTransient =
      (checked.status === 200 && checked.body.order.status === 'PAID') ||
      (checked.status === 409 && checked.body?.error?.code === 'DEPOSIT_NOT_PAID');
    if (!isTransient) {
      countError('POST check', checked.status, checked.body);
      if (checked.status >= 500) continue;
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
  }
  countError('POST check', 'gave up', null);
  return false;
}

/** One withdrawal and its approval by ops; answers whether both succeeded. */
async function withdraw(api, player) {
  const created = await timed('POST withdrawals', () =>
    call(api(), 'POST', '/api/v2/withdrawals', {
      headers: { cookie: player.cookie, 'idempotency-key': randomUUID() },
      body: { provider: PROVIDER, bankAccountId: player.bankAccountId, credit: WITHDRAW_THB },
    }),
  );
  if (created.status !== 201) {
    countError('POST withdrawals', created.status, created.body);
    return false;
  }
  const { code } = created.body.order;
  const approved = await timed('POST ops approve', () =>
    call(api(), 'POST', `/api/ops/v1/withdrawals/${code}/approve`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      body: { bankReference: `BENCH${code}` },
    }),
  );
  if (approved.status !== 200) countError('POST ops approve', approved.status, approved.body);
  return approved.status === 200;
}

/** After a failed create: the player's OPEN deposit (if any) is cancelled so the next iteration may start. */
async function closeOpenDeposits(api, auth) {
  const open = await call(api(), 'GET', '/api/v2/deposits/open', { headers: auth });
  for (const order of open.body?.orders ?? []) {
    const cancelled = await call(api(), 'POST', `/api/v2/deposits/${order.code}/cancel`, { headers: auth });
    if (cancelled.status === 409) await checkUntilCredited(api, auth, order.code);
  }
}

/** Database-side facts of the run: order statuses and the ledger's invariants (all must hold). */
async function databaseReport(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text) => (await client.query(text)).rows;
    // Credits still in flight when the loops stopped (a webhook or the worker): wait for them to land.
    for (let i = 0; i < 100; i++) {
      const [row] = await one(`SELECT count(*)::int AS n FROM deposits WHERE status = 'PAID'`);
      if (row.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      deposits: await one(`SELECT status, count(*)::int AS n FROM deposits GROUP BY status ORDER BY status`),
      withdrawals: await one(
        `SELECT status, count(*)::int AS n FROM withdrawals GROUP BY status ORDER BY status`,
      ),
      violations: {
        'Σ entries ≠ 0 (currencies)': (
          await one(`SELECT currency FROM ledger_entries GROUP BY currency HAVING sum(amount) <> 0`)
        ).length,
        'unbalanced transactions': (
          await one(
            `SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0`,
          )
        ).length,
        'cached balance ≠ Σ entries': (
          await one(
            `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
             GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`,
          )
        ).length,
        'SUCCESS deposits without exactly one credit': (
          await one(
            `SELECT d.code FROM deposits d LEFT JOIN ledger_transactions t ON t.reference = d.code || ':in'
             WHERE d.status = 'SUCCESS' GROUP BY d.code HAVING count(t.id) <> 1`,
          )
        ).length,
        'credits of deposits not SUCCESS': (
          await one(
            `SELECT t.id FROM ledger_transactions t JOIN deposits d ON t.reference = d.code || ':in'
             WHERE d.status <> 'SUCCESS'`,
          )
        ).length,
      },
    };
  } finally {
    await client.end();
  }
}

function findPgbench() {
  const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const version of readdirSync(base).sort().reverse()) {
    const candidate = `${base}/${version}/bin/pgbench`;
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** pgbench's TPC-B-like run on a scratch database of the same server; null when pgbench is missing. */
async function runPgbench(duration) {
  const pgbench = findPgbench();
  if (!pgbench) return null;
  const db = await createScratchDatabase();
  try {
    // Scale ≥ clients, else every client queues on the same few branch rows (not what TPC-B measures).
    const init = spawnSync(pgbench, ['-i', '-q', '-s', String(PGBENCH_CLIENTS), db.url], {
      encoding: 'utf8',
    });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(
      pgbench,
      ['-c', String(PGBENCH_CLIENTS), '-j', String(availableParallelism()), '-T', String(duration), db.url],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = /tps = ([\d.]+)/.exec(run.stdout);
    if (!tps) throw new Error(`no tps in pgbench output:\n${run.stdout}`);
    return { tps: Number(tps[1]), clients: PGBENCH_CLIENTS, path: pgbench };
  } finally {
    await db.drop();
  }
}

const COUNTS_PREFIX = join(tmpdir(), `bench-money-counts-${process.pid}`);

/**
 * `count` API processes as `npm run bench:scale` starts them (consecutive ports from BENCH_PORT, the worker
 * in the first only); under `node <args>` (the compiled server) when BENCH_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof": Node refuses --cpu-prof in NODE_OPTIONS) or BENCH_COUNT_QUERIES=1 (preloads
 * count-queries.mjs, which each process writes to COUNTS_PREFIX-<port>.json) is set.
 */
function startApis(count, databaseUrl, counterpartEnv) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (IS_COUNTING) nodeArgs.push('--import', './bench/count-queries.mjs');
  const env = { ...counterpartEnv, WORKER: String(IS_WORKER), OPS_TOKEN };
  if (IS_COUNTING) env.COUNT_QUERIES_FILE = COUNTS_PREFIX;
  return startServers(count, PORT, databaseUrl, env, nodeArgs);
}

/**
 * The API processes and, unless BENCH_SANDBOX=in-process, the sandbox process with its own database (the
 * API's database gets the demo agency, rates, channel and promotions from one short sandbox start first).
 * Answers {apis, sandbox (null in-process), sandboxDatabaseUrl, stop}.
 */
async function startTopology(count, databaseUrl) {
  if (IS_SANDBOX_IN_PROCESS) {
    const apis = await startApis(count, databaseUrl, { SANDBOX: 'true' });
    return { apis, sandbox: null, stop: () => Promise.all(apis.map((s) => s.stop())) };
  }
  const seeder = await startServer(PORT, databaseUrl, { SANDBOX: 'true', WORKER: 'false', OPS_TOKEN });
  await seeder.stop();
  const sandboxDb = await createScratchDatabase();
  const apiUrls = Array.from({ length: count }, (_, i) => `http://127.0.0.1:${PORT + i}`);
  const sandbox = await startServer(SANDBOX_PORT, sandboxDb.url, {
    SANDBOX: 'true',
    WORKER: 'false',
    ...COUNTERPART_KEYS,
    SANDBOX_WEBHOOK_URLS: apiUrls.join(','),
  }).catch(async (error) => {
    await sandboxDb.drop();
    throw error;
  });
  const providerUrls = Object.fromEntries(
    PROVIDER_NAMES.map((name) => [
      `PROVIDER_${name}_URL`,
      `${sandbox.url}/sandbox/providers/${name.toLowerCase()}`,
    ]),
  );
  const stopSandbox = async () => {
    await sandbox.stop();
    await sandboxDb.drop();
  };
  let apis;
  try {
    apis = await startApis(count, databaseUrl, {
      SANDBOX: 'false',
      BANK_URL: `${sandbox.url}/sandbox/bank`,
      ...COUNTERPART_KEYS,
      ...providerUrls,
    });
  } catch (error) {
    await stopSandbox();
    throw error;
  }
  return {
    apis,
    sandbox: { ...sandbox, databaseUrl: sandboxDb.url },
    stop: async () => {
      await Promise.all(apis.map((s) => s.stop()));
      await stopSandbox();
    },
  };
}

/** CPU used so far by each side: the API processes, the sandbox process and the PostgreSQL backends of each. */
async function cpuSnapshot(apis, sandbox, databaseUrl) {
  const sum = (values) => (values.some((v) => v === null) ? null : values.reduce((a, b) => a + b, 0));
  return {
    api: sum(apis.map((s) => processTreeCpuMs(s.pid))),
    sandbox: sandbox ? processTreeCpuMs(sandbox.pid) : 0,
    postgres: await postgresCpu(databaseUrl),
    sandboxPostgres: sandbox ? await postgresCpu(sandbox.databaseUrl) : null,
  };
}

/** CPU milliseconds per side between two snapshots (null where /proc could not tell). */
function cpuBetween(before, after) {
  return {
    api: before.api === null || after.api === null ? null : after.api - before.api,
    sandbox: after.sandbox - before.sandbox,
    postgres: after.postgres.isKnown ? after.postgres.since(before.postgres) : null,
    sandboxPostgres: after.sandboxPostgres ? after.sandboxPostgres.since(before.sandboxPostgres) : 0,
  };
}

/** What the API processes did per deposit while the loops ran (BENCH_COUNT_QUERIES=1), summed over them. */
function printCounts(count, deposits) {
  const sum = { statements: {}, requests: {} };
  for (let i = 0; i < count; i++) {
    const file = `${COUNTS_PREFIX}-${PORT + i}.json`;
    if (!existsSync(file)) return;
    const counted = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file);
    for (const kind of ['statements', 'requests'])
      for (const [key, n] of Object.entries(counted[kind])) sum[kind][key] = (sum[kind][key] ?? 0) + n;
  }
  const sorted = (map) => Object.entries(map).sort((a, b) => b[1] - a[1]);
  const per = (n) => (n / Math.max(1, deposits)).toFixed(2).padStart(7);
  const total = (map) => Object.values(map).reduce((a, b) => a + b, 0);
  console.log(
    `
per deposit (withdrawals included): ${per(total(sum.statements)).trim()} SQL statements, ` +
      `${per(total(sum.requests)).trim()} HTTP requests served (player calls and the in-process sandboxes)`,
  );
  for (const [route, n] of sorted(sum.requests).slice(0, 12)) console.log(`${per(n)}  ${route}`);
  for (const [text, n] of sorted(sum.statements).slice(0, 25))
    console.log(`${per(n)}  ${text.slice(0, 118)}`);
}

const processes = (count) => `${count} API process${count === 1 ? '' : 'es'}`;

/**
 * CPU milliseconds per withdrawal (from the withdrawal-only phase) and per deposit (the deposit phase less its
 * withdrawals' share), per side. Answers the per-deposit figures for the summary.
 */
function printCpu(cpu, stats) {
  const sides = [
    ['API processes', 'api'],
    ['PostgreSQL (API database)', 'postgres'],
    ...(IS_SANDBOX_IN_PROCESS
      ? []
      : [
          ['sandbox process', 'sandbox'],
          ['PostgreSQL (sandbox database)', 'sandboxPostgres'],
        ]),
  ];
  const deposits = stats.deposits + stats.late;
  const perDeposit = {};
  console.log(
    `CPU ms per operation (/proc; ${stats.withdrawOnly} withdrawals in the ${WITHDRAW_DURATION} s ` +
      `withdrawal phase, ${deposits} deposits and ${stats.withdrawalsAll} withdrawals in the deposit phase)`,
  );
  console.log('side                             per deposit  per withdrawal');
  for (const [label, key] of sides) {
    const depositPhase = cpu.depositPhase[key];
    const withdrawalPhase = cpu.withdrawalPhase[key];
    if (depositPhase === null || withdrawalPhase === null || stats.withdrawOnly === 0 || deposits === 0) {
      console.log(`${label.padEnd(30)}${'n/a'.padStart(13)}${'n/a'.padStart(16)}`);
      continue;
    }
    const perWithdrawal = withdrawalPhase / stats.withdrawOnly;
    perDeposit[key] = (depositPhase - perWithdrawal * stats.withdrawalsAll) / deposits;
    console.log(
      `${label.padEnd(30)}${perDeposit[key].toFixed(2).padStart(13)}${perWithdrawal.toFixed(2).padStart(16)}`,
    );
  }
  stats.cpuPerDeposit = perDeposit;
}

/** Statistics for every table of the database (what autovacuum's ANALYZE gives a running one). */
async function analyze(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * One configuration on a fresh database: `count` processes, the players set up, their loops for WARMUP s
 * and an ANALYZE, then the measured loops for DURATION s with every call going to the next process
 * round-robin, then the database report and the reconciliation (which cover the warm-up's orders too).
 */
async function runConfiguration(count) {
  run = newRun();
  agent = newAgent();
  const db = await createScratchDatabase();
  try {
    const topology = await startTopology(count, db.url);
    const servers = topology.apis;
    try {
      let turn = 0;
      const api = () => servers[turn++ % servers.length].url;
      // The payer's banking app: the sandbox process, or (in-process) any API process's mounted sandbox.
      const bankUrl = topology.sandbox ? () => topology.sandbox.url : api;
      const mark = () => {
        if (IS_COUNTING) for (const server of servers) server.signal('SIGUSR2');
      };
      const setupStarted = performance.now();
      // Signed up on the first process; their sessions are then used on every process.
      const cookies = await registerPlayers(servers[0].url, PLAYERS);
      const players = [];
      for (let i = 0; i < cookies.length; i += 20) {
        players.push(
          ...(await Promise.all(cookies.slice(i, i + 20).map((c, j) => preparePlayer(api, c, i + j)))),
        );
      }
      console.log(
        `\n${processes(count)}: ${PLAYERS} players with bank accounts in ` +
          `${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
      );

      if (WARMUP > 0) {
        const warmupDeadline = performance.now() + WARMUP * 1000;
        await Promise.all(players.map((p) => playerLoop(api, bankUrl, p, warmupDeadline)));
        await analyze(db.url);
        // Measured from here on; a refused call of the warm-up is still reported.
        run = { ...newRun(), errors: run.errors };
      }
      const snapshot = () => cpuSnapshot(servers, topology.sandbox, db.url);
      const beforeDeposits = await snapshot();
      const deadline = performance.now() + DURATION * 1000;
      mark();
      await Promise.all(players.map((p) => playerLoop(api, bankUrl, p, deadline)));
      const drainSeconds = (performance.now() - deadline) / 1000;
      mark();
      const afterDeposits = await snapshot();
      const withdrawDeadline = performance.now() + WITHDRAW_DURATION * 1000;
      await Promise.all(players.map((p) => withdrawLoop(api, p, withdrawDeadline)));
      const afterWithdrawals = await snapshot();
      const cpu = {
        depositPhase: cpuBetween(beforeDeposits, afterDeposits),
        withdrawalPhase: cpuBetween(afterDeposits, afterWithdrawals),
      };

      const report = await databaseReport(db.url);
      // A FULL run: every account's statement, not only those with activity in the window.
      const recon = await reconcileNow(servers[0].url, OPS_TOKEN, 'FULL');
      if (recon.run.status !== 'DONE') throw new Error(`reconciliation: ${JSON.stringify(recon.run)}`);
      return { count, ...run, report, reconciliation: recon.summary, drainSeconds, cpu };
    } finally {
      agent.destroy();
      await topology.stop();
    }
  } finally {
    await db.drop();
  }
}

/** The figures of one configuration; answers whether its money invariants held. */
function printConfiguration({ count, steps, errors, stats, report, reconciliation, drainSeconds, cpu }) {
  console.log(
    `${PLAYERS} players, ${DURATION} s after a ${WARMUP} s warm-up, PostgreSQL, ${processes(count)} ` +
      `(${count === 1 ? '' : 'calls round-robin, '}worker ${IS_WORKER ? 'on' : 'off'}${count === 1 ? '' : ' in the first'}), ` +
      `deposit ${DEPOSIT_LAK} LAK at ${PROVIDER}, ` +
      `a ${WITHDRAW_THB} THB withdrawal after every ${WITHDRAW_EVERY}th deposit; ` +
      `sandbox bank and providers ${IS_SANDBOX_IN_PROCESS ? 'inside each API process' : 'in a process of their own'}`,
  );
  console.log(
    `completed in ${DURATION} s: ${stats.deposits} deposits = ${(stats.deposits / DURATION).toFixed(1)}/s, ` +
      `${stats.withdrawals} withdrawals = ${(stats.withdrawals / DURATION).toFixed(1)}/s ` +
      `(${stats.late} more deposits finished in the ${drainSeconds.toFixed(1)} s drain; ` +
      `${(stats.checks / Math.max(1, stats.deposits + stats.late)).toFixed(2)} checks per deposit)`,
  );
  console.log('step                             count    p50 ms    p99 ms');
  for (const [name, step] of Object.entries(steps)) {
    console.log(
      `${name.padEnd(30)}${fmt(step.samples.length)}${fmt(step.percentile(50), 1)}${fmt(step.percentile(99), 1)}`,
    );
  }
  console.log(errors.size === 0 ? 'errors: none' : 'errors:');
  for (const [key, n] of [...errors].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(6)}  ${key}`);
  console.log(`deposits by status: ${report.deposits.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(`withdrawals by status: ${report.withdrawals.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(
    `reconciliation: ${reconciliation.accounts} accounts, ${reconciliation.differences} differences, ` +
      `${reconciliation.unavailable} unavailable`,
  );
  for (const [name, n] of Object.entries(report.violations)) console.log(`ledger check: ${name}: ${n}`);
  printCpu(cpu, stats);
  printCounts(count, stats.deposits + stats.late);
  const violations = Object.values(report.violations).reduce((a, b) => a + b, 0);
  const isSound = reconciliation.differences === 0 && reconciliation.unavailable === 0 && violations === 0;
  if (!isSound) console.error('✖ money invariants violated (reconciliation or ledger): see above');
  return isSound;
}

const loadBefore = loadavg()[0];
const results = [];
try {
  for (const count of CONFIGURATIONS) {
    const result = await runConfiguration(count);
    result.isSound = printConfiguration(result);
    results.push(result);
  }
} finally {
  agent.destroy();
}

const pgb = await runPgbench(DURATION).catch((error) => {
  console.log(`pgbench failed: ${error.message}`);
  return null;
});
if (pgb) {
  console.log(
    `\npgbench TPC-B-like (${pgb.path}, scale ${pgb.clients}, ${pgb.clients} clients, ${DURATION} s): ` +
      `${pgb.tps.toFixed(0)} tps`,
  );
} else {
  console.log('\npgbench not installed (apt-get install postgresql-client or postgresql): no tps ratio');
}

// Side by side: one column per configuration.
const perSecond = (r) => r.stats.deposits / DURATION;
const rows = [
  ['deposits/s', (r) => perSecond(r).toFixed(1)],
  ['withdrawals/s', (r) => (r.stats.withdrawals / DURATION).toFixed(1)],
  ['deposit create→SUCCESS p99 ms', (r) => r.steps['deposit, create→SUCCESS'].percentile(99).toFixed(1)],
  ['failed calls', (r) => String([...r.errors.values()].reduce((a, b) => a + b, 0))],
  ['reconciliation differences', (r) => String(r.reconciliation.differences)],
  ['ledger check violations', (r) => String(Object.values(r.report.violations).reduce((a, b) => a + b, 0))],
  ...(pgb ? [['deposits/s ÷ pgbench tps (≥ 0.12)', (r) => (perSecond(r) / pgb.tps).toFixed(3)]] : []),
  ['API CPU ms per deposit', (r) => r.stats.cpuPerDeposit?.api?.toFixed(2) ?? 'n/a'],
  ['PostgreSQL CPU ms per deposit', (r) => r.stats.cpuPerDeposit?.postgres?.toFixed(2) ?? 'n/a'],
];
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(
  `\n${availableParallelism()} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ` +
    `${loadBefore.toFixed(1)} before the run; the API processes, PostgreSQL and the client share this machine`,
);
console.log(`${''.padEnd(34)}${results.map((r) => processes(r.count).padStart(18)).join('')}`);
for (const [label, value] of rows)
  console.log(`${label.padEnd(34)}${results.map((r) => value(r).padStart(18)).join('')}`);
for (const r of results.slice(1)) {
  console.log(
    `${processes(r.count)} against 1: deposits/s ×${(perSecond(r) / perSecond(results[0])).toFixed(2)}`,
  );
}
for (const r of results) {
  console.log(
    `${processes(r.count)}: deposits/s ≥ 500: ${perSecond(r).toFixed(1)} ${perSecond(r) >= 500 ? 'ok' : 'MISSED'}; ` +
      `reconciliation differences 0: ${r.reconciliation.differences === 0 ? 'ok' : 'MISSED'}`,
  );
}
if (results.some((r) => !r.isSound)) process.exitCode = 1;
