import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { formatCurrency } from '../packages/ui/src/format-currency';
import { formatDateTime } from '../packages/ui/src/format-date';
import {
  chooseOption,
  currentPlayerId,
  localeText,
  networkSettled,
  registerViaApi,
  setSandboxBalance,
  test,
} from './support';

// Issue #41 item 1: credit moved between providers from the credit panel, on a phone.
test.use({ viewport: { width: 375, height: 812 } });

/** Serious or critical accessibility violations inside the open dialog (labels, names, contrast). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** Tabbing forwards and backwards through the whole dialog never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 10; press++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), key).toBe(true);
    }
  }
}

/** The panel's balance of `provider` once every balance has loaded. */
async function expectBalance(page: Page, provider: string, amount: string) {
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByTestId(`credit-${provider}`)).toContainText(formatCurrency(amount, 'THB'));
}

for (const language of ['lo', 'th'] as const) {
  test(`${language}, 375 px: credit moves from one provider to another through the Move dialog; both balances and History follow; more than the balance is refused in view`, async ({
    page,
  }) => {
    await registerViaApi(page);
    const playerId = await currentPlayerId(page);
    await page.goto('/player');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    // The panel's first read makes the player's member at every provider; then AskMeBet holds 500 THB.
    await expectBalance(page, 'askmebet', '0.00');
    await setSandboxBalance(page, 'askmebet', playerId, '500.00');
    await page.reload();
    await expectBalance(page, 'askmebet', '500.00');
    await expectBalance(page, 'gclub', '0.00');

    // Move, from AskMeBet's tile: the dialog opens with AskMeBet as the source.
    const move = page.getByTestId('credit-move-askmebet');
    await expect(move).toBeVisible();
    await move.click();
    const text = (key: string) => localeText(language, 'common', key);
    const dialog = page.getByRole('dialog', { name: text('transfer.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('transfer-from')).toHaveValue('AskMeBet');
    expect(await seriousViolations(page)).toEqual([]);
    await expectFocusTrapped(page, dialog);
    await chooseOption(page, 'transfer-to', /^GClub$/, dialog);
    const amount = dialog.locator('input[name="amount"]');

    // 300 THB asked while a game elsewhere has just taken AskMeBet down to 100 THB: the API refuses, and its
    // message is on screen and focused, the shown balance re-read.
    await amount.fill('300');
    await setSandboxBalance(page, 'askmebet', playerId, '100.00');
    await dialog.getByTestId('transfer-next').click();
    await expect(dialog.getByTestId('transfer-summary')).toHaveText(
      text('transfer.confirmBody')
        .replace('{{amount}}', formatCurrency('300.00', 'THB'))
        .replace('{{from}}', 'AskMeBet')
        .replace('{{to}}', 'GClub'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('transfer-confirm').click();
    const refusal = dialog.getByTestId('transfer-error');
    await expect(refusal).toHaveText(
      text('transfer.errors.INSUFFICIENT_CREDIT').replace('{{from}}', 'AskMeBet'),
    );
    await expect(refusal).toBeInViewport({ ratio: 1 });
    await expect(refusal).toBeFocused();
    await expect(dialog.getByTestId('transfer-balance')).toContainText(formatCurrency('100.00', 'THB'));

    // All fills the whole (re-read) balance; confirmed, it arrives.
    await dialog.getByTestId('transfer-all').click();
    await expect(amount).toHaveValue('100.00');
    await dialog.getByTestId('transfer-next').click();
    await dialog.getByTestId('transfer-confirm').click();
    const result = dialog.getByTestId('transfer-result');
    await expect(result).toHaveAttribute('data-status', 'SUCCESS');
    await expect(result).toContainText(text('transfer.result.SUCCESS.title'));
    await dialog.getByTestId('transfer-close').click();
    await expect(dialog).toBeHidden();
    await expect(move).toBeFocused();

    // Both balances on the panel show the new figures.
    await expectBalance(page, 'askmebet', '0.00');
    await expectBalance(page, 'gclub', '100.00');

    // History: the transfer, from → to, its amount, status and date.
    const listed = await page.request.get('/api/v2/credits/transfers?page=1&pageSize=10');
    expect(listed.status(), await listed.text()).toBe(200);
    const { items } = (await listed.json()) as {
      items: Array<{ reference: string; createdAt: string; status: string }>;
    };
    expect(items).toHaveLength(1);
    const [transfer] = items;
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('nav-drawer');
    await drawer.locator('a[href="/player/transfer/history"]').click();
    await expect(page).toHaveURL(/\/player\/transfer\/history$/);
    await networkSettled(page);
    const row = page.getByTestId('transfer-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-code', transfer?.reference ?? '');
    await expect(row).toContainText('AskMeBet');
    await expect(row).toContainText('GClub');
    await expect(row).toContainText(formatCurrency('100.00', 'THB'));
    await expect(row).toContainText(text('transfer.status.SUCCESS'));
    await expect(row).toContainText(formatDateTime(transfer?.createdAt).slice(0, 10));
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
