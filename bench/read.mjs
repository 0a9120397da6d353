// `npm run bench`: first the cold start (the API of `npm start` on PGlite: the first start on the machine, then
// 3 first starts on a fresh data dir, each followed by a restart on it), then authenticated reads against two baselines in the same server, on
// PostgreSQL.
// Budgets (quality.md): cold start with PGlite, built ≤ 5 s to /api/ready; players/info ≥ 0.8 × and
// credits ≥ 0.5 × the one-SELECT route, p99 ≤ 20 ms.
import {
  CONNECTIONS,
  createScratchDatabase,
  describeColdStarts,
  fmt,
  measureColdStarts,
  registerPlayers,
  startServer,
} from './lib.mjs';
import { budgetVerdicts, describeRun, measureReads, readTargets } from './read-runs.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3400);

const coldStarts = await measureColdStarts(PORT);
for (const line of describeColdStarts(coldStarts))
  console.log(`cold start on PGlite, compiled server, ${line}`);

const db = await createScratchDatabase();
const server = await startServer(PORT, db.url);
try {
  const cookies = await registerPlayers(server.url, PLAYERS);
  const [results] = await measureReads([[server.url]], readTargets(cookies));

  console.log(`\n${describeRun(PLAYERS, CONNECTIONS)}, 1 API process`);
  console.log('route               req/s    p50 ms    p99 ms  ×bare  ×select  failed');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(16)}${fmt(r.requests)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}  ${r.xBare.toFixed(2)}   ${r.xSelect.toFixed(2)}   ${r.failed}`,
    );
  }
  console.log(`\n${budgetVerdicts(results).join('\n')}`);
  if (results.some((r) => r.failed > 0))
    console.log('WARNING: some requests failed; the figures are not valid');
} finally {
  await server.stop();
  await db.drop();
}
