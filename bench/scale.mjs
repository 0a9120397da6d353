// `npm run bench:scale`: the read benchmark of `npm run bench` with 1, 2 and 4 API processes behind one
// PostgreSQL, printed side by side. Four processes run on consecutive ports; a set of n uses the first n,
// with autocannon spreading its connections over them round-robin (idle processes cost nothing), and the
// rounds alternate between the sets so each is measured under the same conditions. The players and their
// sessions live in the database all processes share, so any process serves any player. Only the first
// process runs the background worker.
import { availableParallelism, cpus, totalmem } from 'node:os';
import { CONNECTIONS, createScratchDatabase, fmt, registerPlayers, startServers } from './lib.mjs';
import { budgetVerdicts, describeRun, measureReads, readTargets } from './read-runs.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const PROCESS_COUNTS = (process.env.BENCH_SCALE ?? '1,2,4').split(',').map(Number);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3420);

const db = await createScratchDatabase();
let bySet;
try {
  const servers = await startServers(Math.max(...PROCESS_COUNTS), FIRST_PORT, db.url);
  try {
    const cookies = await registerPlayers(servers[0].url, PLAYERS);
    const urlSets = PROCESS_COUNTS.map((count) => servers.slice(0, count).map((s) => s.url));
    const results = await measureReads(urlSets, readTargets(cookies));
    bySet = PROCESS_COUNTS.map((count, i) => ({ count, results: results[i] }));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
} finally {
  await db.drop();
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(
  `\n${describeRun(PLAYERS, CONNECTIONS)}; ${availableParallelism()} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GB; the API processes, PostgreSQL and the client share this one machine`,
);
const header = bySet.map(({ count }) => `${`${count} proc req/s`.padStart(15)}  p50  p99`).join(' |');
console.log(`${'route'.padEnd(17)}${header}`);
for (const [i, { name }] of bySet[0].results.entries()) {
  const cells = bySet.map(({ results }) => {
    const r = results[i];
    return `${fmt(r.requests).padStart(15)}${fmt(r.p50).slice(-5)}${fmt(r.p99).slice(-5)}`;
  });
  console.log(`${name.padEnd(17)}${cells.join(' |')}`);
}
const base = bySet[0];
for (const { count, results } of bySet.slice(1)) {
  const speedUps = results.map((r, i) => `${r.name} ×${(r.requests / base.results[i].requests).toFixed(2)}`);
  console.log(`${count} processes against ${base.count}: ${speedUps.join(', ')}`);
}
for (const { count, results } of bySet)
  console.log(`${count} process(es): ${budgetVerdicts(results).join('; ')}`);
if (bySet.some(({ results }) => results.some((r) => r.failed > 0)))
  console.log('WARNING: some requests failed; the figures are not valid');
