import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { baseURL, UNKNOWN_AGENCY_HOST } from './playwright.config';
import { openPlayerAreaAsNewPlayer } from './support';

test('the language switch to th survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await page.getByTestId('language-select').selectOption('th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('th');
});

test('an unknown host shows the agency error page', async ({ page }) => {
  const url = new URL(baseURL);
  url.hostname = UNKNOWN_AGENCY_HOST;
  await page.goto(url.toString());
  await expect(page.getByTestId('agency-not-found')).toBeVisible();
});

test('phone width: bottom bar and mobile footer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPlayerAreaAsNewPlayer(page);
  await expect(page.getByTestId('bottom-bar')).toBeVisible();
  await expect(page.getByTestId('footer-mobile')).toBeVisible();
  await expect(page.getByTestId('footer-desktop')).toBeHidden();
  await expect(page.getByTestId('topbar-deposit')).toBeHidden();
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('nav-drawer');
  await expect(drawer).toBeVisible();
  // On a phone narrower than the drawer's 393 px, the drawer takes the whole width.
  const width = Math.round((await drawer.boundingBox())?.width ?? 0);
  expect(width).toBeGreaterThanOrEqual(370);
  expect(width).toBeLessThanOrEqual(375);
});

test('desktop width: Deposit in the top bar, no bottom bar, desktop footer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayerAreaAsNewPlayer(page);
  await expect(page.getByTestId('topbar-deposit')).toBeVisible();
  await expect(page.getByTestId('bottom-bar')).toBeHidden();
  await expect(page.getByTestId('menu-toggle')).toBeHidden();
  await expect(page.getByTestId('footer-desktop')).toBeVisible();
  await expect(page.getByTestId('footer-mobile')).toBeHidden();
});

for (const language of ['lo', 'th', 'cn', 'vn'] as const) {
  test(`desktop widths in ${language}: every label of the signed-in top bar shows whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await openPlayerAreaAsNewPlayer(page);
    const labels = page.locator('.desktop-nav .mantine-Button-label');
    await expect(labels.first()).toBeVisible();
    // A label cut by the bar's width is wider inside than the box that shows it.
    const cut = await labels.evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
    // 1200 px (Mantine's lg) is the narrowest width with the bar instead of the drawer's toggle.
    await page.setViewportSize({ width: 1199, height: 800 });
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByTestId('menu-toggle')).toBeHidden();
    const cutNarrow = await labels.evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cutNarrow).toEqual([]);
  });
}

test('scroll-to-top appears only after 500 px and brings the page back up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('scroll-top')).toBeHidden();
  // Scrolled to 400 px, and after two frames (the marker's intersection observed) and a task (React's render
  // of what it saw) still no button: the same steps that show it at 700 px below.
  await page.evaluate(async () => {
    window.scrollTo(0, 400);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await expect(page.getByTestId('scroll-top')).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  await page.getByTestId('scroll-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const lng of ['lo', 'th'] as const) {
  test(`at 375 px in ${lng} the scroll-to-top button covers nothing of the footer at the bottom of the page`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lng', value: lng, url: baseURL }]);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByTestId('scroll-top');
    await expect(button).toBeVisible();
    // Really at the end of the page (else the footer's last line could sit below the screen, unchecked).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const root = document.documentElement;
          return root.scrollHeight - (window.scrollY + window.innerHeight);
        }),
      )
      .toBeLessThan(1);
    // Wait for the button's slide-in to end: its box is where it stays.
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).transform))
      .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    const covered = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="scroll-top"]')?.getBoundingClientRect();
      const footer = document.querySelector('[data-testid="footer-mobile"]');
      if (!box || !footer) return ['no button or footer'];
      const hits: string[] = [];
      const overlaps = (rect: DOMRect) =>
        rect.width > 0 &&
        !(
          rect.right <= box.left ||
          rect.left >= box.right ||
          rect.bottom <= box.top ||
          rect.top >= box.bottom
        );
      // The lines of text as drawn (a range's rectangles, not the blocks' full width), then the controls.
      const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(overlaps))
          hits.push(node.textContent?.trim().slice(0, 40) ?? '');
      }
      for (const control of footer.querySelectorAll('a, button, img')) {
        if (overlaps(control.getBoundingClientRect())) hits.push(control.outerHTML.slice(0, 60));
      }
      return hits;
    });
    expect(covered).toEqual([]);
  });
}

test('tablet width: the 393 px drawer highlights the current entry and closes on choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await openPlayerAreaAsNewPlayer(page);
  await expect(page.getByTestId('bottom-bar')).toBeHidden();
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('nav-drawer');
  await expect(drawer).toBeVisible();
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(393);
  const askmebet = drawer.locator('a[href="/player/game/askmebet?tab=Slot"]');
  await askmebet.click();
  await expect(page).toHaveURL(/\/player\/game\/askmebet\?tab=Slot$/);
  await expect(drawer).toBeHidden();
  // The entry matches the path whatever the query string says.
  await page.goto('/player/game/askmebet?tab=Fishing');
  await page.getByTestId('menu-toggle').click();
  await expect(askmebet).toHaveAttribute('aria-current', 'page');
  await expect(drawer.locator('a[href="/player/bank"]')).not.toHaveAttribute('aria-current', 'page');
});

for (const path of ['/', '/login', '/register']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
}

test('axe finds no serious or critical violation on /player', async ({ page }) => {
  await openPlayerAreaAsNewPlayer(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
});
