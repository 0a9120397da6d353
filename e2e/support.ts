import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { OPS_TOKEN } from './playwright.config';

export const PASSWORD = 'Lao-credit-2026!';

/** A username that satisfies the rules (4–16 chars, a-z 0-9 - _) and is unique per run. */
export function uniqueUsername(prefix = 'p'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 16);
}

/** Registers through the real form and waits for the player area. */
export async function registerViaForm(page: Page, username = uniqueUsername(), password = PASSWORD) {
  await page.goto('/register');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="displayName"]').fill(`Player ${username}`);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/player$/);
  return { username, password };
}

export async function loginViaForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/player$/);
}

export async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu').click();
}

/** The translated text of an API error code, as the web app shows it. */
export function errorText(language: 'lo' | 'cn' | 'vn' | 'th', code: string): string {
  const file = fileURLToPath(new URL(`../apps/web/public/locales/${language}/errors.json`, import.meta.url));
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const message = messages[code];
  if (!message) throw new Error(`no ${language} message for ${code}`);
  return message;
}

/** The signed-in player's id, read the way the web app reads it. */
export async function currentPlayerId(page: Page): Promise<string> {
  const response = await page.request.get('/api/v2/players/info');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { player: { id: string } }).player.id;
}

/** An operator's manual credit (a deposit booked through the ledger and transferred in to the provider). */
export async function opsCredit(page: Page, playerId: string, provider: string, amount: string) {
  const response = await page.request.post(`/api/ops/v1/players/${playerId}/credit`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    data: { provider, amount, reason: 'browser test set-up' },
  });
  expect(response.status(), await response.text()).toBe(201);
}
