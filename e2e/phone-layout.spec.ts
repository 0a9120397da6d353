import type { TPromotionListResponse } from '@lc/shared/contracts/promotions';
import { expect, type Page } from '@playwright/test';
import { UNBREAKABLE_WORDS } from '../apps/web/src/lib/keep-words-whole';
import {
  addBankAccountViaApi,
  localeText,
  networkSettled,
  openAccountMenu,
  registerViaApi,
  test,
  waitForTheApp,
} from './support';

// Issue #16 on a 375 × 812 phone: tap targets, a title per route, sheets sized to their content, and Lao
// lines that never end inside a word.
test.use({ viewport: { width: 375, height: 812 } });

const MIN_TARGET = 44;
/** The holder name addBankAccount (support.ts) saves. */
const BANK_ACCOUNT_NAME = 'Khamla Phommachanh';

/**
 * Controls allowed under 44 × 44 px, each with why. Matched with `Element.matches`.
 * - The drawer's logo link: the spec draws it 100 × 40 px (section 3); it repeats "home", which the top bar's
 *   logo and the menu's entries also offer.
 */
const NAMED_EXCEPTIONS = [
  { selector: '.nav-drawer-header a[href="/"]', why: 'spec section 3: 100 × 40 logo' },
];

type SmallTarget = { what: string; width: number; height: number };

/** Every visible control of the page whose hit area is under 44 × 44 px (named exceptions left out). */
async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ min, exceptions }) => {
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])',
      );
      const small: SmallTarget[] = [];
      for (const control of controls) {
        if (exceptions.some((selector) => control.matches(selector))) continue;
        const style = getComputedStyle(control);
        let box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        // A checkbox or radio is hit through its label as well: the area is the two together.
        const isTick =
          control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
        const label = isTick ? control.labels?.[0] : undefined;
        if (label) {
          const labelBox = label.getBoundingClientRect();
          const left = Math.min(box.left, labelBox.left);
          const top = Math.min(box.top, labelBox.top);
          box = new DOMRect(
            left,
            top,
            Math.max(box.right, labelBox.right) - left,
            Math.max(box.bottom, labelBox.bottom) - top,
          );
        }
        // Half a pixel of rounding (44 px at a fractional position measures 43.99…).
        if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
        const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
        small.push({
          what: `${control.tagName.toLowerCase()}${control.getAttribute('data-testid') ? `[data-testid=${control.getAttribute('data-testid')}]` : ''} "${name.replaceAll('\u2060', '').trim().slice(0, 40)}"`,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
        });
      }
      return small;
    },
    { min: MIN_TARGET, exceptions: NAMED_EXCEPTIONS.map((exception) => exception.selector) },
  );
}

async function expectNoSmallTargets(page: Page, where: string) {
  expect(await smallTargets(page), `controls under 44 × 44 px on ${where}`).toEqual([]);
}

/** A page is ready when its translations and lazy parts have arrived and nothing is loading. */
async function settle(page: Page) {
  await waitForTheApp(page);
  await networkSettled(page);
  await expect(page.locator('.page-spinner')).toHaveCount(0);
  await expect(page.locator('main').getByRole('progressbar')).toHaveCount(0);
}

async function agencyName(page: Page): Promise<string> {
  const info = (await (await page.request.get('/api/v2/agency/info')).json()) as { agency: { name: string } };
  return info.agency.name;
}

async function firstPromotionId(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/v2/promotions')).json()) as TPromotionListResponse;
  const id = list.promotions[0]?.id;
  if (!id) throw new Error('the demo agency has no promotion');
  return id;
}

for (const language of ['lo', 'th'] as const) {
  test(`every player route at 375 px in ${language}: no control under 44 × 44 px, a title of its own`, async ({
    page,
  }) => {
    // Sixteen screens and five overlays, each measured, on a loaded two-core machine.
    test.slow();
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    const agency = await agencyName(page);
    const titles = new Map<string, string>();
    const visit = async (path: string, titleKey: string, values: Record<string, string> = {}) => {
      await page.goto(path);
      await settle(page);
      let name = localeText(language, 'common', titleKey);
      for (const [key, value] of Object.entries(values)) name = name.replace(`{{${key}}}`, value);
      await expect(page).toHaveTitle(`${name} · ${agency}`);
      titles.set(path, await page.title());
      await expectNoSmallTargets(page, path);
    };

    await visit('/', 'nav.home');
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('nav-drawer')).toBeVisible();
    await expectNoSmallTargets(page, '/ with the drawer open');
    await page.keyboard.press('Escape');
    await visit('/login', 'nav.login');
    await visit('/register', 'nav.register');

    await registerViaApi(page);
    await addBankAccountViaApi(page);
    const promotionId = await firstPromotionId(page);
    await visit('/player', 'pages.dashboard.title');
    await visit('/player/deposit', 'pages.deposit.title');
    // The only account is chosen already; its holder's name shows whole under the one-line picker.
    await expect(
      page.getByTestId('deposit-form').getByText(BANK_ACCOUNT_NAME, { exact: true }),
      'the account holder under the picker',
    ).toBeVisible();
    await visit('/player/deposit/history', 'pages.depositHistory.title');
    await visit('/player/withdraw', 'pages.withdraw.title');
    await visit('/player/withdraw/history', 'pages.withdrawHistory.title');
    await visit('/player/promotion', 'pages.promotion.title');
    await visit(`/player/promotion/${promotionId}`, 'pages.promotionDetail.title');
    await visit('/player/promotion/history', 'pages.promotionHistory.title');
    await visit('/player/transfer/history', 'pages.transferHistory.title');
    await visit('/player/bank', 'pages.bank.title');
    await visit('/player/security', 'pages.security.title');
    await visit('/player/game/askmebet', 'pages.game.title', {
      provider: localeText(language, 'common', 'providers.askmebet'),
    });
    // Each title names its page: no two routes share one.
    expect(new Set(titles.values()).size, [...titles.values()].join('\n')).toBe(titles.size);

    // The overlays of a signed-in page: drawer, contact sheet, language sheet, account menu, password dialog.
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer).toBeVisible();
    await expectNoSmallTargets(page, 'the drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByTestId('bottom-bar').getByRole('button').click();
    const contact = page.getByRole('dialog');
    await expect(contact).toBeVisible();
    await expectNoSmallTargets(page, 'the contact sheet');
    await page.keyboard.press('Escape');
    await expect(contact).toBeHidden();

    await openAccountMenu(page);
    await expect(page.getByTestId('change-password')).toBeVisible();
    await expectNoSmallTargets(page, 'the account menu');
    await page.getByTestId('change-password').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('input[name="currentPassword"]')).toBeVisible();
    await expectNoSmallTargets(page, 'the change-password dialog');

    // Bottom-bar labels are readable: 12 px or more.
    const sizes = await page
      .getByTestId('bottom-bar')
      .locator('span')
      .evaluateAll((spans) => spans.map((span) => Number.parseFloat(getComputedStyle(span).fontSize)));
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
  });
}

for (const language of ['lo', 'th'] as const) {
  test(`a visitor's top bar fits a 320 px phone in ${language}`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/');
    await settle(page);
    const topBar = page.getByTestId('topbar');
    await expect(
      topBar.getByRole('link', { name: localeText(language, 'common', 'nav.register') }),
    ).toBeVisible();
    const edges = await topBar
      .locator('a[href], button, select')
      .evaluateAll((controls) => controls.map((control) => control.getBoundingClientRect().right));
    expect(edges.length).toBeGreaterThanOrEqual(5);
    for (const right of edges) expect(right).toBeLessThanOrEqual(320);
  });
}

test('the page spinner hides the page under it: no footer showing through', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/player');
  await settle(page);
  // The deposit history's read held back until the spinner has been measured, so the navigation waits past
  // the spinner's 1 s delay for as long as the test needs and not a moment longer.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v2/**deposits**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('nav-drawer').locator('a[href="/player/deposit/history"]').click();
  const spinner = page.locator('.page-spinner');
  await expect(spinner).toBeVisible();
  const cover = await spinner.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const alpha = getComputedStyle(element)
      .backgroundColor.match(/rgba?\(([^)]+)\)/)?.[1]
      ?.split(',')[3];
    return { width: box.width, height: box.height, alpha: alpha === undefined ? 1 : Number(alpha) };
  });
  release();
  expect(cover).toEqual({ width: 375, height: 812, alpha: 1 });
  await expect(page).toHaveURL(/\/player\/deposit\/history$/);
});

test('the contact and language sheets are as tall as their rows, not the whole screen', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('footer-mobile').getByRole('button', { name: /.+/ }).last().click();
  const languageSheet = page.getByRole('dialog');
  await expect(languageSheet).toBeVisible();
  await expect(languageSheet.getByRole('button', { name: 'ไทย' })).toBeVisible();
  const languageBox = await languageSheet.boundingBox();
  // Two language buttons and a header: well under half of the 812 px screen, and sitting on its bottom edge.
  expect(languageBox?.height ?? 812).toBeLessThan(812 / 2);
  expect(Math.round((languageBox?.y ?? 0) + (languageBox?.height ?? 0))).toBe(812);
  await page.keyboard.press('Escape');
  await expect(languageSheet).toBeHidden();

  await registerViaApi(page);
  await page.goto('/player');
  await page.getByTestId('bottom-bar').getByRole('button').click();
  const contactSheet = page.getByRole('dialog');
  await expect(contactSheet).toBeVisible();
  const rows = await contactSheet.locator('.contact-row').count();
  expect(rows).toBeGreaterThan(0);
  const contactBox = await contactSheet.boundingBox();
  expect(contactBox?.height ?? 812).toBeLessThan(812 * 0.7);
  expect(Math.round((contactBox?.y ?? 0) + (contactBox?.height ?? 0))).toBe(812);
  expect(Math.round(contactBox?.width ?? 0)).toBe(375);
  await page.keyboard.press('Escape');
  await expect(contactSheet).toBeHidden();

  // On a desktop the sheet still spans the width and stays as tall as its rows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('contact-menu').click();
  await expect(contactSheet).toBeVisible();
  const wideBox = await contactSheet.boundingBox();
  expect(Math.round(wideBox?.width ?? 0)).toBe(1280);
  expect(wideBox?.height ?? 800).toBeLessThan(800 * 0.7);
});

type LineEnd = { before: string; after: string };

/** The script of each language whose lines are checked, as a character class. */
const SCRIPT = { lo: '[\\u0E80-\\u0EFF]', th: '[\\u0E00-\\u0E7F]' } as const;

/**
 * Every place inside `root` where a line of Lao (or Thai) text ends inside a word: the text of each text node
 * is walked grapheme by grapheme, a new line starts where a grapheme's box drops below the previous one, and
 * that position must be a word boundary of `Intl.Segmenter(language)` that is not inside a word ICU splits
 * but the app keeps whole (keep-words-whole.ts). Word joiners (U+2060) are left out of the comparison.
 */
async function lineEndsInsideWords(page: Page, root: string, language: 'lo' | 'th'): Promise<LineEnd[]> {
  return page.evaluate(
    ({ root, glossary, language, script }) => {
      const WJ = '\u2060';
      const words = new Intl.Segmenter(language, { granularity: 'word' });
      const graphemes = new Intl.Segmenter(language, { granularity: 'grapheme' });
      const inScript = new RegExp(script);
      const found: LineEnd[] = [];
      const container = document.querySelector(root);
      if (!container) throw new Error(`nothing matches ${root}`);
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const raw = node.textContent ?? '';
        if (!inScript.test(raw)) continue;
        // Positions in the text without joiners, and where each sits in the node.
        const plain = raw.replaceAll(WJ, '');
        const rawIndex: number[] = [];
        for (let i = 0; i < raw.length; i++) if (raw[i] !== WJ) rawIndex.push(i);
        rawIndex.push(raw.length);
        const boundaries = new Set<number>();
        for (const segment of words.segment(plain)) boundaries.add(segment.index);
        boundaries.add(plain.length);
        for (const word of glossary) {
          for (let at = plain.indexOf(word); at !== -1; at = plain.indexOf(word, at + 1)) {
            for (let inside = at + 1; inside < at + word.length; inside++) boundaries.delete(inside);
          }
        }
        let previousTop: number | null = null;
        for (const { segment, index } of graphemes.segment(plain)) {
          if (segment.trim() === '') continue;
          const range = document.createRange();
          range.setStart(node, rawIndex[index] ?? 0);
          range.setEnd(node, rawIndex[index + segment.length] ?? raw.length);
          const box = [...range.getClientRects()].find((rect) => rect.width > 0);
          if (!box) continue;
          if (previousTop !== null && box.top > previousTop + box.height / 2 && !boundaries.has(index)) {
            found.push({
              before: plain.slice(Math.max(0, index - 8), index),
              after: plain.slice(index, index + 8),
            });
          }
          previousTop = box.top;
        }
      }
      return found;
    },
    { root, glossary: [...(UNBREAKABLE_WORDS[language] ?? [])], language, script: SCRIPT[language] },
  );
}

async function expectWholeWords(page: Page, root: string, language: 'lo' | 'th', where: string) {
  await expect(page.locator(root).first()).toBeVisible();
  const ends = await lineEndsInsideWords(page, root, language);
  expect(
    ends.map((end) => `${end.before}|${end.after}`),
    `lines ending inside a ${language} word on ${where}`,
  ).toEqual([]);
}

for (const language of ['lo', 'th'] as const) {
  test(`${language} lines never end inside a word: landing, promotion detail and password dialog at 320, 375 and 1280 px`, async ({
    page,
  }) => {
    test.slow();
    await page.goto('/');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto('/');
      await settle(page);
      await expectWholeWords(page, 'body', language, `the landing page at ${width} px`);
    }

    await registerViaApi(page);
    const promotionId = await firstPromotionId(page);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto(`/player/promotion/${promotionId}`);
      await settle(page);
      await expect(page.getByTestId('promotion-rules')).toBeVisible();
      await expectWholeWords(page, 'body', language, `the promotion detail at ${width} px`);

      await openAccountMenu(page);
      await page.getByTestId('change-password').click();
      const dialog = page.getByRole('dialog');
      // Saving the empty form shows every field's message: the longest Lao lines of the dialog.
      await dialog.getByTestId('change-password-save').click();
      await expect(dialog.locator('input[name="currentPassword"]')).toHaveAttribute('aria-invalid', 'true');
      await expectWholeWords(page, '[role="dialog"]', language, `the password dialog at ${width} px`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
}
