import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

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
