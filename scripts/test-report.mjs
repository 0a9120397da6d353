// The figures `npm test` ends with: the wall time of each stage, and the slowest files and tests of each
// runner, read from vitest's and Playwright's own JSON reports (.test-report/). docs/testing.md keeps them.
import { existsSync, readFileSync } from 'node:fs';

const SLOWEST = 15;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Files and tests with their durations (ms) from vitest's JSON report. */
function vitestTimes(report, root) {
  const files = [];
  const tests = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    files.push({ name, ms: (file.endTime ?? 0) - (file.startTime ?? 0) });
    for (const test of file.assertionResults ?? []) {
      tests.push({ name: `${name} › ${test.title}`, ms: test.duration ?? 0 });
    }
  }
  return { files, tests };
}

/** Files and tests with their durations (ms) from Playwright's JSON report (every retry counted). */
function playwrightTimes(report) {
  const byFile = new Map();
  const tests = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests
        .flatMap((test) => test.results ?? [])
        .reduce((sum, result) => sum + (result.duration ?? 0), 0);
      tests.push({ name: `${spec.file} › ${[...titles, spec.title].join(' › ')}`, ms });
      byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? [])
      visit(
        child,
        suite.file === child.file && child.title !== child.file ? [...titles, child.title] : titles,
      );
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return { files: [...byFile].map(([name, ms]) => ({ name, ms })), tests };
}

function printSlowest(title, entries) {
  console.log(`\n${title}`);
  for (const { name, ms } of [...entries].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`${seconds(ms)}  ${name}`);
  }
}

/**
 * Prints the stages (label and wall time) and, where a runner's report is there, its slowest files and
 * tests. `root` is the checkout's path with a trailing slash, cut from vitest's absolute file names.
 */
export function printTestReport({ stages, vitestReport, playwrightReport, root }) {
  console.log('\n═══ where the time went ═══');
  for (const stage of stages) console.log(`${seconds(stage.ms)}  ${stage.label}`);
  console.log(`${seconds(stages.reduce((sum, s) => sum + s.ms, 0))}  in all`);
  const vitest = readJson(vitestReport);
  if (vitest) {
    const { files, tests } = vitestTimes(vitest, root);
    console.log(`\nvitest: ${files.length} files, ${tests.length} tests`);
    printSlowest(`the ${SLOWEST} slowest vitest files (their own time, imports apart)`, files);
    printSlowest(`the ${SLOWEST} slowest vitest tests`, tests);
  }
  const playwright = readJson(playwrightReport);
  if (playwright) {
    const { files, tests } = playwrightTimes(playwright);
    console.log(`\nbrowser: ${files.length} files, ${tests.length} tests`);
    printSlowest(`the ${SLOWEST} slowest browser files (summed over their tests)`, files);
    printSlowest(`the ${SLOWEST} slowest browser tests`, tests);
  }
}
