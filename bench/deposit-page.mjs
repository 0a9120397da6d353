// `npm run bench:deposit-page`: the deposit page as a player on a phone lives it (issue #41), in Chromium with the
// CPU slowed ×4 (DevTools protocol `Emulation.setCPUThrottlingRate`, Lighthouse's mobile slowdown) against the
// built app on a server this script starts (scratch PostgreSQL, like the other benchmarks; sandbox bank):
// - tap Deposit → QR visible: the form filled, from the tap on its submit button to the QR picture on screen
//   (BENCH_TAP_RUNS, default 10);
// - bank pays → SUCCESS on screen: the QR on screen, the sandbox bank pays it through its API (as the player's
//   banking app would), and nobody presses Check: from the payment to the SUCCESS panel on screen, carried by the
//   live order events (decision 0036) (BENCH_DEPOSITS, default 20).
// Each run is a new player with a bank account, on a freshly loaded /player/deposit, one after the other. Prints
// p50 and p95 of each; reported, no budget (README, Performance).
import { chromium } from 'playwright-core';
import { addBankAccount, createScratchDatabase, registerPlayers, startServer } from './lib.mjs';

const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 10);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 20);
const CPU_SLOWDOWN = 4;
const PORT = Number(process.env.BENCH_PORT ?? 3470);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The longest a QR or a credit may take before the run is called failed. */
const GIVE_UP_MS = 60_000;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Resolves with the time (performance.timeOrigin + now: a wall clock this process shares) of the first frame in
 * which the page has an element of `selector` on screen (for 'image': its picture decoded), looked for at every
 * frame; the time is the frame's, just before the browser presents it.
 */
function whenShown(page, selector, kind) {
  return page.evaluate(
    ({ selector, kind, giveUpMs }) =>
      new Promise((resolve, reject) => {
        const giveUp = setTimeout(() => reject(new Error(`${selector} not shown`)), giveUpMs);
        const isShown = (element) =>
          element !== null &&
          element.getClientRects().length > 0 &&
          (kind !== 'image' || (element.complete && element.naturalWidth > 0));
        const look = () => {
          if (isShown(document.querySelector(selector))) {
            clearTimeout(giveUp);
            resolve(performance.timeOrigin + performance.now());
          } else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    { selector, kind, giveUpMs: GIVE_UP_MS },
  );
}

/** Opens a Mantine Select by its test id and picks the first option matching `label`. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: label }).first().click();
}

const scratch = await createScratchDatabase();
const server = await startServer(PORT, scratch.url);
const base = server.url;
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: base });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const taps = [];
  const credits = [];
  const checksByPage = [];
  for (let run = 0; run < Math.max(TAP_RUNS, DEPOSITS); run++) {
    const [cookie] = await registerPlayers(base, 1);
    await addBankAccount(base, cookie);
    const [name, value] = cookie.split(/=(.*)/s);
    await context.clearCookies();
    await context.addCookies([{ name, value, url: base }]);
    await page.goto('/player/deposit');
    await choose(page, 'deposit-provider', /AskMeBet/i);
    await choose(page, 'deposit-bank-account', /.+/);
    await choose(page, 'deposit-channel', /.+/);
    await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('100000');

    // The tap as the page receives it (a real click through the browser's input), timed by the page itself.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (event) => {
          if (event.target.closest('[data-testid="deposit-submit"]'))
            window.benchTappedAt = performance.timeOrigin + event.timeStamp;
        },
        { capture: true, once: true },
      );
    });
    const qrShown = whenShown(page, '[data-testid="deposit-qr-image"]', 'image');
    await page.getByTestId('deposit-submit').click();
    const qrAt = await qrShown;
    if (run < TAP_RUNS) taps.push(qrAt - (await page.evaluate(() => window.benchTappedAt)));

    if (run < DEPOSITS) {
      const payload = await page.getByTestId('deposit-qr-image').getAttribute('data-payload');
      let checks = 0;
      const countCheck = (request) => {
        if (request.url().endsWith('/check')) checks += 1;
      };
      page.on('request', countCheck);
      const successShown = whenShown(page, '[data-testid="deposit-success"]', 'element');
      const paidAt = Date.now();
      const paid = await fetch(`${base}/sandbox/bank/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payload }),
      });
      if (paid.status !== 201) throw new Error(`sandbox bank payment: ${paid.status} ${await paid.text()}`);
      credits.push((await successShown) - paidAt);
      page.off('request', countCheck);
      // Nobody presses Check; the page itself asks once the events say the order moved (at most twice).
      checksByPage.push(checks);
    }
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  const line = (label, values) =>
    console.log(
      `${label.padEnd(44)} p50 ${(percentile(values, 50) / 1000).toFixed(2)} s   p95 ${(percentile(values, 95) / 1000).toFixed(2)} s   (${values.length} runs)`,
    );
  console.log(
    `Chromium, 375 × 812, CPU slowed ×${CPU_SLOWDOWN}; each run a new player on a freshly loaded page`,
  );
  line('tap Deposit → QR visible', taps);
  line('bank pays → SUCCESS on screen (no Check)', credits);
  console.log(`  /check asked by the page itself per deposit: at most ${Math.max(...checksByPage)}`);
} finally {
  await browser.close();
  await server.stop();
  await scratch.drop();
}
