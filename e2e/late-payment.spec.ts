import { parseLaoQr } from '@lc/shared/laoqr';
import { convert, formatMinor } from '@lc/shared/money';
import { expect, test } from '@playwright/test';
import { addBankAccountViaApi, chooseOption, localeText, opsCli, registerViaApi } from './support';

test('a deposit paid after the player cancelled it: "paid after cancellation", then staff credit it once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerViaApi(page);
  await addBankAccountViaApi(page);

  await page.goto('/player/deposit');
  await chooseOption(page, 'deposit-provider', /AskMeBet/i);
  await chooseOption(page, 'deposit-bank-account', /.+/);
  await chooseOption(page, 'deposit-channel', /.+/);
  await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('100000');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  const code = (await page.getByTestId('deposit-code').textContent())?.trim() ?? '';
  const { payload } = (await (await page.request.get(`/api/v2/deposits/${code}/laoqr`)).json()) as {
    payload: string;
  };
  expect(parseLaoQr(payload).reference).toBe(code);

  // The player cancels, then pays the QR from their banking app anyway (the sandbox bank, as a payer).
  await page.getByTestId('deposit-cancel').click();
  await expect(page.getByTestId('deposit-qr')).toBeHidden();
  const paid = await page.request.post('/sandbox/bank/payments', { data: { payload } });
  expect(paid.status(), await paid.text()).toBe(201);

  // The bank's webhook reaches the API in the background; the order shows as paid after cancellation.
  await expect
    .poll(async () => {
      const page1 = (await (await page.request.get('/api/v2/deposits')).json()) as {
        items: Array<{ code: string; latePaid: boolean }>;
      };
      return page1.items.find((item) => item.code === code)?.latePaid;
    })
    .toBe(true);
  for (const language of ['lo', 'th'] as const) {
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/player/deposit/history');
    const row = page.locator(`[data-testid="order-row"][data-code="${code}"]`).first();
    await expect(row.getByTestId('status-chip')).toHaveAttribute('data-status', 'CANCELED');
    await expect(row.getByTestId(`late-paid-${code}`)).toHaveText(
      localeText(language, 'common', 'deposit.latePaid'),
    );
  }

  // Staff find it in the unmatched queue and credit it (once) with the ops CLI.
  const queue = opsCli('bank-payments', 'list', '--status', 'UNMATCHED', '--page-size', '100');
  expect(queue.status, queue.err).toBe(0);
  const line = queue.out.split('\n').find((l) => l.includes(code));
  expect(line, queue.out).toContain('LATE');
  const paymentId = line?.trim().split(/\s+/)[0] ?? '';
  const credited = opsCli('bank-payments', 'credit', paymentId, '--provider', 'askmebet');
  expect(credited.status, credited.err + credited.out).toBe(0);
  expect(credited.out).toContain(`deposit ${code} SUCCESS`);
  const again = opsCli('bank-payments', 'credit', paymentId, '--provider', 'askmebet');
  expect(again.status).not.toBe(0);
  expect(again.err + again.out).toContain('PAYMENT_ALREADY_RESOLVED');

  // The credit panel and the history show it credited.
  const rates = (await (await page.request.get('/api/v2/exchange-rates')).json()) as {
    rates: Array<{ currency: string; buy: string; sell: string }>;
  };
  const credit = formatMinor(convert('DEPOSIT', 100000n, rates.rates), 'THB');
  const [whole, cents] = credit.split('.');
  const shown = new RegExp(`${Number(whole).toLocaleString('en').replace(/,/g, '[.,\\s]?')}[.,]${cents}`);
  await page.goto('/player/game/askmebet?tab=Slot');
  await expect(page.getByTestId('provider-credit-amount')).toHaveText(shown);
  await page.goto('/player/deposit/history');
  const row = page.locator(`[data-testid="order-row"][data-code="${code}"]`).first();
  await expect(row.getByTestId('status-chip')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(row.getByTestId(`late-paid-${code}`)).toHaveCount(0);
});
