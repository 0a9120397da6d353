// The read benchmark shared by `npm run bench` and `npm run bench:scale`: two baselines and the two
// authenticated reads, measured in interleaved rounds so that a burst of other work on the machine hits
// every route alike, and each ratio compares runs made seconds apart.
import { DURATION, measure, median } from './lib.mjs';

export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ROUND_SECONDS = DURATION / ROUNDS;
const WARM_UP_SECONDS = 2;

/** The four routes; the authenticated ones rotate over the players' session cookies. */
export function readTargets(cookies) {
  return [
    { name: 'bare route', path: '/api/bench/bare' },
    { name: 'one PK SELECT', path: '/api/bench/select' },
    { name: 'players/info', path: '/api/v2/players/info', cookies },
    { name: 'credits/askmebet', path: '/api/v2/players/credits/askmebet', cookies },
  ];
}

/**
 * Warms every route up on every process (JIT, pools, provider members), then runs ROUNDS rounds; a round
 * measures each set of API processes (`urlSets`: a list of URL lists) on all routes in turn, so sets are
 * compared under the same conditions too. Per set and route: median req/s, p50 and p99 over the rounds,
 * and the median of its per-round ratios to the bare and the SELECT route of the same set and round.
 */
export async function measureReads(urlSets, targets) {
  const everyUrl = [...new Set(urlSets.flat())];
  for (const target of targets) await measure({ url: everyUrl, ...target, duration: WARM_UP_SECONDS });
  const rounds = urlSets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [set, urls] of urlSets.entries()) {
      const results = [];
      for (const target of targets)
        results.push(await measure({ url: urls, ...target, duration: ROUND_SECONDS }));
      rounds[set].push(results);
    }
  }
  return rounds.map((setRounds) => summarize(targets, setRounds));
}

function summarize(targets, rounds) {
  return targets.map((target, i) => {
    const runs = rounds.map((results) => results[i]);
    return {
      name: target.name,
      requests: median(runs.map((r) => r.requests)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      xBare: median(rounds.map((results) => results[i].requests / results[0].requests)),
      xSelect: median(rounds.map((results) => results[i].requests / results[1].requests)),
      failed: runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    };
  });
}

/** How the figures were taken, for the line above a table. */
export function describeRun(players, connections) {
  return `${players} players, ${connections} connections, ${ROUNDS} interleaved rounds of ${ROUND_SECONDS.toFixed(1)} s per route (medians), PostgreSQL`;
}

/** The budget lines of quality.md for one result set (players/info and credits against the SELECT route). */
export function budgetVerdicts(results) {
  const info = results.find((r) => r.name === 'players/info');
  const credits = results.find((r) => r.name === 'credits/askmebet');
  const verdict = (ok) => (ok ? 'ok' : 'MISSED');
  return [
    `players/info ≥ 0.8 × select: ${info.xSelect.toFixed(2)} ${verdict(info.xSelect >= 0.8)}`,
    `credits ≥ 0.5 × select: ${credits.xSelect.toFixed(2)} ${verdict(credits.xSelect >= 0.5)}`,
    `p99 ≤ 20 ms: info ${info.p99} ms, credits ${credits.p99} ms ${verdict(info.p99 <= 20 && credits.p99 <= 20)}`,
  ];
}
