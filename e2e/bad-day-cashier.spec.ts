import { randomUUID } from 'node:crypto';
import { parseLaoQr } from '@lc/shared/laoqr';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  closeStaffContexts,
  consoleText,
  DESKTOP,
  newStaffContext,
  shownThb,
  signedInStaffPage,
  staffGet,
  totp,
} from './backoffice-support';
import { OPS_TOKEN } from './playwright.config';
import { addBankAccountViaApi, createStaffWithToken, registerViaApi, STAFF_PASSWORD } from './support';

// Issue #40 items 7 and 8, found by a tester working as a cashier at 1280 px: the bank-payments table wider
// than the screen, a Credit dialog that asked again for what the order names, a Confirm that wanted a typed
// payment id; a reload during the first sign-in; an audit log of page views in raw codes; reports on yesterday.
test.afterEach(closeStaffContexts);

const OPS = { authorization: `Bearer ${OPS_TOKEN}` };
type Language = 'lo' | 'th';
const LANGUAGES: Language[] = ['lo', 'th'];
const DAY_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})?$/;

/** A console page of `role` in `language` (stored before the console starts, as its language menu does). */
async function staffPageIn(
  browser: Parameters<typeof signedInStaffPage>[0],
  role: 'cashier' | 'admin',
  language: Language,
) {
  const staff = await signedInStaffPage(browser, role);
  await staff.page.addInitScript((lng) => localStorage.setItem('lc.backoffice.lng', lng), language);
  return staff;
}

/** A player with a bank account, signed in on `page`: their username and account id. */
async function playerOn(page: Page) {
  const { username } = await registerViaApi(page);
  return { username, bankAccountId: await addBankAccountViaApi(page) };
}

/** A 100,000 kip GClub deposit of the page's player: its code and its LaoQR payload. */
async function openDeposit(page: Page, bankAccountId: string) {
  const created = await page.request.post('/api/v2/deposits', {
    headers: { 'idempotency-key': randomUUID() },
    data: { provider: 'gclub', bankAccountId, amount: '100000', mid: 'MID-BCEL-0001' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const code = ((await created.json()) as { order: { code: string } }).order.code;
  const laoqr = await page.request.get(`/api/v2/deposits/${code}/laoqr`);
  return { code, payload: ((await laoqr.json()) as { payload: string }).payload };
}

/** The id of the payment of `code`'s bill once the bank's webhook recorded it (with the OPS token). */
async function paymentOfBill(page: Page, code: string): Promise<string> {
  let paymentId = '';
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100', {
        headers: OPS,
      });
      const body = (await response.json()) as { items: Array<{ id: string; depositCode: string | null }> };
      paymentId = body.items.find((item) => item.depositCode === code)?.id ?? '';
      return paymentId;
    })
    .not.toBe('');
  return paymentId;
}

/** A deposit the player cancelled and then paid: an UNMATCHED late payment naming the order. */
async function latePayment(page: Page) {
  const player = await playerOn(page);
  const { code, payload } = await openDeposit(page, player.bankAccountId);
  expect((await page.request.post(`/api/v2/deposits/${code}/cancel`)).status()).toBe(200);
  const paid = await page.request.post('/sandbox/bank/payments', { data: { payload } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { ...player, code, paymentId: await paymentOfBill(page, code) };
}

/** A deposit paid 99,000 kip instead of 100,000: PAID, waiting for a cashier to confirm it. */
async function wrongAmountDeposit(page: Page) {
  const player = await playerOn(page);
  const { code, payload } = await openDeposit(page, player.bankAccountId);
  const billNumber = parseLaoQr(payload).billId ?? code;
  const paid = await page.request.post('/sandbox/bank/payments', { data: { billNumber, amount: '99000' } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { ...player, code, paymentId: await paymentOfBill(page, code) };
}

/** The named scroll box (decision 0044) a data table sits in; its `data-testid` is on the table itself. */
const scrollBoxOf = (page: Page, table: Locator) => page.locator('[role="region"]', { has: table }).last();

/** The table's own scroll box is not wider than shown, nor the page wider than the screen. */
async function expectTableFits(page: Page, table: Locator, what: string) {
  const region = scrollBoxOf(page, table);
  const widths = await region.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(widths.scroll, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(widths.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(
    DESKTOP.width,
  );
}

/** The element is drawn whole inside the table's box and the screen: not cut, not off to the right. */
async function expectWhollyShown(page: Page, table: Locator, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const frame = await scrollBoxOf(page, table).boundingBox();
  if (!box || !frame) throw new Error(`${what}: no box`);
  const right = Math.min(frame.x + frame.width, DESKTOP.width);
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.x + box.width, `${what}: right edge (${right})`).toBeLessThanOrEqual(right + 0.5);
}

test('(7) at 1280 px the bank-payments table fits in Lao and Thai, names the player, and Credit is prefilled with the baht it books', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const late = await latePayment(page);
  for (const language of LANGUAGES) {
    const { page: cashier } = await staffPageIn(browser, 'cashier', language);
    await cashier.goto('/backoffice/bank-payments');
    const table = cashier.getByTestId('bank-payments-table');
    const credit = cashier.getByTestId(`credit-${late.paymentId}`);
    await expect(credit).toBeVisible();
    const row = cashier.locator('tr', { has: credit });
    await expectTableFits(cashier, table, language);
    await expectWhollyShown(cashier, table, credit, `${language}: Credit`);
    await expectWhollyShown(
      cashier,
      table,
      row.getByTestId(`refund-${late.paymentId}`),
      `${language}: Refund`,
    );
    await expectWhollyShown(cashier, table, row.getByTestId('status-badge'), `${language}: status`);
    // The player by username, not by id.
    await expect(row.getByText(late.username, { exact: true })).toBeVisible();
    await expect(row).not.toContainText(late.paymentId);
    await cashier.screenshot({
      path: testInfo.outputPath(`bank-payments-1280-${language}.png`),
      fullPage: true,
    });

    // The Credit dialog names the order's provider and shows the baht it will book, from the server.
    await credit.click();
    const form = cashier.getByTestId('credit-form');
    await expect(form.getByTestId('credit-provider')).toHaveValue(
      consoleText(language, 'common', 'providers.gclub'),
    );
    const preview = form.getByTestId('credit-preview');
    await expect(preview).toHaveText(/฿\d/);
    const { preview: fromServer } = await staffGet<{ preview: { total: string } }>(
      cashier,
      `/api/ops/v1/bank-payments/${late.paymentId}/credit-preview`,
    );
    await expect(preview).toHaveText(shownThb(fromServer.total));
    await cashier.screenshot({ path: testInfo.outputPath(`credit-dialog-1280-${language}.png`) });
    if (language === 'lo') {
      await cashier.keyboard.press('Escape');
      await expect(form).toBeHidden();
      continue;
    }
    // Credited: the deposit books exactly the baht previewed.
    const shown = (await preview.textContent())?.trim();
    await form.getByTestId('credit-submit').click();
    await expect(form).toBeHidden();
    const deposits = await staffGet<{ items: Array<{ credit: string; bonus: string }> }>(
      cashier,
      `/api/ops/v1/deposits?code=${late.code}`,
    );
    const [booked] = deposits.items;
    const satang = (amount: string) => BigInt(amount.replace('.', ''));
    const total = satang(booked?.credit ?? '0') + satang(booked?.bonus ?? '0');
    expect(shown).toBe(shownThb(`${total / 100n}.${String(total % 100n).padStart(2, '0')}`));
  }
});

test('(7) at 1280 px Confirm on the deposits queue picks the payment of the order’s bill from a list, no typed id', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const paid = await wrongAmountDeposit(page);
  const { page: cashier } = await staffPageIn(browser, 'cashier', 'th');
  await cashier.goto('/backoffice/deposits?status=PAID');
  const table = cashier.getByTestId('deposits-table');
  const row = cashier.locator('tr', {
    has: cashier.locator(`[data-testid="deposit-row"][data-code="${paid.code}"]`),
  });
  await expectTableFits(cashier, table, 'deposits');
  await row.getByRole('button', { name: consoleText('th', 'common', 'deposits.confirm') }).click();
  const dialog = cashier.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // No box to type an id into: the payments of the bill are listed.
  await expect(dialog.locator('input[name="value"]')).toHaveCount(0);
  const picker = dialog.getByTestId('confirm-payment');
  await picker.click();
  const option = cashier.getByRole('listbox').getByRole('option').first();
  await expect(option).toContainText('₭99,000');
  await expect(option).toContainText(consoleText('th', 'common', 'status.UNMATCHED'));
  await expect(option).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await cashier.screenshot({ path: testInfo.outputPath(`confirm-picker-1280-th.png`) });
  await option.click();
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const body = await staffGet<{ items: Array<{ status: string }> }>(
        cashier,
        `/api/ops/v1/deposits?code=${paid.code}`,
      );
      return body.items[0]?.status;
    })
    .toBe('SUCCESS');
});

test('(8) a reload during the first sign-in returns to the enrolment with the same secret; enrolling then works', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await newStaffContext(browser);
  const page = await context.newPage();
  const { username, initialPassword } = await createStaffWithToken(context.request, 'cashier');
  await page.goto('/backoffice/login');
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(initialPassword);
  await page.getByTestId('sign-in-submit').click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.reload();
  await expect(page.getByTestId('totp-enrol-form')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);
  // The console itself sends a member who has not enrolled back to the enrolment.
  await page.goto('/backoffice/dashboard');
  await expect(page.getByTestId('totp-enrol-form')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);

  await page
    .getByTestId('totp-enrol-form')
    .locator('input[name="code"]')
    .fill(await totp(secret));
  await page.getByTestId('totp-enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.getByTestId('recovery-kept').check();
  await page.getByTestId('recovery-continue').click();
  // The initial password was typed before the reload: asked again to replace it.
  const passwordForm = page.getByTestId('password-form');
  await passwordForm.locator('input[name="currentPassword"]').fill(initialPassword);
  await passwordForm.locator('input[name="newPassword"]').fill(STAFF_PASSWORD);
  await passwordForm.locator('input[name="confirmPassword"]').fill(STAFF_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/backoffice\/dashboard/);
  await expect(page.getByTestId('staff-name')).toHaveText(username);
});

test("(9) a refused new password names its field in the console's words, never by its API name", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await newStaffContext(browser);
  await context.addInitScript(() => localStorage.setItem('lc.backoffice.lng', 'lo'));
  const page = await context.newPage();
  const { username, initialPassword } = await createStaffWithToken(context.request, 'cashier');
  await page.goto('/backoffice/login');
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(initialPassword);
  await page.getByTestId('sign-in-submit').click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page
    .getByTestId('totp-enrol-form')
    .locator('input[name="code"]')
    .fill(await totp(secret));
  await page.getByTestId('totp-enrol-submit').click();
  await page.getByTestId('recovery-kept').check();
  await page.getByTestId('recovery-continue').click();
  // A password of one character repeated is refused as too common (VALIDATION_ERROR, fields.newPassword).
  const passwordForm = page.getByTestId('password-form');
  await passwordForm.locator('input[name="newPassword"]').fill('aaaaaaaaaaaaaaaa');
  await passwordForm.locator('input[name="confirmPassword"]').fill('aaaaaaaaaaaaaaaa');
  await page.getByTestId('password-submit').click();
  const alert = passwordForm.getByTestId('error-alert');
  await expect(alert).toContainText(consoleText('lo', 'errors', 'fields.COMMON_PASSWORD'));
  await expect(alert).toContainText(consoleText('lo', 'errors', 'fieldNames.newPassword'));
  await expect(alert).not.toContainText('newPassword');
});

test('(8) at 1280 px the audit log shows actions in words with a readable change, no page views, times DD/MM/YYYY', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // A cashier looks at lists and credits a late payment: one action among views.
  const late = await latePayment(page);
  const { page: cashier, username: cashierName } = await signedInStaffPage(browser, 'cashier');
  for (const path of ['/api/ops/v1/deposits?status=PAID', '/api/ops/v1/withdrawals?status=OPEN']) {
    expect((await cashier.request.get(path)).status()).toBe(200);
  }
  const credited = await cashier.request.post(`/api/ops/v1/bank-payments/${late.paymentId}/credit`, {
    data: { provider: 'gclub' },
  });
  expect(credited.status(), await credited.text()).toBe(200);

  for (const language of LANGUAGES) {
    const { page: admin } = await staffPageIn(browser, 'admin', language);
    await admin.goto(`/backoffice/audit?actor=${cashierName}`);
    const table = admin.getByTestId('audit-table');
    const actions = table.getByTestId('audit-action');
    await expect(actions.first()).toBeVisible();
    // Actions only: the lists the cashier looked at are not mixed in.
    const codes = await actions.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-action')));
    expect(codes.filter((code) => code === null || /\.(list|read)$/.test(code))).toEqual([]);
    const creditRow = admin.locator('tr', { has: admin.locator('[data-action="bank-payment.credit"]') });
    // In words of the console's language, not the code.
    await expect(creditRow.getByTestId('audit-action')).toHaveText(
      consoleText(language, 'common', 'auditActions.bank-payment.credit'),
    );
    // The change as labelled lines, not JSON.
    const change = creditRow.getByTestId('audit-change');
    await expect(change).toContainText(consoleText(language, 'common', 'auditFields.provider'));
    await expect(change).toContainText(consoleText(language, 'common', 'providers.gclub'));
    await expect(change).not.toContainText('{');
    await expect(change).not.toContainText('"');
    await expect(
      table
        .locator('td')
        .filter({ hasText: /^\d{2}\/\d{2}\/\d{4}/ })
        .first(),
    ).toHaveText(DAY_TIME);
    await expectTableFits(admin, table, `audit ${language}`);
    await admin.screenshot({ path: testInfo.outputPath(`audit-1280-${language}.png`), fullPage: true });
  }
});

test('(8) at 1280 px reports open on today, written DD/MM/YYYY like every date of the console', async ({
  browser,
}) => {
  for (const language of LANGUAGES) {
    const { page: admin } = await staffPageIn(browser, 'admin', language);
    await admin.goto('/backoffice/dashboard');
    await admin.getByTestId('nav-reports').click();
    const laoToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const [year, month, day] = laoToday.split('-');
    await expect(admin.getByTestId('reports-date')).toHaveValue(`${day}/${month}/${year}`);
    await expect(admin.getByTestId('settlement-totals')).toBeVisible();
    // The audit log's days are typed and shown the same way.
    await admin.getByTestId('nav-audit').click();
    const filters = admin.getByTestId('audit-filters');
    await filters.locator('input[name="from"]').fill(`${day}/${month}/${year}`);
    await admin.getByTestId('audit-apply').click();
    await expect(admin).toHaveURL(new RegExp(`from=${laoToday}`));
    await expect(filters.locator('input[name="from"]')).toHaveValue(`${day}/${month}/${year}`);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
  }
});
