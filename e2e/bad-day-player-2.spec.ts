import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import {
  addBankAccountViaApi,
  currentPlayerId,
  errorText,
  localeText,
  opsCredit,
  PASSWORD,
  registerViaApi,
  setSandboxBalance,
  waitForTheApp,
} from './support';

// Issue #40 items 4, 5, 6 and 9: a Lao (then Thai) player on a phone whose second factor, network and balances
// have a bad day, and the small things seen on the way.
test.use({ viewport: { width: 375, height: 667 } });

type Language = 'lo' | 'th';
const LANGUAGES = ['lo', 'th'] as const;

/** A locale text with its `{{name}}` placeholders filled (`{{name}}` left as a regex group when `pattern`). */
function text(
  language: Language,
  key: string,
  params: Record<string, string> = {},
  ns: 'common' | 'errors' = 'common',
) {
  let shown = localeText(language, ns, key);
  for (const [name, value] of Object.entries(params)) shown = shown.replaceAll(`{{${name}}}`, value);
  return shown;
}

/** The page in `language` from now on (the app reads it at start-up). */
async function useLanguage(page: Page, language: Language, path = '/player') {
  await page.goto(path);
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
  await page.reload();
  await waitForTheApp(page);
}

// ---------- item 4: the player's second factor ----------

/** Sets TOTP up and switches it on through the API for the page's signed-in player; its secret. */
async function enableTotpViaApi(page: Page): Promise<string> {
  const setUp = await page.request.post('/api/v2/players/security/totp/setup', { data: {} });
  expect(setUp.status(), await setUp.text()).toBe(200);
  const { secret } = (await setUp.json()) as { secret: string };
  const enabled = await page.request.post('/api/v2/players/security/totp/enable', {
    data: { code: await generate({ secret }) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return secret;
}

/** A code of the next 30-second step: the server accepts ±1 step, and the current one was used to enable. */
function nextStepCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

/** Six digits that are none of the codes the server would accept now (the steps around this one). */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await Promise.all(
    [-60, -30, 0, 30, 60].map((offset) => generate({ secret, epoch: now + offset })),
  );
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code)) ?? '333333';
}

/** Submits the login form and waits for the API's answer to it. */
async function submitLogin(page: Page) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v2/players/login'));
  await page.getByTestId('login-submit').click();
  return answered;
}

for (const language of LANGUAGES) {
  test(`${language}, 375 px: a wrong code has its own message, and five wrong codes leave the right password and a fresh code working`, async ({
    page,
    context,
  }) => {
    test.slow();
    const { username } = await registerViaApi(page);
    const secret = await enableTotpViaApi(page);
    await context.clearCookies();
    await useLanguage(page, language, '/login');

    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    expect((await submitLogin(page)).status()).toBe(401);
    const code = page.getByTestId('login-code');
    await expect(code).toBeVisible();

    const wrong = await wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await code.fill(wrong);
      expect((await submitLogin(page)).status(), `wrong code ${attempt}`).toBe(401);
      await expect(page.getByTestId('form-error'), `wrong code ${attempt}`).toHaveText(
        errorText(language, 'TOTP_INVALID'),
      );
    }
    // The password was right every time: it is not locked, and a fresh code signs in.
    await code.fill(await nextStepCode(secret));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/player$/);
  });

  test(`${language}, 375 px: TOTP set-up on the phone offers the secret to copy and an otpauth link`, async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerViaApi(page);
    await useLanguage(page, language, '/player/security');
    await page.getByTestId('totp-setup').click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // The same phone cannot scan its own screen: a link hands the account to the authenticator app.
    const open = page.getByTestId('totp-open-app');
    await expect(open).toHaveText(text(language, 'security.totp.openApp'));
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(href).searchParams.get('secret')).toBe(secret);

    const copy = page.getByTestId('totp-secret-copy');
    await expect(copy).toHaveText(text(language, 'common.copy'));
    await copy.click();
    await expect(copy).toHaveText(text(language, 'common.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Nothing of the set-up is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // As the phone shows it: the set-up from its top, under the top bar.
    await page.getByTestId('totp-section').evaluate((section) => {
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 72);
    });
    await page.screenshot({ path: testInfo.outputPath(`totp-setup-375-${language}.png`) });
  });
}

test('lo then th, 375 px: the password lockout says how many minutes are left', async ({ page, context }) => {
  test.slow();
  const { username } = await registerViaApi(page);
  await context.clearCookies();
  await useLanguage(page, 'lo', '/login');
  await page.locator('input[name="username"]').fill(username);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.locator('input[name="password"]').fill(`not-the-password-${attempt}`);
    expect((await submitLogin(page)).status(), `wrong password ${attempt}`).toBe(401);
    await expect(page.getByTestId('form-error')).toHaveText(errorText('lo', 'INVALID_CREDENTIALS'));
  }
  // The sixth try is refused unchecked for the rest of the 15-minute window; the message says how long.
  await page.locator('input[name="password"]').fill(PASSWORD);
  const refused = await submitLogin(page);
  expect(refused.status()).toBe(429);
  const minutes = Math.ceil(Number(refused.headers()['retry-after']) / 60);
  expect(minutes).toBeGreaterThanOrEqual(14);
  expect(minutes).toBeLessThanOrEqual(15);
  await expect(page.getByTestId('form-error')).toHaveText(
    text('lo', 'messages.tryAgainIn', { minutes: String(minutes) }, 'errors'),
  );

  await useLanguage(page, 'th', '/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  const again = await submitLogin(page);
  expect(again.status()).toBe(429);
  const left = Math.ceil(Number(again.headers()['retry-after']) / 60);
  await expect(page.getByTestId('form-error')).toHaveText(
    text('th', 'messages.tryAgainIn', { minutes: String(left) }, 'errors'),
  );
});

// ---------- item 5: offline inside the app ----------

for (const language of LANGUAGES) {
  test(`${language}, 375 px: offline, the screen says so at once, a tab opened offline says offline, and both come back by themselves`, async ({
    page,
    context,
  }, testInfo) => {
    await registerViaApi(page);
    await useLanguage(page, language);
    await expect(page.getByTestId('credit-panel')).toBeVisible();

    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toHaveText(text(language, 'offline.banner'));

    // A tab of the bottom bar opened offline: the offline state, not "Something went wrong".
    await page.getByTestId('bottom-bar').locator('a[href="/player/withdraw"]').click();
    const offline = page.getByTestId('offline-state');
    await expect(offline).toBeVisible();
    await expect(offline.getByRole('heading')).toHaveText(text(language, 'installableApp.offlineTitle'));
    await expect(page.getByTestId('error-boundary')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`offline-375-${language}.png`) });

    // The network comes back: the withdraw page arrives without a tap.
    await context.setOffline(false);
    await expect(page.locator('main h1')).toHaveText(text(language, 'pages.withdraw.title'));
    await expect(offline).toHaveCount(0);
    await expect(banner).toHaveCount(0);
  });

  test(`${language}, 375 px: Check offline says offline at once, and checks again when the network is back`, async ({
    page,
    context,
  }) => {
    await registerViaApi(page);
    const bankAccountId = await addBankAccountViaApi(page);
    const created = await page.request.post('/api/v2/deposits', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { provider: 'gclub', bankAccountId, amount: '100000', mid: 'MID-BCEL-0001' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await useLanguage(page, language, '/player/deposit');
    const check = page.getByTestId('deposit-check');
    await expect(check).toBeVisible();

    await context.setOffline(true);
    await check.click();
    await expect(page.getByTestId('deposit-error')).toHaveText(errorText(language, 'NETWORK_ERROR'));
    await expect(check).not.toHaveAttribute('data-loading');

    await context.setOffline(false);
    // Asked again by itself: the bank says the order is not paid yet.
    await expect(page.getByTestId('deposit-message')).toHaveText(errorText(language, 'DEPOSIT_NOT_PAID'));
    await expect(page.getByTestId('deposit-error')).toHaveCount(0);
  });
}

test.describe('with the service worker', () => {
  // A reload offline needs the shell from the service worker, which the suite blocks elsewhere.
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 120_000 });

  test('lo then th, 375 px: a reload offline shows the offline page after one try, not after a wait of retries', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const agencyCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/agency/info') agencyCalls.push(request.url());
    });
    await context.setOffline(true);
    for (const language of LANGUAGES) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      agencyCalls.length = 0;
      await page.reload();
      await expect(page.getByTestId('offline-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'installableApp.offlineTitle'),
      );
      // The page came after the one failed call: the retries (1 + 2 + 4 s) left the screen blank before.
      expect(agencyCalls, language).toHaveLength(1);
    }
    await context.setOffline(false);
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
  });
});

// ---------- item 6: balances after playing in another tab ----------

/**
 * Playwright makes every page believe it has focus; a tab switch then moves no focus at all. Without that
 * emulation the browser's own focus moves with `bringToFront`, as it does between a phone's tabs: the page
 * left gets `blur`, the page returned to gets `focus` (and, headless, no `visibilitychange`).
 */
async function withRealFocus(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
}

for (const language of LANGUAGES) {
  test(`${language}, 375 px: back from the game's tab, the credit panel shows the new balance without a reload`, async ({
    page,
    context,
  }) => {
    await registerViaApi(page);
    const playerId = await currentPlayerId(page);
    // A first deposit (booked by staff) lets the game open.
    await opsCredit(page, playerId, 'alphabet', '100.00');
    await useLanguage(page, language);
    await withRealFocus(context, page);
    const alphabet = page.getByTestId('credit-alphabet');
    await expect(alphabet).toContainText(/100[.,]00/);

    const launched = await page.request.post('/api/v2/games/alphabet/launch', { data: {} });
    expect(launched.status(), await launched.text()).toBe(200);
    const game = await context.newPage();
    await withRealFocus(context, game);
    await game.goto(((await launched.json()) as { url: string }).url);
    await game.bringToFront();
    expect(await page.evaluate(() => document.hasFocus())).toBe(false);
    // What a few spins in the game's tab do to the balance at the provider.
    await setSandboxBalance(page, 'alphabet', playerId, '123.45');

    await page.bringToFront();
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);
    await expect(alphabet).toContainText(/123[.,]45/);
    await game.close();
  });
}

// ---------- item 9: the small things ----------

for (const language of LANGUAGES) {
  test(`${language}, 320 px: the bottom bar's labels are whole`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await registerViaApi(page);
    await useLanguage(page, language);
    const bar = page.getByTestId('bottom-bar');
    await expect(bar).toBeVisible();
    // A label is cut when its laid-out text (all of it, the part behind an ellipsis too) leaves its box.
    const labels = await bar.locator('.bottom-bar-item span').evaluateAll((spans) =>
      spans.map((span) => {
        const box = span.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(span);
        const isCut = [...range.getClientRects()].some(
          (line) =>
            line.left < box.left - 0.5 ||
            line.right > box.right + 0.5 ||
            line.top < box.top - 0.5 ||
            line.bottom > box.bottom + 0.5,
        );
        return { text: span.textContent, isCut, right: box.right };
      }),
    );
    expect(labels).toHaveLength(4);
    expect(labels.filter((label) => label.isCut)).toEqual([]);
    expect(Math.max(...labels.map((label) => label.right))).toBeLessThanOrEqual(320);
    await bar.screenshot({ path: testInfo.outputPath(`bottom-bar-320-${language}.png`) });
  });

  test(`${language}, 375 and 320 px: the chosen currency and owner are shown whole`, async ({
    page,
  }, testInfo) => {
    await registerViaApi(page);
    await useLanguage(page, language, '/player/bank');
    for (const [testId, label] of [
      ['currency-select', 'bank.currencyLAK'],
      ['owner-select', 'bank.owners.SELF'],
    ] as const) {
      await page.getByTestId(testId).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: text(language, label) })
        .click();
      await expect(page.getByTestId(testId)).toHaveValue(text(language, label));
    }
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      for (const testId of ['currency-select', 'owner-select']) {
        const fits = await page
          .getByTestId(testId)
          .evaluate((input) => input.scrollWidth <= input.clientWidth);
        expect(fits, `${testId} at ${width} px`).toBe(true);
      }
      await page
        .getByTestId('bank-account-form')
        .screenshot({ path: testInfo.outputPath(`bank-form-${width}-${language}.png`) });
    }
  });

  test(`${language}, 375 px: a promotion still running shows that in words in the history, not N/A`, async ({
    page,
  }) => {
    await registerViaApi(page);
    await addBankAccountViaApi(page);
    const { promotions } = (await (await page.request.get('/api/v2/promotions')).json()) as {
      promotions: Array<{ id: string; imageUrl: string }>;
    };
    const reload = promotions.find((promotion) => promotion.imageUrl === '/promotions/daily-reload.svg');
    if (!reload) throw new Error('no demo daily reload promotion');
    const taken = await page.request.post('/api/v2/promotions/use', {
      data: { promotionId: reload.id, providerId: 'alphabet' },
    });
    expect(taken.status(), await taken.text()).toBe(201);
    await useLanguage(page, language, '/player/promotion/history');
    const row = page.getByTestId('usage-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text(language, 'promotion.notEnded'));
    await expect(row).not.toContainText('N/A');
  });
}
