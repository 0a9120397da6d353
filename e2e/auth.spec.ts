import { expect, test } from '@playwright/test';
import {
  localeText,
  loginViaForm,
  openAccountMenu,
  PASSWORD,
  registerViaApi,
  registerViaForm,
  uniqueUsername,
} from './support';

// The register → login → change-password flow is two tests: as one it took 65 s of actions on a loaded
// two-core CI run (every fill 0.5–2.7 s, the browser starved, no lost click), over the 60 s budget.
test('register → player area → logout → login', async ({ page }) => {
  const { username } = await registerViaForm(page);
  await expect(page.getByTestId('account-menu')).toContainText(`Player ${username}`);

  // A signed-in player is sent from the public pages to /player.
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/player$/);
  }

  await openAccountMenu(page);
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await page.goto('/player');
  await expect(page).toHaveURL(/\/login$/);

  await loginViaForm(page, username, PASSWORD);
  await expect(page.getByTestId('account-menu')).toContainText(`Player ${username}`);
});

test('change password: a mismatch and a wrong current password change nothing; then only the new one logs in', async ({
  page,
}) => {
  // Some 25 steps over four page loads. On two busy cores a CI run spent 50 s before the final login (traced:
  // every step progressing, none waiting on a stuck element), and 46 s after registering through the API
  // (the form is the first test's subject) with three browser suites running.
  test.setTimeout(120_000);
  const { username } = await registerViaApi(page);
  await page.goto('/player');
  const newPassword = 'Another-pass-2027';
  await openAccountMenu(page);
  await page.getByTestId('change-password').click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.locator('input[name="confirmNewPassword"]');
  await dialog.locator('input[name="currentPassword"]').fill('wrong-password-1');
  await dialog.locator('input[name="newPassword"]').fill(newPassword);
  await confirm.fill('does-not-match');
  await dialog.getByTestId('change-password-save').click();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');

  await confirm.fill(newPassword);
  await dialog.getByTestId('change-password-save').click();
  // Wrong current password: one toast, the dialog stays, nothing changed.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await expect(dialog).toBeVisible();

  await dialog.locator('input[name="currentPassword"]').fill(PASSWORD);
  await dialog.getByTestId('change-password-save').click();
  await page.getByTestId('password-changed-confirm').click();
  await page.waitForLoadState('load');

  await openAccountMenu(page);
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);

  // The old password no longer works, the new one does.
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaForm(page, username, newPassword);
});

test('a visitor at /player/deposit lands on /login', async ({ page }) => {
  await page.goto('/player/deposit');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

test('the username check reports a taken name before submitting', async ({ page, browser }) => {
  const { username } = await registerViaForm(page);
  const visitor = await browser.newPage();
  await visitor.goto('/register');
  await visitor.locator('input[name="username"]').fill(username);
  await expect(visitor.locator('input[name="username"]')).toHaveAttribute('aria-invalid', 'true');
  await visitor.close();
});

test('validating the register form breaks no rule of the Content-Security-Policy (no eval)', async ({
  page,
}) => {
  // Recorded from the first script on, so a violation during start-up counts too.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto('/register');
  // Submitting the empty form runs the zod schema over every field (object schemas are where zod's JIT
  // would probe `new Function`).
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[name="username"]')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('input[name="username"]').fill('somchai_csp');
  await page.locator('form button[type="submit"]').click();
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
});

test('the register form does not move its fields when the username check answers', async ({ page }) => {
  // A late answer used to insert a line above the other fields: a click aimed at the terms box while it
  // arrived (a loaded machine) landed beside it and was lost.
  await page.goto('/register');
  const terms = page.locator('input[name="acceptTerms"]');
  const before = await terms.boundingBox();
  await page.locator('input[name="username"]').fill(uniqueUsername());
  await expect(page.locator('#username-status')).not.toBeEmpty();
  const after = await terms.boundingBox();
  expect(after?.y).toBe(before?.y);
});

test('empty required fields say "required"; "forgot password?" leads to the agency\'s contact channels', async ({
  page,
}) => {
  await page.goto('/register');
  await page.locator('form button[type="submit"]').click();
  // Username, display name, password and its confirmation: each says "please fill this in", none "too short".
  await expect(page.getByText(localeText('lo', 'errors', 'fields.REQUIRED'), { exact: true })).toHaveCount(4);
  await expect(page.getByText(localeText('lo', 'errors', 'fields.TOO_SHORT'), { exact: true })).toHaveCount(
    0,
  );

  await page.goto('/login');
  const help = page.getByTestId('forgot-password-help');
  await expect(help).toHaveCount(0);
  await page.getByTestId('forgot-password').click();
  await expect(page.getByTestId('forgot-password')).toHaveAttribute('aria-expanded', 'true');
  await expect(help).toContainText(localeText('lo', 'common', 'auth.forgotPasswordBody'));
  const info = (await (await page.request.get('/api/v2/agency/info')).json()) as {
    agency: { social: Record<string, string | null> };
  };
  const expected = Object.values(info.agency.social).filter((url): url is string => Boolean(url));
  expect(expected.length).toBeGreaterThan(0);
  const hrefs = await help
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual(expected.sort());
});
