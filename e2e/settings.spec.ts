import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import {
  answerPrompt,
  axeViolations,
  closeStaffContexts,
  consoleText,
  DESKTOP,
  newStaffContext,
  PHONE,
  STAFF_PASSWORD,
} from './backoffice-support';
import { baseURL, OPS_TOKEN } from './playwright.config';
import { test, waitForTheApp } from './support';

// Every staff member's browser context this file's tests open is closed after each test.
test.afterEach(closeStaffContexts);

const PORT = new URL(baseURL).port;

/** A logo as the admin uploads it: an SVG a design tool exports (a gradient used by fragment, a title). */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 48">
  <title>Vientiane Lucky</title>
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#74c0fc"/><stop offset="1" stop-color="#1c7ed6"/></linearGradient></defs>
  <rect x="2" y="6" width="36" height="36" rx="8" fill="url(#g)"/>
  <text x="46" y="32" font-family="sans-serif" font-size="20" font-weight="700" fill="#e7f5ff">VT Lucky</text>
</svg>`;
/** The same with a script: refused, whatever else it holds. */
const SCRIPTED_LOGO = LOGO.replace('<title>', '<script>alert(document.cookie)</script><title>');

/** The brand the admin sets: a blue instead of the gold, its own links, one bank fewer, its own limits. */
const BRAND = {
  color: '#1c7ed6',
  rgb: 'rgb(28, 126, 214)',
  line: 'https://line.me/R/ti/p/@vtelucky',
  telegram: 'https://t.me/vte_lucky',
  limits: { depositMin: '30000', depositMax: '9000000', creditBelow: '15.00', withdrawMin: '70.00' },
};

type Agency = { host: string; origin: string; admin: string; initialPassword: string };

/**
 * A new agency of its own, made the platform's way (the OPS token), so that what this file changes shows on no
 * other test's pages: it answers on a `*.localhost` host, which Chromium resolves to this machine by itself.
 */
async function newAgency(request: APIRequestContext, name: string): Promise<Agency> {
  const host = `set-${randomBytes(4).toString('hex')}.localhost`;
  const admin = `adm${randomBytes(4).toString('hex')}`;
  const created = await request.post('/api/ops/v1/agencies', {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    data: { name, hosts: [host], admin: { username: admin, displayName: 'First Admin' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { initialPassword } = (await created.json()).admin as { initialPassword: string };
  return { host, origin: `http://${host}:${PORT}`, admin, initialPassword };
}

/** A JSON call of the page's own, from its origin (the agency's host) with its cookies. */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * The agency's first admin, signed in on its host through the API as at their first sign-in (password, TOTP
 * enrolment, own password; the sign-in pages are backoffice.spec.ts's subject): their console page.
 */
async function signedInFirstAdmin(browser: Browser, agency: Agency, viewport: typeof DESKTOP): Promise<Page> {
  const page = await (await newStaffContext(browser, viewport)).newPage();
  await page.goto(`${agency.origin}/backoffice/login`);
  const session = await call(page, 'POST', '/api/ops/v1/session', {
    username: agency.admin,
    password: agency.initialPassword,
  });
  expect(session.status, JSON.stringify(session.json)).toBe(200);
  const code = await generate({ secret: session.json.totp.secret });
  expect((await call(page, 'POST', '/api/ops/v1/me/totp', { code })).status).toBe(200);
  const changed = await call(page, 'POST', '/api/ops/v1/me/password', {
    currentPassword: agency.initialPassword,
    newPassword: STAFF_PASSWORD,
  });
  expect(changed.status).toBe(204);
  return page;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Settings as the admin walks them: a refused logo (a script), then the real one, shown at once; the name, the
 * colour, two links, one bank fewer and the limits, a maximum under its minimum refused beside its field first.
 */
async function setBrand(page: Page, agency: Agency, name: string, testInfo: TestInfo, label: string) {
  await page.goto(`${agency.origin}/backoffice/settings`);
  const form = page.getByTestId('agency-form');
  await expect(form.locator('input[name="name"]')).toHaveValue(/Agency/);
  const logoInput = form.locator('input[type="file"][name="logo"]');
  await logoInput.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(SCRIPTED_LOGO),
  });
  await expect(page.getByTestId('logo-error')).toHaveText(
    consoleText('lo', 'common', 'settings.fieldErrors.logo.INVALID'),
  );
  // Over 200 KB: refused before it is sent.
  await logoInput.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(200 * 1024 + 1),
  });
  await expect(page.getByTestId('logo-error')).toHaveText(
    consoleText('lo', 'common', 'settings.fieldErrors.logo.TOO_LONG'),
  );
  await logoInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  await expect(page.getByTestId('logo-uploaded')).toBeVisible();
  await expect(page.getByTestId('logo-error')).toHaveCount(0);
  const logoUrl = `/api/v2/agency/logo/${createHash('sha256').update(LOGO).digest('hex')}`;
  await expect(page.getByTestId('logo-preview')).toHaveAttribute('src', logoUrl);

  await form.locator('input[name="name"]').fill(name);
  const color = form.locator('input[name="theme.primaryColor"]');
  await color.fill(BRAND.color);
  await color.press('Escape');
  await form.locator('input[name="social.line"]').fill(BRAND.line);
  await form.locator('input[name="social.telegram"]').fill(BRAND.telegram);
  await form.locator('input[name="social.facebook"]').fill('');
  await page
    .getByTestId('accepted-banks')
    .getByLabel(consoleText('lo', 'common', 'banks.lvb'), { exact: true })
    .uncheck();
  for (const [field, value] of Object.entries(BRAND.limits))
    await form.locator(`input[name="limits.${field}"]`).fill(value);
  // A maximum under its minimum: refused, said beside the field, nothing saved.
  await form.locator('input[name="limits.depositMax"]').fill('29999');
  await page.getByTestId('agency-submit').click();
  await expect(
    form.getByText(consoleText('lo', 'common', 'settings.fieldErrors.limitMax.INVALID')),
  ).toBeVisible();
  await form.locator('input[name="limits.depositMax"]').fill(BRAND.limits.depositMax);
  await page.getByTestId('agency-submit').click();
  await expect(page.getByTestId('agency-saved')).toBeVisible();
  await expect(page.getByTestId('palette-preview')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await screenshot(page, testInfo, `settings-${label}`);
  return logoUrl;
}

/** The player app of the agency's host, as a new visitor opens it: no build since, no cache. */
async function expectPlayersSeeIt(
  browser: Browser,
  agency: Agency,
  name: string,
  logoUrl: string,
  testInfo: TestInfo,
  viewport: typeof DESKTOP,
  label: string,
) {
  const context = await browser.newContext({ viewport, locale: 'lo-LA' });
  try {
    const page = await context.newPage();
    await page.goto(`${agency.origin}/`);
    await waitForTheApp(page);
    const logo = page.locator('.top-bar-logo img');
    await expect(logo).toHaveAttribute('src', logoUrl);
    await expect(logo).toHaveAttribute('alt', name);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The brand colour is the primary one: the filled "register" button is painted in it.
    const register = page.locator('.hero-actions a[href="/register"]');
    await expect(register).toHaveCSS('background-color', BRAND.rgb);
    await expect(page.locator('footer a.contact-line:visible')).toHaveAttribute('href', BRAND.line);
    await expect(page.locator('footer a.contact-telegram:visible')).toHaveAttribute('href', BRAND.telegram);
    await expect(page.locator('footer a.contact-facebook')).toHaveCount(0);
    await expect(page.locator('[data-testid="footer-banks"]:visible li')).toHaveCount(5);
    await expect(page.locator('[data-testid="footer-banks"]:visible img[src="/banks/lvb.svg"]')).toHaveCount(
      0,
    );
    // The limits the forms use come with the same answer.
    const info = await call(page, 'GET', '/api/v2/agency/info');
    expect(info.json.agency.limits).toMatchObject({ ...BRAND.limits, promotionCreditThreshold: '5.00' });
    await page.locator('footer').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `player-${label}`);
  } finally {
    await context.close();
  }
}

test.describe('agency settings', () => {
  test('an admin sets the brand and limits at 1280 px; the player app shows them at once', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const agency = await newAgency(request, 'Agency Desk');
    const admin = await signedInFirstAdmin(browser, agency, DESKTOP);
    const logoUrl = await setBrand(admin, agency, 'Vientiane Lucky', testInfo, '1280');
    await expectPlayersSeeIt(browser, agency, 'Vientiane Lucky', logoUrl, testInfo, DESKTOP, '1280');
  });

  test('an admin sets the brand and limits at 375 px; the player app on a phone shows them at once', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const agency = await newAgency(request, 'Agency Phone');
    const admin = await signedInFirstAdmin(browser, agency, PHONE);
    const logoUrl = await setBrand(admin, agency, 'Lucky Phone', testInfo, '375');
    await expectPlayersSeeIt(browser, agency, 'Lucky Phone', logoUrl, testInfo, PHONE, '375');
  });
});

/** A second admin of the agency, made by the platform's token there, signed in as at their first sign-in. */
async function secondAdmin(
  browser: Browser,
  request: APIRequestContext,
  agency: Agency,
  viewport: typeof DESKTOP,
) {
  const username = `adb${randomBytes(4).toString('hex')}`;
  const created = await request.post('/api/ops/v1/staff', {
    headers: { authorization: `Bearer ${OPS_TOKEN}`, host: `${agency.host}:${PORT}` },
    data: { username, displayName: 'Second Admin', role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { initialPassword } = (await created.json()) as { initialPassword: string };
  return signedInFirstAdmin(browser, { ...agency, admin: username, initialPassword }, viewport);
}

test.describe('provider settings', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`an admin asks for a provider's settings, another approves, Check answers (${label} px)`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      const agency = await newAgency(request, `Providers ${label}`);
      const admin = await signedInFirstAdmin(browser, agency, viewport);
      const approver = await secondAdmin(browser, request, agency, viewport);

      await admin.goto(`${agency.origin}/backoffice/settings`);
      const row = admin
        .getByTestId('providers-table')
        .locator('tr', { has: admin.getByTestId('provider-edit-gclub') });
      await expect(row).toContainText(consoleText('lo', 'common', 'settings.providerSources.default'));
      await admin.getByTestId('provider-edit-gclub').click();
      const form = admin.getByTestId('provider-form');
      // The suite's server signs with E2E_PROVIDER_KEY and its built-in sandbox checks it: the real URL and key.
      await form.locator('input[name="url"]').fill(`http://127.0.0.1:${PORT}/sandbox/providers/gclub`);
      await form.locator('input[name="credentials.key"]').fill('short');
      await admin.getByTestId('provider-submit').click();
      await expect(form.getByText(consoleText('lo', 'errors', 'fields.TOO_SHORT'))).toBeVisible();
      await form.locator('input[name="credentials.key"]').fill(process.env.E2E_PROVIDER_KEY ?? '');
      await admin.getByTestId('provider-submit').click();
      await expect(admin.getByTestId('provider-approval')).toBeVisible();
      await expect(admin.getByTestId('provider-pending-gclub')).toBeVisible();
      await expect(admin.getByTestId('provider-edit-gclub')).toBeDisabled();
      // The key the admin typed is nowhere on the page once sent.
      expect(await admin.content()).not.toContain(process.env.E2E_PROVIDER_KEY ?? '');
      await screenshot(admin, testInfo, `providers-requested-${label}`);

      await approver.goto(`${agency.origin}/backoffice/approvals`);
      const pending = approver.locator('tr', { has: approver.locator('[data-kind="PROVIDER_SETTINGS"]') });
      await expect(pending).toContainText(`127.0.0.1:${PORT}/sandbox/providers/gclub`);
      await pending.getByTestId('approval-approve').click();
      await answerPrompt(approver, 'Checked with the provider');
      await expect(pending).toHaveCount(0);

      await admin.reload();
      await expect(row).toContainText(consoleText('lo', 'common', 'settings.providerSources.agency'));
      await admin.getByTestId('provider-check-gclub').click();
      const check = admin.getByTestId('provider-last-check-gclub');
      await expect(check.locator('[data-ok="true"]')).toBeVisible();
      await expect(check).toContainText('balance 0.00 THB');
      expect(await axeViolations(admin)).toEqual([]);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        admin.viewportSize()?.width ?? 0,
      );
      await screenshot(admin, testInfo, `providers-checked-${label}`);
    });
  }
});

test('a new payment channel: one admin asks, the other approves, then it is listed (1280 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await newAgency(request, 'Channels Desk');
  const admin = await signedInFirstAdmin(browser, agency, DESKTOP);
  const approver = await secondAdmin(browser, request, agency, DESKTOP);
  await admin.goto(`${agency.origin}/backoffice/settings`);
  await admin.getByTestId('channel-new').click();
  const form = admin.getByTestId('channel-form');
  const fields = {
    code: 'bcel-main',
    displayName: 'BCEL One',
    mid: 'MID-NEW-0001',
    receiverId: 'mch5c1e9ab32f',
    mcc: '7995',
    merchantName: 'CHANNELS DESK',
    merchantCity: 'VIENTIANE',
  };
  for (const [name, value] of Object.entries(fields)) await form.locator(`input[name="${name}"]`).fill(value);
  await admin.getByTestId('channel-submit').click();
  await expect(admin.getByTestId('channel-approval')).toBeVisible();
  // Nothing changes before the second admin approves.
  await expect(admin.getByTestId('channels-table')).not.toContainText(fields.mid);

  await approver.goto(`${agency.origin}/backoffice/approvals`);
  const pending = approver.locator('tr', { has: approver.locator('[data-kind="CHANNEL_SETTINGS"]') });
  await expect(pending).toContainText(fields.mid);
  await pending.getByTestId('approval-approve').click();
  await answerPrompt(approver, 'Letter from the bank checked');
  await expect(pending).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByTestId('channels-table')).toContainText(fields.mid);
});
