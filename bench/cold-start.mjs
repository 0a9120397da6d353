// `npm run bench:cold-start`: quality.md's cold start (≤ 5 s to /api/ready with PGlite) and the resident memory
// right after it, for the compiled server `npm start` runs and, for comparison, for the TypeScript sources
// through tsx as `npm start` ran them before the build existed (decision 0034). Each: the very first start on
// the machine (initdb template made), then BENCH_COLD_RUNS (3) first starts on a fresh data dir in a temp dir,
// each followed by a restart on it.
import { loadavg } from 'node:os';
import { describeColdStarts, measureColdStarts } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);

for (const [runtime, label] of [
  ['node', 'compiled server (node apps/api/dist/server.js)'],
  ['tsx', 'TypeScript sources through tsx (before)'],
]) {
  const result = await measureColdStarts(PORT, RUNS, runtime);
  // Wall-clock times are only this start's when nothing else runs: the load average says whether it did.
  console.log(
    `\n${label} (load average after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  for (const line of describeColdStarts(result)) console.log(`  ${line}`);
}
