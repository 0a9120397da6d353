import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  answerPrompt,
  axeViolations,
  closeStaffContexts,
  consoleText,
  DESKTOP,
  newStaffContext,
  openWithdrawal,
  PHONE,
  STAFF_PASSWORD,
  totp,
} from './backoffice-support';
import { OPS_TOKEN } from './playwright.config';
import { readQrFromScreen } from './read-qr';
import { chooseOption, currentPlayerId, opsCli, uniqueUsername } from './support';

// Every staff member's browser context this file's tests open is closed after each test.
test.afterEach(closeStaffContexts);

// Issue #14: the staff console at /backoffice, at a desk (1280 px) and on a phone (375 px).
type Member = { username: string; secret: string };

/** The staff member's first sign-in: password only, TOTP from the secret shown, recovery codes, own password. */
async function firstSignIn(page: Page, username: string, initialPassword: string): Promise<Member> {
  await page.goto('/backoffice/login');
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(initialPassword);
  await page.getByTestId('sign-in-submit').click();
  const enrol = page.getByTestId('totp-enrol-form');
  const qr = enrol.locator('svg').first();
  await expect(qr).toBeVisible();
  // Enrolled from the QR as an authenticator app would scan it (its white frame is the quiet zone); the key
  // printed under it must be the same secret.
  const scanned = new URL(await readQrFromScreen(qr.locator('..')));
  expect(scanned.protocol).toBe('otpauth:');
  const secret = scanned.searchParams.get('secret') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect((await page.getByTestId('totp-secret').textContent())?.trim()).toBe(secret);
  await enrol.locator('input[name="code"]').fill(await totp(secret));
  await page.getByTestId('totp-enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.getByTestId('recovery-kept').check();
  await page.getByTestId('recovery-continue').click();
  const passwordForm = page.getByTestId('password-form');
  await passwordForm.locator('input[name="newPassword"]').fill(STAFF_PASSWORD);
  await passwordForm.locator('input[name="confirmPassword"]').fill(STAFF_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/backoffice\/dashboard/);
  await expect(page.getByTestId('staff-name')).toHaveText(username);
  return { username, secret };
}

/** A signed-in console page of its own (own cookies): one browser context per staff member. */
async function staffPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  return (await newStaffContext(browser, viewport)).newPage();
}

/** An admin made with the operator CLI, as an agency's first admin is: its one-time password. */
function createAdminWithCli(): { username: string; password: string } {
  const username = uniqueUsername('adm');
  const created = opsCli('staff', 'create', username, '--role', 'admin', '--display-name', 'First Admin');
  expect(created.status, created.err + created.out).toBe(0);
  const password = /initial password: (\S+)/.exec(created.out)?.[1] ?? '';
  expect(password).not.toBe('');
  return { username, password };
}

/** Fills and sends the Staff page's new-member form. */
async function submitStaffForm(page: Page, username: string, role: 'cashier' | 'finance') {
  await page.getByTestId('nav-staff').click();
  await page.getByTestId('create-staff').click();
  const form = page.getByTestId('create-staff-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="displayName"]').fill(`Staff ${username}`);
  await chooseOption(page, 'staff-role', new RegExp(`^${consoleText('lo', 'common', `role.${role}`)}$`));
  await page.getByTestId('create-staff-submit').click();
}

/** Creates a cashier on the Staff page and answers the one-time password the page shows. */
async function createStaffInConsole(page: Page, username: string): Promise<string> {
  await submitStaffForm(page, username, 'cashier');
  const password = (await page.getByTestId('initial-password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThan(8);
  await page.getByTestId('staff-created-close').click();
  await expect(page.getByTestId('staff-table').getByText(username, { exact: true })).toBeVisible();
  return password;
}

/**
 * A finance member: `admin` asks for them on the Staff page (four eyes, decision 0065), `approver` (a second
 * admin) approves the request on the Approvals page and is shown the one-time password, answered here.
 */
async function createFinanceWithApproval(admin: Page, approver: Page, username: string): Promise<string> {
  await submitStaffForm(admin, username, 'finance');
  await expect(admin.getByTestId('staff-requested')).toBeVisible();
  await admin.getByTestId('staff-requested-close').click();
  await approver.getByTestId('nav-approvals').click();
  const request = approver.locator('tr', { hasText: username });
  await request.getByTestId('approval-approve').click();
  await answerPrompt(approver, 'Known to me');
  const password = (await approver.getByTestId('approved-initial-password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThan(8);
  await approver.getByTestId('approved-member-close').click();
  return password;
}

/**
 * A player with an OPEN withdrawal (50.00 THB at AskMeBet) and a deposit paid after they cancelled it: an
 * unmatched late payment in the bank-payment queue.
 */
async function seedPlayerOrders(page: Page) {
  const withdrawalCode = await openWithdrawal(page);
  const playerId = await currentPlayerId(page);
  await page.goto('/player/deposit');
  await chooseOption(page, 'deposit-provider', /AskMeBet/i);
  await chooseOption(page, 'deposit-bank-account', /.+/);
  await chooseOption(page, 'deposit-channel', /.+/);
  await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('100000');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  const depositCode = (await page.getByTestId('deposit-code').textContent())?.trim() ?? '';
  const { payload } = (await (await page.request.get(`/api/v2/deposits/${depositCode}/laoqr`)).json()) as {
    payload: string;
  };
  await page.getByTestId('deposit-cancel').click();
  await expect(page.getByTestId('deposit-qr')).toBeHidden();
  const paid = await page.request.post('/sandbox/bank/payments', { data: { payload } });
  expect(paid.status(), await paid.text()).toBe(201);
  let paymentId = '';
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100', {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      });
      const body = (await response.json()) as { items: Array<{ id: string; depositCode: string | null }> };
      paymentId = body.items.find((item) => item.depositCode === depositCode)?.id ?? '';
      return paymentId;
    })
    .not.toBe('');

  return { playerId, withdrawalCode, depositCode, paymentId };
}

test('back office at 1280 px: first admin, staff, payouts, late payment, four eyes and the audit log', async ({
  browser,
  page,
}) => {
  // The whole back office walked by four staff, axe on every page: 245 s traced on two cores shared with two
  // other browser suites (every step progressing; the player's orders seeded through the API took 28 s).
  test.setTimeout(360_000);
  await page.setViewportSize(DESKTOP);

  const { playerId, withdrawalCode, depositCode, paymentId } = await seedPlayerOrders(page);

  // The agency's first admin, made with the CLI, signs in, enrols TOTP, sets a password, then signs in again.
  const firstAdmin = createAdminWithCli();
  const admin = await staffPage(browser);
  await admin.goto('/backoffice/login');
  expect(await axeViolations(admin)).toEqual([]);
  const adminMember = await firstSignIn(admin, firstAdmin.username, firstAdmin.password);
  await admin.getByTestId('sign-out').click();
  await expect(admin).toHaveURL(/\/backoffice\/login/);
  await admin.locator('input[name="username"]').fill(adminMember.username);
  await admin.locator('input[name="password"]').fill(STAFF_PASSWORD);
  await admin.locator('input[name="code"]').fill(await totp(adminMember.secret, 1));
  await admin.getByTestId('sign-in-submit').click();
  await expect(admin).toHaveURL(/\/backoffice\/dashboard/);

  // Every page the admin sees passes axe.
  for (const entry of [
    'deposits',
    'bankPayments',
    'withdrawals',
    'approvals',
    'promotions',
    'reconciliation',
    'reports',
    'staff',
    'audit',
  ]) {
    await admin.getByTestId(`nav-${entry}`).click();
    await expect(admin.locator('h1')).toHaveText(consoleText('lo', 'common', `nav.${entry}`));
    await expect(admin.locator('.mantine-datatable').first()).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);
  }

  // The admin creates a cashier (a one-time password at once) and asks for two finance members, whom a second
  // admin (made with the CLI too) approves, receiving their one-time passwords.
  const secondAdminMade = createAdminWithCli();
  const secondAdmin = await staffPage(browser);
  await firstSignIn(secondAdmin, secondAdminMade.username, secondAdminMade.password);
  const cashierName = uniqueUsername('csh');
  const financeName = uniqueUsername('fna');
  const secondFinanceName = uniqueUsername('fnb');
  const cashierPassword = await createStaffInConsole(admin, cashierName);
  const financePassword = await createFinanceWithApproval(admin, secondAdmin, financeName);
  const secondFinancePassword = await createFinanceWithApproval(admin, secondAdmin, secondFinanceName);

  // The cashier pays out the OPEN withdrawal with the bank's reference and credits the late payment.
  const cashier = await staffPage(browser);
  await firstSignIn(cashier, cashierName, cashierPassword);
  await expect(cashier.getByTestId('nav-withdrawals')).toBeVisible();
  // Above the cashier's role: not in the menu.
  await expect(cashier.getByTestId('nav-approvals')).toHaveCount(0);
  await expect(cashier.getByTestId('nav-staff')).toHaveCount(0);
  await cashier.getByTestId('nav-withdrawals').click();
  const row = cashier.locator('tr', {
    has: cashier.locator(`[data-testid="withdrawal-row"][data-code="${withdrawalCode}"]`),
  });
  await expect(row.getByTestId('account-number')).toHaveText(/^\d{10,}$/);
  await row.getByTestId('withdrawal-approve').click();
  const payoutReference = `BCEL-${Date.now()}`;
  await answerPrompt(cashier, payoutReference);
  await expect(cashier.locator(`[data-testid="withdrawal-row"][data-code="${withdrawalCode}"]`)).toHaveCount(
    0,
  );
  await cashier.goto('/backoffice/withdrawals?status=SUCCESS');
  await expect(
    cashier.getByTestId('withdrawals-table').getByText(payoutReference, { exact: true }),
  ).toBeVisible();

  await cashier.getByTestId('nav-bankPayments').click();
  await cashier.getByTestId(`credit-${paymentId}`).click();
  await chooseOption(cashier, 'credit-provider', /AskMeBet/i);
  await cashier.getByTestId('credit-submit').click();
  await expect(cashier.getByTestId('credit-form')).toBeHidden();
  await expect(cashier.getByTestId(`credit-${paymentId}`)).toHaveCount(0);
  await cashier.goto('/backoffice/deposits?status=SUCCESS');
  await expect(cashier.getByTestId('deposits-table').getByText(depositCode, { exact: true })).toBeVisible();

  // A finance member requests an adjustment; they cannot approve it themselves; a second finance member does.
  const finance = await staffPage(browser);
  await firstSignIn(finance, financeName, financePassword);
  await finance.getByTestId('nav-approvals').click();
  await finance.getByTestId('request-adjustment').click();
  const adjustment = finance.getByTestId('adjustment-form');
  await adjustment.locator('input[name="playerId"]').fill(playerId);
  await chooseOption(finance, 'adjustment-provider', /AskMeBet/i);
  await adjustment.locator('input[name="amount"]').fill('12.50');
  await adjustment.locator('input[name="reason"]').fill('Goodwill after a slow payout');
  await finance.getByTestId('adjustment-submit').click();
  await expect(adjustment).toBeHidden();
  const request = finance.locator('tr', { hasText: 'Goodwill after a slow payout' });
  await expect(request.getByText(financeName, { exact: true })).toBeVisible();
  await request.getByTestId('approval-approve').click();
  await finance.getByTestId('prompt-form').locator('input[name="value"]').fill('mine');
  await finance.getByTestId('prompt-submit').click();
  await expect(finance.getByTestId('prompt-form').getByTestId('error-alert')).toHaveText(
    consoleText('lo', 'errors', 'SAME_STAFF'),
  );

  const secondFinance = await staffPage(browser);
  await firstSignIn(secondFinance, secondFinanceName, secondFinancePassword);
  await secondFinance.getByTestId('nav-approvals').click();
  const pending = secondFinance.locator('tr', { hasText: 'Goodwill after a slow payout' });
  await pending.getByTestId('approval-approve').click();
  await answerPrompt(secondFinance, 'Checked with the payout log');
  await expect(pending).toHaveCount(0);
  await secondFinance.goto('/backoffice/approvals?status=APPROVED');
  const approved = secondFinance.locator('tr', { hasText: 'Goodwill after a slow payout' });
  await expect(approved.getByText(secondFinanceName, { exact: false })).toBeVisible();

  // The audit log shows each of them by name, with what they did in words (the code kept beside them).
  const expected: Array<[string, string]> = [
    [cashierName, 'withdrawal.approve'],
    [cashierName, 'bank-payment.credit'],
    [financeName, 'approval.request'],
    [secondFinanceName, 'approval.approve'],
    [adminMember.username, 'staff.create'],
  ];
  await admin.getByTestId('nav-audit').click();
  for (const [actor, action] of expected) {
    const filters = admin.getByTestId('audit-filters');
    const words = consoleText('lo', 'common', `auditActions.${action}`);
    await filters.locator('input[name="actor"]').fill(actor);
    await chooseOption(
      admin,
      'audit-action-filter',
      new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await admin.getByTestId('audit-apply').click();
    await expect(admin).toHaveURL(new RegExp(`actor=${actor}`));
    await expect(admin).toHaveURL(new RegExp(`action=${action}`));
    const table = admin.getByTestId('audit-table');
    await expect(table.getByTestId('audit-actor').first()).toHaveText(actor);
    await expect(table.getByTestId('audit-action').first()).toHaveAttribute('data-action', action);
    await expect(table.getByTestId('audit-action').first()).toHaveText(words);
  }
  expect(await axeViolations(admin)).toEqual([]);
});

test('back office at 375 px: sign-in, the menu behind the burger, and axe on each page', async ({
  browser,
}) => {
  // An axe scan on each of its pages: 72 s in stop 23's CI (two workers), where page loads ran 3× slower than
  // on a quiet development machine.
  test.setTimeout(180_000);
  const firstAdmin = createAdminWithCli();
  const admin = await staffPage(browser, PHONE);
  await admin.goto('/backoffice/login');
  expect(await axeViolations(admin)).toEqual([]);
  await firstSignIn(admin, firstAdmin.username, firstAdmin.password);
  // The menu is closed on a phone until the burger opens it; a page choice closes it again.
  await expect(admin.getByTestId('nav-withdrawals')).toBeHidden();
  for (const entry of [
    'deposits',
    'bankPayments',
    'withdrawals',
    'approvals',
    'promotions',
    'reconciliation',
    'reports',
    'staff',
    'audit',
  ]) {
    await admin.getByTestId('nav-burger').click();
    await admin.getByTestId(`nav-${entry}`).click();
    await expect(admin.getByTestId(`nav-${entry}`)).toBeHidden();
    await expect(admin.locator('h1')).toHaveText(consoleText('lo', 'common', `nav.${entry}`));
    expect(await axeViolations(admin)).toEqual([]);
    // Nothing wider than the phone: tables scroll inside their own box.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  // The language is the console's own choice, kept apart from the player app's.
  await admin.getByTestId('language-menu').click();
  await admin.getByTestId('language-th').click();
  await expect(admin.locator('html')).toHaveAttribute('lang', 'th');
  expect(await admin.evaluate(() => localStorage.getItem('lc.backoffice.lng'))).toBe('th');
  expect(await admin.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
  await admin.reload();
  await expect(admin.locator('h1')).toHaveText(consoleText('th', 'common', 'nav.audit'));
});
