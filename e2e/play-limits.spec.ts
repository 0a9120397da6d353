import { expect, test } from '@playwright/test';
import {
  addBankAccountViaApi,
  errorText,
  localeText,
  openAccountMenu,
  registerViaApi,
  submitDepositForm,
} from './support';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The translated DEPOSIT_LIMIT_REACHED of the daily limit with `remaining` kip left, as a pattern. */
function limitMessage(language: 'lo' | 'th', remaining: string): RegExp {
  const [before = '', after = ''] = errorText(language, 'DEPOSIT_LIMIT_REACHED')
    .replace('{{period}}', localeText(language, 'common', 'playLimits.period.daily'))
    .split('{{remaining}}');
  // The amount is formatted by the browser's Intl (group separator and kip sign vary): digits with any
  // separators between.
  const digits = remaining.split('').join('[^0-9]?');
  return new RegExp(`${escapeRegExp(before)}.*${digits}.*${escapeRegExp(after)}`);
}

test('a daily deposit limit set on the play-limits page refuses a deposit over it, in lo and th', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerViaApi(page);
  await addBankAccountViaApi(page);

  await page.goto('/player');
  await openAccountMenu(page);
  await page.getByTestId('play-limits-link').click();
  await expect(page).toHaveURL(/\/player\/limits$/);
  await page.getByTestId('limit-daily').fill('50000');
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limits-saved')).toBeVisible();
  // A lower limit applies at once: nothing waits.
  await expect(page.getByTestId('limits-pending')).toHaveCount(0);

  for (const language of ['lo', 'th'] as const) {
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await submitDepositForm(page, '60000');
    await expect(page.getByTestId('deposit-error')).toHaveText(limitMessage(language, '50000'));
    await expect(page.getByTestId('deposit-qr')).toHaveCount(0);
  }

  // Within the limit the deposit opens.
  await submitDepositForm(page, '50000');
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
});

test('a raise waits 24 h and shows as pending', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/player/limits');
  await page.getByTestId('limit-weekly').fill('100000');
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limits-saved')).toBeVisible();
  await page.getByTestId('limit-weekly').fill('200000');
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limits-pending')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('limits-pending')).toBeVisible();
  await expect(page.getByTestId('limit-weekly')).toHaveValue('200000');
});

test('a time-out after its confirmation restricts the account: banner with the date, deposits refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerViaApi(page);
  await addBankAccountViaApi(page);
  await page.goto('/player/limits');
  await page.getByTestId('break-TIME_OUT-start').click();
  const confirm = page.getByTestId('break-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('break-understood').check();
  await confirm.click();
  await expect(page.getByTestId('restriction-banner')).toBeVisible();
  await submitDepositForm(page, '50000');
  const [before = ''] = errorText('lo', 'ACCOUNT_TIMED_OUT').split('{{until}}');
  await expect(page.getByTestId('deposit-error')).toContainText(before);
});
