import { convert, formatMinor } from '@lc/shared/money';
import { expect, test } from '@playwright/test';
import { addBankAccount, registerViaForm, submitDepositForm } from './support';

// The README's own first steps, as a newcomer takes them: in CI this runs against `npm start` on a fresh data
// dir on PGlite (E2E_SUITE=readme, playwright.config.ts), while the rest of the browser suite runs once, on
// PostgreSQL. In a whole local run it runs against the suite's server like every other test.
test('README path: register, add the bank account, deposit by LaoQR, pay at the sandbox bank, credited', async ({
  page,
}) => {
  await registerViaForm(page);
  await addBankAccount(page);

  await submitDepositForm(page, '100000');
  await expect(page.getByTestId('deposit-qr-image')).toBeVisible();

  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('deposit-success')).toBeVisible({ timeout: 20_000 });

  // 100,000 LAK ÷ the sell rate, rounded down to the satang, on the provider's balance.
  const rates = (await (await page.request.get('/api/v2/exchange-rates')).json()) as {
    rates: Array<{ currency: string; buy: string; sell: string }>;
  };
  const credit = formatMinor(convert('DEPOSIT', 100000n, rates.rates), 'THB');
  const [whole, cents] = credit.split('.');
  const shown = new RegExp(`${Number(whole).toLocaleString('en').replace(/,/g, '[.,\\s]?')}[.,]${cents}`);
  await expect(page.getByTestId('deposit-credit')).toHaveText(shown);
  const balance = (await (await page.request.get('/api/v2/players/credits/askmebet')).json()) as {
    credit: { amount: string };
  };
  expect(balance.credit.amount).toBe(credit);
});
