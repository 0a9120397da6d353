// `npm run bench:credit-latency`: how long a player waits from paying a deposit's QR to the credit at the
// provider, under the faults of issue #12 (providers 20 % errors, 10 % time-outs, 5 % lost answers; bank 10 %
// errors), with the server's real provider time-out and its background worker. BENCH_DEPOSITS (default 24)
// players each open a deposit; all are paid at the sandbox bank at once. By default nobody presses Check: the
// bank's webhook and the worker's retries must credit them (the slowest case for a player); with
// BENCH_CHECK_EVERY_MS each player also presses Check that often, as a player at the QR screen may.
// Prints p50, p95 and the longest wait (paid → credited, the deposit's own timestamps), then checks in the
// database that every deposit was credited exactly once (one provider transfer and one ledger posting per
// `<code>:in`). Budget (issue #12): p95 ≤ 30 s.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createScratchDatabase, registerPlayers, startServer } from './lib.mjs';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 24);
const FAULTS = process.env.BENCH_FAULTS ?? 'providers:error=0.2,timeout=0.1,lost=0.05;bank:error=0.1';
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const CHECK_EVERY_MS = Number(process.env.BENCH_CHECK_EVERY_MS ?? 0);
const POLL_MS = 250;
const GIVE_UP_MS = 10 * 60_000;
const OPS_TOKEN = `bench-ops-${randomBytes(16).toString('hex')}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call that meets an injected fault (503) is repeated, as a player or an app would. */
async function call(url, init, tries = 20) {
  for (let i = 1; ; i++) {
    const response = await fetch(url, init);
    if (response.status !== 503 || i >= tries) return response;
    await sleep(200);
  }
}

const scratch = await createScratchDatabase();
const server = await startServer(PORT, scratch.url, {
  SANDBOX_FAULTS: FAULTS,
  OPS_TOKEN,
  WORKER: 'true',
  WORKER_INTERVAL_MS: '1000',
});
const base = server.url;
try {
  const cookies = await registerPlayers(base, DEPOSITS);
  const orders = await Promise.all(
    cookies.map(async (cookie, i) => {
      const headers = { cookie, 'content-type': 'application/json' };
      const number = `30${String(Date.now() + i).slice(-11)}`;
      const account = await call(`${base}/api/v2/players/bank-accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          bank: 'bcel',
          accountNumber: number,
          accountName: 'Bench',
          currency: 'LAK',
          owner: 'SELF',
        }),
      });
      if (account.status !== 201) throw new Error(`bank account: ${account.status} ${await account.text()}`);
      const bankAccountId = (await account.json()).bankAccount.id;
      const created = await call(`${base}/api/v2/deposits`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ provider: 'gclub', bankAccountId, amount: '100000', mid: 'MID-BCEL-0001' }),
      });
      if (created.status !== 201) throw new Error(`deposit: ${created.status} ${await created.text()}`);
      return { cookie, code: (await created.json()).order.code };
    }),
  );

  // Everyone pays at once.
  await Promise.all(
    orders.map(async (o) => {
      const paid = await call(`${base}/sandbox/bank/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ billNumber: o.code, amount: '100000' }),
      });
      if (paid.status !== 201) throw new Error(`pay: ${paid.status}`);
    }),
  );
  const started = Date.now();
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  const codes = orders.map((o) => o.code);
  const pressCheck = async (o) => {
    while (CHECK_EVERY_MS > 0 && Date.now() - started < GIVE_UP_MS) {
      await sleep(CHECK_EVERY_MS);
      const check = await fetch(`${base}/api/v2/deposits/${o.code}/check`, {
        method: 'POST',
        headers: { cookie: o.cookie },
      });
      if (check.status === 200 && (await check.json()).order.status === 'SUCCESS') return;
    }
  };
  const checking = Promise.all(orders.map(pressCheck));
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM deposits WHERE code = ANY($1) AND status = 'SUCCESS'`,
      [codes],
    );
    if (rows[0].n === DEPOSITS) break;
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`not all credited after ${GIVE_UP_MS / 1000} s`);
    await sleep(POLL_MS);
  }
  await checking;
  const { rows } = await db.query(
    `SELECT code, extract(epoch FROM credited_at - paid_at) * 1000 AS ms FROM deposits WHERE code = ANY($1)`,
    [codes],
  );
  const waits = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const at = (q) => waits[Math.min(waits.length - 1, Math.ceil(q * waits.length) - 1)] ?? NaN;
  const references = codes.map((c) => `${c}:in`);
  const transfers = await db.query(
    'SELECT count(*)::int AS n, count(DISTINCT reference)::int AS d FROM sandbox_provider_transfers WHERE reference = ANY($1)',
    [references],
  );
  const postings = await db.query(
    'SELECT count(*)::int AS n, count(DISTINCT reference)::int AS d FROM ledger_transactions WHERE reference = ANY($1)',
    [references],
  );
  await db.end();

  console.log(
    `faults: ${FAULTS}; players press Check: ${CHECK_EVERY_MS > 0 ? `every ${CHECK_EVERY_MS} ms` : 'never'}`,
  );
  console.log(`deposits paid at once: ${waits.length}; payment → credit (s):`);
  console.log(
    `  p50 ${(at(0.5) / 1000).toFixed(1)}   p95 ${(at(0.95) / 1000).toFixed(1)}   max ${(waits.at(-1) / 1000).toFixed(1)}`,
  );
  console.log(
    `  provider transfers ${transfers.rows[0].n} (distinct ${transfers.rows[0].d}), ledger postings ${postings.rows[0].n} (distinct ${postings.rows[0].d})`,
  );
  const isOnce =
    waits.length === DEPOSITS &&
    transfers.rows[0].n === DEPOSITS &&
    transfers.rows[0].d === DEPOSITS &&
    postings.rows[0].n === DEPOSITS;
  console.log(
    isOnce
      ? 'each deposit credited exactly once'
      : 'INVARIANT VIOLATED: a deposit credited twice or not at all',
  );
  console.log(at(0.95) <= 30_000 ? 'p95 within the 30 s budget' : 'p95 OVER the 30 s budget');
  if (!isOnce) process.exitCode = 1;
} finally {
  await server.stop();
  await scratch.drop();
}
