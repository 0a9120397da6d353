// `npm run bench`: authenticated reads against two baselines in the same server, on PostgreSQL.
// Budget (quality.md): players/info ≥ 0.8 × and credits ≥ 0.5 × the one-SELECT route, p99 ≤ 20 ms.
import {
  CONNECTIONS,
  createScratchDatabase,
  DURATION,
  fmt,
  measure,
  registerPlayers,
  startServer,
} from './lib.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const db = await createScratchDatabase();
const server = await startServer(Number(process.env.BENCH_PORT ?? 3400), db.url);
try {
  const cookies = await registerPlayers(server.url, PLAYERS);
  const targets = [
    { name: 'bare route', path: '/api/bench/bare' },
    { name: 'one PK SELECT', path: '/api/bench/select' },
    { name: 'players/info', path: '/api/v2/players/info', cookies },
    { name: 'credits/askmebet', path: '/api/v2/players/credits/askmebet', cookies },
  ];
  // Warm up every route once (JIT, pool, provider members) so the runs measure steady state.
  for (const target of targets) await measure({ url: server.url, ...target, duration: 2 });
  const results = [];
  for (const target of targets)
    results.push({ ...target, ...(await measure({ url: server.url, ...target })) });

  const [bare, select] = results;
  console.log(
    `\n${PLAYERS} players, ${CONNECTIONS} connections, ${DURATION} s per route, PostgreSQL, 1 API process`,
  );
  console.log('route               req/s    p50 ms    p99 ms  ×bare  ×select  non-2xx');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(16)}${fmt(r.requests)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}  ${(r.requests / bare.requests).toFixed(2)}   ${(r.requests / select.requests).toFixed(2)}   ${r.non2xx}`,
    );
  }
  const info = results[2];
  const credits = results[3];
  const verdict = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(
    `\nplayers/info ≥ 0.8 × select: ${(info.requests / select.requests).toFixed(2)} ${verdict(info.requests >= 0.8 * select.requests)}`,
  );
  console.log(
    `credits ≥ 0.5 × select: ${(credits.requests / select.requests).toFixed(2)} ${verdict(credits.requests >= 0.5 * select.requests)}`,
  );
  console.log(
    `p99 ≤ 20 ms: info ${info.p99} ms, credits ${credits.p99} ms ${verdict(info.p99 <= 20 && credits.p99 <= 20)}`,
  );
  if (results.some((r) => r.non2xx > 0 || r.errors > 0))
    console.log('WARNING: some requests failed; the figures are not valid');
} finally {
  await server.stop();
  await db.drop();
}
