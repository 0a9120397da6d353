// npm run bench:reconcile — what a reconciliation run costs as activity grows, not as accounts grow
// (docs/decisions/0022-reconciliation-runs.md). Seeds 10,000 player-provider accounts (players, ledger
// postings and sandbox provider wallets with the same transfers, straight into PostgreSQL), starts the API
// (sandbox providers, no background worker), and times stored ACTIVITY runs started through the ops API:
// the first one (every account new), then runs with 0, 100 and 1,000 transfers in the window. Prints each
// run's provider calls, statements read and time; fails when any run reports a difference.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createScratchDatabase, reconcileNow, startServer } from './lib.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const OPS_TOKEN = `bench-ops-${randomBytes(16).toString('hex')}`;
const PROVIDERS = ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'];
// Windows overlap by a minute (WINDOW_OVERLAP_MS): the bench waits it out between a batch of transfers and
// the run that reads it, so the following run's window holds only its own batch.
const OVERLAP_MS = Number(process.env.BENCH_OVERLAP_MS ?? 61_000);

/** 10,000 funded accounts, consistent on both sides: each a 100.00 credit under one reference. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(`SELECT id, code FROM agencies WHERE code = 'demo'`);
    const agencyId = rows[0].id;
    const at = `now() - interval '1 day'`;
    await client.query(
      `CREATE TEMP TABLE seed ON COMMIT DROP AS
       SELECT gen_random_uuid() AS player_id, gen_random_uuid() AS account_id, gen_random_uuid() AS tx_id,
         gen_random_uuid() AS member_id, (ARRAY[${PROVIDERS.map((p) => `'${p}'`).join(',')}])[1 + i % 5] AS provider,
         'benchseed' || i AS username, 'seed-' || i || ':in' AS reference
       FROM generate_series(1, $1::int) AS i`,
      [ACCOUNTS],
    );
    await client.query(
      `INSERT INTO players (id, agency_id, username, display_name, password_hash, created_at)
       SELECT player_id, $1, username, username, 'x', ${at} FROM seed`,
      [agencyId],
    );
    await client.query(
      `INSERT INTO ledger_accounts (id, agency_id, kind, player_id, provider, currency, balance, created_at)
       SELECT account_id, $1, 'PLAYER_PROVIDER', player_id, provider, 'THB', 10000, ${at} FROM seed`,
      [agencyId],
    );
    await client.query(
      `INSERT INTO ledger_accounts (agency_id, kind, currency, balance, created_at)
       VALUES ($1, 'HOUSE', 'THB', 0, ${at}) ON CONFLICT ON CONSTRAINT ledger_accounts_key_uq DO NOTHING`,
      [agencyId],
    );
    const house = await client.query(
      `SELECT id FROM ledger_accounts WHERE agency_id = $1 AND kind = 'HOUSE' AND currency = 'THB'`,
      [agencyId],
    );
    const houseId = house.rows[0].id;
    await client.query(
      `INSERT INTO ledger_transactions (id, agency_id, kind, reference, player_id, provider, created_at)
       SELECT tx_id, $1, 'ADJUSTMENT', reference, player_id, provider, ${at} FROM seed`,
      [agencyId],
    );
    await client.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
       SELECT tx_id, account_id, 10000, 'THB' FROM seed
       UNION ALL SELECT tx_id, $1, -10000, 'THB' FROM seed`,
      [houseId],
    );
    await client.query(`UPDATE ledger_accounts SET balance = balance - $2::bigint * 10000 WHERE id = $1`, [
      houseId,
      ACCOUNTS,
    ]);
    // The provider's side: the member named as member-name.ts names it, holding the same transfer.
    await client.query(
      `INSERT INTO sandbox_provider_members (id, provider, username, balance, transferred_in, transferred_out, created_at)
       SELECT member_id, provider, 'demo_' || substr(encode(sha256(convert_to(lower(player_id::text), 'UTF8')), 'hex'), 1, 12),
         10000, 10000, 0, ${at} FROM seed`,
    );
    await client.query(
      `INSERT INTO sandbox_provider_transfers (provider, member_id, reference, direction, amount, balance_after, created_at)
       SELECT provider, member_id, reference, 'in', 10000, 10000, ${at} FROM seed`,
    );
    await client.query('COMMIT');
    const picked = await client.query(
      `SELECT a.player_id, a.provider FROM ledger_accounts a JOIN players p ON p.id = a.player_id
       WHERE p.username LIKE 'benchseed%' AND a.kind = 'PLAYER_PROVIDER' ORDER BY a.player_id`,
    );
    return picked.rows;
  } finally {
    await client.end();
  }
}

/** `count` operator credits of 1.00 through the ops API: each a provider transfer and a ledger posting. */
async function credit(baseUrl, accounts, count) {
  const headers = { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' };
  const targets = accounts.slice(0, count);
  for (let i = 0; i < targets.length; i += 20) {
    await Promise.all(
      targets.slice(i, i + 20).map(async (a) => {
        const res = await fetch(`${baseUrl}/api/ops/v1/players/${a.player_id}/credit`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ provider: a.provider, amount: '1.00', reason: 'bench activity' }),
        });
        if (res.status !== 201) throw new Error(`credit: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

async function timedRun(label, baseUrl) {
  const started = performance.now();
  const report = await reconcileNow(baseUrl, OPS_TOKEN);
  const ms = performance.now() - started;
  const { run } = report;
  if (run.status !== 'DONE') throw new Error(`${label}: ${JSON.stringify(run)}`);
  if (process.env.BENCH_DEBUG)
    console.log(JSON.stringify(report.differences.slice(0, 3)), JSON.stringify(report.rows.slice(0, 2)));
  const line = {
    run: label,
    'transfers matched': run.transfersMatched,
    'statements read': run.accountsChecked,
    'provider calls': run.providerCalls,
    'time (s)': (ms / 1000).toFixed(2),
    differences: run.differences,
  };
  console.log(Object.values(line).join('\t'));
  return line;
}

const db = await createScratchDatabase();
let server;
try {
  // Started once to migrate and seed the demo agency, then again over the seeded data.
  server = await startServer(PORT, db.url, { SANDBOX: 'true', WORKER: 'false', OPS_TOKEN });
  await server.stop();
  const seedStarted = performance.now();
  const accounts = await seed(db.url);
  console.log(
    `seeded ${accounts.length} player-provider accounts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  server = await startServer(PORT, db.url, { SANDBOX: 'true', WORKER: 'false', OPS_TOKEN });

  console.log(
    ['run', 'transfers matched', 'statements read', 'provider calls', 'time (s)', 'differences'].join('\t'),
  );
  const lines = [await timedRun('first (all accounts new)', server.url)];
  await new Promise((resolve) => setTimeout(resolve, OVERLAP_MS));
  lines.push(await timedRun('0 transfers', server.url));
  for (const count of [100, 1000]) {
    await credit(server.url, accounts, count);
    // Past the overlap before the run: the next run's window no longer reaches back to these transfers.
    await new Promise((resolve) => setTimeout(resolve, OVERLAP_MS));
    lines.push(await timedRun(`${count} transfers`, server.url));
  }
  const differences = lines.reduce((sum, l) => sum + l.differences, 0);
  console.log(`reconciliation differences: ${differences}`);
  if (differences !== 0) process.exitCode = 1;
} finally {
  await server?.stop();
  await db.drop();
}
