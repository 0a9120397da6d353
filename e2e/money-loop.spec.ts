import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLaoQr } from '@lc/shared/laoqr';
import { convert, formatMinor } from '@lc/shared/money';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, OPS_TOKEN } from './playwright.config';
import { readQrFromScreen } from './read-qr';
import { errorText, registerViaForm, shownText } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The translated status labels the web app shows. */
function statusLabels(language: 'lo' | 'th'): Record<string, string> {
  const file = fileURLToPath(new URL(`../apps/web/public/locales/${language}/common.json`, import.meta.url));
  const { status } = JSON.parse(readFileSync(file, 'utf8')) as { status: Record<string, string> };
  return Object.fromEntries(Object.entries(status).map(([code, text]) => [code, shownText(language, text)]));
}

function ops(...args: string[]) {
  const run = spawnSync(`${root}node_modules/.bin/tsx`, ['apps/api/src/ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, OPS_URL: baseURL.replace('localhost', '127.0.0.1'), OPS_TOKEN },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

async function chooseOption(page: Page, testId: string, label: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: label }).first().click();
}

/** The chip's background as [r, g, b]. */
async function colourOf(chip: Locator): Promise<number[]> {
  const css = await chip.evaluate((el) => getComputedStyle(el).backgroundColor);
  return (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

test('register → bank → deposit by LaoQR → check → credit → spin → withdraw → ops approve → histories in lo and th', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerViaForm(page);

  await page.goto('/player/bank');
  await chooseOption(page, 'bank-select', /BCEL/);
  const bankForm = page.getByTestId('bank-account-form');
  await bankForm.locator('input[name="accountNumber"]').fill(`30${Date.now()}`.slice(0, 13));
  await bankForm.locator('input[name="accountName"]').fill('Khamla Phommachanh');
  await chooseOption(page, 'currency-select', /LAK/);
  await chooseOption(page, 'owner-select', /.+/);
  await page.getByTestId('bank-submit').click();
  await expect(page.getByTestId('bank-account-card')).toBeVisible();

  // Deposit 100,000 LAK.
  await page.goto('/player/deposit');
  await chooseOption(page, 'deposit-provider', /AskMeBet/i);
  await chooseOption(page, 'deposit-bank-account', /.+/);
  await chooseOption(page, 'deposit-channel', /.+/);
  await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('100000');
  await page.getByTestId('deposit-submit').click();
  const qr = page.getByTestId('deposit-qr');
  await expect(qr).toBeVisible();
  await expect(page.getByTestId('deposit-qr-image')).toBeVisible();
  // The QR as a banking app scans it: the structure Lao banks issue (MCC, merchant bill, receiver id, reference).
  const scanned = parseLaoQr(await readQrFromScreen(page.getByTestId('deposit-qr-image')));
  const depositCode = (await page.getByTestId('deposit-code').textContent())?.trim() ?? '';
  expect(scanned).toMatchObject({
    crcValid: true,
    paymentType: '002',
    amount: 100000n,
    reference: depositCode,
  });
  expect(scanned.mcc).toMatch(/^\d{4}$/);
  expect(scanned.receiverId).toMatch(/^SBXMCH-/);

  // Checking before paying: the spec's unpaid message.
  await page.getByTestId('deposit-check').click();
  await expect(page.getByTestId('deposit-message')).toContainText(errorText('lo', 'DEPOSIT_NOT_PAID'));

  // Paid: the page turns to SUCCESS by itself on the order's events (live status, decision 0036).
  await page.getByTestId('sandbox-pay').click();
  const success = page.getByTestId('deposit-success');
  await expect(success).toBeVisible({ timeout: 20_000 });

  // Credit = 100,000 ÷ sell rate, rounded down to the satang.
  const rates = (await (await page.request.get('/api/v2/exchange-rates')).json()) as {
    rates: Array<{ currency: string; buy: string; sell: string }>;
  };
  const credit = formatMinor(convert('DEPOSIT', 100000n, rates.rates), 'THB');
  const [whole, cents] = credit.split('.');
  const shown = new RegExp(`${Number(whole).toLocaleString('en').replace(/,/g, '[.,\\s]?')}[.,]${cents}`);
  await expect(page.getByTestId('deposit-credit')).toHaveText(shown);
  await page.goto('/player/game/askmebet?tab=Slot');
  await expect(page.getByTestId('provider-credit-amount')).toHaveText(shown);

  // A spin at the sandbox game.
  const [game] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('game-play').first().click(),
  ]);
  const before = await game.locator('#balance').textContent();
  await game.locator('#spin').click();
  await expect(game.locator('#balance')).not.toHaveText(before ?? '');
  await game.close();

  // Withdraw 50.00 THB and let the operator pay it out.
  await page.goto('/player/withdraw');
  await chooseOption(page, 'withdraw-provider', /AskMeBet/i);
  await chooseOption(page, 'withdraw-bank-account', /.+/);
  await page.getByTestId('withdraw-form').locator('input[name="credit"]').fill('50.00');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();
  const open = (await (await page.request.get('/api/v2/withdrawals/open')).json()) as {
    orders: Array<{ code: string }>;
  };
  const withdrawalCode = open.orders[0]?.code ?? '';
  expect(withdrawalCode).toMatch(/^W/);
  const approved = ops('withdrawals', 'approve', withdrawalCode, '--ref', `BCEL-${Date.now()}`);
  expect(approved.status, approved.err + approved.out).toBe(0);

  // Both histories, in Lao and in Thai, with the status labels and colours of the spec.
  for (const language of ['lo', 'th'] as const) {
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    const labels = statusLabels(language);
    await page.goto('/player/deposit/history');
    const depositChip = page.getByTestId('order-row').first().getByTestId('status-chip');
    await expect(depositChip).toHaveAttribute('data-status', 'SUCCESS');
    await expect(depositChip).toHaveText(labels.SUCCESS ?? 'SUCCESS');
    const [r, g, b] = await colourOf(depositChip);
    expect(g, 'SUCCESS is green').toBeGreaterThan(r ?? 0);
    expect(g).toBeGreaterThan(b ?? 0);

    await page.goto('/player/withdraw/history');
    const row = page.locator(`[data-testid="order-row"][data-code="${withdrawalCode}"]`).first();
    await expect(row.getByTestId('status-chip')).toHaveAttribute('data-status', 'SUCCESS');
    await expect(row.getByTestId('status-chip')).toHaveText(labels.SUCCESS ?? 'SUCCESS');
    await expect(row).toContainText('50');
  }

  const reconciliation = ops('reconciliation');
  expect(reconciliation.out.trim().split('\n').at(-1), reconciliation.err).toBe('differences: 0');
});
