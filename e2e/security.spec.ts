import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { localeText, openAccountMenu, openPlayerAreaAsNewPlayer, PASSWORD } from './support';

/** A code of the next 30-second step: the server accepts ±1 step, and the current one was used to enable. */
function nextStepCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function loginWithCode(page: Page, username: string, code: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  // The API answers TOTP_REQUIRED: the same form asks for the code.
  const codeInput = page.locator('input[name="code"]');
  await expect(codeInput).toBeVisible();
  await codeInput.fill(code);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/player$/);
}

for (const language of ['lo', 'th'] as const) {
  test(`TOTP on, sign in with a code, end another session from the sessions page (${language})`, async ({
    page,
    browser,
  }) => {
    // Three sign-ins (argon2 each) and two browser contexts: more than the default budget on a loaded machine.
    test.slow();
    const { username } = await openPlayerAreaAsNewPlayer(page);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.reload();

    await openAccountMenu(page);
    await page.getByTestId('security-link').click();
    await expect(page).toHaveURL(/\/player\/security$/);
    await expect(page.locator('h1')).toHaveText(localeText(language, 'common', 'pages.security.title'));

    await page.getByTestId('totp-setup').click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('totp-code').fill(await generate({ secret }));
    await page.getByTestId('totp-enable').click();
    const codes = page.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())?.trim() ?? '';
    await page.getByTestId('recovery-done').click();
    await expect(page.getByTestId('totp-section')).toContainText(
      localeText(language, 'common', 'security.totp.on'),
    );

    await openAccountMenu(page);
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('account-menu')).toHaveCount(0);
    await loginWithCode(page, username, await nextStepCode(secret));

    // A second device signs in with a recovery code.
    const other = await browser.newContext();
    const phone = await other.newPage();
    await loginWithCode(phone, username, recoveryCode);

    await page.goto('/player/security');
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toContainText(
      localeText(language, 'common', 'security.sessions.thisDevice'),
    );
    await page
      .locator('[data-testid="session-row"][data-current="false"]')
      .getByTestId('session-end')
      .click();
    await expect(rows).toHaveCount(1);
    await expect(page.locator('[data-testid="notice-row"][data-kind="SESSION_ENDED"]')).toContainText(
      localeText(language, 'common', 'security.notices.kind.SESSION_ENDED'),
    );

    // The ended session is signed out on the other device.
    await phone.goto('/player');
    await expect(phone).toHaveURL(/\/login$/);
    await other.close();
  });
}
