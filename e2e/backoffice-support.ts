import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { addBankAccountViaApi, currentPlayerId, opsCredit, registerViaApi, signInNewStaff } from './support';

export { STAFF_PASSWORD } from './support';

/**
 * Helpers of the back-office browser tests (one file for all of them): staff made with the OPS token and
 * signed in through the API (the sign-in pages themselves are walked by backoffice.spec.ts), axe, texts.
 */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** Serious or critical accessibility violations on the page as it stands. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** The staff pages' browser contexts a test opened, closed after it by {@link closeStaffContexts}. */
const staffContexts = new Set<BrowserContext>();

/**
 * A browser context of its own (own cookies) for one staff member, closed when the test ends: a console page
 * left open polls the API and streams events for the rest of the worker's run, and thirteen of them starved
 * a later test's page in one CI run (its select never opened in 90 s).
 */
export async function newStaffContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'lo-LA' });
  staffContexts.add(context);
  context.on('close', () => staffContexts.delete(context));
  return context;
}

/** Closes every staff context the test opened: `test.afterEach(closeStaffContexts)` in each file that opens one. */
export async function closeStaffContexts(): Promise<void> {
  await Promise.all([...staffContexts].map((context) => context.close()));
}

/**
 * A console page of its own (own cookies) whose member has finished the first sign-in through the API:
 * password, TOTP enrolment with the secret the answer shows, own password. The session cookie stays.
 */
export async function signedInStaffPage(
  browser: Browser,
  role: 'support' | 'cashier' | 'finance' | 'admin',
  viewport = DESKTOP,
): Promise<{ page: Page; username: string }> {
  const context = await newStaffContext(browser, viewport);
  const page = await context.newPage();
  const username = await signInNewStaff(context.request, role);
  return { page, username };
}

/** The API's answer to a staff request with the page's own cookie. */
export async function staffGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A THB decimal string as the console shows it (decision 0030): ฿1,234.50, ฿-5.00. */
export function shownThb(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const sign = amount.startsWith('-') ? '-' : '';
  return `฿${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * The authenticator app's code, `steps` 30-second steps ahead: each code is accepted once and only when newer
 * than the last one used (±1 step), so a second sign-in in the same half minute takes the next step's code.
 */
export function totp(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });
}

/** A text of the console's locales by its dotted key, e.g. `consoleText('th', 'common', 'nav.audit')`. */
export function consoleText(language: 'lo' | 'th' | 'en', ns: 'common' | 'errors', key: string): string {
  const file = fileURLToPath(
    new URL(`../apps/backoffice/public/locales/${language}/${ns}.json`, import.meta.url),
  );
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no ${language} ${ns} text for ${key}`);
  return node;
}

/** Fills and sends the one-field dialog of an action (bank reference, reason). */
export async function answerPrompt(page: Page, text: string) {
  const form = page.getByTestId('prompt-form');
  await form.locator('input[name="value"]').fill(text);
  await page.getByTestId('prompt-submit').click();
  await expect(form).toBeHidden();
}

/** A registered player with 100.00 THB at AskMeBet asks for a 50.00 THB payout: the OPEN withdrawal's code. */
export async function openWithdrawal(page: Page): Promise<string> {
  // Through the player API with the page's cookies: the player's forms are walked by their own tests; here
  // they only made this test long on a busy machine.
  await registerViaApi(page);
  const bankAccountId = await addBankAccountViaApi(page);
  await opsCredit(page, await currentPlayerId(page), 'askmebet', '100.00');
  const created = await page.request.post('/api/v2/withdrawals', {
    headers: { 'idempotency-key': randomUUID() },
    data: { provider: 'askmebet', bankAccountId, credit: '50.00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { code: string } };
  expect(order.code).toMatch(/^W/);
  return order.code;
}
