import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PROVIDERS } from '@lc/shared/providers';
import { expect, type Page, request, test } from '@playwright/test';
import { baseURL, OPS_TOKEN } from './playwright.config';
import { currentPlayerId, deviceFingerprint, errorText, opsCredit, registerViaApi } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A 13-digit account number starting with `prefix`, unique per run. */
function accountNumber(prefix = '12') {
  return `${prefix}${Date.now()}`.slice(0, 13).padEnd(13, '7');
}

async function submitBankAccount(page: Page, number: string) {
  const form = page.getByTestId('bank-account-form');
  await form.locator('input[name="accountNumber"]').fill(number);
  await page.getByTestId('bank-submit').click();
}

async function chooseOption(page: Page, testId: string, label: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: label }).first().click();
}

test('bank account with its errors, five balances, a funded game launch and a spin that moves the balance', async ({
  page,
}) => {
  // Another player already holds this account.
  const takenNumber = accountNumber('55');
  const other = await request.newContext({ baseURL });
  const otherName = `o${Date.now().toString(36)}`;
  const registered = await other.post('/api/v2/players/register', {
    headers: { 'x-fingerprint': `fp-${otherName}` },
    data: {
      username: otherName,
      password: 'Other-player-2026',
      confirmPassword: 'Other-player-2026',
      displayName: 'Somphone K',
      acceptTerms: true,
      adultConfirmed: true,
      fingerprint: deviceFingerprint(`fp-${otherName}`),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const added = await other.post('/api/v2/players/bank-accounts', {
    data: { bank: 'bcel', accountNumber: takenNumber, accountName: 'Other', currency: 'LAK', owner: 'SELF' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await other.dispose();

  await registerViaApi(page);
  await page.goto('/player/bank');
  await chooseOption(page, 'bank-select', /BCEL/);
  await page.getByTestId('bank-account-form').locator('input[name="accountName"]').fill('Somchai Vongsa');
  await chooseOption(page, 'currency-select', /LAK/);
  await chooseOption(page, 'owner-select', /.+/);

  const cases: Array<[string, string]> = [
    [accountNumber('000'), 'ACCOUNT_NOT_FOUND'],
    [accountNumber('999'), 'ACCOUNT_NOT_ALLOWED'],
    [accountNumber('998'), 'ACCOUNT_NOT_ALLOWED'],
    [takenNumber, 'ACCOUNT_IN_USED'],
  ];
  for (const [number, code] of cases) {
    await submitBankAccount(page, number);
    await expect(page.getByTestId('bank-error'), code).toHaveText(errorText('lo', code));
  }
  const ownNumber = accountNumber('20');
  await submitBankAccount(page, ownNumber);
  const card = page.getByTestId('bank-account-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(ownNumber.slice(-4));
  await expect(card).not.toContainText(ownNumber);
  await expect(page.getByTestId('bank-account-form')).toHaveCount(0);

  // Five zero balances, refreshed all at once.
  await page.goto('/player');
  for (const provider of PROVIDERS) {
    await expect(page.getByTestId(`credit-${provider}`)).toContainText(/0[.,]00/);
  }
  const refreshed = new Set<string>();
  page.on('response', (response) => {
    const match = /\/api\/v2\/players\/credits\/(\w+)$/.exec(response.url());
    if (match?.[1] && response.ok()) refreshed.add(match[1]);
  });
  await page.getByTestId('credit-refresh').click();
  await expect.poll(() => refreshed.size).toBe(PROVIDERS.length);

  // Before any deposit the game does not open.
  await page.goto('/player/game/askmebet?tab=Slot');
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await page.getByTestId('game-play').first().click();
  await expect(page.getByTestId('game-error')).toContainText(errorText('lo', 'GAME_NEEDS_DEPOSIT'));

  // A deposit booked through the ledger (operator credit), then the game opens and a spin moves the balance.
  await opsCredit(page, await currentPlayerId(page), 'askmebet', '500.00');
  await page.reload();
  const credit = page.getByTestId('provider-credit-amount');
  await expect(credit).toHaveText(/500[.,]00/);
  const [game] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('game-play').first().click(),
  ]);
  await expect(game.locator('#balance')).toHaveText(/500[.,]00/);
  await game.locator('#spin').click();
  await expect(game.locator('#balance')).not.toHaveText(/^500[.,]00$/);
  await expect(game.locator('#results li')).toHaveCount(1);
  await game.close();
  await page.bringToFront();
  await page.getByTestId('provider-credit-refresh').click();
  await expect(credit).not.toHaveText(/500[.,]00/);

  // The ledger and the providers agree: every transfer is accounted for once.
  const reconciliation = spawnSync(
    `${root}node_modules/.bin/tsx`,
    ['apps/api/src/ops/cli.ts', 'reconciliation'],
    {
      cwd: root,
      env: { ...process.env, OPS_URL: baseURL.replace('localhost', '127.0.0.1'), OPS_TOKEN },
      encoding: 'utf8',
    },
  );
  expect(reconciliation.stdout.trim().split('\n').at(-1), reconciliation.stderr).toBe('differences: 0');
  expect(reconciliation.status).toBe(0);
});
