import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  request as apiRequest,
  test as base,
  expect,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { generate } from 'otplib';
import { providerMemberOf } from '../apps/api/src/adapters/providers/member-name';
import { signRequest } from '../apps/api/src/adapters/providers/signing';
import { keepWordsWhole } from '../apps/web/src/lib/keep-words-whole';
import { baseURL, OPS_TOKEN } from './playwright.config';

export const PASSWORD = 'Lao-credit-2026!';

/** The requests of each page still waiting for their answer (event streams aside: they never end). */
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Playwright's `test` with the page's requests counted from its first one, for `networkSettled`. Waiting for
 * 'networkidle' instead costs 500 ms of nothing after every load, the most of a route walk's time.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const open = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') open.add(request);
    });
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    inFlight.set(page, open);
    await use(page);
  },
});

/**
 * Waits until the page (of `test` above) has no request in flight, and still none after two frames and a task
 * (time for a query that follows another's answer to start): the page has what it asked for.
 */
export async function networkSettled(page: Page) {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkSettled needs the page of the `test` exported by e2e/support.ts');
  await expect
    .poll(
      async () => {
        if (open.size > 0) return open.size;
        await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        return open.size;
      },
      { intervals: [25], message: 'requests still in flight' },
    )
    .toBe(0);
}

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
  // Once (CI, two cores under load) a click landed without ticking the box while the page was still busy
  // starting up; `check` on a ticked box does nothing, so retrying it cannot tick it twice.
  for (const name of ['acceptTerms', 'adultConfirmed']) {
    const box = page.locator(`input[name="${name}"]`);
    await expect(async () => box.check({ timeout: 2_000 })).toPass({ timeout: 15_000 });
  }
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/player$/);
  return { username, password };
}

/**
 * Registers through the API with the page's own cookies, so the page is signed in as that player: for tests
 * whose subject comes after registration (the form itself is the subject of auth.spec.ts). On a loaded
 * two-core machine the form took 15–20 s of a test's 60.
 */
export async function registerViaApi(page: Page, username = uniqueUsername(), password = PASSWORD) {
  const registered = await page.request.post('/api/v2/players/register', {
    headers: { 'x-fingerprint': `fp-${username}` },
    data: {
      username,
      password,
      confirmPassword: password,
      displayName: `Player ${username}`,
      acceptTerms: true,
      adultConfirmed: true,
      fingerprint: deviceFingerprint(`fp-${username}`),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, password };
}

/**
 * A new player registered through the API, on /player with its heading shown: for tests whose subject is the
 * player area, not the register form (auth.spec.ts's, and the README path's).
 */
export async function openPlayerAreaAsNewPlayer(page: Page) {
  const registered = await registerViaApi(page);
  await page.goto('/player');
  await expect(page.locator('main h1')).toBeVisible();
  return registered;
}

/**
 * Waits until the app runs the page: `/` and `/login` arrive painted by the server but inert (decision 0058),
 * and `focus()` or typing, which do not wait for an element to take input as `fill` and `click` do, would
 * reach the painted copy and do nothing.
 */
export async function waitForTheApp(page: Page) {
  await expect(page.locator('#first-paint')).toHaveCount(0);
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
  return shownText(language, message);
}

/** The signed-in player's id, read the way the web app reads it. */
export async function currentPlayerId(page: Page): Promise<string> {
  const response = await page.request.get('/api/v2/players/info');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { player: { id: string } }).player.id;
}

export const STAFF_PASSWORD = 'Counter-shift-2026!';
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };

/** A staff member made through the ops API with the OPS token (as the CLI does): username and one-time password. */
export async function createStaffWithToken(
  request: APIRequestContext,
  role: 'support' | 'cashier' | 'finance' | 'admin',
): Promise<{ username: string; initialPassword: string }> {
  const username = uniqueUsername(role.slice(0, 3));
  const response = await request.post('/api/ops/v1/staff', {
    headers: OPS,
    data: { username, displayName: `Staff ${username}`, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { initialPassword } = (await response.json()) as { initialPassword: string };
  return { username, initialPassword };
}

/**
 * A new staff member of `role` through their first sign-in on `request` (its cookies keep the session):
 * password, TOTP enrolment with the secret the answer shows, own password. Their username.
 */
export async function signInNewStaff(
  request: APIRequestContext,
  role: 'support' | 'cashier' | 'finance' | 'admin',
): Promise<string> {
  const { username, initialPassword } = await createStaffWithToken(request, role);
  const session = await request.post('/api/ops/v1/session', {
    data: { username, password: initialPassword },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { totp: enrolment } = (await session.json()) as { totp: { secret: string } };
  const enrolled = await request.post('/api/ops/v1/me/totp', {
    data: { code: await generate({ secret: enrolment.secret }) },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  const changed = await request.post('/api/ops/v1/me/password', {
    data: { currentPassword: initialPassword, newPassword: STAFF_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  return username;
}

/** This worker's two finance members (signed in once): one asks for adjustments, the other approves them. */
let financePair: Promise<[APIRequestContext, APIRequestContext]> | undefined;
async function signedInFinance(): Promise<APIRequestContext> {
  const request = await apiRequest.newContext({ baseURL });
  await signInNewStaff(request, 'finance');
  return request;
}

/**
 * Credits a player as the back office does (decision 0065): nobody moves money alone, so one finance member
 * requests an adjustment and a second approves it, which books it (an ADJUSTMENT, transferred in to the provider).
 */
export async function opsCredit(_page: Page, playerId: string, provider: string, amount: string) {
  financePair ??= Promise.all([signedInFinance(), signedInFinance()]);
  const [requester, approver] = await financePair;
  const asked = await requester.post('/api/ops/v1/adjustments', {
    data: { playerId, provider, amount, reason: 'browser test set-up' },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  const { approval } = (await asked.json()) as { approval: { id: string } };
  const approved = await approver.post(`/api/ops/v1/approvals/${approval.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const { approval: decided } = (await approved.json()) as { approval: { result?: { status?: string } } };
  expect(decided.result?.status).toBe('APPLIED');
}

/**
 * Picks an option of a Mantine Select by its test id. If its list does not open, the error says what the page
 * was like (the input focused? expanded? the same element as the one clicked, or a re-rendered one?), so a
 * rare failure under load (play-limits.spec.ts, seen beside another suite) can be read from its report.
 */
export async function chooseOption(page: Page, testId: string, label: RegExp, scope: Page | Locator = page) {
  const select = scope.getByTestId(testId);
  await select.evaluate((element) => {
    element.setAttribute('data-clicked', 'yes');
  });
  await select.click();
  try {
    await page.getByRole('listbox').getByRole('option', { name: label }).first().click({ timeout: 30_000 });
  } catch (error) {
    const state = await page.evaluate((id) => {
      const input = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      return {
        isSameElement: input?.getAttribute('data-clicked') === 'yes',
        isFocused: input !== null && document.activeElement === input,
        expanded: input?.getAttribute('aria-expanded') ?? null,
        listboxes: document.querySelectorAll('[role="listbox"]').length,
        options: document.querySelectorAll('[role="option"]').length,
        banners: [...document.querySelectorAll('[data-testid$="-banner"]')].map((b) =>
          b.getAttribute('data-testid'),
        ),
      };
    }, testId);
    throw new Error(`${testId}: its list did not open: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Fills the deposit form (AskMeBet, the player's account, the first channel, `amount` kip) and submits it. */
export async function submitDepositForm(page: Page, amount: string) {
  await page.goto('/player/deposit');
  await chooseOption(page, 'deposit-provider', /AskMeBet/i);
  await chooseOption(page, 'deposit-bank-account', /.+/);
  await chooseOption(page, 'deposit-channel', /.+/);
  await page.getByTestId('deposit-form').locator('input[name="amount"]').fill(amount);
  await page.getByTestId('deposit-submit').click();
}

/** A BCEL-shaped account number of random digits: parallel tests must never share one (ACCOUNT_IN_USED). */
export function uniqueAccountNumber(): string {
  return `30${Array.from(randomBytes(11), (byte) => byte % 10).join('')}`;
}

/** Adds the signed-in player's one bank account through the API (BCEL, a fresh number): its id. */
export async function addBankAccountViaApi(page: Page): Promise<string> {
  const added = await page.request.post('/api/v2/players/bank-accounts', {
    data: {
      bank: 'bcel',
      accountNumber: uniqueAccountNumber(),
      accountName: 'Khamla Phommachanh',
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { bankAccount: { id: string } }).bankAccount.id;
}

/** Adds the player's one bank account through the bank page (BCEL, a fresh account number). */
export async function addBankAccount(page: Page) {
  await page.goto('/player/bank');
  await chooseOption(page, 'bank-select', /BCEL/);
  const bankForm = page.getByTestId('bank-account-form');
  await bankForm.locator('input[name="accountNumber"]').fill(uniqueAccountNumber());
  await bankForm.locator('input[name="accountName"]').fill('Khamla Phommachanh');
  await chooseOption(page, 'currency-select', /LAK/);
  await chooseOption(page, 'owner-select', /.+/);
  await page.getByTestId('bank-submit').click();
  await expect(page.getByTestId('bank-account-card')).toBeVisible();
}

/** A text of the web app's locales by its dotted key, e.g. `localeText('th', 'common', 'promotion.status.USED')`. */
export function localeText(
  language: 'lo' | 'cn' | 'vn' | 'th',
  ns: 'common' | 'errors',
  key: string,
): string {
  const file = fileURLToPath(new URL(`../apps/web/public/locales/${language}/${ns}.json`, import.meta.url));
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no ${language} ${ns} text for ${key}`);
  return shownText(language, node);
}

/** A Lao or Thai text as the web app renders it: its loanwords held together by word joiners (decision 0032). */
export function shownText(language: 'lo' | 'cn' | 'vn' | 'th', text: string): string {
  return keepWordsWhole(text, language);
}

/** Runs the operator CLI against the server under test; resolves with its exit code and output. */
export function opsCli(...args: string[]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const run = spawnSync(`${root}node_modules/.bin/tsx`, ['apps/api/src/ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, OPS_URL: baseURL.replace('localhost', '127.0.0.1'), OPS_TOKEN },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/**
 * Puts a player's balance at a built-in sandbox provider where a test needs it (as if the player had played
 * there), through the sandbox's signed test hook, so reconciliation sees a game result, not a difference.
 * The key is the one the server under test signs with: playwright.config.ts hands it PROVIDER_<NAME>_KEY.
 */
export async function setSandboxBalance(page: Page, provider: string, playerId: string, balance: string) {
  const key = process.env.E2E_PROVIDER_KEY;
  if (!key) throw new Error('E2E_PROVIDER_KEY is unset: the e2e server must get it as PROVIDER_<NAME>_KEY');
  const info = (await (await page.request.get('/api/v2/agency/info')).json()) as { agency: { code: string } };
  const member = providerMemberOf(info.agency.code, playerId).username;
  const path = `/sandbox/providers/${provider}/members/${member}/balance`;
  const body = JSON.stringify({ balance });
  const timestamp = String(Date.now());
  const response = await page.request.post(path, {
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signRequest(key, timestamp, 'POST', path, body),
    },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Bars a player from promotions, as an operator would (`npm run ops -- players block ID`). */
export async function opsBlockPlayer(page: Page, playerId: string) {
  const response = await page.request.post(`/api/ops/v1/players/${playerId}/block`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    data: { reason: 'browser test' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A device fingerprint as the web app sends it at registration (fields of the fingerprint library). */
export function deviceFingerprint(hash: string) {
  const blank = {
    version: '',
    vendor: '',
    vendorUnmasked: '',
    renderer: '',
    rendererUnmasked: '',
    shadingLanguageVersion: '',
  };
  return {
    screen: '1280x800',
    version: '5.2.0',
    timezone: 'Asia/Vientiane',
    userAgent: 'e2e',
    plugins: '',
    audio: '',
    platform: 'Linux',
    fingerprint: hash,
    memory: '8',
    fonts: '',
    languages: 'lo',
    hardwareConcurrency: '2',
    vendor: '',
    webGL: blank,
  };
}
