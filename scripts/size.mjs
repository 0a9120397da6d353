// `npm run size`: builds the web app, loads `/` in Chromium against the real server and prints every JS and
// CSS file that first visit fetched until the page had settled (its service worker registered, nothing in flight
// for a second: what loads after the first paint counts too), with the bytes the server sent for it (brotli, as
// Chromium asks for it) and its gzip size; then the gzip size of each lazy chunk; then checks that the
// player's first visit fetched nothing of the back office (/backoffice/) and prints the back office's own
// initial JS (its sign-in page; reported, no budget of its own). Fails over the budgets: initial JS
// ≤ 150 KB as sent (issue #41, which counts what a browser receives; decision 0077), each lazy route chunk
// ≤ 50 KB gzip. Also fails when the built JS uses a Mantine class that the built CSS does not define: the app
// imports Mantine's styles component by component (apps/web/src/mantine.css), and a component added without
// its styles would render unstyled. `--no-build` measures the build there is; with WEB_DIST, another one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildIfStale, serverArgs, waitForReady } from './build-if-stale.mjs';

const INITIAL_JS_BUDGET = 150 * 1024;
/** How long the page must have had no request in flight to count as settled. */
const SETTLED_MS = 1000;
/** The service worker registers a few seconds after the load event (register-service-worker.ts). */
const SERVICE_WORKER_TIMEOUT_MS = 30_000;
const CHUNK_BUDGET = 50 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST (as the server reads it): measure another build of the web app, e.g. an older commit's.
const assets = join(
  process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist'),
  'assets',
);
const backofficeAssets = join(root, 'apps/backoffice/dist/assets');
const port = Number(process.env.SIZE_PORT ?? 3190);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) {
  for (const workspace of ['@lc/web', '@lc/backoffice']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error(`${workspace} build failed`);
  }
}
// The compiled server `npm start` runs (built first when its sources changed).
buildIfStale();
if (!existsSync(executablePath))
  throw new Error(`Chromium not found at ${executablePath} (set CHROMIUM_PATH)`);

const missingMantineStyles = checkMantineStyles();
if (missingMantineStyles.length > 0) {
  console.error(
    `✖ Mantine classes used by the app but not in its CSS (add their files to apps/web/src/mantine.css):`,
  );
  for (const line of missingMantineStyles) console.error(`  ${line}`);
  process.exit(1);
}

const START_UP_SCRIPT = 'start-up.js';
const gzipSize = (file) =>
  gzipSync(readFileSync(file === START_UP_SCRIPT ? join(assets, '..', file) : join(assets, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const env = { ...process.env, PORT: String(port), DATA_DIR: 'memory://', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  env,
  stdio: 'inherit',
});
try {
  await waitForReady(`http://127.0.0.1:${port}/api/ready`, server);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  /** Each file the first visit fetched → its response, to read the bytes sent once it has finished. */
  const loaded = new Map();
  const backofficeOnPlayerVisit = [];
  const inFlight = new Set();
  let lastRequestEnded = performance.now();
  page.on('request', (request) => inFlight.add(request));
  for (const event of ['requestfinished', 'requestfailed']) {
    page.on(event, (request) => {
      inFlight.delete(request);
      lastRequestEnded = performance.now();
    });
  }
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/backoffice/')) backofficeOnPlayerVisit.push(pathname);
    const match = /^\/assets\/([^?#]+\.(?:js|css))$/.exec(pathname);
    if (match) loaded.set(match[1], response);
    // What the server's first paint of / loads before the app's script (decision 0058).
    if (pathname === `/${START_UP_SCRIPT}`) loaded.set(START_UP_SCRIPT, response);
  });
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
  // The first visit goes on after the network first falls idle: the service worker registers a few seconds after
  // the load event, and anything started after the first paint loads then. Measured until it has settled.
  const registered = await page.evaluate(
    (timeoutMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs)),
      ]),
    SERVICE_WORKER_TIMEOUT_MS,
  );
  if (!registered) throw new Error('the service worker did not register on the first visit');
  const settleBy = performance.now() + SERVICE_WORKER_TIMEOUT_MS;
  while (inFlight.size > 0 || performance.now() - lastRequestEnded < SETTLED_MS) {
    if (performance.now() > settleBy)
      throw new Error(`the first visit never settled: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** The body bytes Chromium received for each file (encoded: what went over the network). */
  const sentSizes = new Map();
  for (const [file, response] of loaded) {
    sentSizes.set(file, (await response.request().sizes()).responseBodySize);
  }

  // The back office's first visit: its sign-in page, in a fresh context (nothing cached from the player's).
  const staffPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const backofficeLoaded = new Set();
  staffPage.on('response', (response) => {
    const match = /^\/backoffice\/assets\/([^?#]+\.(?:js|css))$/.exec(new URL(response.url()).pathname);
    if (match) backofficeLoaded.add(match[1]);
  });
  await staffPage.goto(`http://localhost:${port}/backoffice/login`, { waitUntil: 'networkidle' });
  await browser.close();

  const initial = [...loaded.keys()].sort();
  const sum = (files, size) => files.reduce((total, f) => total + size(f), 0);
  const sent = (file) => sentSizes.get(file);
  const initialJsFiles = initial.filter((f) => f.endsWith('.js'));
  const initialCssFiles = initial.filter((f) => f.endsWith('.css'));
  const initialJs = sum(initialJsFiles, sent);
  console.log('First visit to / loads (until settled, service worker registered):');
  console.log(`  ${'sent'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const file of initial)
    console.log(`  ${kb(sent(file)).padStart(9)}  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  console.log(
    `initial JS: ${kb(initialJs)} as sent (budget ${kb(INITIAL_JS_BUDGET)}), ${kb(sum(initialJsFiles, gzipSize))} gzip`,
  );
  console.log(
    `initial CSS: ${kb(sum(initialCssFiles, sent))} as sent, ${kb(sum(initialCssFiles, gzipSize))} gzip`,
  );

  const lazy = readdirSync(assets).filter((f) => f.endsWith('.js') && !loaded.has(f));
  const oversized = [];
  console.log('Lazy chunks (gzip):');
  for (const file of lazy.sort()) {
    const size = gzipSize(file);
    if (size > CHUNK_BUDGET) oversized.push(file);
    console.log(`  ${kb(size).padStart(9)}  ${file}${size > CHUNK_BUDGET ? '  OVER BUDGET' : ''}`);
  }
  const backofficeGzip = (file) => gzipSync(readFileSync(join(backofficeAssets, file))).length;
  const backofficeInitial = [...backofficeLoaded].sort();
  const backofficeJs = backofficeInitial
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + backofficeGzip(f), 0);
  console.log('First visit to /backoffice/login loads:');
  for (const file of backofficeInitial) console.log(`  ${kb(backofficeGzip(file)).padStart(9)}  ${file}`);
  console.log(`back office initial JS (gzip): ${kb(backofficeJs)} (reported; no budget)`);
  console.log(
    backofficeOnPlayerVisit.length === 0
      ? 'player first visit loads nothing of the back office: ✔'
      : `player first visit loaded back-office files: ${backofficeOnPlayerVisit.join(', ')}`,
  );

  const failures = [];
  if (backofficeOnPlayerVisit.length > 0) failures.push('the player first visit loaded back-office files');
  if (backofficeJs === 0) failures.push('the back office loaded no script (not built or not served?)');
  if (initialJs > INITIAL_JS_BUDGET)
    failures.push(`initial JS ${kb(initialJs)} as sent > ${kb(INITIAL_JS_BUDGET)}`);
  for (const file of oversized) failures.push(`${file} > ${kb(CHUNK_BUDGET)}`);
  if (failures.length > 0) {
    console.error(`✖ size budget: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('✔ within the size budgets');
  }
} finally {
  server.kill('SIGTERM');
}

/** Mantine classes (`m_` + 8 hex) in the built JS without a rule in the built CSS, each with its file. */
function checkMantineStyles() {
  const read = (dir, ext) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  const classesIn = (texts) => new Set(texts.join('\n').match(/m_[0-9a-f]{8}/g));
  // Which Mantine file defines each class; strings in the JS that no Mantine file defines are not classes.
  const owners = new Map();
  const mantineDirs = [
    join(root, 'node_modules/@mantine/core/styles'),
    join(root, 'node_modules/@mantine/notifications'),
  ];
  for (const dir of mantineDirs) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))) {
      for (const name of classesIn([readFileSync(join(dir, file), 'utf8')])) owners.set(name, file);
    }
  }
  const defined = classesIn(read(assets, '.css'));
  return [...classesIn(read(assets, '.js'))]
    .filter((name) => owners.has(name) && !defined.has(name))
    .map((name) => `${name} (${owners.get(name)})`);
}
