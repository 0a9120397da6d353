// `npm run bench:backoffice`: the back office's heaviest reads on PostgreSQL with 100,000 deposits (issue #14).
// Seeds the deposits in SQL on a scratch database (BENCH_DATABASE_URL / DATABASE_URL's server; dropped
// afterwards), starts the API as `npm start` does, and times the deposits page's first page (all orders and
// the PAID queue) and the 30-day dashboard, authenticated with the OPS token, one request at a time.
// Budget: the deposits page's first page < 100 ms p95. The dashboard's figures must equal a direct SQL sum.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createScratchDatabase, registerPlayers, startServer } from './lib.mjs';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3470);
const OPS_TOKEN = randomBytes(24).toString('hex');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function time(url, runs) {
  const ms = [];
  let body;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    body = await res.json();
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), body };
}

/** Spreads DEPOSITS orders over PLAYERS players and the last 45 days, of every status, in one statement. */
async function seed(client) {
  await client.query(`
    INSERT INTO bank_accounts (player_id, agency_id, bank, account_number, account_name, owner, created_at)
    SELECT id, agency_id, 'bcel', lpad((1000000000 + row_number() OVER ())::text, 12, '0'), username, 'SELF', now()
    FROM players ON CONFLICT DO NOTHING`);
  await client.query(
    `
    WITH p AS (
      SELECT pl.id, pl.agency_id, b.id AS bank_account_id, row_number() OVER (ORDER BY pl.id) - 1 AS n
      FROM players pl JOIN bank_accounts b ON b.player_id = pl.id),
    r AS (SELECT id, sell FROM exchange_rates WHERE currency = 'THB' ORDER BY id DESC LIMIT 1),
    s AS (SELECT i, (ARRAY['SUCCESS','SUCCESS','SUCCESS','SUCCESS','CANCELED','CANCELED','FAILED','PAID','REJECTED'])[1 + i % 9] AS status,
            now() - (i * interval '45 days' / $1) AS at FROM generate_series(1, $1) AS i)
    INSERT INTO deposits (code, agency_id, player_id, provider, bank_account_id, amount, mid, channel_code,
      receiving_bank, receiving_account, merchant_name, qr_payload, rate_id, rate_sell, credit, bonus, status,
      created_at, expires_at, paid_at, paid_amount, credited_at, closed_at, updated_at)
    SELECT 'B' || lpad(s.i::text, 10, '0'), p.agency_id, p.id, 'gclub', p.bank_account_id, 20000 + (s.i % 500) * 1000,
      'BENCH', 'bench', 'bcel', 'bench-receiver', 'BENCH', 'bench-qr', r.id, r.sell, 2000 + (s.i % 500) * 100,
      (s.i % 4) * 100, s.status, s.at, s.at + interval '15 minutes',
      CASE WHEN s.status IN ('SUCCESS','PAID','FAILED') THEN s.at + interval '1 minute' END,
      CASE WHEN s.status IN ('SUCCESS','PAID','FAILED') THEN 20000 + (s.i % 500) * 1000 END,
      CASE WHEN s.status = 'SUCCESS' THEN s.at + interval '2 minutes' END,
      CASE WHEN s.status IN ('SUCCESS','CANCELED','REJECTED') THEN s.at + interval '3 minutes' END, s.at
    FROM s JOIN p ON p.n = s.i % (SELECT count(*) FROM p) CROSS JOIN r`,
    [DEPOSITS],
  );
  // As autovacuum would have done on a live table: the visibility map lets the page's count use the index only.
  await client.query('VACUUM ANALYZE');
}

/** The dashboard's days, recomputed straight from the table in the database's own time zone arithmetic. */
async function sqlSums(client, days) {
  const { rows } = await client.query(
    `SELECT to_char(credited_at AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD') AS day, count(*)::int AS count,
       sum(COALESCE(paid_amount, amount))::text AS lak, sum(credit)::text AS thb
     FROM deposits WHERE status = 'SUCCESS'
       AND (credited_at AT TIME ZONE 'Asia/Vientiane')::date > (now() AT TIME ZONE 'Asia/Vientiane')::date - $1::int
     GROUP BY 1`,
    [days],
  );
  return new Map(rows.map((r) => [r.day, r]));
}

const db = await createScratchDatabase();
const server = await startServer(PORT, db.url, { OPS_TOKEN });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
try {
  await registerPlayers(server.url, PLAYERS);
  const seeded = performance.now();
  await seed(client);
  const { rows } = await client.query('SELECT count(*)::int AS n FROM deposits');
  console.log(
    `seeded ${rows[0].n} deposits over ${PLAYERS} players in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const base = `${server.url}/api/ops/v1`;
  const targets = [
    ['deposits, first page (all)', `${base}/deposits?page=1&pageSize=20`],
    ['deposits, first page (PAID queue)', `${base}/deposits?status=PAID&page=1&pageSize=20`],
    ['deposits, page 100 (all)', `${base}/deposits?page=100&pageSize=20`],
    ['dashboard (30 days)', `${base}/dashboard?days=30`],
  ];
  const results = [];
  console.log(`\n${RUNS} sequential requests each, OPS token, 1 API process on PostgreSQL`);
  console.log('route                                  p50 ms   p95 ms');
  for (const [name, url] of targets) {
    await time(url, 20); // warm-up: connections, prepared plans, caches
    const r = await time(url, name.startsWith('dashboard') ? Math.ceil(RUNS / 4) : RUNS);
    results.push({ name, ...r });
    console.log(`${name.padEnd(36)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(8)}`);
  }

  const dashboard = results.at(-1).body;
  const expected = await sqlSums(client, 30);
  const mismatches = dashboard.days.filter((d) => {
    const want = expected.get(d.date);
    return (
      d.deposits.count !== (want?.count ?? 0) ||
      d.deposits.lak !== (want?.lak ?? '0') ||
      BigInt(d.deposits.thb.replace('.', '')) !== BigInt(want?.thb ?? '0')
    );
  });
  const first = results[0];
  console.log(
    `\ndashboard figures vs direct SQL sum: ${mismatches.length === 0 ? 'equal' : `DIFFERENT on ${mismatches.map((d) => d.date).join(', ')}`} ` +
      `(30 days, ${dashboard.totals.deposits.count} deposits, ${dashboard.totals.deposits.lak} LAK, ${dashboard.totals.deposits.thb} THB)`,
  );
  console.log(
    `budget: deposits first page p95 ${first.p95.toFixed(1)} ms ${first.p95 < 100 ? '<' : '≥'} 100 ms: ${first.p95 < 100 ? 'PASS' : 'FAIL'}`,
  );
  if (mismatches.length > 0 || first.p95 >= 100) process.exitCode = 1;
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
