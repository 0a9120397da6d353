import { expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  closeStaffContexts,
  consoleText,
  DESKTOP,
  openWithdrawal,
  PHONE,
  shownThb,
  signedInStaffPage,
  staffGet,
} from './backoffice-support';
import { OPS_TOKEN } from './playwright.config';
import { addBankAccount, chooseOption, openPlayerAreaAsNewPlayer } from './support';

// Every staff member's browser context this file's tests open is closed after each test.
test.afterEach(closeStaffContexts);

const OPS = { authorization: `Bearer ${OPS_TOKEN}` };

// Issue #14, second pass: the queues update by themselves (server-sent events) and the dashboard.
type Page_ = { total: number; items: Array<{ code: string }> };
type Dashboard = {
  totals: { deposits: { count: number; thb: string }; house: string };
  queues: { withdrawalsOpen: number };
};

test('at 1280 px a new OPEN withdrawal appears in the cashier’s queue and menu count without a reload', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const { page: cashier } = await signedInStaffPage(browser, 'cashier');
  await cashier.goto('/backoffice/withdrawals');
  await expect(cashier.getByTestId('withdrawals-table')).toBeVisible();
  await expect(cashier.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
  // Marks this document: still there at the end means the page never reloaded.
  await cashier.evaluate(() => {
    (window as unknown as { lcNoReload: boolean }).lcNoReload = true;
  });

  const code = await openWithdrawal(page);

  await expect(cashier.locator(`[data-testid="withdrawal-row"][data-code="${code}"]`)).toBeVisible();
  await expect(async () => {
    const queue = await staffGet<Page_>(cashier, '/api/ops/v1/withdrawals?status=OPEN&pageSize=1');
    await expect(cashier.getByTestId('nav-count-withdrawals')).toHaveText(String(queue.total), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  expect(await cashier.evaluate(() => (window as unknown as { lcNoReload?: boolean }).lcNoReload)).toBe(true);

  // The CSV link asks for what the filter shows.
  await expect(cashier.getByTestId('csv-export')).toHaveAttribute(
    'href',
    '/api/ops/v1/withdrawals?status=OPEN&order=oldest&format=csv',
  );
  const csv = await cashier.request.get('/api/ops/v1/withdrawals?status=OPEN&order=oldest&format=csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(code);
});

/** A registered player pays a 100,000 LAK deposit at the sandbox bank: it is credited (SUCCESS). */
async function creditedDeposit(page: Page): Promise<string> {
  await openPlayerAreaAsNewPlayer(page);
  await addBankAccount(page);
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
  const paid = await page.request.post('/sandbox/bank/payments', { data: { payload } });
  expect(paid.status(), await paid.text()).toBe(201);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/ops/v1/deposits?code=${code}`, { headers: OPS });
      const body = (await response.json()) as { items: Array<{ status: string }> };
      return body.items[0]?.status;
    })
    .toBe('SUCCESS');
  return code;
}

test('at 1280 px a deposit paid at the sandbox bank appears with its status on the cashier’s Deposits page without a reload; the dashboard passes axe', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const { page: cashier } = await signedInStaffPage(browser, 'cashier');
  // Every status: a deposit the bank pays passes PAID and is credited at once (SUCCESS), so it would only
  // flash through the default PAID queue. An OPEN deposit sends no queue event: the row can only come with
  // the payment's events.
  await cashier.goto('/backoffice/deposits?status=ALL');
  await expect(cashier.getByTestId('deposits-table')).toBeVisible();
  await expect(cashier.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
  // Marks this document: still there at the end means the page never reloaded.
  await cashier.evaluate(() => {
    (window as unknown as { lcNoReload: boolean }).lcNoReload = true;
  });

  const code = await creditedDeposit(page);

  const row = cashier.locator('tr', {
    has: cashier.locator(`[data-testid="deposit-row"][data-code="${code}"]`),
  });
  await expect(row).toBeVisible({ timeout: 20_000 });
  const status = row.getByTestId('status-badge');
  await expect(status).toHaveAttribute('data-status', 'SUCCESS');
  await expect(status).toHaveText(consoleText('lo', 'common', 'status.SUCCESS'));
  expect(await cashier.evaluate(() => (window as unknown as { lcNoReload?: boolean }).lcNoReload)).toBe(true);

  // The dashboard at 1280 px, reached through the menu (still the same document), passes axe.
  await cashier.getByTestId('nav-dashboard').click();
  await expect(cashier).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(cashier.getByTestId('nav-dashboard')).toHaveAttribute('data-active', 'true');
  await expect(cashier.getByTestId('month-deposits')).toBeVisible();
  await expect(cashier.locator('.recharts-surface').first()).toBeVisible();
  expect(await axeViolations(cashier)).toEqual([]);
  expect(await cashier.evaluate(() => (window as unknown as { lcNoReload?: boolean }).lcNoReload)).toBe(true);
});

test('at 375 px the dashboard is the landing page, shows the API’s figures and passes axe', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await creditedDeposit(page);
  const { page: support } = await signedInStaffPage(browser, 'support', PHONE);
  await support.goto('/backoffice/');
  await expect(support).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(support.getByTestId('month-deposits')).toBeVisible();
  await expect(support.locator('.recharts-surface').first()).toBeVisible();
  // Other tests move money meanwhile: read the API and the page until both tell the same.
  await expect(async () => {
    const api = await staffGet<Dashboard>(support, '/api/ops/v1/dashboard?days=30');
    await support.reload();
    await expect(support.getByTestId('month-deposits-value')).toHaveText(shownThb(api.totals.deposits.thb), {
      timeout: 3_000,
    });
    await expect(support.getByTestId('month-house-value')).toHaveText(shownThb(api.totals.house));
    await expect(support.getByTestId('month-deposits-count')).toContainText(
      String(api.totals.deposits.count),
    );
    expect(api.totals.deposits.count).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  expect(await axeViolations(support)).toEqual([]);
  expect(await support.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
