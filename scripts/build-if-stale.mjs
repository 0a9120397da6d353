// The build `npm start`, the browser tests and the benchmarks run: the web app (apps/web/dist), the staff
// console (apps/backoffice/dist) and the compiled API (apps/api/dist), each built again only when one of its
// sources is newer than its output; and the wait for a server started from it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The compiled server and how to run it: node, with stack traces mapped back to the TypeScript sources and a
 * young generation of 64 MB semi-spaces instead of V8's 16 MB: a request's short-lived objects then die before
 * a scavenge has to copy them (API CPU per deposit −4 to −18 % in bench:money, decision 0053).
 */
export const SERVER_ENTRY = 'apps/api/dist/server.js';
const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=64'];
export const serverArgs = (nodeArgs = []) => [...nodeArgs, ...SERVER_NODE_OPTIONS, SERVER_ENTRY];

// A first start migrates and seeds a fresh embedded database: a few seconds alone, but 20 s were not enough
// on a CI machine busy with another suite (size.mjs failed there). The wait ends early if the server exits.
const READY_TIMEOUT_MS = 120_000;

/** Waits until the started server (`child`) answers `url` with 2xx; throws if it exits first or never does. */
export async function waitForReady(url, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

const shared = 'packages/shared/src';
const ui = 'packages/ui/src';
const TARGETS = [
  {
    workspace: '@lc/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.first-paint.config.ts',
      shared,
      ui,
    ],
    tool: 'node_modules/.bin/vite',
  },
  {
    workspace: '@lc/backoffice',
    output: 'apps/backoffice/dist/index.html',
    sources: [
      'apps/backoffice/src',
      'apps/backoffice/public',
      'apps/backoffice/index.html',
      'apps/backoffice/vite.config.ts',
      shared,
      ui,
    ],
    tool: 'node_modules/.bin/vite',
  },
  {
    workspace: '@lc/api',
    output: SERVER_ENTRY,
    sources: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', shared],
    tool: 'node_modules/esbuild/package.json',
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    // Tests are not part of the build: editing one must not make `npm start` rebuild.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale({ output, sources }) {
  const outputPath = join(root, output);
  if (!existsSync(outputPath)) return true;
  const built = statSync(outputPath).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

/** Builds what is missing or older than its sources; exits the process when a build fails. */
export function buildIfStale() {
  for (const target of TARGETS) {
    if (!isStale(target)) continue;
    // A deployed tree installed with `npm ci --omit=dev` has no build tools: it runs the build it was given
    // (its sources may look newer only because copying or checking out reset their times).
    if (existsSync(join(root, target.output)) && !existsSync(join(root, target.tool))) {
      console.log(
        `${target.workspace}: sources look newer than ${target.output}, but no build tool is installed; using the build as it is`,
      );
      continue;
    }
    console.log(`Building ${target.workspace}…`);
    const build = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
