import { expect, type Page, test } from '@playwright/test';
import { localeText, registerViaApi } from './support';

// The server's first paint (decision 0058): `/` and `/login` arrive with the page in them, shown before the
// app's script runs, and the app's first render takes its place.

/** The page as the server painted it: the app's script (everything under /assets) never runs. */
async function withoutTheAppScript(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

test('the landing page shows before the app script runs, inert, and the app replaces it in place', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await withoutTheAppScript(page);
  await page.goto('/');
  const painted = page.locator('#first-paint');
  await expect(painted.getByRole('heading', { level: 1 })).toHaveText(
    localeText('lo', 'common', 'landing.title'),
  );
  await expect(painted).toHaveAttribute('inert', '');
  await expect(page.locator('#root')).toBeEmpty();
  const paintedBox = await painted.locator('.hero-subtitle').boundingBox();

  // With its script the app renders the same page where the painted one was, and that one is gone.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const app = await context.newPage();
  const asked: string[] = [];
  app.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await app.goto('/');
  await expect(app.locator('#first-paint')).toHaveCount(0);
  await expect(app.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(app.locator('#root .hero-subtitle')).toBeVisible();
  expect(await app.locator('#root .hero-subtitle').boundingBox()).toEqual(paintedBox);
  // The page was painted because the request had no session: the app knows its visitor is signed out.
  expect(asked).not.toContain('/api/v2/players/info');
  // And it works: the painted page's buttons were inert, the app's are not.
  await app
    .locator('#root')
    .getByRole('link', { name: localeText('lo', 'common', 'landing.ctaLogin') })
    .click();
  await expect(app).toHaveURL(/\/login$/);
  await context.close();
});

test('a visitor who scrolled the painted page stays there when the app takes over', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The app's script is held until the visitor has scrolled the painted page.
  let releaseScript = () => {};
  const scrolled = new Promise<void>((resolve) => {
    releaseScript = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scrolled;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#first-paint h1')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 700));
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(500);
  releaseScript();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  // The router puts a first page at the top; the hand-over keeps the visitor where they were.
  expect(await page.evaluate(() => window.scrollY)).toBe(y);
  await expect(page.getByTestId('scroll-top')).toBeVisible();
});

test('nothing can be typed into the painted login form before the app runs', async ({ page }) => {
  await withoutTheAppScript(page);
  await page.goto('/login');
  const username = page.locator('#first-paint input').first();
  await expect(username).toBeVisible();
  const hasFocus = await username.evaluate((input) => {
    input.focus();
    return document.activeElement === input;
  });
  expect(hasFocus).toBe(false);
});

test("the page is painted in the visitor's language once the app has run in it", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'th'));
  // The app tells the server the language through a cookie as it starts.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await withoutTheAppScript(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.locator('#first-paint').getByRole('heading', { level: 1 })).toHaveText(
    localeText('th', 'common', 'auth.loginTitle'),
  );
});

test('a visitor whose language is only in the cookie (storage blocked or cleared) keeps it when the app runs', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'lng', value: 'th', url: baseURL ?? '' }]);
  await page.goto('/login');
  await expect(page.locator('#first-paint')).toHaveCount(0);
  // The app's page, not only the painted one, is in Thai; and the cookie still says so for the next visit.
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    localeText('th', 'common', 'auth.loginTitle'),
  );
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'lng')?.value).toBe('th');
});

test('a signed-in player is sent the plain shell, never the painted landing page', async ({ page }) => {
  await registerViaApi(page);
  await withoutTheAppScript(page);
  await page.goto('/');
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('#first-paint')).toHaveCount(0);
});
