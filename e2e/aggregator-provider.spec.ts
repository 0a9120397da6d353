import { expect, test } from '@playwright/test';
import { baseURL, OPS_TOKEN } from './playwright.config';
import { addBankAccountViaApi, chooseOption, opsCli, registerViaApi } from './support';

// The demo runs betflix on the aggregator protocol (fundtransfer-v1, decision 0071) and the other four on our
// own: a player deposits to betflix, plays a round of its game and withdraws, as on any provider; the server's
// metrics show the calls went over the aggregator's protocol, and reconciliation (by look-ups there) finds
// nothing to report.

/** The count of HTTP calls to `provider` over `protocol`, from the server's metrics (the ops token reads them). */
async function callsOver(page: import('@playwright/test').Page, provider: string, protocol: string) {
  const scraped = await page.request.get(`${baseURL}/metrics`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  expect(scraped.status()).toBe(200);
  const pattern = new RegExp(
    `^lc_external_request_duration_seconds_count\\{[^}]*name="${provider}",protocol="${protocol}",outcome="2xx"[^}]*\\} (\\d+)`,
    'm',
  );
  return Number(pattern.exec(await scraped.text())?.[1] ?? 0);
}

test('a player deposits to betflix over the aggregator protocol, plays a round and withdraws', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerViaApi(page);
  await addBankAccountViaApi(page);
  const callsBefore = await callsOver(page, 'betflix', 'fundtransfer-v1');

  // Deposit 100,000 LAK to betflix and pay it at the sandbox bank.
  await page.goto('/player/deposit');
  await chooseOption(page, 'deposit-provider', /Betflix/i);
  await chooseOption(page, 'deposit-bank-account', /.+/);
  await chooseOption(page, 'deposit-channel', /.+/);
  await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('100000');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('deposit-success')).toBeVisible({ timeout: 20_000 });
  const credited = (await page.getByTestId('deposit-credit').textContent())?.trim() ?? '';
  expect(credited).toMatch(/\d/);
  // Member, balance and transfer: over the aggregator's protocol.
  expect(await callsOver(page, 'betflix', 'fundtransfer-v1')).toBeGreaterThan(callsBefore);

  // Its games come in the aggregator's game types; a round at the demo slot moves the balance.
  await page.goto('/player/game/betflix');
  await expect(page.getByTestId('game-tab-SL')).toContainText('Slots');
  const balance = page.getByTestId('provider-credit-amount');
  await expect(balance).not.toHaveText(/^\D*0[.,]00\D*$/);
  const [game] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('game-play').first().click(),
  ]);
  const before = (await game.locator('#balance').textContent()) ?? '';
  await game.locator('#spin').click();
  await expect(game.locator('#results li')).toHaveCount(1);
  await expect(game.locator('#balance')).not.toHaveText(before);
  await game.close();
  await page.bringToFront();

  // Withdraw 50.00 THB of betflix credit; an operator pays it out.
  await page.goto('/player/withdraw');
  await chooseOption(page, 'withdraw-provider', /Betflix/i);
  await chooseOption(page, 'withdraw-bank-account', /.+/);
  await page.getByTestId('withdraw-form').locator('input[name="credit"]').fill('50.00');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();
  const open = (await (await page.request.get('/api/v2/withdrawals/open')).json()) as {
    orders: Array<{ code: string; game_provider: string }>;
  };
  const withdrawal = open.orders.find((o) => o.game_provider === 'betflix');
  expect(withdrawal?.code).toMatch(/^W/);
  const approved = opsCli('withdrawals', 'approve', withdrawal?.code ?? '', '--ref', `BCEL-${Date.now()}`);
  expect(approved.status, approved.err + approved.out).toBe(0);
  await page.goto('/player/withdraw/history');
  const row = page.locator(`[data-testid="order-row"][data-code="${withdrawal?.code}"]`).first();
  await expect(row.getByTestId('status-chip')).toHaveAttribute('data-status', 'SUCCESS');

  // The ledger and the aggregator agree, reference by reference.
  const reconciliation = opsCli('reconciliation');
  expect(reconciliation.out.trim().split('\n').at(-1), reconciliation.err).toBe('differences: 0');
});
